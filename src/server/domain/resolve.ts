// What a scanned code is: its mapping (product and batch) and whether it is void. The MAC is checked
// first, so a forged or mistyped code never reaches the database. A preprinted code paired with a
// static one (Static Qr Mapping) resolves to the static code's mapping.
import { and, eq, sql } from 'drizzle-orm';
import type { ParsedUid, Series } from '../../shared/codes.js';
import { damages, mappings, products, sites, staticPairs } from '../db/schema.js';
import type { Caller } from '../http/caller.js';
import type { CodeMac } from './code-mac.js';
import { acceptedCount, rangeAt, type Tx } from './ranges.js';

export type Resolved =
  | { state: 'forged' }
  | { state: 'unmapped'; code: ParsedUid }
  | { state: 'mapped' | 'damaged'; code: ParsedUid; series: Series; serial: number; mapping: typeof mappings.$inferSelect; damageReason?: string };

/** The mapping holding a serial of a series, following a preprinted code's pairing. */
export async function mappingOf(tx: Tx, series: Series, serial: number) {
  const direct = await rangeAt(tx, mappings, series, serial);
  if (direct || series.kind !== 'P') return direct ? { series, serial, mapping: direct } : undefined;
  const [pair] = await tx.select().from(staticPairs).where(eq(staticPairs.preprintedNo, serial));
  if (!pair) return undefined;
  const staticSeries: Series = { kind: 'S', prefix: pair.prefix };
  const m = await rangeAt(tx, mappings, staticSeries, pair.staticNo);
  return m ? { series: staticSeries, serial: pair.staticNo, mapping: m } : undefined;
}

/**
 * Whether a genuine code is the caller's company's: a preprinted one in its accepted stock, a static
 * one of a prefix of its sites. Asked before any mapping lookup, so another company's code answers
 * on the same path whether or not it is mapped, damaged or paired (issue 10 item 1).
 */
export async function ownsCode(tx: Tx, caller: Caller, code: ParsedUid): Promise<boolean> {
  if (caller.isAdmin) return true;
  if (caller.companyId === null) return false;
  if (code.kind === 'P') return (await acceptedCount(tx, caller.companyId, code.serial, code.serial)) === 1;
  const [site] = await tx.select({ id: sites.id }).from(sites)
    .where(and(eq(sites.companyId, caller.companyId), sql`upper(${sites.prefix}) = ${code.prefix}`)).limit(1);
  return site !== undefined;
}

export async function resolveScan(tx: Tx, codes: CodeMac, scan: string): Promise<Resolved> {
  const code = codes.check(scan);
  if (!code) return { state: 'forged' };
  const found = await mappingOf(tx, code, code.serial);
  if (!found) return { state: 'unmapped', code };
  const damage = await rangeAt(tx, damages, found.series, found.serial);
  return damage
    ? { state: 'damaged', code, ...found, damageReason: damage.reason }
    : { state: 'mapped', code, ...found };
}

/** The product row of a mapping, for screens that show its name and pack. */
export async function productOf(tx: Tx, productId: number) {
  const [p] = await tx.select().from(products).where(and(eq(products.id, productId)));
  return p;
}
