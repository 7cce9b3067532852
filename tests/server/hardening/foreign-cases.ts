// The rights matrix's table of id-taking routes: for each, a request naming a record of the demo
// company (the foreign one for the probing user). Routes with parameters that name no company's
// record are listed apart, with why, so a new id-taking route cannot slip past the matrix.
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/connect.js';
import {
  companies,
  damages,
  mappings,
  numberIssues,
  prices,
  products,
  redemptionRequests,
  schemes,
  sites,
  users,
} from '../../../src/server/db/schema.js';
import { USER_TYPE } from '../../../src/shared/contracts/auth.js';
import { damageBody, demapBody, insertMapping } from '../../helpers/factories-damage.js';
import { issueBody, acceptBody } from '../../helpers/factories-issue.js';
import { mapBody } from '../../helpers/factories-mapping.js';
import { place, distributorBody, salespersonBody } from '../../helpers/factories-people.js';
import { productBody } from '../../helpers/factories-products.js';
import { companyBody, factoryBody, insertReference } from '../../helpers/factories-sites.js';

/** Path parameters that name no record of a company. */
export const NOT_COMPANY_RECORDS: Record<string, string> = {
  'Scheme/GetSchemeItems/:type':
    "a scheme type (PB, CM, SC, SD), answered from the caller's own products or shared categories",
  'Category/GetCategoryDDLMG2/:id': 'categories are shared reference data',
  'Category/GetSubCategoryDDL/:id': 'categories are shared reference data',
  'Category/GetCategoryDDLMG3/:id': 'categories are shared reference data',
  'Category/DeleteCategoryMG1/:id': 'categories are shared reference data',
  'Category/DeleteCategoryMG2/:id': 'categories are shared reference data',
  'Category/DeleteSubCategory/:id': 'categories are shared reference data',
  'Category/DeleteCategoryMG3/:id': 'categories are shared reference data',
  'Product/GetMappedProductsDDL/:isPreprinted': 'a flag, scoped to the caller',
  'Mapping/GetFromNumberMap/:isPreprinted': 'a flag, scoped to the caller',
  'NumberGeneration/File/:token': 'a signed link, checked by its signature',
  // EPCIS (issue 28): looked up among the caller's company's events only (tests/server/epcis).
  'epcis/events/:eventID': "an event hash, found among the caller's company's events only",
  'epcis/epcs/:epc/events': "an EPC, whose events are read among the caller's company's events only",
};

/** The demo company's records, by the ids and names a probe would use. */
export interface Foreign {
  companyId: number;
  factoryId: number;
  prefix: string;
  userId: number;
  distributorId: number;
  productId: number;
  priceId: number;
  pendingIssueId: number;
  mapping: typeof mappings.$inferSelect;
  staticMapping: typeof mappings.$inferSelect;
  damageId: number;
  /** Texts of the demo company that must never reach another company's user. */
  secrets: string[];
}

export async function demoRecords(db: Db): Promise<Foreign> {
  const [company] = await db.select().from(companies).where(eq(companies.code, 'GHAL'));
  const c = company!.id;
  const [factory] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.companyId, c), eq(sites.isFactory, true)));
  const [product] = await db.select().from(products).where(eq(products.companyId, c));
  const [price] = await db.select().from(prices).where(eq(prices.productId, product!.id));
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, c), eq(users.userType, USER_TYPE.factory)));
  const [distributor] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, c), eq(users.userType, USER_TYPE.distributor)));
  const [pending] = await db
    .select()
    .from(numberIssues)
    .where(and(eq(numberIssues.companyId, c), eq(numberIssues.fromNo, 100_001)));
  const mapping = await insertMapping(db, {
    kind: 'P',
    fromNo: 501,
    toNo: 600,
    companyId: c,
    productId: product!.id,
    batchNo: 'DEMO-SECRET-B1',
  });
  const staticMapping = await insertMapping(db, {
    kind: 'S',
    prefix: factory!.prefix!,
    fromNo: 1,
    toNo: 100,
    companyId: c,
    productId: product!.id,
    batchNo: 'DEMO-SECRET-S1',
  });
  const [damage] = await db
    .insert(damages)
    .values({
      companyId: c,
      productId: product!.id,
      kind: 'P',
      prefix: '',
      fromNo: 550,
      toNo: 555,
      reason: 'DEMO-SECRET-REASON',
    })
    .returning();
  const others = await db
    .select({ n: users.userName })
    .from(users)
    .where(and(eq(users.companyId, c), ne(users.userType, USER_TYPE.admin)));
  return {
    companyId: c,
    factoryId: factory!.id,
    prefix: factory!.prefix!,
    userId: user!.id,
    distributorId: distributor!.id,
    productId: product!.id,
    priceId: price!.id,
    pendingIssueId: pending!.id,
    mapping,
    staticMapping,
    damageId: damage!.id,
    secrets: [company!.name, factory!.name, product!.name, ...others.map((o) => o.n), 'DEMO-SECRET', 'SO-DEMO-2'],
  };
}

export interface Probe {
  method: 'GET' | 'POST';
  path: string;
  url: string;
  body?: unknown;
  /** A new record naming the foreign company: it may be saved, but only into the caller's own company. */
  creates?: true;
}

