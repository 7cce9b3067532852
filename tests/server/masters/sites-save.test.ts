// Factory and warehouse saves (spec 1 sections 3.9, 5.10): the spec's message for the first failing
// field, nothing half-saved, prefixes unique across every company, codes unique within a company,
// the prefix fixed once saved, shipping copied from billing, and company scoping both ways.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../../src/server/db/schema.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { SITE_MSG, SITE_API } from '../../../src/shared/contracts/site.js';
import { PAGE } from '../../../src/shared/pages.js';
import { insertCompany, insertSite, insertUser } from '../../helpers/factories.js';
import { factoryBody, insertReference, REF, warehouseBody } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let admin: string;
let mine: number;
let theirs: number;
let clerk: string; // a non-admin of company `mine` with both site pages

beforeAll(async () => {
  await insertReference(t.db);
  admin = await t.token('admin');
  mine = (await insertCompany(t.db)).id;
  theirs = (await insertCompany(t.db)).id;
  const u = await insertUser(t.db, {
    userType: 4,
    companyId: mine,
    pages: [PAGE.factoryMaster.key, PAGE.warehouseMaster.key],
  });
  clerk = (await t.signIn(u.email, u.password)).token;
});

const save = (body: unknown, token = admin) => t.send(SITE_API.save, body, token);
const snapshot = async () => JSON.stringify(await t.db.select().from(sites).orderBy(sites.id));
const byPrefix = async (p: string) => (await t.db.select().from(sites).where(eq(sites.prefix, p)))[0];

describe('validation', () => {
  // Bodies are made inside each test: the company exists only once beforeAll has run.
  type Case = (company: number) => Record<string, unknown>;
  const f =
    (o: Record<string, unknown>): Case =>
    (c) =>
      factoryBody(c, o);
  const w =
    (o: Record<string, unknown>): Case =>
    (c) =>
      warehouseBody(c, o);
  it.each([
    ['no IsFactory', f({ IsFactory: undefined }), SITE_MSG.isFactory],
    ['no company', f({ CompanyId: 0 }), SITE_MSG.companyRequired],
    ['a company as null', f({ CompanyId: null }), SITE_MSG.companyRequired],
    ['an unknown company', f({ CompanyId: 987654 }), SITE_MSG.companyRequired],
    ['a factory without code', f({ Wcode: ' ' }), SITE_MSG.codeRequired],
    ['a factory without name', f({ FirmName: '' }), SITE_MSG.firmNameRequired],
    ['a factory name with digits', f({ FirmName: 'Plant 2' }), SITE_MSG.firmNameAlpha],
    ['a warehouse without name', w({ FirmName: '' }), SITE_MSG.warehouseNameRequired],
    ['a factory without email', f({ Email: '' }), SITE_MSG.emailRequired],
    ['a bad email', w({ Email: 'nobody@' }), SITE_MSG.emailInvalid],
    ['an 11-digit mobile', f({ MobileNo: '98765000001' }), 'Mobile No must be at most 10 characters.'],
    ['a mobile of letters', f({ MobileNo: 'abcdefghij' }), SITE_MSG.mobileInvalid],
    ['no GST', f({ GST: '' }), SITE_MSG.gstRequired],
    ['a 14-character GST', f({ GST: '27AAACG1234F1Z' }), SITE_MSG.gstInvalid],
    ['a one-character prefix', f({ prefix: 'K' }), SITE_MSG.prefix],
    ['a three-character prefix', f({ prefix: 'KAB' }), SITE_MSG.prefix],
    ['no prefix', f({ prefix: undefined }), SITE_MSG.prefix],
    ['a warehouse without prefix', w({ prefix: '' }), SITE_MSG.prefix],
    ['no country', f({ bill_Country: 0 }), SITE_MSG.countryRequired],
    ['no state', f({ bill_State: null }), SITE_MSG.stateRequired],
    ['no city', f({ bill_City: '' }), SITE_MSG.cityRequired],
    ['no pincode', f({ bill_Pincode: '' }), SITE_MSG.pincodeRequired],
    ['a pincode with letters', f({ bill_Pincode: '42a010' }), SITE_MSG.pincodeDigits],
    ['a 5-digit pincode', f({ bill_Pincode: '42201' }), SITE_MSG.pincodeLength],
    ['a country not in the list', f({ bill_Country: 4242 }), SITE_MSG.countryRequired],
    ['a state of another country', f({ bill_State: REF.stateOther }), SITE_MSG.stateRequired],
    ['a city of another state', f({ bill_City: REF.cityB1 }), SITE_MSG.cityRequired],
    ['an unknown field', f({ Colour: 'red' }), 'Unknown field: Colour'],
  ])('%s answers 400 with its message and saves nothing', async (_n, body, message) => {
    const before = await snapshot();
    const res = await save(body(mine));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
    expect(await snapshot()).toBe(before);
  });

  it('the first failing field wins: no company before a bad pincode', async () => {
    expect((await save(factoryBody(0, { bill_Pincode: 'x' }))).body.ResponseMessage).toBe(SITE_MSG.companyRequired);
  });
});

