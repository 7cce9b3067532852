// The current state in SQL (server/domain/current-state.ts) says what the lifecycle's derivations say
// (shared/lifecycle: cartonStateOf, packStateOf), on a real database (PGlite; PostgreSQL with
// DATABASE_URL): every combination of a carton row's state, TID, dispatch, dealer and place, alone and
// as a SID inside every kind of TID (or a TID row that is absent).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartonStateOf, packStateOf, type CartonRow } from '../../../src/shared/lifecycle/index.js';
import { cartonStateSql, packedStateSql, placedStateSql } from '../../../src/server/domain/current-state.js';
import { rowsOf } from '../../../src/server/domain/sql-rows.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();

const SITE = 1;
function rows(withTid: boolean): CartonRow[] {
  const all: CartonRow[] = [];
  for (const state of ['packed', 'damaged', 'replaced'] as const) {
    for (const tid of withTid ? [null, 'TID26KA00001'] : [null]) {
      for (const dispatchId of [null, 'DID26KA00001']) {
        for (const dealerId of [null, 7]) {
          for (const locationSiteId of [null, SITE, 2])
            all.push({ state, tid, dispatchId, dealerId, locationSiteId, siteId: SITE });
        }
      }
    }
  }
  return all;
}
const json = (r: CartonRow, i: number) => ({
  i,
  state: r.state,
  tid: r.tid ?? null,
  dispatch_id: r.dispatchId,
  dealer_id: r.dealerId,
  location_site_id: r.locationSiteId,
  site_id: r.siteId,
});
const record = sql.raw(
  '(i int, state text, tid text, dispatch_id text, dealer_id int, location_site_id int, site_id int)',
);

describe('the current state in SQL', () => {
  it('is cartonStateOf for every SID and TID row', async () => {
    for (const kind of ['SID', 'TID'] as const) {
      const all = rows(kind === 'SID');
      const got = rowsOf<{ i: number; state: string }>(
        await t.db.execute(sql`
        select c.i, ${cartonStateSql('c', kind)} as state from jsonb_to_recordset(${JSON.stringify(all.map(json))}::jsonb) as c${record} order by c.i`),
      );
      expect(
        got.map((r) => r.state),
        kind,
      ).toEqual(all.map((r) => cartonStateOf(kind === 'TID' ? { ...r, tid: null } : r)));
    }
  });

  it("is packStateOf (and the SID's place) for a pack in every SID, inside every TID or none", async () => {
    const sids = rows(true);
    const tids: Array<CartonRow | null> = [null, ...rows(false)];
    const pairs = sids.flatMap((s) => tids.map((t) => ({ s, t })));
    const got = rowsOf<{ i: number; placed: string; pack: string }>(
      await t.db.execute(sql`
      select s.i, ${placedStateSql('s', 't')} as placed, ${packedStateSql('s', 't')} as pack
      from jsonb_to_recordset(${JSON.stringify(pairs.map((p, i) => json(p.s, i)))}::jsonb) as s${record}
      left join jsonb_to_recordset(${JSON.stringify(pairs.flatMap((p, i) => (p.t ? [json(p.t, i)] : [])))}::jsonb) as t${record} on t.i = s.i
      order by s.i`),
    );
    expect(got).toHaveLength(pairs.length);
    const want = pairs.map(({ s, t }) => {
      const carton = cartonStateOf(s);
      const outer = t ? cartonStateOf({ ...t, tid: null }) : null;
      return {
        placed: carton === 'in-tid' ? (outer ?? 'packed') : carton,
        pack: packStateOf({ mapped: true, sid: 'SID26KA00001', carton, outer }),
      };
    });
    expect(got.map(({ placed, pack }) => ({ placed, pack }))).toEqual(want);
  });
});
