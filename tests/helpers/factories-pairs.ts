// Test data for Static Qr Mapping and the product-by-QR lookup: genuine codes made with the test
// app's own secret, a factory with a prefix and a user of it, static mappings and accepted
// preprinted stock written straight to the database.
import { codeUrl, type Series } from '../../src/shared/codes.js';
import { USER_TYPE } from '../../src/shared/contracts/auth.js';
import { PAGE } from '../../src/shared/pages.js';
import { ensureSecret } from '../../src/server/auth/secrets.js';
import { codeMac, type CodeMac } from '../../src/server/domain/code-mac.js';
import type { Db } from '../../src/server/db/connect.js';
import { damages, mappings, numberIssues } from '../../src/server/db/schema.js';
import { insertCompany, insertSite, insertUser } from './factories.js';
import { insertProduct } from './factories-sites.js';
import type { TestApp } from './server-app.js';

/** The codes the app itself makes and checks (the same secret app.ts reads, stored on first start). */
export async function appCodes(t: TestApp): Promise<CodeMac> {
  return codeMac(await ensureSecret(t.db, 'code', t.config.codeSecret));
}

export const P_SERIES: Series = { kind: 'P', prefix: '' };
export const staticSeries = (prefix: string): Series => ({ kind: 'S', prefix });

/** The whole QR content of a code, as a scanner reads it. */
export const urlOf = (t: TestApp, uid: string) => codeUrl(t.config.publicBaseUrl, uid);

export interface Factory {
  companyId: number;
  siteId: number;
  prefix: string;
  productId: number;
  productName: string;
  productCode: string;
  userId: number;
  token: string;
}

/** A company with a factory of `prefix`, a product, and a factory user with `pages`. */
export async function insertFactory(
  t: TestApp,
  prefix: string,
  pages: string[] = [PAGE.mapStaticNumber.key],
): Promise<Factory> {
  const companyId = (await insertCompany(t.db)).id;
  const siteId = (await insertSite(t.db, companyId, { prefix })).id;
  const product = await insertProduct(t.db, companyId);
  const u = await insertUser(t.db, { companyId, siteId, userType: USER_TYPE.factory, pages });
  const token = (await t.signIn(u.email, u.password)).token;
  return {
    companyId,
    siteId,
    prefix,
    productId: product.id,
    productName: product.name,
    productCode: product.code,
    userId: u.id,
    token,
  };
}

/** Another user of the same company and site (other pages, or another prefix's site). */
export async function insertColleague(
  t: TestApp,
  f: Factory,
  pages: string[],
  siteId: number | null = f.siteId,
): Promise<string> {
  const u = await insertUser(t.db, { companyId: f.companyId, siteId, userType: USER_TYPE.factory, pages });
  return (await t.signIn(u.email, u.password)).token;
}

export interface MappingInput {
  companyId: number;
  productId: number;
  series: Series;
  fromNo: number;
  toNo: number;
  batchNo?: string;
  mrp?: string | null;
}

export async function insertMapping(db: Db, m: MappingInput) {
  const [row] = await db
    .insert(mappings)
    .values({
      kind: m.series.kind,
      prefix: m.series.kind === 'S' ? m.series.prefix : '',
      fromNo: m.fromNo,
      toNo: m.toNo,
      companyId: m.companyId,
      productId: m.productId,
      batchNo: m.batchNo ?? 'B-1',
      mfgDate: '2026-01-10',
      expDate: '2028-01-10',
      mrp: m.mrp === undefined ? '450.00' : m.mrp,
    })
    .returning();
  return row!;
}

/** Preprinted numbers issued to a company, accepted unless said otherwise. */
export async function insertIssue(db: Db, companyId: number, fromNo: number, toNo: number, accepted = true) {
  await db.insert(numberIssues).values({
    companyId,
    fromNo,
    toNo,
    salesOrderNo: `SO-${fromNo}`,
    ...(accepted ? { acceptedAt: new Date() } : {}),
  });
}

export async function insertDamage(
  db: Db,
  companyId: number,
  productId: number,
  series: Series,
  fromNo: number,
  toNo: number,
  reason: string,
) {
  await db.insert(damages).values({
    kind: series.kind,
    prefix: series.kind === 'S' ? series.prefix : '',
    fromNo,
    toNo,
    companyId,
    productId,
    reason,
  });
}
