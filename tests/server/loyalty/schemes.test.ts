// Scheme Master and Scheme Design on a real database (PGlite; PostgreSQL with DATABASE_URL): every
// spec message from the server; a master scheme saved and listed; a design saved with its items,
// locations and excluded batches, read back, and extended (only its end date and status change);
// ids the caller may not use refused; the lists apart by SchemeKind; company scoping.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SCHEME_API,
  SCHEME_MSG,
  type SchemeDetail,
  type SchemeRow,
} from '../../../src/shared/contracts/loyalty/scheme.js';
import { categories, products } from '../../../src/server/db/schema.js';
import { eq } from 'drizzle-orm';
import { checkData, fetchGet, send } from '../../helpers/endpoint-call.js';
import { listBody } from '../../helpers/factories.js';
import {
  designScheme,
  inDays,
  loyaltyFactory,
  masterScheme,
  saveScheme,
  today,
} from '../../helpers/factories-loyalty.js';
import { insertMapping, staticSeries, type Factory } from '../../helpers/factories-pairs.js';
import { insertReference, nextPrefix, REF } from '../../helpers/factories-sites.js';
import { insertCategoryChain } from '../../helpers/factories-products.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let A: Factory;
let B: Factory;
let chain: { mg1: number; mg2: number; mg3: number };
let batch: number;

const list = async (f: Factory, kind: 'master' | 'design', search: string) => {
  const res = await send(t, SCHEME_API.list, { ...listBody({ SearchValue: search }), SchemeKind: kind }, f.token);
  checkData(SCHEME_API.list, res.body.ResponseData);
  return res.body.ResponseData as SchemeRow[];
};

beforeAll(async () => {
  await insertReference(t.db);
  A = await loyaltyFactory(t, nextPrefix());
  B = await loyaltyFactory(t, nextPrefix());
  chain = await insertCategoryChain(t.db);
  await t.db
    .update(products)
    .set({ categoryId: chain.mg1, mg2Id: chain.mg2, mg3Id: chain.mg3 })
    .where(eq(products.id, A.productId));
  batch = (await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 1,
    toNo: 50,
    batchNo: 'KH-1',
  }))!.id;
}, 60_000);

describe('Scheme Master', () => {
  it.each([
    ['no name', { SchemeName: '  ' }, SCHEME_MSG.name],
    ['no product', { ProductId: null }, SCHEME_MSG.product],
    ['no user type', { Utype: null }, SCHEME_MSG.userType],
    ['no from date', { StartDate: '' }, SCHEME_MSG.fromRequired],
    ['no to date', { EndDate: '' }, SCHEME_MSG.toRequired],
    ['a from date before today', { StartDate: inDays(-1) }, SCHEME_MSG.fromToday],
    ['a to date before today', { StartDate: today(), EndDate: inDays(-1) }, SCHEME_MSG.toToday],
    ['from after to', { StartDate: inDays(10), EndDate: inDays(5) }, SCHEME_MSG.fromBeforeTo],
    ['zero points', { LoyaltyPoints: 0 }, SCHEME_MSG.points],
  ])('%s: the spec message, nothing saved', async (_what, change, message) => {
    const body = { ...masterScheme(A), ...change };
    expect(await saveScheme(t, A, body)).toMatchObject({ ResponseCode: '400', ResponseMessage: message });
    expect(await list(A, 'master', body.SchemeName?.trim() || 'zzz-none')).toEqual([]);
  });

  it('saves, lists with the product and user type, and updates (a past start is fine when editing)', async () => {
    const body = masterScheme(A, { SchemeName: 'Kharif Bonus' });
    expect(await saveScheme(t, A, body)).toMatchObject({ ResponseCode: '200', ResponseMessage: SCHEME_MSG.created });
    const [row] = await list(A, 'master', 'Kharif Bonus');
    expect(row).toMatchObject({
      SchemeName: 'Kharif Bonus',
      ProductName: A.productName,
      LoyaltyPoints: 10,
      Utype: 3,
      TypeName: 'Farmer',
      StartDate: today(),
      EndDate: inDays(30),
      IsActive: true,
      SchemeType: '',
    });
    expect(await list(A, 'design', 'Kharif Bonus')).toEqual([]);
    expect(await list(B, 'master', 'Kharif Bonus')).toEqual([]);
    const edit = { ...body, SchemeId: row!.SchemeId, StartDate: inDays(-3), LoyaltyPoints: 12, IsActive: false };
    expect(await saveScheme(t, A, edit)).toMatchObject({ ResponseCode: '200', ResponseMessage: SCHEME_MSG.updated });
    expect((await list(A, 'master', 'Kharif Bonus'))[0]).toMatchObject({
      LoyaltyPoints: 12,
      IsActive: false,
      StartDate: inDays(-3),
    });
    // Another company cannot change it, nor name another company's product.
    expect(await saveScheme(t, B, { ...edit, ProductId: B.productId })).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: SCHEME_MSG.notFound,
    });
    expect(await saveScheme(t, B, masterScheme(B, { ProductId: A.productId }))).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: SCHEME_MSG.product,
    });
    expect(await saveScheme(t, A, masterScheme(A, { SchemeName: 'kharif bonus' }))).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: SCHEME_MSG.duplicate,
    });
  });
});

