// De-mapping (DESIGN section 4): cuts from..to out of a mapping. The whole range deletes the row, a
// start or an end shrinks it, a middle part leaves the left part in the row and a copy holds the
// right part. The numbers are then free to map again. Packed, damaged or paired numbers are refused.
// Rules run in the route's transaction and throw the one Refusal.
import { and, eq, gte, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { visibleNumber, type Series } from '../../shared/codes.js';
import { DEMAP_MSG, demapProblem, RANGE_MSG, type demapRequest } from '../../shared/contracts/numbers/demap.js';
import { companyScope } from '../auth/scope.js';
import { damages, mappings, staticPairs } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import { logEvent } from './event-log.js';
import { clash, firstTaken, lockSeries, rangeText, type Tx } from './ranges.js';
import { refuse } from './refusal.js';
import { NO_FLAGS, packRefusal } from '../../shared/lifecycle/index.js';

export type Mapping = typeof mappings.$inferSelect;

export const seriesOf = (m: Mapping): Series => ({ kind: m.kind === 'P' ? 'P' : 'S', prefix: m.prefix });

/**
 * The caller's mapping by id and mode, or the refusal. Another company's mapping, or for static
 * numbers another factory's, is not found; a non-admin without a prefix has no static series.
 */
export async function callerMapping(tx: Tx, caller: Caller, id: number, isPreprinted: boolean): Promise<Mapping> {
  const kind = isPreprinted ? 'P' : 'S';
  const ownPrefix = kind === 'S' && !caller.isAdmin;
  if (ownPrefix && caller.prefix === '') refuse(RANGE_MSG.needsPrefix);
  const [m] = await tx
    .select()
    .from(mappings)
    .where(
      and(
        eq(mappings.id, id),
        eq(mappings.kind, kind),
        companyScope(caller, mappings.companyId),
        ownPrefix ? eq(mappings.prefix, caller.prefix.toUpperCase()) : undefined,
      ),
    );
  return m ?? refuse(RANGE_MSG.mappingNotFound);
}

/**
 * The caller's mapping with its series locked to the end of the transaction. It is read again once
 * the lock is held: a save that waited for it sees the ranges as they now are.
 */
export async function lockedMapping(tx: Tx, caller: Caller, id: number, isPreprinted: boolean): Promise<Mapping> {
  await lockSeries(tx, seriesOf(await callerMapping(tx, caller, id, isPreprinted)));
  return callerMapping(tx, caller, id, isPreprinted);
}

/** The range the request names, From + Qty - 1; refused when a sent To disagrees. */
export function requestedTo(b: { FromNo: number; Qty: number; ToNo: number | null }): number {
  const to = b.FromNo + b.Qty - 1;
  if (b.ToNo !== null && b.ToNo !== to) refuse(RANGE_MSG.toMismatch(to));
  return to;
}

/** The numbers a de-map or a damage took: the route's message names them. */
export interface TakenRange {
  fromNo: number;
  toNo: number;
}

type Split = 'whole' | 'start' | 'end' | 'middle';

/** Takes from..to out of the mapping row; answers which cut it was and the id of a right part. */
async function cut(tx: Tx, m: Mapping, from: number, to: number): Promise<{ split: Split; rightId?: number }> {
  const row = and(eq(mappings.id, m.id), eq(mappings.companyId, m.companyId));
  if (from === m.fromNo && to === m.toNo) {
    await tx.delete(mappings).where(row);
    return { split: 'whole' };
  }
  if (from === m.fromNo) {
    await tx
      .update(mappings)
      .set({ fromNo: to + 1, updatedAt: new Date() })
      .where(row);
    return { split: 'start' };
  }
  await tx
    .update(mappings)
    .set({ toNo: from - 1, updatedAt: new Date() })
    .where(row);
  if (to === m.toNo) return { split: 'end' };
  // The right part keeps everything of the original but its numbers, its created date included.
  const { id: _id, ...rest } = m;
  const [right] = await tx
    .insert(mappings)
    .values({ ...rest, fromNo: to + 1, toNo: m.toNo, updatedAt: new Date() })
    .returning({ id: mappings.id });
  return { split: 'middle', rightId: right!.id };
}

export async function demap(tx: Tx, caller: Caller, b: z.output<typeof demapRequest>): Promise<TakenRange> {
  const to = requestedTo(b);
  const m = await lockedMapping(tx, caller, b.MappingId, b.isPreprinted);
  if (b.ProductId != null && b.ProductId !== m.productId) refuse(RANGE_MSG.mappingNotFound);
  const problem = demapProblem(m, b.FromNo, b.Qty);
  if (problem) refuse(problem);
  const series = seriesOf(m);
  // Packed or retired numbers are not free: the lifecycle says why ('Number 12 is already packed...').
  const taken = await firstTaken(tx, m.companyId, series, b.FromNo, to);
  if (taken) refuse(packRefusal('demap', { code: `Number ${taken.n}`, state: taken.state, flags: NO_FLAGS })!);
  const damaged = await clash(tx, damages, series, b.FromNo, to);
  if (damaged) refuse(DEMAP_MSG.damaged(rangeText(damaged.fromNo, damaged.toNo), damaged.reason));
  // A paired preprinted label on the same pack would be left pointing at nothing.
  const [pair] =
    series.kind === 'S'
      ? await tx
          .select()
          .from(staticPairs)
          .where(
            and(
              eq(staticPairs.companyId, m.companyId),
              eq(staticPairs.prefix, series.prefix),
              gte(staticPairs.staticNo, b.FromNo),
              lte(staticPairs.staticNo, to),
            ),
          )
          .orderBy(staticPairs.staticNo)
          .limit(1)
      : [];
  if (pair) refuse(DEMAP_MSG.paired(visibleNumber(series, pair.staticNo), pair.preprintedNo));
  const { split, rightId } = await cut(tx, m, b.FromNo, to);
  await logEvent(tx, {
    action: 'demap',
    userId: caller.userId,
    companyId: m.companyId,
    siteId: m.siteId,
    series,
    fromNo: b.FromNo,
    toNo: to,
    ref: String(m.id),
    detail: {
      mappingId: m.id,
      productId: m.productId,
      batchNo: m.batchNo,
      split,
      ...(rightId ? { rightMappingId: rightId } : {}),
    },
  });
  return { fromNo: b.FromNo, toNo: to };
}
