// Mapping/GetMappings and the Product/ lookups (spec 2 sections 3, 7; spec 1 section 7): rows, scoping
// by company and factory prefix, sort, search, paging, the refused delete and the page rights.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../src/server/db/schema.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { USER_TYPE } from '../../../src/shared/contracts/auth.js';
import {
  MAPPING_API,
  MAPPING_MSG,
  mappingPair,
  PRODUCT_LOOKUP_API,
  type MappingRow,
} from '../../../src/shared/contracts/numbers/mapping.js';
import type { Endpoint, Params } from '../../../src/shared/endpoint.js';
import { PAGE } from '../../../src/shared/pages.js';
import { insertSite, insertUser, listBody } from '../../helpers/factories.js';
import { insertMapper, insertMapping, type MapperWorld } from '../../helpers/factories-mapping.js';
import { insertProduct, nextPrefix } from '../../helpers/factories-sites.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let w: MapperWorld; // the caller: Mapping page
let other: MapperWorld; // another company
let colleague: string; // same company, another factory prefix, De Mapping page only
let admin: string;
let otherPrefix: string;
beforeAll(async () => {
  w = await insertMapper(t, [PAGE.mapping.key]);
  // A fixed name and code: the searches below look for digits, which a random one may hold.
  await t.db.update(products).set({ name: 'Lumen Bloom', code: 'LUMEN' }).where(eq(products.id, w.productId));
  w = { ...w, productName: 'Lumen Bloom' };
  other = await insertMapper(t, [PAGE.mapping.key]);
  otherPrefix = nextPrefix();
  const site = await insertSite(t.db, w.companyId, { prefix: otherPrefix });
  const u = await insertUser(t.db, {
    companyId: w.companyId,
    siteId: site.id,
    userType: USER_TYPE.factory,
    pages: [PAGE.deMapping.key],
  });
  colleague = (await t.signIn(u.email, u.password)).token;
  admin = await t.token('admin');
  const mine = { companyId: w.companyId, productId: w.productId, siteId: w.siteId };
  const second = await insertProduct(t.db, w.companyId, { name: 'Zeta Shield', code: 'ZS-1' });
  await insertMapping(t.db, {
    ...mine,
    kind: 'S',
    prefix: w.prefix,
    fromNo: 1,
    toNo: 100,
    batchNo: 'LB-1',
    mfgDate: '2026-03-01',
    mrp: '120.50',
  });
  await insertMapping(t.db, {
    ...mine,
    kind: 'S',
    prefix: w.prefix,
    fromNo: 301,
    toNo: 310,
    batchNo: 'LB-3',
    mfgDate: '2026-01-15',
  });
  await insertMapping(t.db, {
    ...mine,
    productId: second.id,
    kind: 'S',
    prefix: w.prefix,
    fromNo: 101,
    toNo: 300,
    batchNo: 'ZB-2',
    mfgDate: '2026-02-01',
  });
  await insertMapping(t.db, {
    ...mine,
    kind: 'S',
    prefix: otherPrefix,
    fromNo: 1,
    toNo: 5,
    batchNo: 'LB-Y',
    siteId: site.id,
  });
  await insertMapping(t.db, { ...mine, kind: 'P', fromNo: 70_001, toNo: 70_050, batchNo: 'LB-P' });
  await insertMapping(t.db, {
    kind: 'S',
    prefix: other.prefix,
    fromNo: 1,
    toNo: 9,
    companyId: other.companyId,
    productId: other.productId,
    batchNo: 'OB-1',
  });
});

async function rows(body: Record<string, unknown>, token = w.token): Promise<MappingRow[]> {
  const res = await send(t, MAPPING_API.list, listBody({ SortColumn: '', ...body }), token);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as MappingRow[];
}
const batches = (r: MappingRow[]) => r.map((x) => x.BatchNo);

