// Test data of De Mapping and Product Damage: a company with two factories and their users, mapping
// rows written straight to the table, packed items, and the two request bodies.
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../src/server/db/connect.js';
import { cartons, damages, items, mappings, secondaryCartons, sites, users } from '../../src/server/db/schema.js';
import type { SeriesKind } from '../../src/shared/codes.js';
import { PAGE } from '../../src/shared/pages.js';
import { insertCompany, insertSite, insertUser, unique, type TestUser } from './factories.js';
import { insertProduct } from './factories-sites.js';

export type MappingRow = typeof mappings.$inferSelect;

export interface DamageWorld {
  company: number;
  other: number;
  product: number;
  productName: string;
  otherProduct: number;
  /** Factory users: `KA`-like prefixes of the same company, and one of another company. */
  prefix: string;
  user: TestUser;
  sibling: TestUser;
  siblingPrefix: string;
  stranger: TestUser;
  /** A user of the company with no site (no prefix), with both pages. */
  noPrefix: TestUser;
  /** A user of the company's factory without either page. */
  noPages: TestUser;
}

const PAGES = [PAGE.deMapping.key, PAGE.productDamage.key, PAGE.mapping.key];

/** Prefixes `p1`, `p2` (same company) and `p3` (another company) must be unused in the database. */
export async function damageWorld(db: Db, [p1, p2, p3]: [string, string, string]): Promise<DamageWorld> {
  const company = (await insertCompany(db)).id;
  const other = (await insertCompany(db)).id;
  const productName = unique('Neem Gold ');
  const product = (await insertProduct(db, company, { name: productName })).id;
  const otherProduct = (await insertProduct(db, other)).id;
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
    otherProduct,
    prefix: p1,
    siblingPrefix: p2,
    user: await factoryUser(company, site.id),
    sibling: await factoryUser(company, siblingSite.id),
    stranger: await factoryUser(other, strangerSite.id),
    noPrefix: await factoryUser(company, null),
    noPages: await factoryUser(company, site.id, [PAGE.mapping.key]),
  };
}

export interface MappingInput {
  companyId: number;
  productId: number;
  kind?: SeriesKind;
  prefix?: string;
  fromNo: number;
  toNo: number;
  batchNo?: string;
}

/** A mapping row as Mapping/CreateMapping would leave it. */
export async function insertMapping(db: Db, m: MappingInput): Promise<MappingRow> {
  const kind = m.kind ?? 'S';
  const [row] = await db
    .insert(mappings)
    .values({
      kind,
      prefix: kind === 'S' ? (m.prefix ?? '').toUpperCase() : '',
      fromNo: m.fromNo,
      toNo: m.toNo,
      companyId: m.companyId,
      productId: m.productId,
      batchNo: m.batchNo ?? unique('B-'),
      mfgDate: '2026-01-10',
      expDate: '2028-01-10',
      mrp: '450.00',
      remark: 'test mapping',
    })
    .returning();
  return row!;
}

/** An item packed in a carton, the carton made on first use from the mapping that holds the number:
 *  the state secondary packing leaves. */
export async function packItem(
  db: Db,
  kind: SeriesKind,
  prefix: string,
  serialNo: number,
  secondaryId = 'SID26KA00001',
) {
  const series = kind === 'S' ? prefix.toUpperCase() : '';
  const [m] = await db
    .select()
    .from(mappings)
    .where(
      and(
        eq(mappings.kind, kind),
        eq(mappings.prefix, series),
        lte(mappings.fromNo, serialNo),
        gte(mappings.toNo, serialNo),
      ),
    );
  if (!m) throw new Error(`packItem: ${kind}${series} ${serialNo} is not mapped`);
  const [found] = m.siteId
    ? [{ id: m.siteId }]
    : await db.select({ id: sites.id }).from(sites).where(eq(sites.companyId, m.companyId)).limit(1);
  const site = found ?? (await insertSite(db, m.companyId));
  const [size] = await db.select({ id: cartons.id }).from(cartons).limit(1);
  const [admin] = await db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  await db
    .insert(secondaryCartons)
    .values({
      sid: secondaryId,
      companyId: m.companyId,
      siteId: site.id,
      locationSiteId: site.id,
      cartonSizeId: size!.id,
      productId: m.productId,
      qty: 1,
      state: 'packed',
      createdBy: admin!.id,
    })
    .onConflictDoNothing();
  await db
    .insert(items)
    .values({ companyId: m.companyId, kind, prefix: series, serialNo, status: 'packed', secondaryId });
}

/** The mapping rows of a series in a band of numbers, as [from, to] pairs in order. */
export async function rangesOf(
  db: Db,
  kind: SeriesKind,
  prefix: string,
  from: number,
  to: number,
): Promise<[number, number][]> {
  const rows = await db
    .select({ f: mappings.fromNo, t: mappings.toNo })
    .from(mappings)
    .where(and(eq(mappings.kind, kind), eq(mappings.prefix, kind === 'S' ? prefix.toUpperCase() : '')))
    .orderBy(asc(mappings.fromNo));
  return rows.filter((r) => r.t >= from && r.f <= to).map((r) => [r.f, r.t]);
}

export async function damagesOf(db: Db, kind: SeriesKind, prefix: string): Promise<[number, number, string][]> {
  const rows = await db
    .select()
    .from(damages)
    .where(and(eq(damages.kind, kind), eq(damages.prefix, kind === 'S' ? prefix.toUpperCase() : '')))
    .orderBy(asc(damages.fromNo));
  return rows.map((r) => [r.fromNo, r.toNo, r.reason]);
}

type Body = Record<string, unknown>;

export function demapBody(m: MappingRow, from: number, qty: number, overrides: Body = {}): Body {
  return {
    MappingId: m.id,
    ProductId: m.productId,
    FromNo: from,
    ToNo: from + qty - 1,
    Qty: qty,
    isPreprinted: m.kind === 'P',
    ...overrides,
  };
}

export function damageBody(m: MappingRow, from: number, qty: number, overrides: Body = {}): Body {
  return {
    MappingId: m.id,
    FromNo: from,
    ToNo: from + qty - 1,
    Qty: qty,
    Reason: 'Crushed in transit',
    isPreprinted: m.kind === 'P',
    ...overrides,
  };
}
