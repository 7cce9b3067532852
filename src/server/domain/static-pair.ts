// The pairing rule (DESIGN section 4 'Static QR mapping'): a mapped static code of the caller's
// factory and a preprinted code of the company's accepted stock, neither paired before, become one
// item: the preprinted code then resolves to the static code's mapping (resolve.ts mappingOf). Runs in
// the route's transaction and throws the one Refusal.
import { and, eq } from 'drizzle-orm';
import type { ParsedUid, Series } from '../../shared/codes.js';
import type { z } from 'zod';
import { codeText, PAIR_MSG, type staticPairRequest } from '../../shared/contracts/numbers/static-pair.js';
import { damages, mappings, NO_COMPANY, products, staticPairs } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import type { CodeMac } from './code-mac.js';
import { logEvent } from './event-log.js';
import { acceptedCount, lockSeries, rangeAt, type Tx } from './ranges.js';
import { refuse } from './refusal.js';

export interface Paired {
  pair: typeof staticPairs.$inferSelect;
  staticCode: ParsedUid;
  preprinted: ParsedUid;
}

const PREPRINTED: Series = { kind: 'P', prefix: '' };

/** Refuses a static code the caller may not pair, decided without the database. */
export function checkPairCaller(caller: Caller, staticCode: ParsedUid): void {
  if (caller.isAdmin) return;
  if (caller.companyId === null) refuse(PAIR_MSG.noCompany);
  if (!caller.prefix) refuse(PAIR_MSG.noPrefix);
  if (staticCode.prefix !== caller.prefix.toUpperCase())
    refuse(PAIR_MSG.otherPrefix(codeText(staticCode), caller.prefix.toUpperCase()));
}

/** The two scans as genuine codes, or the refusal: checked by their MACs alone, so the route asks
 *  before it opens any transaction. */
export function pairScans(codes: CodeMac, b: z.output<typeof staticPairRequest>): { st: ParsedUid; pp: ParsedUid } {
  const st = codes.check(b.StaticEncryptedQr) ?? refuse(PAIR_MSG.staticForged);
  const pp = codes.check(b.PreprintedEncryptedQr) ?? refuse(PAIR_MSG.preprintedForged);
  return { st, pp };
}

/** Checks and saves one pair of genuine codes (pairScans) in the route's transaction. */
export async function pairCodes(tx: Tx, caller: Caller, { st, pp }: { st: ParsedUid; pp: ParsedUid }): Promise<Paired> {
  checkPairCaller(caller, st);
  const staticSeries: Series = { kind: 'S', prefix: st.prefix };
  // Always preprinted before static, so two writers locking both series cannot deadlock.
  await lockSeries(tx, PREPRINTED);
  await lockSeries(tx, staticSeries);
  const owner = await pairOwner(tx, caller, st, pp);
  const [pair] = await tx
    .insert(staticPairs)
    .values({
      companyId: owner.companyId,
      prefix: st.prefix,
      staticNo: st.serial,
      preprintedNo: pp.serial,
      createdBy: caller.userId,
    })
    .returning();
  await logEvent(tx, {
    action: 'pair',
    userId: caller.userId,
    companyId: owner.companyId,
    siteId: caller.siteId,
    series: staticSeries,
    fromNo: st.serial,
    toNo: st.serial,
    ref: String(pair!.id),
    detail: { staticNo: st.serial, preprintedNo: pp.serial, prefix: st.prefix, mappingId: owner.mappingId },
  });
  return { pair: pair!, staticCode: st, preprinted: pp };
}

/** The company and static mapping the pair belongs to, or the refusal. */
async function pairOwner(
  tx: Tx,
  caller: Caller,
  st: ParsedUid,
  pp: ParsedUid,
): Promise<{ companyId: number; mappingId: number }> {
  const code = codeText(st);
  // A user looks in its own company's ranges; the admin in every company's (who owns the code is what
  // it asks). Another company's code answers as if unmapped: its existence is not ours to tell.
  const mapping = await rangeAt(
    tx,
    mappings,
    st,
    st.serial,
    caller.isAdmin ? undefined : (caller.companyId ?? NO_COMPANY),
  );
  if (!mapping || (!caller.isAdmin && mapping.companyId !== caller.companyId)) refuse(PAIR_MSG.staticUnmapped(code));
  // Everything else is of the company that owns the static code's mapping.
  const companyId = mapping.companyId;
  const damage = await rangeAt(tx, damages, st, st.serial, companyId);
  if (damage) refuse(PAIR_MSG.staticDamaged(code, damage.reason));
  const [pairedStatic] = await tx
    .select({ p: staticPairs.preprintedNo })
    .from(staticPairs)
    .where(
      and(eq(staticPairs.companyId, companyId), eq(staticPairs.prefix, st.prefix), eq(staticPairs.staticNo, st.serial)),
    );
  if (pairedStatic) refuse(PAIR_MSG.staticPaired(code, pairedStatic.p));

  // The preprinted code must be stock of the company that owns the static code's mapping.
  if ((await acceptedCount(tx, companyId, pp.serial, pp.serial)) !== 1) refuse(PAIR_MSG.notInStock(pp.serial));
  const direct = await rangeAt(tx, mappings, PREPRINTED, pp.serial, companyId);
  if (direct) {
    const [p] = await tx.select({ name: products.name }).from(products).where(eq(products.id, direct.productId));
    refuse(PAIR_MSG.preprintedMapped(pp.serial, p?.name ?? '', direct.batchNo));
  }
  const ppDamage = await rangeAt(tx, damages, PREPRINTED, pp.serial, companyId);
  if (ppDamage) refuse(PAIR_MSG.preprintedDamaged(pp.serial, ppDamage.reason));
  const [pairedPre] = await tx
    .select({ prefix: staticPairs.prefix, s: staticPairs.staticNo })
    .from(staticPairs)
    .where(and(eq(staticPairs.companyId, companyId), eq(staticPairs.preprintedNo, pp.serial)));
  if (pairedPre) refuse(PAIR_MSG.preprintedPaired(pp.serial, `${pairedPre.prefix}${pairedPre.s}`));
  return { companyId, mappingId: mapping.id };
}