describe('GetMappings', () => {
  it("lists the caller's prefix for static, sorted by MFG date, with every field", async () => {
    const r = await rows({ isPreprinted: false });
    expect(batches(r)).toEqual(['LB-1', 'ZB-2', 'LB-3']);
    expect(r[0]).toMatchObject({
      ProductId: w.productId,
      ProductName: w.productName,
      FromNo: 1,
      ToNo: 100,
      Qty: 100,
      MFGDate: '2026-03-01',
      EXPDate: '2027-01-10',
      BatchNo: 'LB-1',
      Mrp: 120.5,
      Remark: '',
      FirmName: w.siteName,
      PUOM: 'ml',
      PSize: 250,
      isPreprinted: false,
      TotalRows: 3,
    });
    expect(r[2]!.Mrp).toBeNull();
    expect(typeof r[0]!.CreatedDt).toBe('string');
  });

  it("lists the company's preprinted mappings when isPreprinted is on", async () => {
    const r = await rows({ isPreprinted: true });
    expect(batches(r)).toEqual(['LB-P']);
    expect(r[0]).toMatchObject({ isPreprinted: true, Qty: 50 });
  });

  it('a colleague of another prefix sees only that prefix; another company none of ours; admin all', async () => {
    expect(batches(await rows({}, colleague))).toEqual(['LB-Y']);
    expect(batches(await rows({ isPreprinted: '1' }, colleague))).toEqual(['LB-P']);
    expect(batches(await rows({}, other.token))).toEqual(['OB-1']);
    expect(batches(await rows({ isPreprinted: true }, other.token))).toEqual([]);
    const all = batches(await rows({ PageSize: -1 }, admin));
    expect(all).toEqual(expect.arrayContaining(['LB-1', 'ZB-2', 'LB-3', 'LB-Y', 'OB-1']));
    expect(all).not.toContain('LB-P');
  });

  it('sorts, pages and searches by product, batch or a number inside a range', async () => {
    expect(batches(await rows({ SortColumn: 'FromNo', SortOrder: 'ASC' }))).toEqual(['LB-1', 'ZB-2', 'LB-3']);
    expect(batches(await rows({ SortColumn: 'Qty', SortOrder: 'DESC' }))).toEqual(['ZB-2', 'LB-1', 'LB-3']);
    const page = await rows({ SortColumn: 'FromNo', SortOrder: 'ASC', First: 2, PageSize: 1 });
    expect(page.map((x) => [x.BatchNo, x.TotalRows])).toEqual([['ZB-2', 3]]);
    expect(batches(await rows({ SearchValue: 'zeta' }))).toEqual(['ZB-2']);
    expect(batches(await rows({ SearchValue: 'lb-3' }))).toEqual(['LB-3']);
    expect(batches(await rows({ SearchValue: '250' }))).toEqual(['ZB-2']);
    expect(batches(await rows({ SearchValue: '305', SortColumn: 'FromNo' }))).toEqual(['LB-3']);
    const bad = await send(t, MAPPING_API.list, listBody({ SortColumn: 'Secret' }), w.token);
    expect(bad.body).toEqual({
      ResponseCode: '400',
      ResponseMessage: "The list cannot be sorted by 'Secret'.",
      ResponseData: null,
    });
  });

  it('needs one of the Mapping, De Mapping or Product Damage pages', async () => {
    const u = await insertUser(t.db, {
      companyId: w.companyId,
      siteId: w.siteId,
      userType: USER_TYPE.factory,
      pages: [PAGE.productDamage.key],
    });
    const none = await insertUser(t.db, {
      companyId: w.companyId,
      siteId: w.siteId,
      userType: USER_TYPE.factory,
      pages: [PAGE.priceMaster.key],
    });
    expect(batches(await rows({}, (await t.signIn(u.email, u.password)).token))).toHaveLength(3);
    const res = await send(t, MAPPING_API.list, listBody(), (await t.signIn(none.email, none.password)).token);
    expect([res.status, res.body.ResponseMessage]).toEqual([403, FORBIDDEN]);
  });
});

