// Mapping, add and update (spec 2 sections 4, 5, 7; DESIGN section 4 'Mapping'): every message, the
// overlap rule at its edges, the factory prefix, expiry default and the expiry-only update, events.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { events, mappings } from '../../../src/server/db/schema.js';
import { mapRange } from '../../../src/server/domain/mapping.js';
import { Refusal } from '../../../src/server/domain/refusal.js';
import { callerById } from '../../../src/server/http/caller.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { USER_TYPE } from '../../../src/shared/contracts/auth.js';
import { DATE_ONLY, NUMBER_ONLY } from '../../../src/shared/contracts/numbers/fields.js';
import { alreadyMapped, MAPPING_API, MAPPING_MSG } from '../../../src/shared/contracts/numbers/mapping.js';
import { PAGE } from '../../../src/shared/pages.js';
import { insertCompany, insertUser } from '../../helpers/factories.js';
import { insertMapper, insertMapping, mapBody, type MapperWorld } from '../../helpers/factories-mapping.js';
import { insertProduct } from '../../helpers/factories-sites.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let w: MapperWorld;
beforeAll(async () => {
  w = await insertMapper(t, [PAGE.mapping.key], 100);
});

const save = (body: unknown, token = w.token) => send(t, MAPPING_API.save, body, token);
const snapshot = async () =>
  JSON.stringify([
    await t.db.select().from(mappings).orderBy(mappings.id),
    await t.db.select().from(events).orderBy(events.id),
  ]);
async function refused(body: unknown, message: string, token = w.token) {
  const before = await snapshot();
  const res = await save(body, token);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
  expect(await snapshot()).toBe(before);
}

describe("the form's messages", () => {
  const b = (o: Record<string, unknown>) => mapBody(w.productId, 11, 20, o);
  it.each([
    ['no product', { ProductId: undefined }, MAPPING_MSG.productRequired],
    ['product 0', { ProductId: 0 }, MAPPING_MSG.productRequired],
    ['no From No', { FromNo: undefined }, MAPPING_MSG.fromRequired],
    ['a blank From No', { FromNo: '' }, MAPPING_MSG.fromRequired],
    ['From No as letters', { FromNo: '1a' }, NUMBER_ONLY],
    ['From No 0', { FromNo: 0, Qty: 21 }, MAPPING_MSG.fromRequired],
    ['From after To', { FromNo: 30, Qty: 1 }, MAPPING_MSG.fromBeforeTo],
    ['no To No', { ToNo: '' }, MAPPING_MSG.toRequired],
    ['Qty 0', { Qty: 0 }, MAPPING_MSG.qtyPositive],
    ['a negative Qty', { Qty: -10 }, MAPPING_MSG.qtyPositive],
    ['Qty not To - From + 1', { Qty: 9 }, MAPPING_MSG.qtyMismatch],
    ['no Batch No', { BatchNo: '  ' }, MAPPING_MSG.batchRequired],
    ['a 51-character Batch No', { BatchNo: 'B'.repeat(51) }, MAPPING_MSG.batchTooLong],
    ['no MFG date', { MFGDate: undefined }, MAPPING_MSG.mfgRequired],
    ['an MFG date that is not a date', { MFGDate: '2026-02-30' }, DATE_ONLY],
    ['an EXP date that is not a date', { EXPDate: 'soon' }, DATE_ONLY],
    ['EXP before MFG', { EXPDate: '2026-01-09' }, MAPPING_MSG.expAfterMfg],
    ['MRP as words', { Mrp: 'ten' }, MAPPING_MSG.mrpInvalid],
    ['MRP 0', { Mrp: 0 }, MAPPING_MSG.mrpInvalid],
    ['a negative MRP', { Mrp: '-4' }, MAPPING_MSG.mrpInvalid],
    ['MRP with 3 decimals', { Mrp: 1.005 }, MAPPING_MSG.mrpInvalid],
    ['a long remark', { Remark: 'r'.repeat(251) }, MAPPING_MSG.remarkTooLong],
    ['an unknown field', { Colour: 'red' }, 'Unknown field: Colour'],
  ])('%s is refused with its message, nothing saved', async (_n, o, message) => {
    await refused(b(o), message);
  });

  it("an inactive product or another company's product is refused", async () => {
    const shut = await insertProduct(t.db, w.companyId, { isActive: false });
    const theirs = await insertProduct(t.db, (await insertCompany(t.db)).id);
    await refused(mapBody(shut.id, 11, 20), MAPPING_MSG.productNotFound);
    await refused(mapBody(theirs.id, 11, 20), MAPPING_MSG.productNotFound);
  });
});

