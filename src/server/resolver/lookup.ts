// What the resolver reads: the products carrying a GTIN (every company's: the GTIN is GS1's, unique in
// the world, so the scan names its owner), and a batch's recall. Nothing else about a company is read,
// so nothing else can show.
import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.js';
import { products, recalls } from '../db/schema.js';

export interface GtinProduct {
  id: number;
  name: string;
  leafletPdf: string | null;
  labelPdf: string | null;
}

export interface Recall {
  reason: string;
  at: Date;
}

/** Products whose GTIN, as GS1 writes it (digits only, 14 long), is `gtin14`. The master stores it as
 *  typed, so it is compared in that form; a few hundred products need no index. */
export function productsOfGtin(db: Db, gtin14: string): Promise<GtinProduct[]> {
  return db
    .select({ id: products.id, name: products.name, leafletPdf: products.leafletPdf, labelPdf: products.labelPdf })
    .from(products)
    .where(
      sql`regexp_replace(${products.gtin}, '[^0-9]', '', 'g') <> ''
        and lpad(regexp_replace(${products.gtin}, '[^0-9]', '', 'g'), 14, '0') = ${gtin14}`,
    )
    .orderBy(products.id);
}

/** The recall of batch `lot` of any of `productIds` (batches compare as the recall screen does: case aside). */
export async function recallOf(db: Db, productIds: number[], lot: string): Promise<Recall | null> {
  if (productIds.length === 0) return null;
  const [row] = await db
    .select({ reason: recalls.reason, at: recalls.createdAt })
    .from(recalls)
    .where(and(inArray(recalls.productId, productIds), sql`lower(${recalls.batchNo}) = lower(${lot})`))
    .limit(1);
  return row ?? null;
}
