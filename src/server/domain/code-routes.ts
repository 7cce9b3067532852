// The code routing tables (db/schema/routes.ts): written beside the rows that give a company a series
// or a GTIN, in the writer's transaction, and read to find a code's company without a global lookup
// (the public verification, the GS1 resolver). Under Citus these are reference tables: the read is
// local on every node, and the company it answers picks the shard.
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { MAX_SERIAL, type Series } from '../../shared/codes.js';
import { codeRoutes, gtinRoutes, sites } from '../db/schema.js';
import type { Tx } from './ranges.js';

/** A factory's static series, all of it, is its site's company's (a prefix is fixed once set). */
export async function routeStaticSeries(db: Tx, prefix: string | null | undefined, companyId: number): Promise<void> {
  const p = (prefix ?? '').trim().toUpperCase();
  if (!p) return;
  await db
    .insert(codeRoutes)
    .values({ kind: 'S', prefix: p, fromNo: 1, toNo: MAX_SERIAL, companyId })
    .onConflictDoUpdate({ target: [codeRoutes.kind, codeRoutes.prefix, codeRoutes.fromNo], set: { companyId } });
}

/** A preprinted range issued to a company. The issue refused any overlap first (under the series lock),
 *  and the key holds a range's start once across every company. */
export async function routeIssue(db: Tx, range: { from: number; to: number; companyId: number }): Promise<void> {
  await db
    .insert(codeRoutes)
    .values({ kind: 'P', prefix: '', fromNo: range.from, toNo: range.to, companyId: range.companyId });
}

/** An issue deleted before it was accepted: its numbers go back to no one. */
export async function unrouteIssue(db: Tx, from: number): Promise<void> {
  await db
    .delete(codeRoutes)
    .where(and(eq(codeRoutes.kind, 'P'), eq(codeRoutes.prefix, ''), eq(codeRoutes.fromNo, from)));
}

/** A GTIN a company's product carries; an old GTIN stays routed (labels printed with it exist). */
export async function routeGtin(db: Tx, gtin: string | null | undefined, companyId: number | null): Promise<void> {
  const g = (gtin ?? '').trim();
  if (!g || companyId === null) return;
  await db.insert(gtinRoutes).values({ gtin: g, companyId }).onConflictDoNothing();
}

/** The company a code's series and serial belong to, or null when no one's (forged, unknown, not issued). */
export async function companyOfCode(db: Tx, series: Series, serial: number): Promise<number | null> {
  const [row] = await db
    .select({ companyId: codeRoutes.companyId, toNo: codeRoutes.toNo })
    .from(codeRoutes)
    .where(
      and(
        eq(codeRoutes.kind, series.kind),
        eq(codeRoutes.prefix, series.prefix.toUpperCase()),
        lte(codeRoutes.fromNo, serial),
      ),
    )
    .orderBy(desc(codeRoutes.fromNo))
    .limit(1);
  return row && row.toNo >= serial ? row.companyId : null;
}

/** The company a carton or dispatch id (SID, TID, DID) belongs to, by the site prefix it carries (a
 *  slip is made with its site's prefix, unique across sites and fixed once set); null for no site's. */
export async function companyOfSlip(db: Tx, prefix: string): Promise<number | null> {
  const [row] = await db
    .select({ companyId: sites.companyId })
    .from(sites)
    .where(eq(sql`upper(${sites.prefix})`, prefix.toUpperCase()));
  return row?.companyId ?? null;
}

/** The company whose product carries the GTIN; null when none does, or when two companies claim it. */
export async function companyOfGtin(db: Tx, gtin: string): Promise<number | null> {
  const rows = await db
    .select({ companyId: gtinRoutes.companyId })
    .from(gtinRoutes)
    .where(eq(gtinRoutes.gtin, gtin.trim()))
    .limit(2);
  return rows.length === 1 ? rows[0]!.companyId : null;
}

/** Every static series' company, by prefix (one row a factory): what a server keeps in memory to name
 *  a verification's company before it reads (verify-reads.ts). */
export async function staticRoutes(db: Tx): Promise<Map<string, number>> {
  const rows = await db
    .select({ prefix: codeRoutes.prefix, companyId: codeRoutes.companyId })
    .from(codeRoutes)
    .where(and(eq(codeRoutes.kind, 'S'), eq(codeRoutes.fromNo, 1)));
  return new Map(rows.map((r) => [r.prefix, r.companyId]));
}
