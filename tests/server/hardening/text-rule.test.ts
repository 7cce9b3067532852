// Text PostgreSQL cannot store (a NUL, a lone UTF-16 surrogate) is refused with '400' on every route
// the Router registered: in a JSON body (values and keys), a list search, a path parameter, a query
// string and an upload's file name or fields. Nothing is written and nothing answers 500.
import { afterAll, describe, expect, it } from 'vitest';
import { SEED_LOGINS } from '../../../src/server/db/seed.js';
import { eq } from 'drizzle-orm';
import { cartons, mappings, numberIssues, products, uploads } from '../../../src/server/db/schema.js';
import { SHEET_MSG } from '../../../src/shared/contracts/numbers/mapping-upload.js';
import { TEXT_UNSTORABLE } from '../../../src/shared/contracts/text.js';
import { cartonBody, countRows, listBody } from '../../helpers/factories.js';
import { issueBody } from '../../helpers/factories-issue.js';
import { sheetFile, sheetRow, uploadSheet } from '../../helpers/factories-mapping-upload.js';
import { filePart, fixture, multipart, type Part } from '../../helpers/factories-products.js';
import { send } from '../../helpers/endpoint-call.js';
import { startApp } from '../../helpers/server-app.js';
import { CARTON_API } from '../../../src/shared/contracts/carton.js';
import { ISSUE_API } from '../../../src/shared/contracts/numbers/issue.js';
import { LOGIN_API } from '../../../src/shared/contracts/auth.js';

const NUL = 'Box\u0000A';
const LONE = 'Box\uD800A';
const REFUSED = { ResponseCode: '400', ResponseMessage: TEXT_UNSTORABLE, ResponseData: null };

// Built at collection time so every registered route becomes a test of its own.
const t = await startApp();
afterAll(() => t.close());
const admin = (await t.signIn(SEED_LOGINS.admin.email, SEED_LOGINS.admin.password)).token;
const routes = t.app.apiRoutes;
const label = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const posts = routes.filter((r) => r.method === 'POST').map((r) => [label(r), r.path] as const);
const gets = routes.filter((r) => r.method === 'GET');
/** A path with every `:param` given `value` (already URL-encoded). */
const fill = (path: string, value: string) => path.replace(/:[A-Za-z]+/g, value);

describe('every POST route refuses unstorable text in its JSON body', () => {
  it('the registry lists the routes', () => {
    expect(posts.length).toBeGreaterThan(40);
    expect(posts.map(([l]) => l)).toContain('POST CartonMaster/GetCarton');
  });

  it.each(posts)('%s', async (_label, path) => {
    const bodies = [
      listBody({ SearchValue: NUL }),
      listBody({ SearchValue: LONE }), // the list search
      { ...cartonBody(), CartonName: NUL, Remark: 'x' },
      { ...cartonBody(), Description: LONE },
      { [`Name${NUL}`]: 'key with a NUL' },
      { Rows: [{ Remark: LONE }] }, // keys, and nested values
    ];
    for (const body of bodies) {
      const res = await t.post(fill(path, '1'), body, admin);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body, JSON.stringify(body)).toEqual(REFUSED);
    }
  });
});

describe('saves write nothing', () => {
  it('a carton name with a lone surrogate is refused, not stored as U+FFFD', async () => {
    const before = await countRows(t.db, cartons);
    for (const name of [NUL, LONE]) {
      expect((await send(t, CARTON_API.save, cartonBody({ CartonName: name }), admin)).body).toEqual(REFUSED);
    }
    expect(await countRows(t.db, cartons)).toBe(before);
  });

  it('an issue whose sales order has a lone surrogate (a save that writes the event log) is refused', async () => {
    const from = ((await send(t, ISSUE_API.fromNumber, undefined, admin)).body.ResponseData as { FrmNo: number }).FrmNo;
    const before = await countRows(t.db, numberIssues);
    for (const so of [NUL, LONE]) {
      const res = await send(t, ISSUE_API.create, issueBody(1, from, from + 9, { SalesOrderNo: so }), admin);
      expect(res.body).toEqual(REFUSED);
    }
    expect(await countRows(t.db, numberIssues)).toBe(before);
  });

  it('public routes are covered too (sign-in with a NUL in the e-mail)', async () => {
    expect((await send(t, LOGIN_API.checkUser, { Email: `a${NUL}@example.com`, Password: 'Admin123' })).body).toEqual(
      REFUSED,
    );
  });
});