describe('saving', () => {
  it('adds a factory with its prefix in capitals and shipping copied from billing', async () => {
    const body = factoryBody(mine, {
      prefix: 'zq',
      ship_Country: 4242,
      ship_Pincode: '999999',
      bill_Address1: 'Gate 4',
    });
    const res = await save(body);
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseMessage: SITE_MSG.factoryCreated });
    const row = (await byPrefix('ZQ'))!;
    expect(row).toMatchObject({
      companyId: mine,
      isFactory: true,
      name: 'Test Plant',
      code: body.Wcode,
      gst: '27AAACG1234F1Z5',
      billCountry: REF.country,
      billState: REF.stateA,
      billCity: REF.cityA1,
      billPincode: '422010',
      billAddress1: 'Gate 4',
      shipCountry: REF.country,
      shipState: REF.stateA,
      shipCity: REF.cityA1,
      shipPincode: '422010',
      shipAddress1: 'Gate 4',
    });
  });

  it('adds a warehouse without code or e-mail, and says so', async () => {
    const res = await save(warehouseBody(mine, { prefix: 'W7', FirmName: 'Depot No 7' }));
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseMessage: SITE_MSG.warehouseCreated });
    expect(await byPrefix('W7')).toMatchObject({ isFactory: false, code: null, email: null, name: 'Depot No 7' });
  });

  it('refuses a prefix any other site has, in any case and in any company', async () => {
    await insertSite(t.db, theirs, { prefix: 'XY' });
    const before = await snapshot();
    for (const p of ['XY', 'xy', 'xY']) {
      expect((await save(factoryBody(mine, { prefix: p }))).body).toEqual({
        ResponseCode: '400',
        ResponseMessage: SITE_MSG.duplicatePrefix,
        ResponseData: null,
      });
    }
    expect((await save(warehouseBody(mine, { prefix: 'KA' }))).body.ResponseMessage).toBe(SITE_MSG.duplicatePrefix);
    expect(await snapshot()).toBe(before);
  });

  it('refuses a code another site of the same company has, case-insensitively; other companies may reuse it', async () => {
    await save(factoryBody(mine, { Wcode: 'NSK-9' }));
    expect((await save(warehouseBody(mine, { Wcode: 'nsk-9' }))).body.ResponseMessage).toBe(SITE_MSG.duplicateCode);
    expect((await save(factoryBody(theirs, { Wcode: 'NSK-9' }))).body.ResponseCode).toBe('200');
  });

  it('a dozen sites saved at once with one code: one is added, the others are told the code is taken (no 500)', async () => {
    const codes = [
      'race-1',
      'RACE-1',
      'Race-1',
      'rAce-1',
      'race-1',
      'RACE-1',
      'Race-1',
      'rAce-1',
      'race-1',
      'RACE-1',
      'Race-1',
      'rAce-1',
    ];
    const answers = await Promise.all(codes.map((Wcode) => save(warehouseBody(mine, { Wcode }))));
    expect(answers.map((r) => r.status)).toEqual(codes.map(() => 200));
    const messages = answers.map((r) => r.body.ResponseMessage);
    expect(messages.filter((m) => m === SITE_MSG.warehouseCreated)).toHaveLength(1);
    expect(messages.filter((m) => m === SITE_MSG.duplicateCode)).toHaveLength(codes.length - 1);
    const stored = await t.db
      .select({ id: sites.id })
      .from(sites)
      .where(sql`lower(${sites.code}) = 'race-1'`);
    expect(stored).toHaveLength(1);
  });

  it('updates a factory but keeps its prefix fixed, and keeps it a factory', async () => {
    await save(factoryBody(mine, { prefix: 'U1', Wcode: 'UPD1' }));
    const row = (await byPrefix('U1'))!;
    const edit = factoryBody(mine, {
      ID: row.id,
      prefix: 'U1',
      Wcode: 'UPD1',
      FirmName: 'Renamed Plant',
      bill_City: REF.cityA2,
    });
    expect((await save(edit)).body).toMatchObject({ ResponseCode: '200', ResponseMessage: SITE_MSG.factoryUpdated });
    expect(await byPrefix('U1')).toMatchObject({
      id: row.id,
      name: 'Renamed Plant',
      billCity: REF.cityA2,
      shipCity: REF.cityA2,
    });
    expect((await save({ ...edit, prefix: 'u2' })).body.ResponseMessage).toBe(SITE_MSG.prefixLocked);
    expect((await save({ ...edit, prefix: 'u1' })).body.ResponseCode).toBe('200');
    expect((await save(warehouseBody(mine, { ID: row.id, prefix: 'U1' }))).body.ResponseMessage).toBe(
      SITE_MSG.kindLocked,
    );
    expect((await save(factoryBody(mine, { ID: 999_999 }))).body.ResponseMessage).toBe(SITE_MSG.factoryNotFound);
  });
});

