// Product Configuration (spec 1 sections 2.12, 3.6, 4, 5.3): one product (btnsingle) or all of the
// company's (btnall); the text map's keys checked strictly; scoped through the product's company.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { SEED_LOGINS } from '../../../src/server/db/seed.js';
import { products, users } from '../../../src/server/db/schema.js';
import { PRODUCT_CONFIG_API, PRODUCT_CONFIG_MSG } from '../../../src/shared/contracts/product-configuration.js';
import { PAGE } from '../../../src/shared/pages.js';
import { insertProduct } from '../../helpers/factories-categories.js';
import { insertCompany, setPages, userIdByEmail } from '../../helpers/factories.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let admin: string;
let factory: string;
let factoryId: number;
let ownCompany: number;
let otherCompany: number;

beforeAll(async () => {
  admin = await t.token('admin');
  factory = await t.token('factory');
  factoryId = await userIdByEmail(t.db, SEED_LOGINS.factory.email);
  await setPages(t.db, factoryId, ['1', '2', PAGE.productConfiguration.key]);
  ownCompany = (await t.db.select({ c: users.companyId }).from(users).where(eq(users.id, factoryId)))[0]!.c!;
  otherCompany = (await insertCompany(t.db)).id;
});

const body = (ProductId: unknown, config: unknown, BtnType: unknown = 'btnsingle') => ({
  ProductId,
  ProdConfiguration: typeof config === 'string' ? config : JSON.stringify(config),
  BtnType,
});
const configOf = async (id: number) =>
  (await t.db.select({ c: products.config }).from(products).where(eq(products.id, id)))[0]!.c;
const configs = async () =>
  JSON.stringify(await t.db.select({ id: products.id, c: products.config }).from(products).orderBy(products.id));
const warn = (m: string) => ({ ResponseCode: '400', ResponseMessage: m, ResponseData: null });

describe('validation', () => {
  it.each([
    ['no product', { ProdConfiguration: '{}', BtnType: 'btnsingle' }, PRODUCT_CONFIG_MSG.productRequired],
    ['product 0', body(0, {}), PRODUCT_CONFIG_MSG.productRequired],
    ['product null', body(null, {}, 'btnall'), PRODUCT_CONFIG_MSG.productRequired],
    ['an unknown item', body(5, { IsFeedback: true, IsColour: true }), 'Unknown configuration item: IsColour'],
    ['a key in the wrong case', body(5, { isfeedback: true }), 'Unknown configuration item: isfeedback'],
    ['a value that is not a flag', body(5, { IsFeedback: 'yes' }), 'IsFeedback must be true or false.'],
    ['text that is not JSON', body(5, '{IsFeedback:true'), PRODUCT_CONFIG_MSG.configInvalid],
    ['a JSON array', body(5, '[true]'), PRODUCT_CONFIG_MSG.configInvalid],
    [
      'a map sent as an object',
      { ProductId: 5, ProdConfiguration: { IsFeedback: true }, BtnType: 'btnsingle' },
      PRODUCT_CONFIG_MSG.configInvalid,
    ],
    ['an unknown button', body(5, {}, 'btnsome'), PRODUCT_CONFIG_MSG.btnTypeInvalid],
    ['an unknown field', { ...body(5, {}), Extra: 1 }, 'Unknown field: Extra'],
  ])('%s answers 400 with its message and changes nothing', async (_n, sent, message) => {
    await insertProduct(t.db, ownCompany);
    const before = await configs();
    expect((await t.send(PRODUCT_CONFIG_API.save, sent, admin)).body).toEqual(warn(message));
    expect(await configs()).toBe(before);
  });
});