describe('DeleteMapping', () => {
  it('is refused, pointing to De Mapping', async () => {
    const [m] = await rows({});
    expect((await send(t, MAPPING_API.remove, undefined, w.token, { id: m!.MappingId })).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: MAPPING_MSG.deleteRefused,
      ResponseData: null,
    });
    expect((await send(t, MAPPING_API.remove, undefined, w.token, { id: 'x' })).body.ResponseMessage).toBe(
      'Invalid Arguments',
    );
    expect(await rows({})).toHaveLength(3);
  });
});

describe('Product lookups', () => {
  const get = (e: Endpoint, params: Params, token = w.token) => send(t, e, undefined, token, params);

  it("size and shelf life of the company's product; another company's is not found", async () => {
    expect((await get(PRODUCT_LOOKUP_API.size, { productId: w.productId })).body.ResponseData).toEqual({
      ProductId: w.productId,
      PSize: 250,
      PUOM: 'ml',
    });
    expect((await get(PRODUCT_LOOKUP_API.life, { productId: w.productId })).body.ResponseData).toEqual({
      ProductId: w.productId,
      BestBeforeDays: 365,
    });
    expect((await get(PRODUCT_LOOKUP_API.life, { productId: other.productId })).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: 'Product not found.',
      ResponseData: null,
    });
    expect((await get(PRODUCT_LOOKUP_API.size, { productId: 'abc' })).body.ResponseMessage).toBe('Product not found.');
  });

  it("mapped products of a series kind, and one product's mappings", async () => {
    expect((await get(PRODUCT_LOOKUP_API.mappedProducts, { isPreprinted: false })).body.ResponseData).toEqual([
      { label: w.productName, value: w.productId },
      { label: 'Zeta Shield', value: expect.any(Number) },
    ]);
    expect((await get(PRODUCT_LOOKUP_API.mappedProducts, { isPreprinted: true })).body.ResponseData).toEqual([
      { label: w.productName, value: w.productId },
    ]);
    expect(
      (await get(PRODUCT_LOOKUP_API.mappedProducts, { isPreprinted: true }, other.token)).body.ResponseData,
    ).toEqual([]);
    const mapped = (await get(PRODUCT_LOOKUP_API.mappings, mappingPair(w.productId, false))).body
      .ResponseData as MappingRow[];
    expect(mapped.map((x) => [x.FromNo, x.ToNo, x.BatchNo])).toEqual([
      [1, 100, 'LB-1'],
      [301, 310, 'LB-3'],
    ]);
    expect(
      ((await get(PRODUCT_LOOKUP_API.mappings, { pair: `${w.productId},1` })).body.ResponseData as MappingRow[]).map(
        (x) => x.BatchNo,
      ),
    ).toEqual(['LB-P']);
    expect(
      (await get(PRODUCT_LOOKUP_API.mappings, mappingPair(w.productId, false), other.token)).body.ResponseData,
    ).toEqual([]);
    expect((await get(PRODUCT_LOOKUP_API.mappings, { pair: w.productId })).body.ResponseMessage).toBe(
      'Invalid Arguments',
    );
  });

  it("are open to the number screens' pages only", async () => {
    const pair = await insertUser(t.db, {
      companyId: w.companyId,
      siteId: w.siteId,
      userType: USER_TYPE.factory,
      pages: [PAGE.mapStaticNumber.key],
    });
    const none = await insertUser(t.db, {
      companyId: w.companyId,
      siteId: w.siteId,
      userType: USER_TYPE.factory,
      pages: [PAGE.priceMaster.key],
    });
    expect(
      (
        await get(
          PRODUCT_LOOKUP_API.life,
          { productId: w.productId },
          (await t.signIn(pair.email, pair.password)).token,
        )
      ).body.ResponseCode,
    ).toBe('200');
    expect(
      (
        await get(
          PRODUCT_LOOKUP_API.life,
          { productId: w.productId },
          (await t.signIn(none.email, none.password)).token,
        )
      ).status,
    ).toBe(403);
  });
});