describe('Scheme Design', () => {
  it.each([
    ['no type', { SchemeType: '' }, SCHEME_MSG.type],
    ['no beneficiary', { SchemeBeneficiary: null }, SCHEME_MSG.beneficiary],
    ['no category', { DynamicIds: [] }, SCHEME_MSG.category],
    ['an item of 0 points', { DynamicIds: [{ value: 1, label: 'x', Points: 0 }] }, SCHEME_MSG.itemPoints],
    ['a from date before today', { ValidFrm: inDays(-2) }, SCHEME_MSG.fromToday],
    ['to before from', { ValidFrm: inDays(3), ValidTo: inDays(2) }, SCHEME_MSG.fromBeforeTo],
  ])('%s: the spec message', async (_what, change, message) => {
    const body = {
      ...designScheme({ DynamicIds: [{ value: chain.mg1, label: '', Points: 5 }], SchemeType: 'CM' }),
      ...change,
    };
    expect(await saveScheme(t, A, body)).toMatchObject({ ResponseCode: '400', ResponseMessage: message });
  });

  it('offers the items of a type, the states of India and the batches of the chosen items', async () => {
    const cm = await fetchGet(t, SCHEME_API.items, { type: 'CM' }, A.token);
    expect((cm.body.ResponseData as Array<{ value: number }>).map((o) => o.value)).toContain(chain.mg1);
    const pb = await fetchGet(t, SCHEME_API.items, { type: 'PB' }, A.token);
    expect(pb.body.ResponseData).toEqual([{ value: A.productId, label: A.productName }]);
    const states = await fetchGet(t, SCHEME_API.locations, {}, A.token);
    expect(states.body.ResponseData).toEqual(expect.arrayContaining([{ value: REF.stateA, label: 'Aalpha Pradesh' }]));
    expect((states.body.ResponseData as Array<{ value: number }>).map((s) => s.value)).not.toContain(REF.stateOther);
    const batches = await send(t, SCHEME_API.mappedBatches, { SchemeType: 'SC', Ids: [chain.mg2] }, A.token);
    expect(batches.body.ResponseData).toEqual([
      {
        MappingId: batch,
        ProductName: A.productName,
        BatchNo: 'KH-1',
        Qty: 50,
        MFGDate: '2026-01-10',
        EXPDate: '2028-01-10',
      },
    ]);
    const theirs = await send(t, SCHEME_API.mappedBatches, { SchemeType: 'SC', Ids: [chain.mg2] }, B.token);
    expect(theirs.body.ResponseData).toEqual([]);
  });

  it('saves items, locations and exclusions; reads them back; extending changes only the end date and status', async () => {
    const [cat] = await t.db.select({ name: categories.name }).from(categories).where(eq(categories.id, chain.mg2));
    const body = designScheme({
      SchemeName: 'Sub category push',
      SchemeType: 'SC',
      SchemeBeneficiary: 9,
      DynamicIds: [{ value: chain.mg2, label: 'sent label is ignored', Points: 7 }],
      locationCodes: [REF.stateA],
      mappingData: [{ MappingId: batch }],
    });
    expect(await saveScheme(t, A, body)).toMatchObject({ ResponseCode: '200', ResponseMessage: SCHEME_MSG.created });
    const [row] = await list(A, 'design', 'Sub category push');
    expect(row).toMatchObject({
      SchemeType: 'SC',
      SchemeOn: 'Sub Category',
      Utype: 9,
      TypeName: 'All',
      StartDate: today(),
      IsActive: true,
    });
    const detail = await fetchGet(t, SCHEME_API.byId, { id: row!.SchemeId }, A.token);
    checkData(SCHEME_API.byId, detail.body.ResponseData);
    expect(detail.body.ResponseData).toMatchObject({
      SchemeType: 'SC',
      SchemeBeneficiary: 9,
      DynamicIds: [{ value: chain.mg2, label: cat!.name, Points: 7 }],
      locationCodes: [{ value: REF.stateA, label: 'Aalpha Pradesh' }],
      mappingData: [{ MappingId: batch, BatchNo: 'KH-1' }],
    });
    expect((await fetchGet(t, SCHEME_API.byId, { id: row!.SchemeId }, B.token)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: SCHEME_MSG.notFound,
    });

    const extend = {
      ...body,
      SchemeId: row!.SchemeId,
      SchemeName: 'Renamed',
      ValidFrm: inDays(-100),
      ValidTo: inDays(90),
      IsActive: false,
      DynamicIds: [{ value: chain.mg2, label: '', Points: 99 }],
    };
    expect(await saveScheme(t, A, extend)).toMatchObject({ ResponseCode: '200', ResponseMessage: SCHEME_MSG.updated });
    const after = (await fetchGet(t, SCHEME_API.byId, { id: row!.SchemeId }, A.token)).body
      .ResponseData as SchemeDetail;
    expect(after).toMatchObject({
      SchemeName: 'Sub category push',
      ValidFrm: today(),
      ValidTo: inDays(90),
      IsActive: false,
      DynamicIds: [{ Points: 7 }],
    });
  });

  it("refuses items, locations or batches that are not the caller's to choose, saving nothing", async () => {
    const theirs = designScheme({ SchemeName: 'Not mine', DynamicIds: [{ value: A.productId, label: '', Points: 3 }] });
    expect(await saveScheme(t, B, theirs)).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: SCHEME_MSG.unknownItem,
    });
    const abroad = designScheme({
      SchemeName: 'Abroad',
      DynamicIds: [{ value: B.productId, label: '', Points: 3 }],
      locationCodes: [REF.stateOther],
    });
    expect(await saveScheme(t, B, abroad)).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: SCHEME_MSG.unknownLocation,
    });
    const batchOfA = designScheme({
      SchemeName: 'Batch of A',
      DynamicIds: [{ value: B.productId, label: '', Points: 3 }],
      mappingData: [{ MappingId: batch }],
    });
    expect(await saveScheme(t, B, batchOfA)).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: SCHEME_MSG.unknownMapping,
    });
    expect(await list(B, 'design', '')).toEqual([]);
  });
});
