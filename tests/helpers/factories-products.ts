// Product and upload test data: save bodies the product contract accepts, and multipart bodies
// built by hand (the bytes a browser sends) for Upload/FileUpload.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../src/server/db/connect.js';
import { categories, products } from '../../src/server/db/schema.js';
import type { ProductSave } from '../../src/shared/contracts/product.js';
import { unique } from './factories.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/uploads/', import.meta.url));
export const fixture = (name: string) => readFileSync(join(FIXTURES, name));

export function productBody(
  companyId: number,
  overrides: Partial<Record<keyof ProductSave, unknown>> & Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ProductId: 0,
    ProductName: unique('Product '),
    ProductCd: unique('P').replace(/[^A-Za-z0-9]/g, ''),
    ProductDscrptn: 'Test product',
    ProductUOM: 'kg',
    ProductValue: 1,
    CompId: companyId,
    IsActive: true,
    WarrantyPeriodInMonth: 730,
    ...overrides,
  };
}

export async function insertProduct(db: Db, companyId: number, overrides: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await db
    .insert(products)
    .values({
      companyId,
      name: unique('Product '),
      code: unique('P').replace(/[^A-Za-z0-9]/g, ''),
      packValue: 1,
      uom: 'kg',
      ...overrides,
    })
    .returning();
  return row!;
}

/** MG1 > MG2 > MG3 with unique names. */
export async function insertCategoryChain(db: Db) {
  const [a] = await db
    .insert(categories)
    .values({ level: 1, name: unique('Cat ') })
    .returning();
  const [b] = await db
    .insert(categories)
    .values({ level: 2, parentId: a!.id, name: unique('Sub ') })
    .returning();
  const [c] = await db
    .insert(categories)
    .values({ level: 3, parentId: b!.id, name: unique('Div ') })
    .returning();
  return { mg1: a!.id, mg2: b!.id, mg3: c!.id };
}

export interface Part {
  field: string;
  data: Buffer | string;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body and its content-type header. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ft${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.field}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The one file part a screen sends. */
export const filePart = (data: Buffer | string, filename: string, type = 'application/octet-stream'): Part => ({
  field: 'productfile',
  data,
  filename,
  type,
});