describe('saving', () => {
  it('btnsingle sets the chosen product only; an item left out is off; the read answers the map', async () => {
    const a = await insertProduct(t.db, ownCompany, { config: { IsFeedback: true, IsProductImage: true } });
    const b = await insertProduct(t.db, ownCompany);
    const res = await t.send(PRODUCT_CONFIG_API.save, body(a.id, { IsProductImage: true }), factory);
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: PRODUCT_CONFIG_MSG.savedSingle,
      ResponseData: null,
    });
    expect(await configOf(a.id)).toEqual({ IsFeedback: false, IsProductImage: true });
    expect(await configOf(b.id)).toEqual({});
    expect((await t.fetch(PRODUCT_CONFIG_API.read, { productId: a.id }, factory)).body).toEqual({
      ResponseCode: '200',
      ResponseMessage: 'Success',
      ResponseData: {
        ProductId: a.id,
        ProdConfiguration: '{"IsFeedback":false,"IsProductImage":true}',
        SecondaryCartonId: null,
        TertiaryCartonId: null,
      },
    });
    expect((await t.fetch(PRODUCT_CONFIG_API.read, { productId: b.id }, factory)).body.ResponseData).toEqual({
      ProductId: b.id,
      ProdConfiguration: '{"IsFeedback":false,"IsProductImage":false}',
      SecondaryCartonId: null,
      TertiaryCartonId: null,
    });
  });

  it("btnall sets every product of the caller's company and no other company's", async () => {
    const mine = [await insertProduct(t.db, ownCompany), await insertProduct(t.db, ownCompany, { isActive: false })];
    const theirs = await insertProduct(t.db, otherCompany, { config: { IsFeedback: false } });
    const res = await t.send(
      PRODUCT_CONFIG_API.save,
      body(mine[0]!.id, { IsFeedback: true, IsProductImage: false }, 'btnall'),
      factory,
    );
    expect(res.body).toEqual({ ResponseCode: '200', ResponseMessage: PRODUCT_CONFIG_MSG.savedAll, ResponseData: null });
    const own = await t.db.select({ c: products.config }).from(products).where(eq(products.companyId, ownCompany));
    expect(own.length).toBeGreaterThanOrEqual(2);
    for (const p of own) expect(p.c).toMatchObject({ IsFeedback: true, IsProductImage: false });
    expect(await configOf(theirs.id)).toEqual({ IsFeedback: false });
  });

  it("an admin's btnall applies to the chosen product's company", async () => {
    const theirs = [await insertProduct(t.db, otherCompany), await insertProduct(t.db, otherCompany)];
    const mine = await insertProduct(t.db, ownCompany, { config: { IsFeedback: true, IsProductImage: true } });
    expect(
      (await t.send(PRODUCT_CONFIG_API.save, body(theirs[0]!.id, { IsProductImage: true }, 'btnall'), admin)).body
        .ResponseCode,
    ).toBe('200');
    for (const p of theirs) expect(await configOf(p.id)).toEqual({ IsFeedback: false, IsProductImage: true });
    expect(await configOf(mine.id)).toEqual({ IsFeedback: true, IsProductImage: true });
  });
});

describe('company scoping and rights', () => {
  it("another company's product answers as not found to both calls and is unchanged", async () => {
    const theirs = await insertProduct(t.db, otherCompany, { config: { IsFeedback: true } });
    const before = await configs();
    for (const btn of ['btnsingle', 'btnall']) {
      expect(
        (await t.send(PRODUCT_CONFIG_API.save, body(theirs.id, { IsFeedback: false }, btn), factory)).body,
      ).toEqual(warn(PRODUCT_CONFIG_MSG.notFound));
    }
    expect((await t.fetch(PRODUCT_CONFIG_API.read, { productId: theirs.id }, factory)).body).toEqual(
      warn(PRODUCT_CONFIG_MSG.notFound),
    );
    expect((await t.fetch(PRODUCT_CONFIG_API.read, { productId: 999999 }, admin)).body).toEqual(
      warn(PRODUCT_CONFIG_MSG.notFound),
    );
    expect((await t.fetch(PRODUCT_CONFIG_API.read, { productId: 'abc' }, admin)).body).toEqual(
      warn('Invalid Arguments'),
    );
    expect(await configs()).toBe(before);
  });

  it('without the Product Configuration page: 403 and nothing saved', async () => {
    const p = await insertProduct(t.db, ownCompany);
    await setPages(t.db, factoryId, ['1', '2', PAGE.productMaster.key]);
    try {
      const forbidden = { status: 403, body: { ResponseCode: '403', ResponseMessage: FORBIDDEN, ResponseData: null } };
      expect(await t.send(PRODUCT_CONFIG_API.save, body(p.id, { IsFeedback: true }), factory)).toMatchObject(forbidden);
      expect(await t.fetch(PRODUCT_CONFIG_API.read, { productId: p.id }, factory)).toMatchObject(forbidden);
      expect(await configOf(p.id)).toEqual({});
    } finally {
      await setPages(t.db, factoryId, ['1', '2', PAGE.productConfiguration.key]);
    }
  });
});
