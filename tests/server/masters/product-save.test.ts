// Product/CreateUpdateProduct and Product/DeleteProduct: the spec's messages, code uniqueness per
// company, categories that must chain, company scoping both ways, and deletes.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { prices, products } from '../../../src/server/db/schema.js';
import { DEFAULT_BEST_BEFORE_DAYS, PRODUCT_MSG, PRODUCT_API } from '../../../src/shared/contracts/product.js';
import { UPLOAD_MSG } from '../../../src/shared/contracts/upload.js';
import { PAGE } from '../../../src/shared/pages.js';
import { countRows, insertCompany, insertUser, listBody } from '../../helpers/factories.js';
import { insertCategoryChain, insertProduct, productBody } from '../../helpers/factories-products.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let admin: string;
let companyA: number;
let companyB: number;
let clerkA: string;

const save = (body: unknown, token = admin) => t.send(PRODUCT_API.save, body, token);
const rowByCode = async (code: string) => (await t.db.select().from(products).where(eq(products.code, code)))[0];

beforeAll(async () => {
  admin = await t.token('admin');
  companyA = (await insertCompany(t.db)).id;
  companyB = (await insertCompany(t.db)).id;
  const u = await insertUser(t.db, { companyId: companyA, pages: [PAGE.productMaster.key] });
  clerkA = (await t.signIn(u.email, u.password)).token;
});

describe('validation: the first failing field answers with the spec text, nothing saved', () => {
  it.each([
    ['no product name', { ProductName: '  ' }, PRODUCT_MSG.nameRequired],
    ['a code with a dash', { ProductCd: 'AB-12' }, 'Please enter only alphanumeric.'],
    ['no code', { ProductCd: '' }, 'Please enter only alphanumeric.'],
    ['no description', { ProductDscrptn: '' }, PRODUCT_MSG.descriptionRequired],
    ['no UOM', { ProductUOM: '' }, 'Please enter  product UOM.'],
    ['a pack in words', { ProductValue: 'ten' }, 'Please enter only number.'],
    ['an empty pack', { ProductValue: '' }, 'Please enter only number.'],
    ['a fractional pack', { ProductValue: 1.5 }, 'Please enter only number.'],
    ['a pack of 0', { ProductValue: 0 }, 'Product pack should be greater than 0.'],
    ['no company', { CompId: null }, 'Please select Company'],
    ['best before 0 days', { WarrantyPeriodInMonth: 0 }, 'Please enter Best Before Days, Should be above 1'],
    ['an MRP in words', { mrp: 'cheap' }, PRODUCT_MSG.mrpInvalid],
    ['a negative MRP', { mrp: -5 }, PRODUCT_MSG.mrpInvalid],
    ['an image path outside uploads', { ProductImg: '/etc/passwd.png' }, UPLOAD_MSG.badPath],
    ['a PDF as the product image', { ProductImg: `/uploads/${'a'.repeat(32)}.pdf` }, UPLOAD_MSG.badPath],
    ['an image as the genuine audio', { GenuineAudio: `/uploads/${'b'.repeat(32)}.png` }, UPLOAD_MSG.badPath],
    ['an unknown field', { Colour: 'green' }, 'Unknown field: Colour'],
  ])('%s', async (_name, overrides, message) => {
    const before = await countRows(t.db, products);
    const res = await save(productBody(companyA, overrides));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: message });
    expect(await countRows(t.db, products)).toBe(before);
  });

  it('the first failing field wins when several fail', async () => {
    const res = await save(productBody(companyA, { ProductName: '', ProductUOM: '' }));
    expect(res.body.ResponseMessage).toBe(PRODUCT_MSG.nameRequired);
  });
});

