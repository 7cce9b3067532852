// Mapping (spec 2 sections 2, 4, 5, 7; DESIGN section 4 'Mapping'): list, add (one range through the
// mapping rule), expiry update, next From No. and the refused delete.
import { and, eq, gte, isNotNull, lte, max, min, or, sql } from 'drizzle-orm';
import type { Series } from '../../../shared/codes.js';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { addDays, isPreprintedFlag } from '../../../shared/contracts/numbers/fields.js';
import { MAPPING_API, MAPPING_MSG, type MappingSaveOut } from '../../../shared/contracts/numbers/mapping.js';
import { mappings, numberIssues, products } from '../../db/schema.js';
import type { Db } from '../../db/connect.js';
import { mapRange, seriesRefusal } from '../../domain/mapping.js';
import { lockSeries, logEvent } from '../../domain/ranges.js';
import type { Caller } from '../../auth/actor.js';
import { idParam, INVALID_ARGUMENTS, type Router } from '../../http/route.js';
import { applyList, ListError, searchCondition } from '../../list/list-query.js';
import { mappingListDef, mappingScope, numberInRange, selectMappings } from './mapping-list.js';
import { productLookupRoutes } from './product-lookups.js';

const seriesOf = (caller: Caller, isPreprinted: boolean): Series =>
  (isPreprinted ? { kind: 'P', prefix: '' } : { kind: 'S', prefix: caller.prefix.toUpperCase() });

async function addMapping(db: Db, caller: Caller, b: Extract<MappingSaveOut, { mode: 'add' }>) {
  const series = seriesOf(caller, b.isPreprinted);
  const refusal = seriesRefusal(caller, series);
  if (refusal) return warn(refusal);
  const [product] = await db.select({ life: products.bestBeforeDays }).from(products)
    .where(and(eq(products.id, b.ProductId), eq(products.companyId, caller.companyId!), eq(products.isActive, true)));
  if (!product) return warn(MAPPING_MSG.productNotFound);
  const expDate = b.EXPDate ?? addDays(b.MFGDate, product.life);
  const result = await db.transaction(async (tx) => {
    await lockSeries(tx, series);
    return mapRange(tx, caller, {
      series, fromNo: b.FromNo, toNo: b.ToNo, productId: b.ProductId, batchNo: b.BatchNo,
      mfgDate: b.MFGDate, expDate, mrp: b.Mrp, remark: b.Remark,
    });
  });
  if ('refused' in result) return warn(result.refused);
  return ok({ MappingId: result.mapping.id, EXPDate: result.mapping.expDate }, MAPPING_MSG.created);
}

async function updateExpiry(db: Db, caller: Caller, b: Extract<MappingSaveOut, { mode: 'update' }>) {
  return db.transaction(async (tx) => {
    // One scoped lookup: another company's mapping and a missing one take the same path.
    const [m] = await tx.select().from(mappings)
      .where(and(eq(mappings.id, b.MappingId), or(mappingScope(caller, true), mappingScope(caller, false))));
    if (!m) return warn(MAPPING_MSG.notFound);
    const series: Series = { kind: m.kind, prefix: m.prefix };
    await lockSeries(tx, series);
    if (b.EXPDate < m.mfgDate) return warn(MAPPING_MSG.expAfterMfg);
    if (b.EXPDate === m.expDate) return ok({ MappingId: m.id, EXPDate: m.expDate }, MAPPING_MSG.updated);
    await tx.update(mappings).set({ expDate: b.EXPDate, updatedAt: new Date() }).where(eq(mappings.id, m.id));
    await logEvent(tx, {
      action: 'map-expiry', userId: caller.userId, companyId: m.companyId, siteId: m.siteId, series, fromNo: m.fromNo, toNo: m.toNo,
      ref: String(m.id), detail: { from: m.expDate, to: b.EXPDate },
    });
    return ok({ MappingId: m.id, EXPDate: b.EXPDate }, MAPPING_MSG.updated);
  });
}

/** One past the highest number in use, or the first free number of the company's accepted stock. */
async function nextFromNo(db: Db, caller: Caller, isPreprinted: boolean): Promise<number> {
  if (!isPreprinted) {
    const [row] = await db.select({ top: max(mappings.toNo) }).from(mappings)
      .where(and(eq(mappings.kind, 'S'), eq(mappings.prefix, caller.prefix.toUpperCase())));
    return row?.top != null ? Number(row.top) + 1 : 1;
  }
  if (caller.companyId === null) return 1;
  const accepted = and(eq(numberIssues.companyId, caller.companyId), isNotNull(numberIssues.acceptedAt));
  const [used] = await db.select({ top: sql<number | null>`max(least(${mappings.toNo}, ${numberIssues.toNo}))`.mapWith(Number) })
    .from(mappings).innerJoin(numberIssues, and(accepted, lte(numberIssues.fromNo, mappings.toNo), gte(numberIssues.toNo, mappings.fromNo)))
    .where(eq(mappings.kind, 'P'));
  if (used?.top) return used.top + 1;
  const [low] = await db.select({ low: min(numberIssues.fromNo) }).from(numberIssues).where(accepted);
  return low?.low != null ? Number(low.low) : 1;
}

export function mappingRoutes(r: Router) {
  productLookupRoutes(r);
  r.serve(MAPPING_API.list, async ({ db, body, caller }) => {
    const isPreprinted = isPreprintedFlag.parse(body.isPreprinted);
    const inRange = numberInRange(body.SearchValue);
    // A typed number finds its range as well as matching text; applyList then searches nothing more.
    const search = inRange ? or(searchCondition(mappingListDef, body.SearchValue), inRange) : undefined;
    try {
      return ok(await applyList(selectMappings(db), mappingListDef, inRange ? { ...body, SearchValue: null } : body,
        [mappingScope(caller, isPreprinted), search]));
    } catch (e) {
      if (e instanceof ListError) return warn(e.message);
      throw e;
    }
  });

  r.serve(MAPPING_API.save, async ({ db, body, caller }) =>
    (body.mode === 'add' ? addMapping(db, caller, body) : updateExpiry(db, caller, body)));

  r.serve(MAPPING_API.fromNumber, async ({ db, params, caller }) => {
    const flag = isPreprintedFlag.safeParse(params.isPreprinted);
    if (!flag.success) return warn(INVALID_ARGUMENTS);
    if (!flag.data && !caller.prefix) return warn(MAPPING_MSG.noPrefix, { FrmNo: 1 });
    return ok({ FrmNo: await nextFromNo(db, caller, flag.data) });
  });

  // Printed numbers cannot be taken back by deleting their mapping: De Mapping releases numbers
  // (and refuses packed ones), so a whole-mapping delete is refused.
  r.serve(MAPPING_API.remove, async ({ params }) =>
    (idParam(params.id) === null ? warn(INVALID_ARGUMENTS) : warn(MAPPING_MSG.deleteRefused)));
}
