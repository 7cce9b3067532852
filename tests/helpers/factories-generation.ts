// Test data of Number Generation: a company with two factories and their users, another company's
// factory, an admin, and the print-file link fetched like a browser would (no bearer header).
import { ensureSecret } from '../../src/server/auth/secrets.js';
import { codeMac, type CodeMac } from '../../src/server/domain/code-mac.js';
import type { Db } from '../../src/server/db/connect.js';
import { codeUrl } from '../../src/shared/codes.js';
import { numberIssues } from '../../src/server/db/schema.js';
import { PAGE } from '../../src/shared/pages.js';
import { insertCompany, insertSite, insertUser, unique, type TestUser } from './factories.js';
import { insertMapping, type MappingRow } from './factories-damage.js';
import { insertProduct } from './factories-sites.js';

export interface GenerationWorld {
  company: number;
  other: number;
  product: number;
  productName: string;
  prefix: string;
  siblingPrefix: string;
  strangerPrefix: string;
  user: TestUser;
  sibling: TestUser;
  stranger: TestUser;
  noPrefix: TestUser;
  noPages: TestUser;
  /** A factory user with Admin Number Download only. */
  downloader: TestUser;
}

const PAGES = [PAGE.numberGeneration.key, PAGE.adminNumberDownload.key];
/** What the world's product says for the label's law fields. */
export const GEN_REG_NO = 'CIR-40,123/2020';
export const GEN_MANUFACTURER = 'Example Agro Chemicals Pvt Ltd';

/** Prefixes `p1`, `p2` (same company) and `p3` (another company) must be unused in the database. */
export async function generationWorld(db: Db, [p1, p2, p3]: [string, string, string]): Promise<GenerationWorld> {
  const company = (await insertCompany(db)).id;
  const other = (await insertCompany(db)).id;
  const productName = unique('Neem Gold ');
  const product = (
    await insertProduct(db, company, {
      name: productName,
      registrationNo: GEN_REG_NO,
      manufactureName: GEN_MANUFACTURER,
    })
  ).id;
  const site = await insertSite(db, company, { prefix: p1 });
  const siblingSite = await insertSite(db, company, { prefix: p2 });
  const strangerSite = await insertSite(db, other, { prefix: p3 });
  const factoryUser = (companyId: number, siteId: number | null, pages = PAGES) =>
    insertUser(db, { companyId, siteId, userType: 4, pages });
  return {
    company,
    other,
    product,
    productName,
    prefix: p1,
    siblingPrefix: p2,
    strangerPrefix: p3,
    user: await factoryUser(company, site.id),
    sibling: await factoryUser(company, siblingSite.id),
    stranger: await factoryUser(other, strangerSite.id),
    noPrefix: await factoryUser(company, null),
    noPages: await factoryUser(company, site.id, [PAGE.mapping.key]),
    downloader: await factoryUser(company, site.id, [PAGE.adminNumberDownload.key]),
  };
}

export async function mapStatic(
  db: Db,
  w: GenerationWorld,
  prefix: string,
  fromNo: number,
  toNo: number,
  companyId = w.company,
): Promise<MappingRow> {
  const productId =
    companyId === w.company
      ? w.product
      : (await insertProduct(db, companyId, { registrationNo: GEN_REG_NO, manufactureName: GEN_MANUFACTURER })).id;
  return insertMapping(db, { companyId, productId, kind: 'S', prefix, fromNo, toNo, batchNo: unique('GB-') });
}

export async function insertIssue(db: Db, companyId: number, fromNo: number, toNo: number) {
  const [row] = await db
    .insert(numberIssues)
    .values({ companyId, fromNo, toNo, salesOrderNo: unique('SO-') })
    .returning();
  return row!;
}

/** The body of CreateGeneratedNumber for part of a mapping. */
export const generateBody = (m: MappingRow, fromNo: number, toNo: number, overrides: Record<string, unknown> = {}) => ({
  MappingId: m.id,
  FromNo: fromNo,
  ToNo: toNo,
  Qty: toNo - fromNo + 1,
  ...overrides,
});

/** CSV lines without the trailing empty one. */
export const csvLines = (text: string) => text.split('\r\n').slice(0, -1);

/** The codes the app itself makes and checks (the secret app.ts stores on first start). */
export async function testCodes(db: Db, codeSecret: string | undefined): Promise<CodeMac> {
  return codeMac(await ensureSecret(db, 'code', codeSecret));
}

/** The print-file lines expected for serials from..to of a static mapping, header first. */
export function expectedPrintLines(
  codes: CodeMac,
  base: string,
  m: MappingRow,
  productName: string,
  from: number,
  to: number,
): string[] {
  // The print file is for label software: a UTF-8 BOM, and cells as they are (the comma is quoted).
  const lines = ['\uFEFFSerial,Visible No,QR,Product Name,Batch No,MFG Date,EXP Date,MRP,Registration No,Manufacturer'];
  for (let n = from; n <= to; n++) {
    const uid = codes.make({ kind: 'S', prefix: m.prefix }, n);
    lines.push(
      `${n},${m.prefix}${n},${codeUrl(base, uid)},${productName},${m.batchNo},${m.mfgDate},${m.expDate},${m.mrp},"${GEN_REG_NO}",${GEN_MANUFACTURER}`,
    );
  }
  return lines;
}