/** One or more probes per id-taking route; `own` is the prober's company, for the sneaky variants. */
export async function foreignProbes(db: Db, f: Foreign, own: number): Promise<Probe[]> {
  await insertReference(db);
  const p = await place(db, 'Maharashtra', 'Nashik');
  const get = (path: string, arg: string | number): Probe => ({
    method: 'GET',
    path,
    url: path.replace(/:[A-Za-z]+/, String(arg)),
  });
  const post = (path: string, body: unknown): Probe => ({ method: 'POST', path, url: path, body });
  const create = (path: string, body: unknown): Probe => ({ ...post(path, body), creates: true });
  // Loyalty records of the demo company, named so that a leak shows (DEMO-SECRET is a secret).
  const [scheme] = await db
    .insert(schemes)
    .values({
      companyId: f.companyId,
      kind: 'design',
      name: 'DEMO-SECRET scheme',
      schemeType: 'PB',
      beneficiary: 3,
      validFrom: '2026-01-01',
      validTo: '2099-12-31',
    })
    .returning({ id: schemes.id });
  const [request] = await db
    .insert(redemptionRequests)
    .values({
      companyId: f.companyId,
      mobile: '9000000001',
      name: 'DEMO-SECRET farmer',
      points: 5,
      verificationId: 1,
    })
    .returning({ id: redemptionRequests.id });
  return [
    get('Scheme/GetSchemeDataById/:id', scheme!.id),
    get('RedemptionReport/AcceptPointsRequest/:id', request!.id),
    {
      method: 'GET',
      path: 'RedemptionReport/AcceptPointsRequest/:id/:remark',
      url: `RedemptionReport/AcceptPointsRequest/${request!.id}/paid`,
    },
    get('AccessRight/GetAccessRight/:id', f.userId),
    get('User/DeleteUser/:id', f.distributorId),
    get('ProductConfiguration/GetConfigrationData/:productId', f.productId),
    get('Product/DeleteProduct/:id', f.productId),
    get('WareHouser/DeleteWareHouse/:id', f.factoryId),
    get('IssueNumber/DeleteIssueNumber/:id', f.pendingIssueId),
    get('IssueNumber/DownloadIssuedNumbers/:id', f.pendingIssueId),
    get('ProductDamage/DeleteDamage/:id', f.damageId),
    get('Product/GetIds/:prefix', f.prefix),
    get('Product/UpdateIds/:args', `${f.prefix},SID,5`),
    get('Product/GetProductsSize/:productId', f.productId),
    get('Product/GetProductsLife/:productId', f.productId),
    get('Product/GetMapping/:pair', `${f.productId},1`),
    get('Product/GetMapping/:pair', `${f.productId},0`),
    get('Mapping/DeleteMapping/:id', f.mapping.id),
    post('AccessRight/CreateUpdateAccessRight', { UserId: f.userId, PageList: ['215'] }),
    post('CompanyMaster/CreateCompany', companyBody({ CompId: f.companyId })),
    post('User/CreateUpdateUser', distributorBody(own, p, { ReferenceID: f.distributorId })),
    post('User/CreateUpdateUser', distributorBody(f.companyId, p, { ReferenceID: f.distributorId })),
    create('User/CreateUpdateUser', salespersonBody(f.companyId)),
    post('ProductConfiguration/UpdateProductConfigration', {
      ProductId: f.productId,
      ProdConfiguration: '{"IsFeedback":true,"IsProductImage":true}',
      BtnType: 'btnsingle',
    }),
    post('ProductConfiguration/UpdateProductConfigration', {
      ProductId: f.productId,
      ProdConfiguration: '{"IsFeedback":true,"IsProductImage":true}',
      BtnType: 'btnall',
    }),
    post('Product/CreateUpdateProduct', productBody(own, { ProductId: f.productId })),
    post('Product/CreateUpdateProduct', productBody(f.companyId, { ProductId: f.productId })),
    create('Product/CreateUpdateProduct', productBody(f.companyId)),
    post('WareHouser/Save', factoryBody(own, { ID: f.factoryId })),
    post('WareHouser/Save', factoryBody(f.companyId, { ID: f.factoryId })),
    create('WareHouser/Save', factoryBody(f.companyId)),
    post('PriceMaster/CreatePrice', { PriceId: f.priceId, ProductId: f.productId, Price: 100 }),
    post('PriceMaster/CreatePrice', { PriceId: 0, ProductId: f.productId, Price: 100 }),
    post('StockManagement/CreateStockManagement', acceptBody(f.pendingIssueId, 100_001, 200_000)),
    post('IssueNumber/CreateIssueNumber', issueBody(f.companyId, 900_001, 900_010)),
    post('Mapping/CreateMapping', mapBody(f.productId, 601, 610)),
    post('Mapping/CreateMapping', { MappingId: f.mapping.id, EXPDate: '2030-01-01' }),
    post('DeMapping/CreateDemapping', demapBody(f.mapping, 510, 5)),
    post('ProductDamage/CreateDamage', damageBody(f.mapping, 520, 5)),
    post('NumberGeneration/CreateGeneratedNumber', { MappingId: f.staticMapping.id, FromNo: 1, ToNo: 10, Qty: 10 }),
    post('NumberGeneration/DownloadNumber', { FromNo: 1, ToNo: 10, Qty: 10, Prefix: f.prefix }),
    post('NumberGeneration/GetFromNumbers', { MappingId: f.staticMapping.id }),
  ];
}