describe('saving', () => {
  it('adds a product with every field, and best before defaults to 730 days', async () => {
    const body = productBody(companyA, {
      ProductCd: 'NEEM500',
      ProductValue: '500',
      mrp: '450.50',
      ProductImg: `/uploads/${'c'.repeat(32)}.png`,
      label: `/uploads/${'d'.repeat(32)}.pdf`,
      GenuineAudio: `/uploads/${'e'.repeat(32)}.mp3`,
      SapProductCd: 'SAP1',
    });
    delete body.WarrantyPeriodInMonth;
    const res = await save(body);
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseMessage: PRODUCT_MSG.created });
    const row = await rowByCode('NEEM500');
    expect(row).toMatchObject({
      companyId: companyA,
      packValue: 500,
      mrp: '450.50',
      bestBeforeDays: DEFAULT_BEST_BEFORE_DAYS,
      image: `/uploads/${'c'.repeat(32)}.png`,
      labelPdf: `/uploads/${'d'.repeat(32)}.pdf`,
      sapCode: 'SAP1',
    });
  });

  it('refuses a second product with the same code in one company, in any case; another company may use it', async () => {
    expect((await save(productBody(companyA, { ProductCd: 'BIO1KG' }))).body.ResponseCode).toBe('200');
    const dup = await save(productBody(companyA, { ProductCd: 'bio1kg' }));
    expect(dup.body).toMatchObject({ ResponseCode: '400', ResponseMessage: PRODUCT_MSG.duplicateCode });
    expect((await save(productBody(companyB, { ProductCd: 'BIO1KG' }))).body.ResponseCode).toBe('200');
  });

  it("updates a product, and refuses an update onto another product's code", async () => {
    const p = await insertProduct(t.db, companyA, { code: 'UPD1' });
    await insertProduct(t.db, companyA, { code: 'UPD2' });
    const res = await save(
      productBody(companyA, { ProductId: p.id, ProductCd: 'UPD1', ProductName: 'Renamed', ProductValue: 5 }),
    );
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseMessage: PRODUCT_MSG.updated });
    expect(await rowByCode('UPD1')).toMatchObject({ name: 'Renamed', packValue: 5 });
    const clash = await save(productBody(companyA, { ProductId: p.id, ProductCd: 'UPD2' }));
    expect(clash.body.ResponseMessage).toBe(PRODUCT_MSG.duplicateCode);
  });

  it('takes a category chain MG1 > MG2 > MG3 and refuses levels that do not chain', async () => {
    const a = await insertCategoryChain(t.db);
    const b = await insertCategoryChain(t.db);
    const good = await save(
      productBody(companyA, { ProductCd: 'CAT1', CategoryId: a.mg1, MG2Id: a.mg2, MG3Id: a.mg3 }),
    );
    expect(good.body.ResponseCode).toBe('200');
    expect(await rowByCode('CAT1')).toMatchObject({ categoryId: a.mg1, mg2Id: a.mg2, mg3Id: a.mg3 });
    for (const bad of [
      { CategoryId: a.mg1, MG2Id: b.mg2 },
      { CategoryId: a.mg2 },
      { MG2Id: a.mg2 },
      { CategoryId: a.mg1, MG2Id: a.mg2, MG3Id: b.mg3 },
      { CategoryId: 999_999 },
    ]) {
      const res = await save(productBody(companyA, bad));
      expect(res.body, JSON.stringify(bad)).toMatchObject({
        ResponseCode: '400',
        ResponseMessage: PRODUCT_MSG.categoryInvalid,
      });
    }
  });

  it('an admin must name a company that exists', async () => {
    const res = await save(productBody(999_999));
    expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: PRODUCT_MSG.companyRequired });
  });
});

describe('company scoping and page rights', () => {
  it('a non-admin saves into their own company whatever company is sent', async () => {
    const res = await save(productBody(companyB, { ProductCd: 'OWNCO1' }), clerkA);
    expect(res.body.ResponseCode).toBe('200');
    expect((await rowByCode('OWNCO1'))?.companyId).toBe(companyA);
  });

  it("another company's product is not found for update or delete, and stays as it was", async () => {
    const other = await insertProduct(t.db, companyB, { code: 'THEIRS1', name: 'Theirs' });
    const upd = await save(
      productBody(companyA, { ProductId: other.id, ProductCd: 'THEIRS1', ProductName: 'Mine now' }),
      clerkA,
    );
    expect(upd.body).toMatchObject({ ResponseCode: '400', ResponseMessage: PRODUCT_MSG.notFound });
    const del = await t.fetch(PRODUCT_API.remove, { id: other.id }, clerkA);
    expect(del.body).toMatchObject({ ResponseCode: '400', ResponseMessage: PRODUCT_MSG.notFound });
    expect(await rowByCode('THEIRS1')).toMatchObject({ name: 'Theirs', companyId: companyB });
  });

  it('without the Product Master page: 403 on list, save, delete and UOM; 401 without a token', async () => {
    const u = await insertUser(t.db, { companyId: companyA, pages: [PAGE.cartonMaster.key] });
    const token = (await t.signIn(u.email, u.password)).token;
    expect((await t.send(PRODUCT_API.list, listBody(), token)).status).toBe(403);
    expect((await save(productBody(companyA), token)).status).toBe(403);
    expect((await t.fetch(PRODUCT_API.remove, { id: 1 }, token)).status).toBe(403);
    expect((await t.fetch(PRODUCT_API.uoms, token)).status).toBe(403);
    expect((await t.send(PRODUCT_API.list, listBody())).status).toBe(401);
  });
});

describe('Product/DeleteProduct', () => {
  it("deletes a product of one's own company; a second delete is not found", async () => {
    const p = await insertProduct(t.db, companyA);
    const res = await t.fetch(PRODUCT_API.remove, { id: p.id }, clerkA);
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseMessage: PRODUCT_MSG.deleted });
    expect((await t.fetch(PRODUCT_API.remove, { id: p.id }, clerkA)).body.ResponseMessage).toBe(PRODUCT_MSG.notFound);
  });

  it('refuses a product that has prices, and a malformed id', async () => {
    const p = await insertProduct(t.db, companyA);
    await t.db.insert(prices).values({ productId: p.id, companyId: companyA, price: '10.00' });
    const res = await t.fetch(PRODUCT_API.remove, { id: p.id }, admin);
    expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: PRODUCT_MSG.inUse });
    expect((await t.fetch(PRODUCT_API.remove, { id: 'abc' }, admin)).body.ResponseMessage).toBe('Invalid Arguments');
  });
});
