// Product damage (DESIGN section 4): from..to of a mapping marked void for good, with a reason. The
// range stays inside its mapping (de-mapping refuses damaged numbers); damages never overlap, and
// packed numbers cannot be damaged here (a packed carton is damaged through its slip, issue 5).
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { DAMAGE_MSG, damageProblem, type damageRequest } from '../../shared/contracts/numbers/damage.js';
import { companyScope } from '../auth/scope.js';
import { damages } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import { lockedMapping, requestedTo, seriesOf, type TakenRange } from './demap.js';
import { logEvent } from './event-log.js';
import { clash, firstTaken, rangeText, type Tx } from './ranges.js';
import { refuse } from './refusal.js';
import { NO_FLAGS, packRefusal } from '../../shared/lifecycle/index.js';

/** Damages from..to of the caller's mapping, in the route's transaction; a refusal is thrown. */
export async function damage(tx: Tx, caller: Caller, b: z.output<typeof damageRequest>): Promise<TakenRange> {
  const to = requestedTo(b);
  const m = await lockedMapping(tx, caller, b.MappingId, b.isPreprinted);
  const problem = damageProblem(m, b.FromNo, b.Qty);
  if (problem) refuse(problem);
  const series = seriesOf(m);
  const before = await clash(tx, damages, series, b.FromNo, to);
  if (before) {
    const overlap = rangeText(Math.max(before.fromNo, b.FromNo), Math.min(before.toNo, to));
    refuse(DAMAGE_MSG.overlap(overlap, before.reason, rangeText(before.fromNo, before.toNo)));
  }
  // Packed or retired numbers are not free: the lifecycle says why ('Number 12 is already packed...').
  const taken = await firstTaken(tx, m.companyId, series, b.FromNo, to);
  if (taken) refuse(packRefusal('damage-range', { code: `Number ${taken.n}`, state: taken.state, flags: NO_FLAGS })!);
  const [row] = await tx
    .insert(damages)
    .values({
      kind: series.kind,
      prefix: m.prefix,
      fromNo: b.FromNo,
      toNo: to,
      companyId: m.companyId,
      productId: m.productId,
      reason: b.Reason,
      createdBy: caller.userId,
    })
    .returning({ id: damages.id });
  await logEvent(tx, {
    action: 'damage',
    userId: caller.userId,
    companyId: m.companyId,
    siteId: m.siteId,
    series,
    fromNo: b.FromNo,
    toNo: to,
    ref: String(row!.id),
    detail: { mappingId: m.id, productId: m.productId, batchNo: m.batchNo, reason: b.Reason },
  });
  return { fromNo: b.FromNo, toNo: to };
}

/** What the caller may see: the company's damages, and of static ones only their own factory's. */
export function damageScope(caller: Caller): SQL | undefined {
  if (caller.isAdmin) return undefined;
  return and(
    companyScope(caller, damages.companyId),
    or(eq(damages.kind, 'P'), eq(damages.prefix, caller.prefix.toUpperCase())),
  );
}

/** Damage is for good (DESIGN section 4): the spec's delete call is always refused. */
export async function refuseDamageDelete(tx: Tx, caller: Caller, id: number): Promise<never> {
  const [row] = await tx
    .select({ id: damages.id })
    .from(damages)
    .where(and(eq(damages.id, id), damageScope(caller)));
  return refuse(row ? DAMAGE_MSG.forGood : DAMAGE_MSG.notFound);
}
