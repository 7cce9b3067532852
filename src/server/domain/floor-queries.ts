// The three questions the floor's data must answer at once, for the screens and the reports that
// come later: where is this code now, what is in this carton, what is at this site. A secondary
// carton packed into a tertiary one is wherever that tertiary carton is; a loose one has its own
// location; null is in transit.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Series } from '../../shared/codes.js';
import { items, mappings, replacements, secondaryCartons, tertiaryCartons } from '../db/schema.js';
import { rangeAt, type Tx } from './ranges.js';
import { packCode } from './resolve.js';

export type CodeWhere =
  | { state: 'unmapped' }
  | { state: 'mapped'; mappingId: number }
  | { state: 'packed' | 'damaged'; sid: string; tid: string | null; siteId: number | null; companyId: number }
  /** Retired for good by Replace: the code that took its place, and the carton it did so in. */
  | { state: 'replaced'; companyId: number; by: { kind: string; prefix: string; serial: number }; sid: string | null };

/** Where one code is now: not ours to say (unmapped), mapped and loose, in its cartons at a site, or
 *  replaced (a replaced code leaves its carton, so it is asked after the carton). A preprinted code
 *  paired with a static one is where its pack is: asked as the static code. */
export async function whereIsCode(tx: Tx, code: Series, number: number): Promise<CodeWhere> {
  const { series, serial } = await packCode(tx, code, number);
  const prefix = series.prefix;
  const [row] = await tx
    .select({
      sid: secondaryCartons.sid,
      tid: secondaryCartons.tid,
      state: secondaryCartons.state,
      companyId: secondaryCartons.companyId,
      looseAt: secondaryCartons.locationSiteId,
      tertiaryAt: tertiaryCartons.locationSiteId,
      tertiaryState: tertiaryCartons.state,
    })
    .from(items)
    .innerJoin(secondaryCartons, eq(secondaryCartons.sid, items.secondaryId))
    .leftJoin(tertiaryCartons, eq(tertiaryCartons.tid, secondaryCartons.tid))
    .where(and(eq(items.kind, series.kind), eq(items.prefix, prefix), eq(items.serialNo, serial)));
  if (row) {
    const damaged = row.state === 'damaged' || row.tertiaryState === 'damaged';
    return {
      state: damaged ? 'damaged' : 'packed',
      sid: row.sid,
      tid: row.tid,
      siteId: row.tid ? row.tertiaryAt : row.looseAt,
      companyId: row.companyId,
    };
  }
  const [gone] = await tx
    .select()
    .from(replacements)
    .where(
      and(
        eq(replacements.oldKind, series.kind),
        eq(replacements.oldPrefix, prefix),
        eq(replacements.oldSerial, serial),
      ),
    );
  if (gone) {
    return {
      state: 'replaced',
      companyId: gone.companyId,
      by: { kind: gone.newKind, prefix: gone.newPrefix, serial: gone.newSerial },
      sid: gone.sid,
    };
  }
  const mapping = await rangeAt(tx, mappings, { kind: series.kind, prefix }, serial);
  return mapping ? { state: 'mapped', mappingId: mapping.id } : { state: 'unmapped' };
}

export interface SecondaryContents {
  sid: string;
  productId: number;
  state: string;
  /** Serial numbers of the packs in it, in order. */
  serials: Array<{ kind: string; prefix: string; serialNo: number }>;
}

async function secondaryContents(tx: Tx, sids: string[]): Promise<SecondaryContents[]> {
  if (sids.length === 0) return [];
  const cartons = await tx
    .select()
    .from(secondaryCartons)
    .where(inArray(secondaryCartons.sid, sids))
    .orderBy(secondaryCartons.sid);
  const packs = await tx
    .select({ sid: items.secondaryId, kind: items.kind, prefix: items.prefix, serialNo: items.serialNo })
    .from(items)
    .where(inArray(items.secondaryId, sids))
    .orderBy(items.kind, items.prefix, items.serialNo);
  return cartons.map((c) => ({
    sid: c.sid,
    productId: c.productId,
    state: c.state,
    serials: packs.filter((p) => p.sid === c.sid).map(({ kind, prefix, serialNo }) => ({ kind, prefix, serialNo })),
  }));
}

