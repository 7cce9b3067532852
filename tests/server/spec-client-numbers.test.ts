// A client written to the spec's call tables sends numbers either as JSON numbers or as numeric text
// (issue 10 item 10): the masters and the list request take both, store the same value, and still
// refuse text that is not a number with the field's own message.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { cartons, companies, products, sites, userPages, users } from '../../src/server/db/schema.js';
import { COMPANY_MSG } from '../../src/shared/contracts/company.js';
import { PRODUCT_MSG } from '../../src/shared/contracts/product.js';
import { cartonBody, insertCompany } from '../helpers/factories.js';
import { productBody } from '../helpers/factories-products.js';
import { companyBody, factoryBody, insertReference } from '../helpers/factories-sites.js';
import { useApp } from '../helpers/use-app.js';

const t = useApp();
let admin: string;
let companyId: number;

beforeAll(async () => {
  admin = await t.token('admin');
  companyId = (await insertCompany(t.db)).id;
  await insertReference(t.db);
});

describe('numbers as JSON numbers or numeric text', () => {
  it('Company Master takes a Pincode sent as a JSON number and stores its digits', async () => {
    const body = companyBody({ Pincode: 411001 });
    const res = await t.post('CompanyMaster/CreateCompany', body, admin);
    expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
    const [row] = await t.db
      .select()
      .from(companies)
      .where(eq(companies.code, String(body.CCode)));
    expect(row?.pincode).toBe('411001');
  });

  it('Company Master still refuses a Pincode that is not six digits, as number or text', async () => {
    for (const Pincode of [4110, 'abcdef', 41100.5]) {
      const res = await t.post('CompanyMaster/CreateCompany', companyBody({ Pincode }), admin);
      expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: COMPANY_MSG.pincodeInvalid });
    }
  });

  it('Factory Master takes CompanyId and ids as text and the pincode as a number', async () => {
    const body = factoryBody(companyId, { CompanyId: String(companyId), bill_Pincode: 422010, ID: '0' });
    const res = await t.post('WareHouser/Save', body, admin);
    expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
    const [row] = await t.db
      .select()
      .from(sites)
      .where(eq(sites.code, String(body.Wcode)));
    expect(row).toMatchObject({ companyId, billPincode: '422010' });
  });

  it('Product Master takes CompId and category ids as numeric text, and refuses other text', async () => {
    const body = productBody(companyId, { CompId: String(companyId), ProductId: '0', ProductValue: '5' });
    const res = await t.post('Product/CreateUpdateProduct', body, admin);
    expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
    const [row] = await t.db
      .select()
      .from(products)
      .where(eq(products.code, String(body.ProductCd)));
    expect(row).toMatchObject({ companyId, packValue: 5 });
    const bad = await t.post('Product/CreateUpdateProduct', productBody(companyId, { CompId: 'GHAL' }), admin);
    expect(bad.body).toMatchObject({ ResponseCode: '400', ResponseMessage: PRODUCT_MSG.companyRequired });
  });

  it('Carton Size Master takes the size as digits and stores the number', async () => {
    const body = cartonBody({ CartonSize: '12' });
    const res = await t.post('CartonMaster/CreateCarton', body, admin);
    expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
    const [row] = await t.db
      .select()
      .from(cartons)
      .where(eq(cartons.name, String(body.CartonName)));
    expect(row?.size).toBe(12);
  });

  it('a list takes First and PageSize as numeric text and pages the same as with numbers', async () => {
    const asNumbers = await t.post('CartonMaster/GetCarton', { First: 2, PageSize: 2 }, admin);
    const asText = await t.post('CartonMaster/GetCarton', { First: '2', PageSize: '2' }, admin);
    expect(asText.body.ResponseCode).toBe('200');
    expect(asText.body.ResponseData).toEqual(asNumbers.body.ResponseData);
    expect((asText.body.ResponseData as unknown[]).length).toBe(2);
  });

  it('Role Management reads a UserId sent as text', async () => {
    const [clerk] = await t.db.select().from(users).where(eq(users.email, SEED_LOGINS.warehouse.email));
    const res = await t.post(
      'AccessRight/CreateUpdateAccessRight',
      { UserId: String(clerk!.id), PageList: ['215'] },
      admin,
    );
    expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
    const held = await t.db.select({ k: userPages.pageKey }).from(userPages).where(eq(userPages.userId, clerk!.id));
    expect(held.map((r) => r.k).filter((k) => k.length === 3)).toEqual(['215']); // pages; group keys aside
  });
});
