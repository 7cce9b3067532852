// The mapping rule (DESIGN section 4 'Mapping'): a range of one series goes on one product batch.
// Used by the Mapping screen, bulk upload and the benchmark, always inside the caller's transaction
// after lockSeries, so the checks and the insert see the same state. A refusal is thrown.
import { and, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import { MAX_SERIAL, type Series } from '../../shared/codes.js';
import { addDays } from '../../shared/contracts/numbers/fields.js';
import { batchFitsAi10, gtinValid } from '../../shared/digital-link.js';
import {
  batchNotInDigitalLink,
  alreadyMapped,
  MAPPING_MSG,
  mappedElsewhere,
  notInStock,
  pairedPreprinted,
  type MappingSaveOut,
} from '../../shared/contracts/numbers/mapping.js';
import { companyScope } from '../auth/scope.js';
import { mappings, products, staticPairs } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import { logEvent } from './event-log.js';
import { acceptedCount, clash, lockSeries, type Tx } from './ranges.js';
import { refuse } from './refusal.js';

export interface MapInput {
  series: Series;
  fromNo: number;
  toNo: number;
  productId: number;
  batchNo: string;
  mfgDate: string;
  expDate: string;
  mrp: string | null;
  remark: string;
}
export type Mapping = typeof mappings.$inferSelect;

/** The mappings of one series kind the caller may see: admin all; others their company's and, for
 *  static numbers, only their own factory prefix. */
export function mappingScope(caller: Caller, isPreprinted: boolean): SQL | undefined {
  const kind = eq(mappings.kind, isPreprinted ? 'P' : 'S');
  if (caller.isAdmin) return kind;
  return and(
    kind,
    companyScope(caller, mappings.companyId),
    isPreprinted ? undefined : eq(mappings.prefix, caller.prefix.toUpperCase()),
  );
}

/** The series the screen's mode names for the caller: the preprinted one, or their factory's prefix. */
export const callerSeries = (caller: Caller, isPreprinted: boolean): Series =>
  isPreprinted ? { kind: 'P', prefix: '' } : { kind: 'S', prefix: caller.prefix.toUpperCase() };

/** Refuses a series the caller may not map in. */
export function checkSeries(caller: Caller, series: Series): void {
  if (caller.companyId === null) refuse(MAPPING_MSG.noCompany);
  if (series.kind === 'S') {
    if (!caller.prefix) refuse(MAPPING_MSG.noPrefix);
    if (series.prefix.toUpperCase() !== caller.prefix.toUpperCase()) refuse(MAPPING_MSG.otherPrefix);
  }
}

/** Checks and writes one mapping inside the caller's transaction (which must already hold lockSeries for the series). */
export async function mapRange(tx: Tx, caller: Caller, input: MapInput): Promise<Mapping> {
  const { fromNo, toNo } = input;
  const series: Series = {
    kind: input.series.kind,
    prefix: input.series.kind === 'S' ? input.series.prefix.toUpperCase() : '',
  };
  checkSeries(caller, series);
  const companyId = caller.companyId!;

  if (!Number.isSafeInteger(fromNo) || !Number.isSafeInteger(toNo) || fromNo < 1 || toNo > MAX_SERIAL)
    refuse(MAPPING_MSG.outOfRange);
  if (fromNo > toNo) refuse(MAPPING_MSG.fromBeforeTo);
  if (input.expDate < input.mfgDate) refuse(MAPPING_MSG.expAfterMfg);

  const [product] = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.companyId, companyId), eq(products.isActive, true)));
  if (!product) refuse(MAPPING_MSG.productNotFound);

  // Preprinted: the company's accepted stock is checked before any overlap, so numbers outside it
  // answer one text on one path, whoever else has mapped, damaged or paired them (issue 10 item 1).
  if (series.kind === 'P') {
    const inStock = await acceptedCount(tx, companyId, fromNo, toNo);
    const qty = toNo - fromNo + 1;
    if (inStock !== qty) refuse(notInStock(fromNo, toNo, qty - inStock));
  }

  // Inside the caller's own stock (or own prefix) every mapping is the company's own; one that is
  // not (a site moved between companies) is still never described.
  const taken = await clash(tx, mappings, series, fromNo, toNo);
  if (taken && taken.companyId !== companyId)
    refuse(mappedElsewhere(Math.max(fromNo, taken.fromNo), Math.min(toNo, taken.toNo)));
  if (taken) {
    const [other] = await tx.select({ name: products.name }).from(products).where(eq(products.id, taken.productId));
    refuse(
      alreadyMapped(
        Math.max(fromNo, taken.fromNo),
        Math.min(toNo, taken.toNo),
        other?.name ?? '',
        taken.batchNo,
        taken.fromNo,
        taken.toNo,
      ),
    );
  }

  if (series.kind === 'P') {
    // A preprinted code paired with a static one already resolves to the static code's mapping.
    const [pair] = await tx
      .select({
        p: staticPairs.preprintedNo,
        s: staticPairs.staticNo,
        prefix: staticPairs.prefix,
        companyId: staticPairs.companyId,
      })
      .from(staticPairs)
      .where(and(gte(staticPairs.preprintedNo, fromNo), lte(staticPairs.preprintedNo, toNo)))
      .orderBy(staticPairs.preprintedNo)
      .limit(1);
    if (pair && pair.companyId !== companyId) refuse(mappedElsewhere(pair.p, pair.p));
    if (pair) refuse(pairedPreprinted(pair.p, pair.prefix, pair.s));
  }

  const [mapping] = await tx
    .insert(mappings)
    .values({
      kind: series.kind,
      prefix: series.prefix,
      fromNo,
      toNo,
      companyId,
      siteId: caller.siteId,
      productId: product.id,
      batchNo: input.batchNo,
      mfgDate: input.mfgDate,
      expDate: input.expDate,
      mrp: input.mrp,
      remark: input.remark,
      createdBy: caller.userId,
    })
    .returning();
  await logEvent(tx, {
    action: 'map',
    userId: caller.userId,
    companyId,
    siteId: caller.siteId,
    series,
    fromNo,
    toNo,
    ref: String(mapping!.id),
    detail: { productId: product.id, batchNo: input.batchNo },
  });
  return mapping!;
}