export type CartonContents =
  | ({ type: 'SID' } & SecondaryContents)
  | { type: 'TID'; tid: string; productId: number; state: string; secondaries: SecondaryContents[] };

/** What a carton of the company holds, down to the packs; null for an id that is not its carton. */
export async function cartonContents(tx: Tx, companyId: number, id: string): Promise<CartonContents | null> {
  const key = id.trim().toUpperCase();
  const [tertiary] = await tx
    .select()
    .from(tertiaryCartons)
    .where(and(eq(tertiaryCartons.tid, key), eq(tertiaryCartons.companyId, companyId)));
  if (tertiary) {
    const inside = await tx
      .select({ sid: secondaryCartons.sid })
      .from(secondaryCartons)
      .where(eq(secondaryCartons.tid, key));
    return {
      type: 'TID',
      tid: tertiary.tid,
      productId: tertiary.productId,
      state: tertiary.state,
      secondaries: await secondaryContents(
        tx,
        inside.map((r) => r.sid),
      ),
    };
  }
  const [secondary] = await tx
    .select({ sid: secondaryCartons.sid })
    .from(secondaryCartons)
    .where(and(eq(secondaryCartons.sid, key), eq(secondaryCartons.companyId, companyId)));
  if (!secondary) return null;
  const [contents] = await secondaryContents(tx, [secondary.sid]);
  return { type: 'SID', ...contents! };
}

export interface SiteStock {
  productId: number;
  tertiaryCartons: number;
  /** Secondary cartons not in a tertiary one. */
  looseSecondaryCartons: number;
  packs: number;
}

/** Packed, undamaged stock at a site, per product: tertiary cartons, loose secondary ones, and packs. */
export async function stockAtSite(tx: Tx, companyId: number, siteId: number): Promise<SiteStock[]> {
  const inTertiary = await tx
    .select({
      productId: tertiaryCartons.productId,
      cartons: sql<number>`count(distinct ${tertiaryCartons.tid})`.mapWith(Number),
      packs: sql<number>`count(${items.id})`.mapWith(Number),
    })
    .from(tertiaryCartons)
    .innerJoin(
      secondaryCartons,
      and(eq(secondaryCartons.tid, tertiaryCartons.tid), eq(secondaryCartons.state, 'packed')),
    )
    .leftJoin(items, eq(items.secondaryId, secondaryCartons.sid))
    .where(
      and(
        eq(tertiaryCartons.companyId, companyId),
        eq(tertiaryCartons.locationSiteId, siteId),
        eq(tertiaryCartons.state, 'packed'),
      ),
    )
    .groupBy(tertiaryCartons.productId);
  const loose = await tx
    .select({
      productId: secondaryCartons.productId,
      cartons: sql<number>`count(distinct ${secondaryCartons.sid})`.mapWith(Number),
      packs: sql<number>`count(${items.id})`.mapWith(Number),
    })
    .from(secondaryCartons)
    .leftJoin(items, eq(items.secondaryId, secondaryCartons.sid))
    .where(
      and(
        eq(secondaryCartons.companyId, companyId),
        eq(secondaryCartons.locationSiteId, siteId),
        isNull(secondaryCartons.tid),
        eq(secondaryCartons.state, 'packed'),
      ),
    )
    .groupBy(secondaryCartons.productId);
  const byProduct = new Map<number, SiteStock>();
  const row = (productId: number) =>
    byProduct.get(productId) ??
    byProduct.set(productId, { productId, tertiaryCartons: 0, looseSecondaryCartons: 0, packs: 0 }).get(productId)!;
  for (const r of inTertiary)
    Object.assign(row(r.productId), { tertiaryCartons: r.cartons, packs: row(r.productId).packs + r.packs });
  for (const r of loose)
    Object.assign(row(r.productId), { looseSecondaryCartons: r.cartons, packs: row(r.productId).packs + r.packs });
  return [...byProduct.values()].sort((a, b) => a.productId - b.productId);
}