describe('adding', () => {
  it("maps a static range of the caller's prefix and writes the map event", async () => {
    const res = await save(
      mapBody(w.productId, 101, 150, {
        BatchNo: 'B-ADD',
        Mrp: '99.5',
        Remark: ' first lot ',
        FromNo: '101',
        Qty: '50',
      }),
    );
    expect(res.body.ResponseCode).toBe('200');
    expect(res.body.ResponseMessage).toBe(MAPPING_MSG.created);
    const id = (res.body.ResponseData as { MappingId: number }).MappingId;
    const [m] = await t.db.select().from(mappings).where(eq(mappings.id, id));
    expect(m).toMatchObject({
      kind: 'S',
      prefix: w.prefix,
      fromNo: 101,
      toNo: 150,
      companyId: w.companyId,
      siteId: w.siteId,
      productId: w.productId,
      batchNo: 'B-ADD',
      mfgDate: '2026-01-10',
      expDate: '2027-01-10',
      mrp: '99.50',
      remark: 'first lot',
      createdBy: w.userId,
    });
    const [e] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'map'), eq(events.ref, String(id))));
    expect(e).toMatchObject({
      userId: w.userId,
      companyId: w.companyId,
      siteId: w.siteId,
      kind: 'S',
      prefix: w.prefix,
      fromNo: 101,
      toNo: 150,
      detail: { productId: w.productId, batchNo: 'B-ADD' },
    });
  });

  it("without an EXP date the expiry is MFG date + the product's best-before days", async () => {
    for (const [from, exp] of [
      [201, undefined],
      [211, ''],
      [221, null],
    ] as const) {
      const res = await save(mapBody(w.productId, from, from + 9, { EXPDate: exp, MFGDate: '01/10/2026' }));
      expect(res.body.ResponseData).toMatchObject({ EXPDate: '2026-04-20' }); // 100 days after 10 Jan 2026
    }
  });

  it('refuses overlaps at both edges, inside and around, naming the clash; neighbours are fine', async () => {
    await insertMapping(t.db, {
      kind: 'S',
      prefix: w.prefix,
      fromNo: 1000,
      toNo: 1099,
      companyId: w.companyId,
      productId: w.productId,
      batchNo: 'B-7',
    });
    const clash = (f: number, to: number) => alreadyMapped(f, to, w.productName, 'B-7', 1000, 1099);
    await refused(mapBody(w.productId, 900, 1000), clash(1000, 1000));
    await refused(mapBody(w.productId, 1099, 1200), clash(1099, 1099));
    await refused(mapBody(w.productId, 1010, 1020), clash(1010, 1020));
    await refused(mapBody(w.productId, 950, 1150), clash(1000, 1099));
    expect(clash(1000, 1000)).toBe(`Number 1000 is already mapped (${w.productName}, batch B-7, 1000–1099).`);
    expect((await save(mapBody(w.productId, 990, 999))).body.ResponseCode).toBe('200');
    expect((await save(mapBody(w.productId, 1100, 1100))).body.ResponseCode).toBe('200');
  });

  it('each factory prefix is its own series', async () => {
    const other = await insertMapper(t, [PAGE.mapping.key]);
    expect((await save(mapBody(other.productId, 1000, 1099), other.token)).body.ResponseCode).toBe('200');
  });

  it('refuses a static mapping by a user without a factory prefix, or without a company', async () => {
    const noSite = await insertUser(t.db, {
      companyId: w.companyId,
      userType: USER_TYPE.factory,
      pages: [PAGE.mapping.key],
    });
    await refused(
      mapBody(w.productId, 3001, 3010),
      MAPPING_MSG.noPrefix,
      (await t.signIn(noSite.email, noSite.password)).token,
    );
    const admin = await t.token('admin');
    await refused(mapBody(w.productId, 3001, 3010), MAPPING_MSG.noCompany, admin);
  });

  it('mapRange refuses a static series of another prefix and numbers past the largest serial', async () => {
    const caller = (await callerById(t.db, w.userId))!;
    const input = {
      fromNo: 1,
      toNo: 5,
      productId: w.productId,
      batchNo: 'X',
      mfgDate: '2026-01-01',
      expDate: '2026-02-01',
      mrp: null,
      remark: '',
    };
    await expect(mapRange(t.db, caller, { ...input, series: { kind: 'S', prefix: 'ZZ' } })).rejects.toEqual(
      new Refusal(MAPPING_MSG.otherPrefix),
    );
    await expect(
      mapRange(t.db, caller, { ...input, series: { kind: 'S', prefix: w.prefix }, toNo: 2 ** 36 }),
    ).rejects.toEqual(new Refusal(MAPPING_MSG.outOfRange));
  });
});

