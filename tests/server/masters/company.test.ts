// Company Master (spec 1 sections 2.14, 3.8, 5.5, 7): validation messages, unique codes, paging and
// sort, the dropdown, page rights and company scoping (a company's staff see and change only theirs).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../../src/server/db/schema.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { COMPANY_MSG, type CompanyRow, COMPANY_API } from '../../../src/shared/contracts/company.js';
import { PAGE } from '../../../src/shared/pages.js';
import { insertCompany, insertUser, listBody } from '../../helpers/factories.js';
import { companyBody } from '../../helpers/factories-sites.js';
import { filePart, fixture, multipart } from '../../helpers/factories-products.js';
import { UPLOAD_MSG } from '../../../src/shared/contracts/upload.js';
import { useApp } from '../../helpers/use-app.js';

type Row = CompanyRow & { TotalRows: number };
const t = useApp();
let admin: string;
let staff: string; // company `mine`, with the Company Master page
let mine: number;
let theirs: number;

beforeAll(async () => {
  admin = await t.token('admin');
  mine = (await insertCompany(t.db, { code: 'MINE', name: 'Mine Agro' })).id;
  theirs = (await insertCompany(t.db, { code: 'THEIRS', name: 'Theirs Agro' })).id;
  const u = await insertUser(t.db, { companyId: mine, pages: [PAGE.companyMaster.key] });
  staff = (await t.signIn(u.email, u.password)).token;
});

const save = (body: unknown, token = admin) => t.send(COMPANY_API.save, body, token);
const snapshot = async () => JSON.stringify(await t.db.select().from(companies).orderBy(companies.id));
async function rows(body: Record<string, unknown>, token = admin): Promise<Row[]> {
  const res = await t.send(COMPANY_API.list, body, token);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as Row[];
}

describe('validation', () => {
  it.each([
    ['no code', { CCode: '' }, COMPANY_MSG.codeRequired],
    ['no name', { CompanyName: ' ' }, COMPANY_MSG.nameRequired],
    ['no display name', { CompanyDisplayName: null }, COMPANY_MSG.displayNameRequired],
    ['no mobile', { Mobile: '' }, COMPANY_MSG.mobileRequired],
    ['a mobile starting with 5', { Mobile: '5876543210' }, COMPANY_MSG.mobileInvalid],
    ['no GTI No', { GTIN: '' }, COMPANY_MSG.gtinRequired],
    ['no email', { Email: '' }, COMPANY_MSG.emailRequired],
    ['a bad email', { Email: 'care@' }, COMPANY_MSG.emailInvalid],
    ['no address', { Address: '' }, COMPANY_MSG.addressRequired],
    ['no city', { City: '' }, COMPANY_MSG.cityRequired],
    ['a 5-digit pincode', { Pincode: '42201' }, COMPANY_MSG.pincodeInvalid],
    ['a pincode with letters', { Pincode: '42201a' }, COMPANY_MSG.pincodeInvalid],
    ['no pincode', { Pincode: undefined }, COMPANY_MSG.pincodeInvalid],
    ['an unknown field', { Colour: 'red' }, 'Unknown field: Colour'],
    ['a logo outside the uploads', { CompanyLogo: '/etc/passwd' }, UPLOAD_MSG.badPath],
    ['a logo that is a stored PDF', { CompanyLogo: `/uploads/${'a'.repeat(32)}.pdf` }, UPLOAD_MSG.badPath],
  ])('%s answers 400 with its message and saves nothing', async (_n, overrides, message) => {
    const before = await snapshot();
    expect((await save(companyBody(overrides))).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: message,
      ResponseData: null,
    });
    expect(await snapshot()).toBe(before);
  });
});

describe('saving', () => {
  it('adds and updates a company', async () => {
    expect((await save(companyBody({ CCode: 'NEW1', CompanyName: 'New One' }))).body).toEqual({
      ResponseCode: '200',
      ResponseMessage: COMPANY_MSG.created,
      ResponseData: null,
    });
    const [row] = await t.db.select().from(companies).where(eq(companies.code, 'NEW1'));
    expect(row).toMatchObject({ name: 'New One', pincode: '422010', isActive: true });
    const res = await save(
      companyBody({ CompId: row!.id, CCode: 'NEW1', CompanyName: 'New One Renamed', IsActive: false }),
    );
    expect(res.body.ResponseMessage).toBe(COMPANY_MSG.updated);
    expect((await t.db.select().from(companies).where(eq(companies.id, row!.id)))[0]).toMatchObject({
      name: 'New One Renamed',
      isActive: false,
    });
  });

  it('refuses a code another company has, in any case', async () => {
    const before = await snapshot();
    expect((await save(companyBody({ CCode: 'mine' }))).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: COMPANY_MSG.duplicateCode,
      ResponseData: null,
    });
    expect((await save(companyBody({ CompId: theirs, CCode: 'Mine' }))).body.ResponseMessage).toBe(
      COMPANY_MSG.duplicateCode,
    );
    expect(await snapshot()).toBe(before);
  });
});

