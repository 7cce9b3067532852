// Demo prices (SEED_DEMO): each demo product with an MRP gets a trade price a fifth below it.
// Runs after the products, so it reads whatever the products seed made.
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { prices, products } from '../db/schema.js';
import type { DemoContext, Tx } from './context.js';

export async function seedPrices(tx: Tx, ctx: DemoContext): Promise<void> {
  const rows = await tx
    .select({ id: products.id, mrp: products.mrp })
    .from(products)
    .where(and(eq(products.companyId, ctx.companyId), eq(products.isActive, true), isNotNull(products.mrp)))
    .orderBy(asc(products.id));
  const values = rows.map((p) => ({
    productId: p.id,
    companyId: ctx.companyId,
    price: (Math.round(Number(p.mrp) * 80) / 100).toFixed(2),
  }));
  if (values.length > 0) await tx.insert(prices).values(values);
}