describe('updating', () => {
  let id: number;
  beforeAll(async () => {
    id = (
      await insertMapping(t.db, {
        kind: 'S',
        prefix: w.prefix,
        fromNo: 5001,
        toNo: 5100,
        companyId: w.companyId,
        productId: w.productId,
        batchNo: 'B-UP',
      })
    ).id;
  });
  const row = async () => (await t.db.select().from(mappings).where(eq(mappings.id, id)))[0]!;

  it('changes only the expiry (other fields are refused, issue 10 item 9) and writes map-expiry', async () => {
    const before = await row();
    await refused(
      { MappingId: id, EXPDate: '2027-06-30', FromNo: 1, BatchNo: 'HACK', ProductId: 999 },
      'Unknown field: FromNo, BatchNo, ProductId',
    );
    const res = await save({ MappingId: id, EXPDate: '2027-06-30' });
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: MAPPING_MSG.updated,
      ResponseData: { MappingId: id, EXPDate: '2027-06-30' },
    });
    const after = await row();
    expect({ ...after, updatedAt: null }).toEqual({ ...before, expDate: '2027-06-30', updatedAt: null });
    const [e] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'map-expiry'), eq(events.ref, String(id))));
    expect(e).toMatchObject({ fromNo: 5001, toNo: 5100, detail: { from: '2027-01-10', to: '2027-06-30' } });
  });

  it("refuses an expiry before MFG, a missing expiry, and another company's mapping", async () => {
    await refused({ MappingId: id, EXPDate: '2025-12-31' }, MAPPING_MSG.expAfterMfg);
    await refused({ MappingId: id }, MAPPING_MSG.expRequired);
    const stranger = await insertMapper(t, [PAGE.mapping.key]);
    await refused({ MappingId: id, EXPDate: '2027-06-30' }, MAPPING_MSG.notFound, stranger.token);
    await refused({ MappingId: 99_999_999, EXPDate: '2027-06-30' }, MAPPING_MSG.notFound);
  });
});

describe('rights', () => {
  it('CreateMapping needs the Mapping page', async () => {
    const u = await insertUser(t.db, {
      companyId: w.companyId,
      siteId: w.siteId,
      userType: USER_TYPE.factory,
      pages: [PAGE.deMapping.key],
    });
    const res = await save(mapBody(w.productId, 7001, 7010), (await t.signIn(u.email, u.password)).token);
    expect(res.status).toBe(403);
    expect(res.body.ResponseMessage).toBe(FORBIDDEN);
  });
});