describe('logo', () => {
  it('saves an uploaded image as the logo; the list carries its path and the path serves the image', async () => {
    const { payload, headers } = multipart([filePart(fixture('sample.png'), 'logo.png', 'image/png')]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/API/api/Upload/FileUpload?type=image',
      payload,
      headers: { ...headers, authorization: `Bearer ${admin}` },
    });
    const source = (JSON.parse(up.payload) as { Source: string }).Source;
    expect(source).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect((await save(companyBody({ CCode: 'LOGO1', CompanyLogo: source }))).body.ResponseCode).toBe('200');
    const [row] = await rows(listBody({ SearchValue: 'LOGO1' }));
    expect(row!.CompanyLogo).toBe(source);
    const img = await t.app.inject({ method: 'GET', url: source });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });
});

describe('list', () => {
  it('pages newest first, sorts both ways and searches', async () => {
    const all = await rows(listBody({ PageSize: -1 }));
    const total = all.length;
    expect(total).toBeGreaterThanOrEqual(4);
    const p1 = await rows(listBody({ First: 1, PageSize: 2 }));
    const p2 = await rows(listBody({ First: 3, PageSize: 2 }));
    expect([...p1, ...p2].map((r) => r.CompId)).toEqual(all.slice(0, 4).map((r) => r.CompId));
    expect(p1[0]!.TotalRows).toBe(total);
    const asc = (await rows(listBody({ PageSize: -1, SortColumn: 'CCode', SortOrder: 'ASC' }))).map((r) => r.CCode);
    const desc = (await rows(listBody({ PageSize: -1, SortColumn: 'CCode', SortOrder: 'DESC' }))).map((r) => r.CCode);
    expect(desc).toEqual([...asc].reverse());
    expect(asc.indexOf('MINE')).toBeLessThan(asc.indexOf('THEIRS'));
    expect((await rows(listBody({ SearchValue: 'theirs' }))).map((r) => r.CompanyName)).toEqual(['Theirs Agro']);
    const exported = await rows(listBody({ PageSize: -1, SortColumn: 'CreatedDt', SortOrder: 'ASC' }));
    expect(exported.map((r) => r.CompId)).toEqual([...all].reverse().map((r) => r.CompId));
  });
});

describe('company scoping and page rights', () => {
  it("a company's staff list only their own company, and its dropdown has only it", async () => {
    expect((await rows(listBody({ PageSize: -1 }), staff)).map((r) => r.CompId)).toEqual([mine]);
    const ddl = await t.fetch(COMPANY_API.dropdown, staff);
    expect(ddl.body.ResponseData).toEqual([{ CompId: mine, CompanyName: 'Mine Agro' }]);
  });

  it('another company answers as not found and stays as it was; staff may not add companies', async () => {
    const before = await snapshot();
    expect((await save(companyBody({ CompId: theirs, CCode: 'THEIRS' }), staff)).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: COMPANY_MSG.notFound,
      ResponseData: null,
    });
    expect((await save(companyBody(), staff)).body.ResponseMessage).toBe(COMPANY_MSG.adminOnly);
    expect(await snapshot()).toBe(before);
    expect(
      (await save(companyBody({ CompId: mine, CCode: 'MINE', CompanyName: 'Mine Agro' }), staff)).body.ResponseCode,
    ).toBe('200');
  });

  it('403 without the page', async () => {
    const u = await insertUser(t.db, { companyId: mine, pages: [PAGE.cartonMaster.key] });
    const token = (await t.signIn(u.email, u.password)).token;
    for (const res of [await t.send(COMPANY_API.list, listBody(), token), await save(companyBody(), token)]) {
      expect(res.status).toBe(403);
      expect(res.body.ResponseMessage).toBe(FORBIDDEN);
    }
  });
});
