// Issue 29 item 3: the schema stays ready for Citus. (1) Every table of the migrated database is
// placed once in db/placement.ts, and nothing placed is missing. (2a) A distributed table's primary
// key, unique index or foreign key to another distributed table lacks company_id: named here. (2b) A
// statement the app sends on a distributed table, while a company's users map, pack, dispatch,
// receive, verify and read their reports and journeys (the lifecycle model's run), names no company
// and is not declared cross-company in db/placement.ts: shown here.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLACEMENT, tablesPlaced, type Placement } from '../../src/server/db/placement.js';
import { rowsOf } from '../../src/server/domain/sql-rows.js';
import { columnProblems, keyProblems } from '../helpers/citus-keys.js';
import { distributedTablesOf, namesCompany, notYetFiltered, unfiltered } from '../helpers/company-filter.js';
import { useApp } from '../helpers/use-app.js';
import { Generator, mulberry32 } from './lifecycle-model/generator.js';
import type { Op } from './lifecycle-model/ops.js';
import { failureText, runSteps } from './lifecycle-model/run.js';
import { lifecycleWorld } from './lifecycle-model/world.js';

let recording = false;
const statements: string[] = [];
const t = useApp({
  verifyLimitPerAddress: 1_000_000,
  onQuery: (q) => {
    if (recording) statements.push(q);
  },
});

/** How many distinct recorded statements only NOT_YET_FILTERED (db/placement.ts) lets through: lower it
 *  as statements come to name their company, never raise it. */
const NOT_YET_FILTERED_BOUND = 2;

const placeOf = (table: string): Placement | undefined =>
  Object.hasOwn(PLACEMENT, table) ? PLACEMENT[table as keyof typeof PLACEMENT][0] : undefined;
const distributed = () => tablesPlaced('distributed');

describe('every table is placed once', () => {
  it('matches the migrated database, table for table', async () => {
    // Partitions are their parent's; an object literal cannot name a table twice (TypeScript refuses it).
    const rows = rowsOf<{ name: string }>(
      await t.db
        .execute(sql`select case when n.nspname = 'public' then c.relname else n.nspname || '.' || c.relname end as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and not c.relispartition
          and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`),
    );
    const inDb = rows.map((r) => r.name).sort();
    const placed = Object.keys(PLACEMENT).sort();
    expect({
      unplaced: inDb.filter((x) => !placed.includes(x)),
      missing: placed.filter((x) => !inDb.includes(x)),
    }).toEqual({ unplaced: [], missing: [] });
  });
});

describe('the keys of distributed tables carry company_id', () => {
  it('has company_id NOT NULL on every distributed table, and in every key Citus needs it in', async () => {
    expect(await columnProblems(t.db, distributed())).toEqual([]);
    expect(await keyProblems(t.db, placeOf)).toEqual([]);
  });

  it('names the key that lacks it, and a foreign key Citus cannot keep', async () => {
    await t.db.execute(sql`create table citus_probe (id serial primary key, company_id integer, code text not null)`);
    await t.db.execute(sql`create unique index citus_probe_code_uq on citus_probe (lower(code))`);
    await t.db.execute(sql`create table citus_probe_ref (id integer primary key references citus_probe (id))`);
    try {
      const probe = (x: string): Placement | undefined =>
        x === 'citus_probe' ? 'distributed' : x === 'citus_probe_ref' ? 'reference' : undefined;
      const problems = (await keyProblems(t.db, probe)).filter((p) => p.startsWith('citus_probe'));
      expect(problems.sort()).toEqual([
        'citus_probe: primary key citus_probe_pkey (id) lacks company_id',
        'citus_probe: unique index citus_probe_code_uq ((expression)) lacks company_id',
        'citus_probe_ref: foreign key citus_probe_ref_id_fkey (id) points from a reference table to the distributed citus_probe',
      ]);
      expect(await columnProblems(t.db, ['citus_probe', 'citus_nowhere'])).toEqual([
        'citus_probe: company_id is nullable',
        'citus_nowhere: no company_id column',
      ]);
    } finally {
      await t.db.execute(sql`drop table citus_probe_ref, citus_probe`);
    }
  });
});

