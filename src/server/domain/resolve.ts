// What a scanned code is: its mapping (product and batch), and whether it is void: damaged, or
// replaced (retired for good by Replace, domain/replace-pid.ts, naming the code that took its place).
// The MAC is checked first, so a forged or mistyped code never reaches the database. A preprinted code
// paired with a static one (Static Qr Mapping) resolves to the static code: its mapping, and its
// retirement (the pack's static code is what Replace retires, so either code answers replaced).
import { and, desc, eq, lte, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ParsedUid, Series } from '../../shared/codes.js';
import { damages, mappings, products, replacements, sites, staticPairs } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import type { CodeMac } from './code-mac.js';
import { acceptedCount, rangeAt, type Tx } from './ranges.js';

type Mapping = typeof mappings.$inferSelect;

/** What a code that passed its MAC check is. */
export type GenuineCode = Exclude<Resolved, { state: 'forged' }>;

/** The code that took a replaced one's place, and the carton it did so in (null: the old one was loose). */
export interface Successor {
  series: Series;
  serial: number;
  sid: string | null;
}

export type Resolved =
  | { state: 'forged' }
  | { state: 'unmapped'; code: ParsedUid }
  | {
      state: 'mapped' | 'damaged';
      code: ParsedUid;
      series: Series;
      serial: number;
      mapping: Mapping;
      damageReason?: string;
    }
  /** Retired for good; `companyId` is the company that replaced it, `mapping` what it was (null when
   *  its numbers were de-mapped since: it stays replaced). */
  | {
      state: 'replaced';
      code: ParsedUid;
      series: Series;
      serial: number;
      companyId: number;
      mapping: Mapping | null;
      by: Successor;
    };

/** The code a pack is known by: the static code a preprinted one is paired with, or the code itself. */
export async function packCode(tx: Tx, series: Series, serial: number): Promise<{ series: Series; serial: number }> {
  if (series.kind === 'P') {
    const [pair] = await tx.select().from(staticPairs).where(eq(staticPairs.preprintedNo, serial));
    if (pair) return { series: { kind: 'S', prefix: pair.prefix.toUpperCase() }, serial: pair.staticNo };
    return { series: { kind: 'P', prefix: '' }, serial };
  }
  return { series: { kind: 'S', prefix: series.prefix.toUpperCase() }, serial };
}

/** The mapping holding a serial of a series, following a preprinted code's pairing. */
export async function mappingOf(tx: Tx, series: Series, serial: number) {
  const direct = await rangeAt(tx, mappings, series, serial);
  if (direct || series.kind !== 'P') return direct ? { series, serial, mapping: direct } : undefined;
  const pack = await packCode(tx, series, serial);
  if (pack.series.kind === 'P') return undefined;
  const m = await rangeAt(tx, mappings, pack.series, pack.serial);
  return m ? { ...pack, mapping: m } : undefined;
}

/** The replacement that retired a pack's code, if any (the code as Replace stores it: the static twin). */
export async function replacementOf(tx: Tx, series: Series, serial: number) {
  const [gone] = await tx
    .select()
    .from(replacements)
    .where(
      and(
        eq(replacements.oldKind, series.kind),
        eq(replacements.oldPrefix, series.kind === 'S' ? series.prefix.toUpperCase() : ''),
        eq(replacements.oldSerial, serial),
      ),
    );
  return gone;
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
  const [site] = await tx
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.companyId, caller.companyId), sql`upper(${sites.prefix}) = ${code.prefix}`))
    .limit(1);
  return site !== undefined;
}

const P = (name: string) => sql.placeholder(name);

/** The parts of a static code's lookup (its prefix and number: placeholders 'prefix' and 'n', or the
 *  columns of a list of codes), so a larger statement may read it too (the verification's,
 *  verify-details.ts): the last damage starting at or below the number, the replacement that retired
 *  the number, and the mapping starting at or below it; with `company` (the series' route), that
 *  company's rows alone. */
