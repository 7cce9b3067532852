// Dispatch loyalty (issue 13): a dealer earns when cartons are dispatched to it, in the dispatch's
// transaction: for each product batch sent, the dealer schemes in force that day where the dealer is
// (its billing state), times the packs sent. One ledger row per dispatch (its unique index).
import { eq, sql } from 'drizzle-orm';
import { indiaDate } from '../../shared/today.js';
import { pointEntries, secondaryCartons, states, users } from '../db/schema.js';
import { rowsOf, sqlArray } from './sql-rows.js';
import type { Tx } from './ranges.js';
import { schemesInForce } from './schemes-in-force.js';

interface SentBatch {
  productId: number;
  batchNo: string;
  packs: number;
}

/** The packs of the company's cartons sent, by product and batch: a tertiary carton counts by its
 *  secondary cartons (not damaged), each by its batch (of its oldest contents, as its slip shows). */
async function batchesOf(
  tx: Tx,
  companyId: number,
  cartons: readonly { id: string; type: string }[],
): Promise<SentBatch[]> {
  const sids = cartons.filter((c) => c.type === 'SID').map((c) => c.id);
  const tids = cartons.filter((c) => c.type === 'TID').map((c) => c.id);
  const s = secondaryCartons;
  return rowsOf<SentBatch>(
    await tx.execute(sql`
    select ${s.productId} as "productId", coalesce(${s.batchNo}, '') as "batchNo", sum(${s.qty})::int as packs from ${s}
    where ${s.companyId} = ${companyId} and (${s.sid} = any(${sqlArray(sids, 'varchar[]')}) or ${s.tid} = any(${sqlArray(tids, 'varchar[]')})) and ${s.state} <> 'damaged'
    group by 1, 2`),
  );
}

/** Books the dealer's points for a dispatch; answers the points (0: no scheme pays). */
export async function earnForDispatch(
  tx: Tx,
  d: { did: string; companyId: number; dealerId: number },
  cartons: readonly { id: string; type: string }[],
): Promise<number> {
  const sent = await batchesOf(tx, d.companyId, cartons);
  const [dealer] = await tx
    .select({ state: states.name })
    .from(users)
    .leftJoin(states, eq(states.id, users.billState))
    .where(eq(users.id, d.dealerId));
  const day = indiaDate();
  const byBatch = new Map<string, SentBatch>();
  for (const s of sent) {
    const key = `${s.productId}|${s.batchNo}`;
    const had = byBatch.get(key);
    byBatch.set(key, had ? { ...had, packs: had.packs + s.packs } : { ...s });
  }
  let points = 0;
  const names = new Set<string>();
  const ids = new Set<number>();
  for (const b of byBatch.values()) {
    for (const s of await schemesInForce(
      tx,
      { companyId: d.companyId, productId: b.productId, batchNo: b.batchNo },
      'dealer',
      day,
      dealer?.state ?? null,
    )) {
      points += s.points * b.packs;
      names.add(s.name);
      ids.add(s.id);
    }
  }
  if (points <= 0) return 0;
  await tx
    .insert(pointEntries)
    .values({
      companyId: d.companyId,
      party: 'dealer',
      userId: d.dealerId,
      points,
      source: 'dispatch',
      did: d.did,
      schemeNames: [...names].join(', ').slice(0, 300),
      schemeIds: [...ids],
    })
    .onConflictDoNothing();
  return points;
}