describe('statements on distributed tables name their company', () => {
  it('tells a statement that filters by company from one that does not', () => {
    const bad = 'select sum("points") from "point_entries" where "point_entries"."mobile" = $1';
    const good =
      'select sum("points") from "point_entries" where ("point_entries"."mobile" = $1 and "point_entries"."company_id" = $2)';
    const setOnly = 'update "point_entries" set "company_id" = $1 where "point_entries"."mobile" = $2';
    const written = 'insert into "dispatch_cartons" ("company_id", "did", "carton_id") values ($1, $2, $3)';
    const joined =
      'select * from dispatch_cartons dc join dispatches d on d.did = dc.did and d.company_id = dc.company_id where dc.did = $1';
    expect(distributedTablesOf(bad)).toEqual(['point_entries']);
    expect(distributedTablesOf('select * from "scheme_items"')).toEqual([]);
    expect([bad, good, setOnly, written, joined].map(namesCompany)).toEqual([false, true, false, true, true]);
    expect(unfiltered([bad, good, setOnly, written, joined, 'select 1']).map((u) => u.sql)).toEqual([bad, setOnly]);
    // A statement declared cross-company by design is allowed, by its declaration only.
    expect(
      unfiltered([bad], [{ match: /from "point_entries" where "point_entries"\."mobile"/, why: 'a test' }]),
    ).toEqual([]);
    // The statements only a not-yet-filtered family lets through, by family; cross-company ones are not counted.
    const families = [
      { match: /"mobile" = \$1/, why: 'by mobile' },
      { match: /"did" = \$1/, why: 'by did' },
    ];
    const purge = 'delete from "point_entries" where "point_entries"."mobile" = $1 and "created_at" < $2';
    expect(
      notYetFiltered([bad, bad, good, joined, purge], families, [{ match: /"created_at" </, why: 'a purge' }]),
    ).toEqual(
      new Map([
        ['by mobile', [bad]],
        ['by did', []],
      ]),
    );
  });

  it('while a company maps, packs, dispatches, receives, verifies and reads its reports', async () => {
    const w = await lifecycleWorld(t);
    const rnd = mulberry32(20_261_129);
    const gen = new Generator(rnd, new Set());
    const opening: Op[] = [
      { k: 'map', from: 0, to: 7 },
      { k: 'map', from: 8, to: 15 },
    ];
    const STEPS = 120;
    recording = true;
    const failure = await runSteps(w, (m, i) => (i < opening.length ? opening[i]! : i < STEPS ? gen.next(m) : null), {
      touched: true,
      traceEvery: 40,
      sweepEvery: 60,
      deviceEvery: 3,
    });
    recording = false;
    if (failure) expect.fail(failureText(failure, 20_261_129));
    // The model's own read of a code's mapping (lifecycle-model/driver.ts) is the test's, not the app's.
    const apps = statements.filter((s) => !s.startsWith('select id, product_id from mappings'));
    expect(apps.length).toBeGreaterThan(500);
    const problems = unfiltered(apps);
    expect(problems.map((u) => `${u.tables.join(', ')}: ${u.sql.replace(/\s+/g, ' ').slice(0, 400)}`)).toEqual([]);
    // What NOT_YET_FILTERED still lets through, shown by family; the count may only go down.
    const families = notYetFiltered(apps);
    const count = [...families.values()].reduce((n, s) => n + s.length, 0);
    const listing = [...families]
      .map(
        ([why, s]) => `${why} (${s.length}):\n${s.map((x) => `  ${x.replace(/\s+/g, ' ').slice(0, 300)}`).join('\n')}`,
      )
      .join('\n');
    console.log(`NOT_YET_FILTERED lets ${count} statements through (bound ${NOT_YET_FILTERED_BOUND}):\n${listing}`);
    expect(count, listing).toBeLessThanOrEqual(NOT_YET_FILTERED_BOUND);
  }, 300_000);
});