describe('company scoping and page rights', () => {
  it("a non-admin's CompanyId is ignored: the site goes to their own company", async () => {
    expect((await save(factoryBody(theirs, { prefix: 'C1' }), clerk)).body.ResponseCode).toBe('200');
    expect((await byPrefix('C1'))!.companyId).toBe(mine);
  });

  it("another company's site answers as not found and stays as it was", async () => {
    const other = await insertSite(t.db, theirs, { prefix: 'C2', name: 'Their Plant', code: 'T1' });
    const before = await snapshot();
    const res = await save(factoryBody(theirs, { ID: other.id, prefix: 'C2', FirmName: 'Hijacked' }), clerk);
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: SITE_MSG.factoryNotFound, ResponseData: null });
    expect((await t.fetch(SITE_API.remove, { id: other.id }, clerk)).body.ResponseMessage).toBe(SITE_MSG.siteNotFound);
    expect(await snapshot()).toBe(before);
  });

  it('403 without either page; a warehouse-only user may not save a factory', async () => {
    const none = await insertUser(t.db, { companyId: mine, pages: [PAGE.cartonMaster.key] });
    const res = await save(factoryBody(mine), (await t.signIn(none.email, none.password)).token);
    expect(res.status).toBe(403);
    expect(res.body.ResponseMessage).toBe(FORBIDDEN);
    const wOnly = await insertUser(t.db, { companyId: mine, pages: [PAGE.warehouseMaster.key] });
    const token = (await t.signIn(wOnly.email, wOnly.password)).token;
    expect((await save(factoryBody(mine), token)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: FORBIDDEN,
    });
    expect((await save(warehouseBody(mine), token)).body.ResponseCode).toBe('200');
  });
});

describe('delete', () => {
  it('deletes an unused site, refuses one a user points at, and answers a bad id clearly', async () => {
    const lone = await insertSite(t.db, mine, { prefix: 'D1', isFactory: false });
    expect((await t.fetch(SITE_API.remove, { id: lone.id }, clerk)).body).toEqual({
      ResponseCode: '200',
      ResponseMessage: SITE_MSG.warehouseDeleted,
      ResponseData: null,
    });
    expect(await byPrefix('D1')).toBeUndefined();
    const used = await insertSite(t.db, mine, { prefix: 'D2' });
    await insertUser(t.db, { companyId: mine, siteId: used.id });
    expect((await t.fetch(SITE_API.remove, { id: used.id }, admin)).body.ResponseMessage).toBe(SITE_MSG.inUse);
    expect(await byPrefix('D2')).toBeDefined();
    expect((await t.fetch(SITE_API.remove, { id: 'abc' }, admin)).body.ResponseMessage).toBe('Invalid Arguments');
  });
});
