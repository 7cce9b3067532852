// Price Master (spec 1 sections 2.18, 3.10, 5.9, 7): messages, one price per product, paging, sort,
// export, the product dropdown, page rights and scoping through the product's company.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, prices, products } from '../../../src/server/db/schema.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { PRICE_MSG, type PriceProductOption, type PriceRow, PRICE_API } from '../../../src/shared/contracts/price.js';
import { PAGE } from '../../../src/shared/pages.js';
import { insertCompany, insertUser, listBody } from '../../helpers/factories.js';
import { insertProduct } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

type Row = PriceRow & { TotalRows: number };
const t = useApp();
let admin: string;
let staff: string; // company `mine`, Price Master page
let mine: number;
let theirs: number;
const P: Record<string, number> = {};
const NAMES = ['Alpha Guard', 'Bravo Boost', 'Charlie Cure', 'Delta Drip', 'Echo Eco', 'Foxtrot Feed'];

beforeAll(async () => {
  admin = await t.token('admin');
  mine = (await insertCompany(t.db)).id;
  theirs = (await insertCompany(t.db)).id;
  for (const n of NAMES) P[n] = (await insertProduct(t.db, mine, { name: n })).id;
  P.Shut = (await insertProduct(t.db, mine, { name: 'Shut Product', isActive: false })).id;
  P.Theirs = (await insertProduct(t.db, theirs, { name: 'Their Product' })).id;
  const base = Date.UTC(2025, 0, 1);
  // Prices rise with the name; created out of order so id order and date order differ.
  for (const i of [2, 0, 4, 1, 5]) {
    await t.db.insert(prices).values({
      productId: P[NAMES[i]!]!,
      companyId: mine,
      price: String(100 * (i + 1) + 0.5),
      createdAt: new Date(base + i * 3_600_000),
    });
  }
  await t.db.insert(prices).values({ productId: P.Theirs!, companyId: theirs, price: '999.00' });
  const u = await insertUser(t.db, { companyId: mine, pages: [PAGE.priceMaster.key] });
  staff = (await t.signIn(u.email, u.password)).token;
});

const save = (body: unknown, token = staff) => t.send(PRICE_API.save, body, token);
const snapshot = async () => JSON.stringify(await t.db.select().from(prices).orderBy(prices.id));
async function rows(body: Record<string, unknown>, token = staff): Promise<Row[]> {
  const res = await t.send(PRICE_API.list, body, token);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as Row[];
}
const names = (r: Row[]) => r.map((x) => x.ProductName);
const listed = ['Alpha Guard', 'Bravo Boost', 'Charlie Cure', 'Echo Eco', 'Foxtrot Feed'];

describe('validation', () => {
  it.each([
    ['no product', { PriceId: 0, Price: 10 }, PRICE_MSG.productRequired],
    ['product 0', { ProductId: 0, Price: 10 }, PRICE_MSG.productRequired],
    ['no price', { ProductId: 1 }, PRICE_MSG.pricePositive],
    ['price 0', { ProductId: 1, Price: 0 }, PRICE_MSG.pricePositive],
    ['a negative price', { ProductId: 1, Price: -5 }, PRICE_MSG.pricePositive],
    ['a price as text', { ProductId: 1, Price: 'ten' }, PRICE_MSG.pricePositive],
    ['a price as text below 1', { ProductId: 1, Price: '0.50' }, PRICE_MSG.pricePositive],
    ['a negative price as text', { ProductId: 1, Price: '-5' }, PRICE_MSG.pricePositive],
    ['a price with 3 decimals', { ProductId: 1, Price: 10.005 }, PRICE_MSG.priceCents],
    ['an unknown field', { ProductId: 1, Price: 10, IsActive: true }, 'Unknown field: IsActive'],
  ])('%s answers 400 with its message and saves nothing', async (_n, body, message) => {
    const before = await snapshot();
    expect((await save(body)).body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
    expect(await snapshot()).toBe(before);
  });

  it('an inactive product, or another company\'s, is "not selected"', async () => {
    expect((await save({ ProductId: P.Shut, Price: 5 })).body.ResponseMessage).toBe(PRICE_MSG.productRequired);
    expect((await save({ ProductId: P.Theirs, Price: 5 })).body.ResponseMessage).toBe(PRICE_MSG.productRequired);
  });
});

describe('saving', () => {
  it('adds a price, refuses a second one for the product, and updates it', async () => {
    expect((await save({ PriceId: 0, ProductId: P['Delta Drip'], Price: 449.99 })).body).toEqual({
      ResponseCode: '200',
      ResponseMessage: PRICE_MSG.created,
      ResponseData: null,
    });
    const [row] = await t.db.select().from(prices).where(eq(prices.productId, P['Delta Drip']!));
    expect(row!.price).toBe('449.99');
    expect((await save({ ProductId: P['Delta Drip'], Price: 1 })).body.ResponseMessage).toBe(PRICE_MSG.duplicate);
    expect((await save({ PriceId: row!.id, ProductId: P['Delta Drip'], Price: 450 })).body.ResponseMessage).toBe(
      PRICE_MSG.updated,
    );
    expect((await t.db.select().from(prices).where(eq(prices.id, row!.id)))[0]!.price).toBe('450.00');
    expect((await save({ PriceId: row!.id, ProductId: P['Delta Drip'], Price: ' 451.25' })).body.ResponseMessage).toBe(
      PRICE_MSG.updated,
    );
    expect((await t.db.select().from(prices).where(eq(prices.id, row!.id)))[0]!.price).toBe('451.25');
    await t.db.delete(prices).where(eq(prices.id, row!.id));
  });

  it('prices for one product saved at once: one is added, the others are told it has one (no 500)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => save({ PriceId: 0, ProductId: P['Delta Drip'], Price: 400 + i })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    const messages = answers.map((r) => r.body.ResponseMessage);
    expect(messages.filter((m) => m === PRICE_MSG.created)).toHaveLength(1);
    expect(messages.filter((m) => m === PRICE_MSG.duplicate)).toHaveLength(11);
    const stored = await t.db.select().from(prices).where(eq(prices.productId, P['Delta Drip']!));
    expect(stored).toHaveLength(1);
    await t.db.delete(prices).where(eq(prices.id, stored[0]!.id));
  });
});

