// Product Configuration's default carton sizes (issue 27, scan-first packing): two optional fields
// beside the spec's, saved and read back, checked against the Carton master, left alone by a body of
// the spec's fields only, and sent to the floor in the masters cache a first scan reads offline.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartons, products } from '../../../src/server/db/schema.js';
import { FLOOR_CACHE_API } from '../../../src/shared/contracts/floor/cache.js';
import { PRODUCT_CONFIG_API, PRODUCT_CONFIG_MSG } from '../../../src/shared/contracts/product-configuration.js';
import { PAGE } from '../../../src/shared/pages.js';
import { insertProduct } from '../../helpers/factories-categories.js';
import { insertCompany, insertUser } from '../../helpers/factories.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let admin: string;
let floor: string;
let company: number;
let small: number;
let big: number;
let retired: number;

const SECONDARY = 'Default secondary carton size';
const TERTIARY = 'Default tertiary carton size';

beforeAll(async () => {
  admin = await t.token('admin');
  company = (await insertCompany(t.db)).id;
  const user = await insertUser(t.db, { companyId: company, pages: [PAGE.secondaryPacking.key] });
  floor = (await t.signIn(user.email, user.password)).token;
  const carton = async (name: string, size: number, isActive = true) =>
    (await t.db.insert(cartons).values({ name, size, description: name, isActive }).returning())[0]!.id;
  small = await carton('Default test 10', 10);
  big = await carton('Default test 40', 40);
  retired = await carton('Default test retired', 20, false);
});

const save = (ProductId: number, extra: Record<string, unknown>, BtnType = 'btnsingle') =>
  t.send(
    PRODUCT_CONFIG_API.save,
    { ProductId, ProdConfiguration: JSON.stringify({ IsFeedback: true }), BtnType, ...extra },
    admin,
  );
const read = async (productId: number) =>
  (await t.fetch(PRODUCT_CONFIG_API.read, { productId }, admin)).body.ResponseData as Record<string, unknown>;
const defaultsOf = async (id: number) =>
  (
    await t.db
      .select({ s: products.secondaryCartonId, t: products.tertiaryCartonId })
      .from(products)
      .where(eq(products.id, id))
  )[0];

describe('default carton sizes', () => {
  it('are saved with the flags and read back; null clears one, a body without them keeps them', async () => {
    const p = await insertProduct(t.db, company);
    expect((await save(p.id, { SecondaryCartonId: small, TertiaryCartonId: big })).body.ResponseCode).toBe('200');
    expect(await read(p.id)).toMatchObject({ ProductId: p.id, SecondaryCartonId: small, TertiaryCartonId: big });

    // The spec's body alone (no defaults) changes the flags and leaves the defaults as they were.
    await save(p.id, {});
    expect(await read(p.id)).toMatchObject({ SecondaryCartonId: small, TertiaryCartonId: big });

    // Digits as text are taken as the id; null and 0 both clear.
    await save(p.id, { SecondaryCartonId: String(big), TertiaryCartonId: null });
    expect(await read(p.id)).toMatchObject({ SecondaryCartonId: big, TertiaryCartonId: null });
    await save(p.id, { SecondaryCartonId: 0 });
    expect(await read(p.id)).toMatchObject({ SecondaryCartonId: null, TertiaryCartonId: null });
  });

  it.each([
    ['an unknown carton', () => ({ SecondaryCartonId: 99_999_999 }), PRODUCT_CONFIG_MSG.cartonNotFound(SECONDARY)],
    ['an inactive carton', () => ({ TertiaryCartonId: retired }), PRODUCT_CONFIG_MSG.cartonNotFound(TERTIARY)],
    ['a negative id', () => ({ SecondaryCartonId: -1 }), PRODUCT_CONFIG_MSG.cartonInvalid(SECONDARY)],
    ['text', () => ({ TertiaryCartonId: 'big' }), PRODUCT_CONFIG_MSG.cartonInvalid(TERTIARY)],
  ])('%s answers 400 with its message and saves nothing', async (_n, extra, message) => {
    const p = await insertProduct(t.db, company, { config: {} });
    await t.db.update(products).set({ secondaryCartonId: small }).where(eq(products.id, p.id));
    const res = await save(p.id, extra());
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
    expect(await defaultsOf(p.id)).toEqual({ s: small, t: null });
    // The flags of the same body were not applied either: nothing half-saved.
    expect((await t.db.select({ c: products.config }).from(products).where(eq(products.id, p.id)))[0]!.c).toEqual({});
  });

  it("btnall sets the defaults of every product of the company, as the form's flags", async () => {
    const a = await insertProduct(t.db, company);
    const b = await insertProduct(t.db, company);
    expect((await save(a.id, { SecondaryCartonId: big }, 'btnall')).body.ResponseMessage).toBe(
      PRODUCT_CONFIG_MSG.savedAll,
    );
    expect((await defaultsOf(a.id))!.s).toBe(big);
    expect((await defaultsOf(b.id))!.s).toBe(big);
  });

  it("reach the floor: the masters cache lists each product's defaults", async () => {
    const p = await insertProduct(t.db, company);
    await save(p.id, { SecondaryCartonId: small, TertiaryCartonId: big });
    const res = await t.get(FLOOR_CACHE_API.masters.path, floor);
    expect(res.body.ResponseCode).toBe('200');
    const masters = FLOOR_CACHE_API.masters.data.parse(res.body.ResponseData);
    expect(masters.Products.find((x) => x.ProductId === p.id)).toMatchObject({
      SecondaryCartonId: small,
      TertiaryCartonId: big,
    });
    expect(masters.CartonSizes.map((c) => c.CartonId)).toEqual(expect.arrayContaining([small, big]));
  });
});