export function staticCodeParts(
  tx: Tx,
  k: { prefix: SQLWrapper; n: SQLWrapper; company?: SQLWrapper } = { prefix: P('prefix'), n: P('n') },
) {
  const ofCompany = (column: AnyPgColumn) => (k.company ? eq(column, k.company) : undefined);
  const d = tx
    .select({ reason: damages.reason, toNo: damages.toNo })
    .from(damages)
    .where(
      and(ofCompany(damages.companyId), eq(damages.kind, 'S'), eq(damages.prefix, k.prefix), lte(damages.fromNo, k.n)),
    )
    .orderBy(desc(damages.fromNo))
    .limit(1)
    .as('d');
  return {
    d,
    fields: {
      m: mappings,
      gone: replacements,
      damageReason: sql<string | null>`case when ${d.toNo} >= ${k.n} then ${d.reason} end`,
    },
    replaced: and(
      ofCompany(replacements.companyId),
      eq(replacements.oldKind, 'S'),
      eq(replacements.oldPrefix, k.prefix),
      eq(replacements.oldSerial, k.n),
    ),
    mapped: and(
      ofCompany(mappings.companyId),
      eq(mappings.kind, 'S'),
      eq(mappings.prefix, k.prefix),
      lte(mappings.fromNo, k.n),
    ),
  };
}

/** A static code's mapping with its replacement and its damage, in one prepared statement: the
 *  common case of every scan and verification (three round trips were most of their time). */
function staticCodeQuery(tx: Tx) {
  const s = staticCodeParts(tx);
  return tx
    .select(s.fields)
    .from(mappings)
    .leftJoin(replacements, s.replaced)
    .leftJoinLateral(s.d, sql`true`)
    .where(s.mapped)
    .orderBy(desc(mappings.fromNo))
    .limit(1)
    .prepare('resolve_static');
}
const preparedStatic = new WeakMap<object, ReturnType<typeof staticCodeQuery>>();

const replacedBy = (gone: typeof replacements.$inferSelect): Successor => ({
  series: { kind: gone.newKind as Series['kind'], prefix: gone.newPrefix },
  serial: gone.newSerial,
  sid: gone.sid,
});

/** What a static code's lookup row says, when it is whole (the code is mapped); null: the general
 *  path must answer (replaced or unmapped). */
export function staticResolved(
  code: ParsedUid,
  hit: { m: Mapping; gone: typeof replacements.$inferSelect | null; damageReason: string | null } | undefined,
): GenuineCode | null {
  if (!hit || hit.m.toNo < code.serial) return null;
  const series: Series = { kind: 'S', prefix: code.prefix.toUpperCase() };
  if (hit.gone)
    return {
      state: 'replaced',
      code,
      series,
      serial: code.serial,
      companyId: hit.gone.companyId,
      mapping: hit.m,
      by: replacedBy(hit.gone),
    };
  return hit.damageReason !== null
    ? { state: 'damaged', code, series, serial: code.serial, mapping: hit.m, damageReason: hit.damageReason }
    : { state: 'mapped', code, series, serial: code.serial, mapping: hit.m };
}

/** What a scan is. Replaced is asked first: a retired code stays retired whatever its numbers do since. */
export async function resolveScan(tx: Tx, codes: CodeMac, scan: string): Promise<Resolved> {
  const code = codes.check(scan);
  if (!code) return { state: 'forged' };
  if (code.kind === 'S') {
    let q = preparedStatic.get(tx);
    if (!q) preparedStatic.set(tx, (q = staticCodeQuery(tx)));
    const [hit] = await q.execute({ prefix: code.prefix.toUpperCase(), n: code.serial });
    const whole = staticResolved(code, hit);
    if (whole) return whole;
  }
  return resolveGeneral(tx, code);
}

/** What a genuine code is, by the general path: any series, a preprinted code's pairing, and a
 *  static code that is not mapped (replaced, or unmapped). */
export async function resolveGeneral(tx: Tx, code: ParsedUid): Promise<GenuineCode> {
  const found = await mappingOf(tx, code, code.serial);
  const pack = found ?? (await packCode(tx, code, code.serial));
  const gone = await replacementOf(tx, pack.series, pack.serial);
  if (gone) {
    return {
      state: 'replaced',
      code,
      series: pack.series,
      serial: pack.serial,
      companyId: gone.companyId,
      mapping: found?.mapping ?? null,
      by: replacedBy(gone),
    };
  }
  if (!found) return { state: 'unmapped', code };
  const damage = await rangeAt(tx, damages, found.series, found.serial);
  return damage
    ? { state: 'damaged', code, ...found, damageReason: damage.reason }
    : { state: 'mapped', code, ...found };
}

/** The product row of a mapping, for screens that show its name and pack. */
export async function productOf(tx: Tx, productId: number) {
  const [p] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, productId)));
  return p;
}
