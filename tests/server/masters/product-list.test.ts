// Product/GetProducts, GetProductsDDL and GetProductUOM: paging, sort, search, export and company scoping.
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_API, type ProductOption, type ProductRow } from '../../../src/shared/contracts/product.js';
import { PAGE } from '../../../src/shared/pages.js';
import { addDays } from '../../../src/shared/contracts/numbers/fields.js';
import { indiaDate } from '../../../src/shared/today.js';
import { insertCompany, insertUser, listBody, unique } from '../../helpers/factories.js';
import { insertProduct } from '../../helpers/factories-products.js';
import { useApp } from '../../helpers/use-app.js';
import { send } from '../../helpers/endpoint-call.js';

type Row = ProductRow & { TotalRows: number };

const t = useApp();
let admin: string;
let clerkA: string;
let companyA: { id: number; name: string };
let companyB: { id: number; name: string };
const tag = unique('zq');

const list = async (body: object, token = admin) => {
  const res = await send(t, PRODUCT_API.list, listBody(body), token);
  expect(res.status).toBe(200);
  return res;
};
const rows = async (body: object, token = admin) => (await list(body, token)).body.ResponseData as Row[];

beforeAll(async () => {
  admin = await t.token('admin');
  companyA = await insertCompany(t.db, { name: `Alpha ${tag}` });
  companyB = await insertCompany(t.db, { name: `Beta ${tag}` });
  // Created dates follow the pack size: Aa oldest, Dd newest.
  for (const [name, pack, co] of [
    ['Cc', 3, companyA],
    ['Aa', 1, companyA],
    ['Bb', 2, companyB],
    ['Dd', 4, companyA],
  ] as const) {
    await insertProduct(t.db, co.id, {
      name: `${tag} ${name}`,
      packValue: pack,
      uom: co === companyB ? 'Drum' : 'kg',
      isActive: name !== 'Dd',
      createdAt: new Date(Date.now() - (10 - pack) * 60_000),
    });
  }
  const u = await insertUser(t.db, { companyId: companyA.id, pages: [PAGE.productMaster.key] });
  clerkA = (await t.signIn(u.email, u.password)).token;
});

describe('Product/GetProducts', () => {
  it('pages, with TotalRows counted before paging, newest first by default', async () => {
    const page1 = await rows({ SearchValue: tag, PageSize: 2, First: 1, SortColumn: '', SortOrder: undefined });
    expect(page1.map((r) => r.ProductName)).toEqual([`${tag} Dd`, `${tag} Cc`]);
    expect(page1[0]!.TotalRows).toBe(4);
    const page2 = await rows({ SearchValue: tag, PageSize: 2, First: 3, SortColumn: 'CreatedDt', SortOrder: 'DESC' });
    expect(page2.map((r) => r.ProductName)).toEqual([`${tag} Bb`, `${tag} Aa`]);
  });

  it('sorts by the shown columns both ways and refuses others', async () => {
    const byName = await rows({ SearchValue: tag, SortColumn: 'ProductName', SortOrder: 'ASC' });
    expect(byName.map((r) => r.ProductName.slice(-2))).toEqual(['Aa', 'Bb', 'Cc', 'Dd']);
    const byPack = await rows({ SearchValue: tag, SortColumn: 'ProductValue', SortOrder: 'DESC' });
    expect(byPack.map((r) => r.ProductValue)).toEqual([4, 3, 2, 1]);
    const byCompany = await rows({ SearchValue: tag, SortColumn: 'CompanyName', SortOrder: 'DESC' });
    expect(byCompany[0]!.CompanyName).toBe(companyB.name);
    const bad = await list({ SortColumn: 'ProductImg' });
    expect(bad.body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: "The list cannot be sorted by 'ProductImg'.",
    });
  });

  it('searches name, code, company and UOM; rows carry what the edit form needs', async () => {
    const byCompany = await rows({ SearchValue: `Beta ${tag}` });
    expect(byCompany.map((r) => r.ProductName)).toEqual([`${tag} Bb`]);
    expect(byCompany[0]).toMatchObject({
      CompId: companyB.id,
      ProductUOM: 'Drum',
      ProductValue: 2,
      IsActive: true,
      WarrantyPeriodInMonth: 730,
      CategoryId: null,
      MG2Id: null,
      CategoryIdMG2: null,
    });
    expect(typeof byCompany[0]!.CreatedDt).toBe('string');
    expect(byCompany[0]!.ExpDate).toBe(addDays(indiaDate(), 730));
  });

  it("exports every row with PageSize -1 (inactive rows too), oldest first as the spec's export asks", async () => {
    const all = await rows({
      SearchValue: tag,
      PageSize: -1,
      First: 1,
      IsActive: true,
      SortColumn: 'CreatedDt',
      SortOrder: 'ASC',
    });
    expect(all.map((r) => r.ProductName.slice(-2))).toEqual(['Aa', 'Bb', 'Cc', 'Dd']);
    expect(all.find((r) => r.ProductName.endsWith('Dd'))!.IsActive).toBe(false);
  });

  it("a non-admin sees only their company's products", async () => {
    const mine = await rows({ SearchValue: tag, PageSize: -1 }, clerkA);
    expect(mine.map((r) => r.ProductName.slice(-2)).sort()).toEqual(['Aa', 'Cc', 'Dd']);
    expect(mine.every((r) => r.CompId === companyA.id)).toBe(true);
    expect(await rows({ SearchValue: `Beta ${tag}` }, clerkA)).toEqual([]);
  });

  it("the demo company's products are in the admin's list", async () => {
    const demo = await rows({ SearchValue: 'NeemShield' });
    expect(demo[0]).toMatchObject({
      ProductCd: 'NSNO500ML',
      CompanyName: 'Green Harvest Agro Ltd',
      ProductImg: '/uploads/demo-neemshield-500ml.png',
    });
  });
});

describe('Product/GetProductsDDL and Product/GetProductUOM', () => {
  it("the dropdown lists active products of the caller's company only", async () => {
    const res = await send(t, PRODUCT_API.dropdown, undefined, clerkA);
    const names = (res.body.ResponseData as ProductOption[]).map((o) => o.ProductName).filter((n) => n.startsWith(tag));
    expect(names.sort()).toEqual([`${tag} Aa`, `${tag} Cc`]);
    const all = (await t.fetch(PRODUCT_API.dropdown, admin)).body.ResponseData as ProductOption[];
    expect(all.some((o) => o.ProductName === `${tag} Bb`)).toBe(true);
  });

  it("units: the standard list plus the company's own, not another company's", async () => {
    const mine = ((await send(t, PRODUCT_API.uoms, undefined, clerkA)).body.ResponseData as { UOM: string }[]).map(
      (u) => u.UOM,
    );
    expect(mine).toEqual(expect.arrayContaining(['kg', 'g', 'L', 'ml']));
    expect(mine).not.toContain('Drum');
    const all = ((await t.fetch(PRODUCT_API.uoms, admin)).body.ResponseData as { UOM: string }[]).map((u) => u.UOM);
    expect(all).toContain('Drum');
    expect(all.filter((u) => u.toLowerCase() === 'kg')).toHaveLength(1);
  });
});