export interface MappingSaved {
  MappingId: number;
  EXPDate: string;
  LabelNotice?: string;
}

/** What labels print (Config.labelLink and publicBaseUrl). */
export interface LabelSetting {
  form: 'p' | 'gs1';
  publicBaseUrl: string;
}

/** What to tell the user of a new range whose labels would print a Digital Link (print-file.ts
 *  labelUrlOf: static, asked for, a valid GTIN) but whose batch AI 10 cannot hold; else undefined. */
export function labelNotice(labels: LabelSetting, series: Series, gtin: string | null, batch: string) {
  const gs1 = labels.form === 'gs1' && series.kind === 'S' && gtinValid(gtin?.trim() ?? '');
  return gs1 && !batchFitsAi10(batch) ? batchNotInDigitalLink(batch, labels.publicBaseUrl) : undefined;
}

/** Mapping/CreateMapping, a new range: its expiry defaults to MFG + the product's shelf life. */
export async function addMapping(
  tx: Tx,
  caller: Caller,
  b: Extract<MappingSaveOut, { mode: 'add' }>,
  labels: LabelSetting,
): Promise<MappingSaved> {
  const series = callerSeries(caller, b.isPreprinted);
  checkSeries(caller, series);
  const [product] = await tx
    .select({ life: products.bestBeforeDays, gtin: products.gtin })
    .from(products)
    .where(and(eq(products.id, b.ProductId), eq(products.companyId, caller.companyId!), eq(products.isActive, true)));
  if (!product) refuse(MAPPING_MSG.productNotFound);
  await lockSeries(tx, series);
  const m = await mapRange(tx, caller, {
    series,
    fromNo: b.FromNo,
    toNo: b.ToNo,
    productId: b.ProductId,
    batchNo: b.BatchNo,
    mfgDate: b.MFGDate,
    expDate: b.EXPDate ?? addDays(b.MFGDate, product.life),
    mrp: b.Mrp,
    remark: b.Remark,
  });
  const notice = labelNotice(labels, series, product.gtin, m.batchNo);
  return { MappingId: m.id, EXPDate: m.expDate, ...(notice && { LabelNotice: notice }) };
}

/** Mapping/CreateMapping with a MappingId: the one field an update may change, the expiry. */
export async function updateExpiry(
  tx: Tx,
  caller: Caller,
  b: Extract<MappingSaveOut, { mode: 'update' }>,
): Promise<MappingSaved> {
  // One scoped lookup: another company's mapping and a missing one take the same path.
  const [m] = await tx
    .select()
    .from(mappings)
    .where(and(eq(mappings.id, b.MappingId), or(mappingScope(caller, true), mappingScope(caller, false))));
  if (!m) refuse(MAPPING_MSG.notFound);
  const series: Series = { kind: m.kind, prefix: m.prefix };
  await lockSeries(tx, series);
  if (b.EXPDate < m.mfgDate) refuse(MAPPING_MSG.expAfterMfg);
  if (b.EXPDate === m.expDate) return { MappingId: m.id, EXPDate: m.expDate };
  await tx
    .update(mappings)
    .set({ expDate: b.EXPDate, updatedAt: new Date() })
    .where(and(eq(mappings.id, m.id), eq(mappings.companyId, m.companyId)));
  await logEvent(tx, {
    action: 'map-expiry',
    userId: caller.userId,
    companyId: m.companyId,
    siteId: m.siteId,
    series,
    fromNo: m.fromNo,
    toNo: m.toNo,
    ref: String(m.id),
    detail: { from: m.expDate, to: b.EXPDate },
  });
  return { MappingId: m.id, EXPDate: b.EXPDate };
}