describe('list', () => {
  it('pages newest first with the product name and the price as a number', async () => {
    const p1 = await rows(listBody({ First: 1, PageSize: 3 }));
    const p2 = await rows(listBody({ First: 4, PageSize: 3 }));
    expect(names([...p1, ...p2])).toEqual([...listed].reverse());
    expect(p1[0]).toMatchObject({
      ProductName: 'Foxtrot Feed',
      Price: 600.5,
      ProductId: P['Foxtrot Feed'],
      TotalRows: 5,
    });
  });

  it.each([['ProductName'], ['Price'], ['CreatedDate']])('sorts by %s both ways', async (col) => {
    expect(names(await rows(listBody({ PageSize: -1, SortColumn: col, SortOrder: 'ASC' })))).toEqual(listed);
    expect(names(await rows(listBody({ PageSize: -1, SortColumn: col, SortOrder: 'DESC' })))).toEqual(
      [...listed].reverse(),
    );
  });

  it('searches product names and exports every row oldest first', async () => {
    expect(names(await rows(listBody({ SearchValue: 'echo' })))).toEqual(['Echo Eco']);
    const all = await rows({ PageSize: -1, First: 1, IsActive: true, SortColumn: 'CreatedDt', SortOrder: 'ASC' });
    expect(names(all)).toEqual(listed);
  });
});

describe('company scoping, dropdown and page rights', () => {
  it("another company's prices are invisible to staff and visible to the admin", async () => {
    expect(names(await rows(listBody({ SearchValue: 'Their' })))).toEqual([]);
    expect(names(await rows(listBody({ SearchValue: 'Their' }), admin))).toEqual(['Their Product']);
  });

  it("updating another company's price answers not found and changes nothing", async () => {
    const [their] = await t.db.select().from(prices).where(eq(prices.productId, P.Theirs!));
    const before = await snapshot();
    const res = await save({ PriceId: their!.id, ProductId: P['Delta Drip'], Price: 1 });
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: PRICE_MSG.notFound, ResponseData: null });
    expect(await snapshot()).toBe(before);
  });

  it("the product dropdown lists the active products of the caller's company by name", async () => {
    const res = await t.fetch(PRICE_API.productDropdown, staff);
    const data = res.body.ResponseData as PriceProductOption[];
    expect(data.map((d) => d.ProductName)).toEqual(NAMES);
    expect(Object.keys(data[0]!).sort()).toEqual(['ProductId', 'ProductName']);
  });

  it('403 without the page', async () => {
    const u = await insertUser(t.db, { companyId: mine, pages: [PAGE.cartonMaster.key] });
    const token = (await t.signIn(u.email, u.password)).token;
    for (const res of [
      await t.send(PRICE_API.list, listBody(), token),
      await save({ ProductId: P['Echo Eco'], Price: 3 }, token),
      await t.fetch(PRICE_API.productDropdown, token),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.ResponseMessage).toBe(FORBIDDEN);
    }
  });
});

describe('demo data', () => {
  it('every demo product with an MRP has a price a fifth below it', async () => {
    const [ghal] = await t.db.select().from(companies).where(eq(companies.code, 'GHAL'));
    const demo = await t.db.select().from(products).where(eq(products.companyId, ghal!.id));
    const withMrp = demo.filter((p) => p.mrp !== null && p.isActive);
    expect(withMrp.length).toBeGreaterThan(0);
    const listed = await rows(listBody({ PageSize: -1 }), admin);
    for (const p of withMrp) {
      expect(listed.find((r) => r.ProductId === p.id)?.Price).toBe(Math.round(Number(p.mrp) * 80) / 100);
    }
  });
});
