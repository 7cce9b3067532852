// Mapping preprinted numbers (DESIGN section 4): only the company's accepted stock, never a number
// already paired with a static code; and the next From No. each series kind offers.
import { beforeAll, describe, expect, it } from 'vitest';
import { mappings } from '../../../src/server/db/schema.js';
import {
  MAPPING_API,
  MAPPING_MSG,
  notInStock,
  pairedPreprinted,
} from '../../../src/shared/contracts/numbers/mapping.js';
import { PAGE } from '../../../src/shared/pages.js';
import { USER_TYPE } from '../../../src/shared/contracts/auth.js';
import { insertUser } from '../../helpers/factories.js';
import { insertIssue } from '../../helpers/factories-issue.js';
import {
  insertMapper,
  insertMapping,
  insertStaticPair,
  mapBody,
  type MapperWorld,
} from '../../helpers/factories-mapping.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let a: MapperWorld; // accepted 5000–5999, 8000–8499, 8500–8999; issued, not accepted, 6000–6999
let b: MapperWorld; // accepted 7000–7999
beforeAll(async () => {
  a = await insertMapper(t, [PAGE.mapping.key]);
  b = await insertMapper(t, [PAGE.mapping.key]);
  for (const [from, to] of [
    [5000, 5999],
    [8000, 8499],
    [8500, 8999],
  ] as const)
    await insertIssue(t.db, a.companyId, from, to, true);
  await insertIssue(t.db, a.companyId, 6000, 6999, false);
  await insertIssue(t.db, b.companyId, 7000, 7999, true);
});

const pre = (w: MapperWorld, from: number, to: number) =>
  send(t, MAPPING_API.save, mapBody(w.productId, from, to, { isPreprinted: true }), w.token);
const count = async () => (await t.db.select().from(mappings)).length;
async function refused(w: MapperWorld, from: number, to: number, message: string) {
  const before = await count();
  expect((await pre(w, from, to)).body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
  expect(await count()).toBe(before);
}
const fromNo = async (w: MapperWorld, isPreprinted: boolean | string) =>
  (await send(t, MAPPING_API.fromNumber, undefined, w.token, { isPreprinted })).body;

describe('preprinted stock', () => {
  it('maps numbers of accepted stock, also across two adjacent issues', async () => {
    const res = await pre(a, 5000, 5099);
    expect(res.body.ResponseCode).toBe('200');
    const [m] = (await t.db.select().from(mappings)).filter((r) => r.fromNo === 5000);
    expect(m).toMatchObject({ kind: 'P', prefix: '', toNo: 5099, companyId: a.companyId });
    expect((await pre(a, 8400, 8600)).body.ResponseCode).toBe('200');
  });

  it("refuses numbers issued but not accepted, another company's stock, and a range partly outside", async () => {
    await refused(a, 6000, 6010, notInStock(6000, 6010, 11));
    await refused(a, 7000, 7010, notInStock(7000, 7010, 11));
    await refused(a, 5990, 6009, notInStock(5990, 6009, 10));
    await refused(a, 8995, 9004, notInStock(8995, 9004, 5));
    await refused(a, 20_000, 20_000, notInStock(20_000, 20_000, 1));
    expect(notInStock(5990, 6009, 10)).toBe(
      '10 of numbers 5990–6009 are not in your accepted stock: accept issued numbers in Stock Management first.',
    );
  });

  it("refuses a number already paired as a static pair's preprinted half", async () => {
    await insertStaticPair(t.db, a.companyId, a.prefix, 77, 5500);
    await refused(a, 5450, 5550, pairedPreprinted(5500, a.prefix, 77));
    await refused(a, 5500, 5500, pairedPreprinted(5500, a.prefix, 77));
    expect((await pre(a, 5501, 5550)).body.ResponseCode).toBe('200');
  });

  it("the preprinted series is one for everyone: b's stock is b's, a mapping of it clashes for nobody else", async () => {
    expect((await pre(b, 7000, 7009)).body.ResponseCode).toBe('200');
    expect((await pre(b, 7005, 7010)).body.ResponseMessage).toMatch(/^Numbers 7005–7009 are already mapped \(/);
  });
});

describe('GetFromNumberMap', () => {
  it("static: 1 with nothing mapped, then one past the prefix's highest mapped number", async () => {
    const w = await insertMapper(t, [PAGE.mapping.key]);
    expect(await fromNo(w, false)).toEqual({
      ResponseCode: '200',
      ResponseMessage: 'Success',
      ResponseData: { FrmNo: 1 },
    });
    await insertMapping(t.db, {
      kind: 'S',
      prefix: w.prefix,
      fromNo: 100,
      toNo: 150,
      companyId: w.companyId,
      productId: w.productId,
    });
    await insertMapping(t.db, {
      kind: 'S',
      prefix: w.prefix,
      fromNo: 10,
      toNo: 20,
      companyId: w.companyId,
      productId: w.productId,
    });
    await insertMapping(t.db, {
      kind: 'P',
      fromNo: 900_000,
      toNo: 900_010,
      companyId: w.companyId,
      productId: w.productId,
    });
    expect((await fromNo(w, 0 as unknown as boolean)).ResponseData).toEqual({ FrmNo: 151 });
    expect((await fromNo(w, 'false')).ResponseData).toEqual({ FrmNo: 151 });
  });

  it("preprinted: the lowest accepted number, then one past the highest mapped inside the company's stock", async () => {
    const w = await insertMapper(t, [PAGE.mapping.key]);
    expect((await fromNo(w, true)).ResponseData).toEqual({ FrmNo: 1 });
    await insertIssue(t.db, w.companyId, 30_000, 30_999, false);
    expect((await fromNo(w, true)).ResponseData).toEqual({ FrmNo: 1 });
    await insertIssue(t.db, w.companyId, 40_000, 40_999, true);
    expect((await fromNo(w, 1 as unknown as boolean)).ResponseData).toEqual({ FrmNo: 40_000 });
    expect((await pre(w, 40_000, 40_099)).body.ResponseCode).toBe('200');
    expect((await fromNo(w, true)).ResponseData).toEqual({ FrmNo: 40_100 });
    // Higher numbers mapped by another company (b, 7000–7009) or outside stock do not count.
    expect((await fromNo(a, true)).ResponseData).toEqual({ FrmNo: 8601 });
  });

  it('static without a prefix is refused; a bad flag is invalid', async () => {
    const u = await insertUser(t.db, {
      companyId: a.companyId,
      userType: USER_TYPE.factory,
      pages: [PAGE.mapping.key],
    });
    const token = (await t.signIn(u.email, u.password)).token;
    expect((await send(t, MAPPING_API.fromNumber, undefined, token, { isPreprinted: false })).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: MAPPING_MSG.noPrefix,
      ResponseData: { FrmNo: 1 },
    });
    expect((await fromNo(a, 'maybe')).ResponseMessage).toBe('Invalid Arguments');
  });
});
