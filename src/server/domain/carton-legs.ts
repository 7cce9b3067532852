// Cartons on their dispatch legs, as receive and return (and later reports) handle them: read and lock
// TIDs and SIDs alike, move them (a site, a dealer, nowhere), end their legs, find each one's latest leg.
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CartonFacts } from '../../shared/contracts/floor/carton-return.js';
import { dispatchCartons, dispatches, secondaryCartons, tertiaryCartons } from '../db/schema.js';
import type { Tx } from './ranges.js';

export type Dispatch = typeof dispatches.$inferSelect;
export type Leg = typeof dispatchCartons.$inferSelect;
/** A carton on legs, TID or SID alike: the return rule's facts (`tid`: the TID a SID is packed in),
 *  and what the return list shows. */
export interface Carton extends CartonFacts {
  id: string;
  productId: number;
  mfgDate: string | null;
  expDate: string | null;
}

/** A leg's dispatch, joined on the distribution column too (co-located under Citus). */
export const legsDispatch = and(
  eq(dispatches.did, dispatchCartons.did),
  eq(dispatches.companyId, dispatchCartons.companyId),
)!;

const kindOf = (id: string) => (id.startsWith('TID') ? 'TID' : 'SID');
const split = (ids: readonly string[]) => ({
  tids: ids.filter((i) => kindOf(i) === 'TID'),
  sids: ids.filter((i) => kindOf(i) === 'SID'),
});

/** The company's cartons by id (another company's are absent), locked for update when `lock` (in id
 *  order, so two writers never deadlock). */
export async function cartonsOf(
  tx: Tx,
  companyId: number,
  ids: readonly string[],
  lock: boolean,
): Promise<Map<string, Carton>> {
  const { tids, sids } = split(ids);
  const t = tids.length
    ? tx
        .select()
        .from(tertiaryCartons)
        .where(and(inArray(tertiaryCartons.tid, tids), eq(tertiaryCartons.companyId, companyId)))
        .orderBy(tertiaryCartons.tid)
    : null;
  const s = sids.length
    ? tx
        .select()
        .from(secondaryCartons)
        .where(and(inArray(secondaryCartons.sid, sids), eq(secondaryCartons.companyId, companyId)))
        .orderBy(secondaryCartons.sid)
    : null;
  const ts = t ? await (lock ? t.for('update') : t) : [];
  const ss = s ? await (lock ? s.for('update') : s) : [];
  const facts = (c: (typeof ts)[number] | (typeof ss)[number], id: string, tid: string | null): [string, Carton] => [
    id,
    {
      id,
      tid,
      companyId: c.companyId,
      siteId: c.siteId,
      state: c.state,
      locationSiteId: c.locationSiteId,
      dispatchId: c.dispatchId,
      dealerId: c.dealerId,
      productId: c.productId,
      mfgDate: c.mfgDate,
      expDate: c.expDate,
    },
  ];
  return new Map([...ts.map((c) => facts(c, c.tid, null)), ...ss.map((c) => facts(c, c.sid, c.tid))]);
}

/** Sets where the company's cartons are now and ends their travel (dispatchId null), for those whose
 *  dispatch is still `onDispatch` (null: none); the number of rows changed. */
export async function moveCartons(
  tx: Tx,
  companyId: number,
  ids: readonly string[],
  to: { locationSiteId: number | null; dealerId: number | null },
  onDispatch: string | null,
): Promise<number> {
  const { tids, sids } = split(ids);
  const set = { ...to, dispatchId: null };
  const on = (col: typeof tertiaryCartons.dispatchId | typeof secondaryCartons.dispatchId) =>
    onDispatch === null ? isNull(col) : eq(col, onDispatch);
  const t = tids.length
    ? (
        await tx
          .update(tertiaryCartons)
          .set(set)
          .where(
            and(
              inArray(tertiaryCartons.tid, tids),
              eq(tertiaryCartons.companyId, companyId),
              on(tertiaryCartons.dispatchId),
            ),
          )
          .returning({ id: tertiaryCartons.tid })
      ).length
    : 0;
  const s = sids.length
    ? (
        await tx
          .update(secondaryCartons)
          .set(set)
          .where(
            and(
              inArray(secondaryCartons.sid, sids),
              eq(secondaryCartons.companyId, companyId),
              on(secondaryCartons.dispatchId),
            ),
          )
          .returning({ id: secondaryCartons.sid })
      ).length
    : 0;
  return t + s;
}

/** Ends the legs of `ids` on the company's `did` that are still `from`; the number ended. */
export async function endLegs(
  tx: Tx,
  companyId: number,
  did: string,
  ids: readonly string[],
  from: Leg['state'],
  to: Leg['state'],
): Promise<number> {
  if (ids.length === 0) return 0;
  const done = await tx
    .update(dispatchCartons)
    .set({ state: to, endedAt: sql`now()` })
    .where(
      and(
        eq(dispatchCartons.did, did),
        eq(dispatchCartons.companyId, companyId),
        inArray(dispatchCartons.cartonId, [...ids]),
        eq(dispatchCartons.state, from),
      ),
    )
    .returning({ id: dispatchCartons.cartonId });
  return done.length;
}

/** Each of the company's cartons' latest leg (by its dispatch's time) with that dispatch. */
export async function latestLegs(
  tx: Tx,
  companyId: number,
  ids: readonly string[],
): Promise<Map<string, { leg: Leg; d: Dispatch }>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ leg: dispatchCartons, d: dispatches })
    .from(dispatchCartons)
    .innerJoin(dispatches, legsDispatch)
    .where(and(inArray(dispatchCartons.cartonId, [...ids]), eq(dispatchCartons.companyId, companyId)))
    .orderBy(dispatchCartons.cartonId, desc(dispatches.createdAt), desc(dispatches.did));
  const latest = new Map<string, { leg: Leg; d: Dispatch }>();
  for (const row of rows) if (!latest.has(row.leg.cartonId)) latest.set(row.leg.cartonId, row);
  return latest;
}
