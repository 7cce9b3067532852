// Test data for Mapping: a factory (company, site with a prefix, product, signed-in user), mappings
// written straight to the database, and CreateMapping bodies.
import { mappings, staticPairs } from '../../src/server/db/schema.js';
import type { Db } from '../../src/server/db/connect.js';
import type { SeriesKind } from '../../src/shared/codes.js';
import { USER_TYPE } from '../../src/shared/contracts/auth.js';
import { insertCompany, insertSite, insertUser, unique } from './factories.js';
import { insertProduct, nextPrefix } from './factories-sites.js';
import type { TestApp } from './server-app.js';

export type MappingRecord = typeof mappings.$inferSelect;

export interface MapperWorld {
  token: string;
  userId: number;
  companyId: number;
  siteId: number;
  siteName: string;
  prefix: string;
  productId: number;
  productName: string;
}

/** A company with a factory (fresh prefix), an active product (best before `life` days) and a user holding `pages`. */
export async function insertMapper(t: TestApp, pages: string[], life = 365): Promise<MapperWorld> {
  const company = await insertCompany(t.db);
  const prefix = nextPrefix();
  const site = await insertSite(t.db, company.id, { prefix, name: unique('Plant ') });
  const product = await insertProduct(t.db, company.id, {
    name: unique('Neem Gold '),
    bestBeforeDays: life,
    packValue: 250,
    uom: 'ml',
  });
  const u = await insertUser(t.db, { companyId: company.id, siteId: site.id, userType: USER_TYPE.factory, pages });
  return {
    token: (await t.signIn(u.email, u.password)).token,
    userId: u.id,
    companyId: company.id,
    siteId: site.id,
    siteName: site.name,
    prefix,
    productId: product.id,
    productName: product.name,
  };
}

export interface MappingInsert {
  kind: SeriesKind;
  prefix?: string;
  fromNo: number;
  toNo: number;
  companyId: number;
  productId: number;
  siteId?: number | null;
  batchNo?: string;
  mfgDate?: string;
  expDate?: string;
  mrp?: string | null;
  remark?: string;
  createdAt?: Date;
}

/** A mapping row written directly (no rule checks): for states the tests need as given. */
export async function insertMapping(db: Db, m: MappingInsert): Promise<MappingRecord> {
  const [row] = await db
    .insert(mappings)
    .values({
      kind: m.kind,
      prefix: m.kind === 'S' ? (m.prefix ?? '').toUpperCase() : '',
      fromNo: m.fromNo,
      toNo: m.toNo,
      companyId: m.companyId,
      productId: m.productId,
      siteId: m.siteId ?? null,
      batchNo: m.batchNo ?? unique('B-'),
      mfgDate: m.mfgDate ?? '2026-01-10',
      expDate: m.expDate ?? '2027-01-10',
      mrp: m.mrp ?? null,
      remark: m.remark ?? '',
      ...(m.createdAt ? { createdAt: m.createdAt } : {}),
    })
    .returning();
  return row!;
}

export async function insertStaticPair(
  db: Db,
  companyId: number,
  prefix: string,
  staticNo: number,
  preprintedNo: number,
) {
  await db.insert(staticPairs).values({ companyId, prefix, staticNo, preprintedNo });
}

/** A CreateMapping add body for from..to (Qty follows unless overridden). */
export function mapBody(
  productId: number,
  from: number,
  to: number,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    MappingId: 0,
    ProductId: productId,
    FromNo: from,
    ToNo: to,
    Qty: to - from + 1,
    MFGDate: '2026-01-10',
    BatchNo: unique('B-'),
    EXPDate: '2027-01-10',
    Remark: '',
    Mrp: 120.5,
    isPreprinted: false,
    ...overrides,
  };
}
