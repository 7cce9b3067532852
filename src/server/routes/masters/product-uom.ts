// Product/GetProductUOM: the usual agri-input pack units, plus any other unit the caller's
// company already uses, so the form offers a fixed, tidy list that never loses an old value.
import { and, isNotNull, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/connect.js';
import { products } from '../../db/schema.js';

export const STANDARD_UOMS = [
  'kg',
  'g',
  'mg',
  'L',
  'ml',
  'Nos',
  'Pcs',
  'Pkt',
  'Bag',
  'Bottle',
  'Box',
  'Can',
  'Pouch',
] as const;

export async function productUoms(db: Db, scope: SQL | undefined): Promise<{ UOM: string }[]> {
  const used = await db
    .selectDistinct({ uom: products.uom })
    .from(products)
    .where(and(scope, isNotNull(products.uom), ne(products.uom, '')));
  const known = new Set(STANDARD_UOMS.map((u) => u.toLowerCase()));
  const extra = used
    .map((u) => u.uom!)
    .filter((u) => !known.has(u.toLowerCase()))
    .sort();
  return [...STANDARD_UOMS, ...extra].map((UOM) => ({ UOM }));
}
