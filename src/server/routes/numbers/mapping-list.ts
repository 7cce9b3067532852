// The mapping row every screen that lists mappings reads (Mapping, De Mapping, Product Damage, the
// product lookups); the list's sorts are its contract's (MAPPING_LIST); who sees which is domain/mapping.ts mappingScope.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../domain/ranges.js';
import { mappings, products, sites } from '../../db/schema.js';
import { totalRows } from '../../list/list-query.js';
import type { PgSelect } from 'drizzle-orm/pg-core';

const qty = sql<number>`cast(${mappings.toNo} - ${mappings.fromNo} + 1 as bigint)`.mapWith(Number);

export const mappingFields = {
  MappingId: mappings.id,
  ProductId: mappings.productId,
  ProductName: products.name,
  ProductCd: products.code,
  FromNo: mappings.fromNo,
  ToNo: mappings.toNo,
  Qty: qty,
  CreatedDt: mappings.createdAt,
  MFGDate: mappings.mfgDate,
  EXPDate: mappings.expDate,
  BatchNo: mappings.batchNo,
  Mrp: sql<number | null>`cast(${mappings.mrp} as double precision)`.mapWith((v: unknown) =>
    v === null ? null : Number(v),
  ),
  Remark: mappings.remark,
  FirmName: sites.name,
  ProductPic: products.image,
  CategoryIdMG1: products.categoryId,
  CategoryIdMG2: products.mg2Id,
  CategoryIdMG3: products.mg3Id,
  PUOM: products.uom,
  PSize: products.packValue,
  isPreprinted: sql<boolean>`(${mappings.kind} = 'P')`.mapWith(Boolean),
};

/** A typed number also finds the mapping whose range holds it. */
export function numberInRange(term: string | null | undefined): SQL | undefined {
  const t = term?.trim() ?? '';
  return /^\d{1,15}$/.test(t) ? sql`${Number(t)} between ${mappings.fromNo} and ${mappings.toNo}` : undefined;
}

/** Mappings with their product and site joined, for any selection of fields. */
export const withProductAndSite = <Q extends PgSelect>(q: Q) =>
  q.innerJoin(products, eq(products.id, mappings.productId)).leftJoin(sites, eq(sites.id, mappings.siteId));

/** The mapping rows select with product and site joined, ready for a plain where. */
export function selectMappings(db: Tx) {
  return withProductAndSite(
    db
      .select({ ...mappingFields, TotalRows: totalRows() })
      .from(mappings)
      .$dynamic(),
  );
}
