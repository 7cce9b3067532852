// The pairing rule (DESIGN section 4 'Static QR mapping'): a mapped static code of the caller's
// factory and a preprinted code of the company's accepted stock, neither paired before, become one
// item: the preprinted code then resolves to the static code's mapping (resolve.ts mappingOf).
import { and, eq } from 'drizzle-orm';
import type { ParsedUid, Series } from '../../shared/codes.js';
import { codeText, PAIR_MSG } from '../../shared/contracts/numbers/static-pair.js';
import type { Db } from '../db/connect.js';
import { damages, mappings, products, staticPairs } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import { acceptedCount, lockSeries, logEvent, rangeAt, type Tx } from './ranges.js';

export type PairResult = { pair: typeof staticPairs.$inferSelect; message: string } | { refused: string };

const PREPRINTED: Series = { kind: 'P', prefix: '' };

/** Why the caller may not pair this static code, decided without the database; or null. */
export function pairCallerRefusal(caller: Caller, staticCode: ParsedUid): string | null {
  if (caller.isAdmin) return null;
  if (caller.companyId === null) return PAIR_MSG.noCompany;
  if (!caller.prefix) return PAIR_MSG.noPrefix;
  if (staticCode.prefix !== caller.prefix.toUpperCase()) return PAIR_MSG.otherPrefix(codeText(staticCode), caller.prefix.toUpperCase());
  return null;
}

/** Checks and saves one pair of genuine codes (their MACs already checked) in one transaction. */
export async function pairCodes(db: Db, caller: Caller, st: ParsedUid, pp: ParsedUid): Promise<PairResult> {
  const refusal = pairCallerRefusal(caller, st);
  if (refusal) return { refused: refusal };
  const staticSeries: Series = { kind: 'S', prefix: st.prefix };
  return db.transaction(async (tx) => {
    // Always preprinted before static, so two writers locking both series cannot deadlock.
    await lockSeries(tx, PREPRINTED);
    await lockSeries(tx, staticSeries);
    const problem = await pairProblem(tx, caller, st, pp);
    if (typeof problem === 'string') return { refused: problem };

    const [pair] = await tx.insert(staticPairs).values({
      companyId: problem.companyId, prefix: st.prefix, staticNo: st.serial, preprintedNo: pp.serial, createdBy: caller.userId,
    }).returning();
    await logEvent(tx, {
      action: 'pair', userId: caller.userId, companyId: problem.companyId, siteId: caller.siteId, series: staticSeries,
      fromNo: st.serial, toNo: st.serial, ref: String(pair!.id),
      detail: { staticNo: st.serial, preprintedNo: pp.serial, prefix: st.prefix, mappingId: problem.mappingId },
    });
    return { pair: pair!, message: PAIR_MSG.saved(codeText(st), pp.serial) };
  });
}

/** The refusal of a pair, or the company and static mapping it belongs to. */
async function pairProblem(tx: Tx, caller: Caller, st: ParsedUid, pp: ParsedUid): Promise<string | { companyId: number; mappingId: number }> {
  const code = codeText(st);
  const mapping = await rangeAt(tx, mappings, st, st.serial);
  // Another company's code answers as if unmapped: its existence is not ours to tell.
  if (!mapping || (!caller.isAdmin && mapping.companyId !== caller.companyId)) return PAIR_MSG.staticUnmapped(code);
  const damage = await rangeAt(tx, damages, st, st.serial);
  if (damage) return PAIR_MSG.staticDamaged(code, damage.reason);
  const [pairedStatic] = await tx.select({ p: staticPairs.preprintedNo }).from(staticPairs)
    .where(and(eq(staticPairs.prefix, st.prefix), eq(staticPairs.staticNo, st.serial)));
  if (pairedStatic) return PAIR_MSG.staticPaired(code, pairedStatic.p);

  // The preprinted code must be stock of the company that owns the static code's mapping.
  const companyId = mapping.companyId;
  if ((await acceptedCount(tx, companyId, pp.serial, pp.serial)) !== 1) return PAIR_MSG.notInStock(pp.serial);
  const direct = await rangeAt(tx, mappings, PREPRINTED, pp.serial);
  if (direct) {
    const [p] = await tx.select({ name: products.name }).from(products).where(eq(products.id, direct.productId));
    return PAIR_MSG.preprintedMapped(pp.serial, p?.name ?? '', direct.batchNo);
  }
  const ppDamage = await rangeAt(tx, damages, PREPRINTED, pp.serial);
  if (ppDamage) return PAIR_MSG.preprintedDamaged(pp.serial, ppDamage.reason);
  const [pairedPre] = await tx.select({ prefix: staticPairs.prefix, s: staticPairs.staticNo }).from(staticPairs)
    .where(eq(staticPairs.preprintedNo, pp.serial));
  if (pairedPre) return PAIR_MSG.preprintedPaired(pp.serial, `${pairedPre.prefix}${pairedPre.s}`);
  return { companyId, mappingId: mapping.id };
}
