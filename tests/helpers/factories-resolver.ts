// A company whose product carries a GTIN, with a batch of mapped packs: what the resolver's tests
// (tests/server/public/resolver*.test.ts) ask links of.
import { eq } from 'drizzle-orm';
import { products, recalls } from '../../src/server/db/schema.js';
import type { CodeMac } from '../../src/server/domain/code-mac.js';
import type { TestApp } from '../helpers/server-app.js';
import { appCodes, insertFactory, insertMapping, staticSeries } from './factories-pairs.js';
import { nextPrefix } from './factories-sites.js';

export const BASE = 'https://verify.example.in';

export interface GtinWorld {
  gtin: string;
  lot: string;
  productId: number;
  productName: string;
  companyId: number;
  /** The uid of pack `n` of the batch (1 to 10). */
  uid(n: number): string;
  codes: CodeMac;
}

/** A product with `gtin` (and the documents given), its packs 1 to 10 mapped to batch `lot`. */
export async function gtinWorld(
  t: TestApp,
  gtin: string,
  lot: string,
  files: { leafletPdf?: string; labelPdf?: string } = {},
): Promise<GtinWorld> {
  const codes = await appCodes(t);
  const f = await insertFactory(t, nextPrefix());
  await t.db
    .update(products)
    .set({ gtin, ...files })
    .where(eq(products.id, f.productId));
  const series = staticSeries(f.prefix);
  await insertMapping(t.db, {
    companyId: f.companyId,
    productId: f.productId,
    series,
    fromNo: 1,
    toNo: 10,
    batchNo: lot,
  });
  return {
    gtin,
    lot,
    productId: f.productId,
    productName: f.productName,
    companyId: f.companyId,
    uid: (n) => codes.make(series, n),
    codes,
  };
}

export async function recallBatch(t: TestApp, w: GtinWorld, reason: string) {
  await t.db.insert(recalls).values({ companyId: w.companyId, productId: w.productId, batchNo: w.lot, reason });
}

/** A stored upload's path, as the product master keeps it. */
export const uploadPath = (hex: string) => `/uploads/${hex.repeat(32).slice(0, 32)}.pdf`;
