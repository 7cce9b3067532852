// The mapping rule (DESIGN section 4 'Mapping'): a range of one series goes on one product batch.
// Used by the Mapping screen, bulk upload and the benchmark, always inside the caller's transaction
// after lockSeries, so the checks and the insert see the same state.
import { and, eq, gte, lte } from 'drizzle-orm';
import { MAX_SERIAL, type Series } from '../../shared/codes.js';
import { alreadyMapped, MAPPING_MSG, mappedElsewhere, notInStock, pairedPreprinted } from '../../shared/contracts/numbers/mapping.js';
import { mappings, products, staticPairs } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import { acceptedCount, clash, logEvent, type Tx } from './ranges.js';

export interface MapInput { series: Series; fromNo: number; toNo: number; productId: number; batchNo: string; mfgDate: string; expDate: string; mrp: string | null; remark: string }
export type MapResult = { mapping: typeof mappings.$inferSelect } | { refused: string };

/** Why the caller may not map in this series, or null. */
export function seriesRefusal(caller: Caller, series: Series): string | null {
  if (caller.companyId === null) return MAPPING_MSG.noCompany;
  if (series.kind === 'S') {
    if (!caller.prefix) return MAPPING_MSG.noPrefix;
    if (series.prefix.toUpperCase() !== caller.prefix.toUpperCase()) return MAPPING_MSG.otherPrefix;
  }
  return null;
}

/** Checks and writes one mapping inside the caller's transaction (which must already hold lockSeries for the series). */
export async function mapRange(tx: Tx, caller: Caller, input: MapInput): Promise<MapResult> {
  const { fromNo, toNo } = input;
  const series: Series = { kind: input.series.kind, prefix: input.series.kind === 'S' ? input.series.prefix.toUpperCase() : '' };
  const refusal = seriesRefusal(caller, series);
  if (refusal) return { refused: refusal };
  const companyId = caller.companyId!;

  if (!Number.isSafeInteger(fromNo) || !Number.isSafeInteger(toNo) || fromNo < 1 || toNo > MAX_SERIAL) return { refused: MAPPING_MSG.outOfRange };
  if (fromNo > toNo) return { refused: MAPPING_MSG.fromBeforeTo };
  if (input.expDate < input.mfgDate) return { refused: MAPPING_MSG.expAfterMfg };

  const [product] = await tx.select({ id: products.id, name: products.name }).from(products)
    .where(and(eq(products.id, input.productId), eq(products.companyId, companyId), eq(products.isActive, true)));
  if (!product) return { refused: MAPPING_MSG.productNotFound };

  // Preprinted: the company's accepted stock is checked before any overlap, so numbers outside it
  // answer one text on one path, whoever else has mapped, damaged or paired them (issue 10 item 1).
  if (series.kind === 'P') {
    const inStock = await acceptedCount(tx, companyId, fromNo, toNo);
    const qty = toNo - fromNo + 1;
    if (inStock !== qty) return { refused: notInStock(fromNo, toNo, qty - inStock) };
  }

  // Inside the caller's own stock (or own prefix) every mapping is the company's own; one that is
  // not (a site moved between companies) is still never described.
  const taken = await clash(tx, mappings, series, fromNo, toNo);
  if (taken && taken.companyId !== companyId) return { refused: mappedElsewhere(Math.max(fromNo, taken.fromNo), Math.min(toNo, taken.toNo)) };
  if (taken) {
    const [other] = await tx.select({ name: products.name }).from(products).where(eq(products.id, taken.productId));
    return {
      refused: alreadyMapped(Math.max(fromNo, taken.fromNo), Math.min(toNo, taken.toNo), other?.name ?? '', taken.batchNo, taken.fromNo, taken.toNo),
    };
  }

  if (series.kind === 'P') {
    // A preprinted code paired with a static one already resolves to the static code's mapping.
    const [pair] = await tx.select({ p: staticPairs.preprintedNo, s: staticPairs.staticNo, prefix: staticPairs.prefix, companyId: staticPairs.companyId })
      .from(staticPairs).where(and(gte(staticPairs.preprintedNo, fromNo), lte(staticPairs.preprintedNo, toNo)))
      .orderBy(staticPairs.preprintedNo).limit(1);
    if (pair && pair.companyId !== companyId) return { refused: mappedElsewhere(pair.p, pair.p) };
    if (pair) return { refused: pairedPreprinted(pair.p, pair.prefix, pair.s) };
  }

  const [mapping] = await tx.insert(mappings).values({
    kind: series.kind, prefix: series.prefix, fromNo, toNo, companyId, siteId: caller.siteId, productId: product.id,
    batchNo: input.batchNo, mfgDate: input.mfgDate, expDate: input.expDate, mrp: input.mrp, remark: input.remark, createdBy: caller.userId,
  }).returning();
  await logEvent(tx, {
    action: 'map', userId: caller.userId, companyId, siteId: caller.siteId, series, fromNo, toNo,
    ref: String(mapping!.id), detail: { productId: product.id, batchNo: input.batchNo },
  });
  return { mapping: mapping! };
}