describe('path parameters and query strings', () => {
  const withParams = gets.filter((r) => r.path.includes(':')).map((r) => [label(r), r.path] as const);
  const withoutParams = gets.filter((r) => !r.path.includes(':')).map((r) => [label(r), r.path] as const);

  it.each(withParams)('%s refuses a NUL in its path parameter', async (_label, path) => {
    const res = await t.get(fill(path, 'a%00b'), admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(REFUSED);
  });

  it.each(withParams)('%s answers a surrogate (invalid UTF-8) in its path with the envelope', async (_label, path) => {
    const res = await t.get(fill(path, 'a%ED%A0%80b'), admin);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      ResponseCode: '400',
      ResponseMessage: 'The request address is not valid.',
      ResponseData: null,
    });
  });

  it.each(withoutParams)('%s refuses a NUL in its query string', async (_label, path) => {
    const res = await t.get(`${path}?type=a%00b`, admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(REFUSED);
  });

  it('a POST route refuses a NUL in its query string', async () => {
    expect((await send(t, CARTON_API.list, listBody(), admin, { SearchValue: '\u0000' })).body).toEqual(REFUSED);
  });
});

describe('multipart uploads', () => {
  const png = fixture('sample.png');
  const sendParts = async (path: string, parts: Part[], raw?: Buffer) => {
    const built = multipart(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: `/API/api/${path}`,
      payload: raw ?? built.payload,
      headers: { ...built.headers, authorization: `Bearer ${admin}` },
    });
    return { status: res.statusCode, body: JSON.parse(res.payload) as Record<string, unknown> };
  };

  it('a file name with a NUL is refused and nothing is stored', async () => {
    // (UTF-8 on the wire cannot carry a lone surrogate: it arrives as U+FFFD, which is storable.)
    const before = await countRows(t.db, uploads);
    const res = await sendParts('Upload/FileUpload?type=image', [filePart(png, 'pic\u0000.png')]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(REFUSED);
    expect(await countRows(t.db, uploads)).toBe(before);
  });

  it('a NUL in an RFC 5987 file name (filename*=) is refused', async () => {
    const { payload, headers } = multipart([filePart(png, 'pic.png')]);
    const raw = Buffer.from(
      payload.toString('latin1').replace('filename="pic.png"', "filename*=UTF-8''pic%00.png"),
      'latin1',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/API/api/Upload/FileUpload',
      payload: raw,
      headers: { ...headers, authorization: `Bearer ${admin}` },
    });
    expect(JSON.parse(res.payload)).toEqual(REFUSED);
  });

  it('a NUL in another multipart field is refused (the upload and the bulk sheet)', async () => {
    const field: Part = { field: 'type', data: 'image\u0000' };
    expect((await sendParts('Upload/FileUpload', [field, filePart(png, 'pic.png')])).body).toEqual(REFUSED);
    const mode: Part = { field: 'isPreprinted', data: 'true\u0000' };
    expect((await sendParts('Upload/CSVUpload', [mode, filePart(png, 'sheet.xlsx')])).body).toEqual(REFUSED);
  });

  it('a good file still uploads', async () => {
    const res = await sendParts('Upload/FileUpload?type=image', [filePart(png, 'pic.png')]);
    expect(res.body.ResponseCode).toBe('200');
  });
});

describe('cells of a bulk mapping sheet', () => {
  // exceljs reads the escape '_x0000_' in a cell as a NUL, so any sheet can carry one.
  it.each([
    ['a NUL', 'B_x0000_1'],
    ['a lone surrogate', 'B_xD800_1'],
  ])('a batch number with %s is a bad row, and nothing is mapped', async (_k, batch) => {
    const factory = (await t.signIn(SEED_LOGINS.factory.email, SEED_LOGINS.factory.password)).token;
    const [product] = await t.db.select().from(products).where(eq(products.code, 'BGOF1KG'));
    const before = await countRows(t.db, mappings);
    const file = await sheetFile([
      sheetRow(product!.code, 70_001, 70_010, 10, batch),
      sheetRow(product!.code, 70_011, 70_020, 10, 'GOOD-1'),
    ]);
    const res = await uploadSheet(t, factory, file, { isPreprinted: true });
    expect(res.status).toBe(200);
    expect(res.body.ResponseCode).toBe('400');
    expect(res.body.ResponseMessage).toBe(SHEET_MSG.invalid);
    const errors = (res.body.ResponseData as { ErrorList: { RowNo: number; ErrorMessage: string }[] }).ErrorList;
    expect(errors.map((e) => [e.RowNo, e.ErrorMessage])).toEqual([[2, `Batch No: ${TEXT_UNSTORABLE}`]]);
    expect(await countRows(t.db, mappings)).toBe(before);
  });
});
