// Bulk mapping (spec 2 sections 2, 5, 7, 8; DESIGN section 4): real .xlsx sheets through
// Upload/CSVUpload; every row through the mapping rule; one bad row maps nothing and every bad row is
// listed with its reason; files are judged by content; the template reads back; rights and scoping.
import { and, eq, gte, lte } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { events, mappings, products } from '../../../src/server/db/schema.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { DATE_ONLY, NUMBER_ONLY } from '../../../src/shared/contracts/numbers/fields.js';
import {
  alreadyMapped,
  MAPPING_API,
  MAPPING_MSG,
  notInStock,
  type MappingRow,
} from '../../../src/shared/contracts/numbers/mapping.js';
import {
  missingColumnsMessage,
  savedMessage,
  SHEET_API,
  SHEET_HEADERS,
  SHEET_MAX_ROWS,
  SHEET_MSG,
  TEMPLATE_FILE_NAME,
  XLSX_MIME,
  type SheetErrorRow,
} from '../../../src/shared/contracts/numbers/mapping-upload.js';
import { PAGE } from '../../../src/shared/pages.js';
import { insertUser, listBody } from '../../helpers/factories.js';
import { damageWorld, insertMapping, rangesOf, type DamageWorld } from '../../helpers/factories-damage.js';
import { insertIssue } from '../../helpers/factories-issue.js';
import {
  legacyXls,
  sheetFile,
  sheetRow,
  uploadSheet,
  type UploadOptions,
} from '../../helpers/factories-mapping-upload.js';
import { fixture } from '../../helpers/factories-products.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let w: DamageWorld;
let code: string;
let otherCode: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  w = await damageWorld(t.db, ['BU', 'BV', 'BW']);
  const codeOf = async (id: number) =>
    (await t.db.select({ c: products.code }).from(products).where(eq(products.id, id)))[0]!.c;
  code = await codeOf(w.product);
  otherCode = await codeOf(w.otherProduct);
  const noMapping = await insertUser(t.db, {
    companyId: w.company,
    siteId: null,
    userType: 4,
    pages: [PAGE.deMapping.key],
  });
  for (const [k, u] of Object.entries({ user: w.user, noPrefix: w.noPrefix, noMapping }))
    tokens[k] = (await t.signIn(u.email, u.password)).token;
});

const upload = async (rows: ExcelJS.CellValue[][], o: UploadOptions = {}, who = 'user') =>
  uploadSheet(t, tokens[who], await sheetFile(rows), o);
const S = (from: number, to: number) => rangesOf(t.db, 'S', w.prefix, from, to);
const mapEvents = async (from: number, to: number) =>
  (
    await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'map'), gte(events.fromNo, from), lte(events.toNo, to)))
      .orderBy(events.fromNo)
  ).map((e) => [e.fromNo, e.toNo, e.prefix, e.userId]);
async function refusedRows(res: Awaited<ReturnType<typeof upload>>): Promise<SheetErrorRow[]> {
  expect(res.status).toBe(200);
  expect(res.body.ResponseCode).toBe('400');
  expect(res.body.ResponseMessage).toBe(SHEET_MSG.invalid);
  return (res.body.ResponseData as { ErrorList: SheetErrorRow[] }).ErrorList;
}
const warned = (res: Awaited<ReturnType<typeof upload>>, message: string) =>
  expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });

describe('a good sheet', () => {
  it('maps every row, with dates, To No. or Quantity worked out, and is listed and logged', async () => {
    const res = await upload([
      sheetRow(code, 1001, 1010, 10, 'B-1', new Date(Date.UTC(2026, 0, 10)), null, 450, 'first'),
      sheetRow(code, 1011, null, 20, 'B-2', '2026-02-01', '01-02-2028', '99.5'),
      sheetRow(code.toLowerCase(), '1031', '1040', null, 'B-3', '15/03/2026', 46_100, null, 'text numbers'),
      sheetRow(code, 1041, 1041, 1, 'B-4', { formula: 'DATE(2026,4,1)', result: new Date(Date.UTC(2026, 3, 1)) }),
    ]);
    expect(res.body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: savedMessage(4),
      ResponseData: { Count: 4 },
    });
    expect(await S(1001, 1041)).toEqual([
      [1001, 1010],
      [1011, 1030],
      [1031, 1040],
      [1041, 1041],
    ]);

    const list = await send(
      t,
      MAPPING_API.list,
      listBody({ PageSize: 50, SortColumn: 'FromNo', SortOrder: 'ASC', isPreprinted: false }),
      tokens.user,
    );
    expect(list.body.ResponseCode).toBe('200');
    const rows = (list.body.ResponseData as MappingRow[]).filter((r) => r.FromNo >= 1001 && r.ToNo <= 1041);
    expect(rows.map((r) => [r.FromNo, r.ToNo, r.Qty, r.BatchNo, r.MFGDate, r.EXPDate, r.Mrp, r.Remark])).toEqual([
      // EXP blank: MFG + the product's 730 best-before days.
      [1001, 1010, 10, 'B-1', '2026-01-10', '2028-01-10', 450, 'first'],
      [1011, 1030, 20, 'B-2', '2026-02-01', '2028-02-01', 99.5, ''],
      // Day first text; an Excel serial day (46100 = 2026-03-19).
      [1031, 1040, 10, 'B-3', '2026-03-15', '2026-03-19', null, 'text numbers'],
      [1041, 1041, 1, 'B-4', '2026-04-01', '2028-03-31', 450, ''],
    ]);
    expect(await mapEvents(1001, 1041)).toEqual(
      [1001, 1011, 1031, 1041].map((f, i) => [f, [1010, 1030, 1040, 1041][i], w.prefix, w.user.id]),
    );
  });

  it('takes preprinted numbers of accepted stock when the mode says so (field or query)', async () => {
    await insertIssue(t.db, w.company, 7_000_001, 7_000_100, true);
    const a = await upload([sheetRow(code, 7_000_001, 7_000_050, 50, 'PP-1')], { isPreprinted: true });
    expect(a.body.ResponseCode, a.body.ResponseMessage).toBe('200');
    const b = await upload([sheetRow(code, 7_000_051, 7_000_100, 50, 'PP-2')], { isPreprinted: true, inQuery: true });
    expect(b.body.ResponseCode, b.body.ResponseMessage).toBe('200');
    expect(await rangesOf(t.db, 'P', '', 7_000_001, 7_000_100)).toEqual([
      [7_000_001, 7_000_050],
      [7_000_051, 7_000_100],
    ]);
    const c = await upload([sheetRow(code, 7_000_101, 7_000_110, 10, 'PP-3')], { isPreprinted: true });
    expect((await refusedRows(c)).map((r) => r.ErrorMessage)).toEqual([notInStock(7_000_101, 7_000_110, 10)]);
  });
});

describe('a sheet with bad rows maps nothing', () => {
  it('lists exactly the bad rows with their reasons', async () => {
    const existing = await insertMapping(t.db, {
      companyId: w.company,
      productId: w.product,
      prefix: w.prefix,
      fromNo: 2001,
      toNo: 2010,
      batchNo: 'OLD-1',
    });
    const before = await t.db.select().from(events);
    const res = await upload([
      sheetRow(code, 2101, 2110, 10, 'G-1'),
      sheetRow('NOPE-1', 2111, 2120, 10, 'X-1'),
      sheetRow(code, 2121, 2130, 10, 'G-2'),
      sheetRow(code, 2005, 2015, 11, 'X-2'),
      sheetRow(code, 2200, 2150, null, 'X-3'),
      sheetRow(code, 2131, 2140, 10, 'G-3'),
    ]);
    expect(await refusedRows(res)).toEqual([
      {
        RowNo: 3,
        ProductCode: 'NOPE-1',
        FromNo: '2111',
        ToNo: '2120',
        Qty: '10',
        BatchNo: 'X-1',
        ErrorMessage: SHEET_MSG.unknownProduct('NOPE-1'),
      },
      {
        RowNo: 5,
        ProductCode: code,
        FromNo: '2005',
        ToNo: '2015',
        Qty: '11',
        BatchNo: 'X-2',
        ErrorMessage: alreadyMapped(2005, 2010, w.productName, existing.batchNo, 2001, 2010),
      },
      {
        RowNo: 6,
        ProductCode: code,
        FromNo: '2200',
        ToNo: '2150',
        Qty: '',
        BatchNo: 'X-3',
        ErrorMessage: MAPPING_MSG.fromBeforeTo,
      },
    ]);
    expect(await S(2001, 2200)).toEqual([[2001, 2010]]);
    expect((await t.db.select().from(events)).length).toBe(before.length);
  });

  it('refuses two rows of the sheet that overlap each other', async () => {
    const res = await upload([sheetRow(code, 3001, 3010, 10, 'OV-1'), sheetRow(code, 3005, 3020, 16, 'OV-2')]);
    expect((await refusedRows(res)).map((r) => [r.RowNo, r.ErrorMessage])).toEqual([
      [3, alreadyMapped(3005, 3010, w.productName, 'OV-1', 3001, 3010)],
    ]);
    expect(await S(3001, 3020)).toEqual([]);
  });

  it.each([
    ['From as letters', sheetRow('CODE', 'abc', 4010, 10, 'F-1'), NUMBER_ONLY],
    ['no From', sheetRow('CODE', null, 4010, 10, 'F-1'), MAPPING_MSG.fromRequired],
    ['neither To nor Quantity', sheetRow('CODE', 4001, null, null, 'F-1'), MAPPING_MSG.toRequired],
    ['Quantity 0', sheetRow('CODE', 4001, null, 0, 'F-1'), MAPPING_MSG.qtyPositive],
    ['a Quantity that does not match', sheetRow('CODE', 4001, 4010, 9, 'F-1'), MAPPING_MSG.qtyMismatch],
    ['no batch', sheetRow('CODE', 4001, 4010, 10, null), MAPPING_MSG.batchRequired],
    ['a batch too long', sheetRow('CODE', 4001, 4010, 10, 'B'.repeat(51)), MAPPING_MSG.batchTooLong],
    ['no MFG date', sheetRow('CODE', 4001, 4010, 10, 'F-1', null), MAPPING_MSG.mfgRequired],
    ['an impossible date', sheetRow('CODE', 4001, 4010, 10, 'F-1', '31-02-2026'), DATE_ONLY],
    ['a month-first date', sheetRow('CODE', 4001, 4010, 10, 'F-1', '12/25/2026'), DATE_ONLY],
    ['EXP before MFG', sheetRow('CODE', 4001, 4010, 10, 'F-1', '2026-05-01', '2026-04-30'), MAPPING_MSG.expAfterMfg],
    ['MRP as words', sheetRow('CODE', 4001, 4010, 10, 'F-1', '2026-05-01', null, 'ten'), MAPPING_MSG.mrpInvalid],
    [
      'a remark too long',
      sheetRow('CODE', 4001, 4010, 10, 'F-1', '2026-05-01', null, 1, 'r'.repeat(251)),
      MAPPING_MSG.remarkTooLong,
    ],
    ['no product code', sheetRow('', 4001, 4010, 10, 'F-1'), SHEET_MSG.productRequired],
    ["another company's product code", sheetRow('OTHER', 4001, 4010, 10, 'F-1'), 'other'],
    [
      'a formula without its value',
      sheetRow('CODE', { formula: 'A1+1' } as ExcelJS.CellValue, 4010, 10, 'F-1'),
      `From No.: ${SHEET_MSG.formula}`,
    ],
    [
      'an error cell',
      sheetRow('CODE', 4001, { error: '#REF!' } as ExcelJS.CellValue, 10, 'F-1'),
      `To No.: ${SHEET_MSG.cellError}`,
    ],
  ])('%s', async (_, row, message) => {
    // Codes are known only once the data is made: the table names them.
    row[0] = row[0] === 'CODE' ? code : row[0] === 'OTHER' ? otherCode : row[0]!;
    if (message === 'other') message = SHEET_MSG.unknownProduct(otherCode);
    const res = await upload([sheetRow(code, 4101, 4110, 10, 'OK-1'), row]);
    expect((await refusedRows(res)).map((r) => [r.RowNo, r.ErrorMessage])).toEqual([[3, message]]);
    expect(await S(4001, 4110)).toEqual([]);
  });
});

describe('the file', () => {
  it.each([
    ['an old .xls', legacyXls(), 'old.xls', SHEET_MSG.legacyXls],
    ['a PNG named .xlsx', fixture('sample.png'), 'picture.xlsx', SHEET_MSG.notAcceptable],
    ['a CSV named .xlsx', Buffer.from('Product Code,From No.\nX,1\n'), 'rows.xlsx', SHEET_MSG.notAcceptable],
    [
      'a ZIP that is no workbook',
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 1)]),
      'broken.xlsx',
      SHEET_MSG.unreadable,
    ],
    ['an empty file', Buffer.alloc(0), 'empty.xlsx', SHEET_MSG.noFile],
    [
      'a file over 5 MB',
      Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(5 * 1024 * 1024, 7)]),
      'big.xlsx',
      SHEET_MSG.tooLarge,
    ],
  ])('%s is refused', async (_, data, fileName, message) => {
    warned(await uploadSheet(t, tokens.user, data, { fileName }), message);
  });

  it('an empty sheet, a header-only sheet and missing columns are refused', async () => {
    warned(await uploadSheet(t, tokens.user, await sheetFile([], null)), SHEET_MSG.noRows);
    warned(await uploadSheet(t, tokens.user, await sheetFile([])), SHEET_MSG.noRows);
    warned(
      await uploadSheet(t, tokens.user, await sheetFile([[code, 1]], ['Product Code', 'From No.'])),
      missingColumnsMessage(['Batch No', 'MFG Date']),
    );
  });

  it('a sheet that unpacks to too much is refused before it is read', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Mapping').addRow(['x'.repeat(30 * 1024 * 1024)]);
    const bomb = Buffer.from(await book.xlsx.writeBuffer());
    expect(bomb.length).toBeLessThan(1024 * 1024);
    warned(await uploadSheet(t, tokens.user, bomb), SHEET_MSG.unreadable);
  });

  it('more rows than the limit are refused', async () => {
    const rows = Array.from({ length: SHEET_MAX_ROWS + 1 }, (_, i) =>
      sheetRow(code, 500_000 + i, 500_000 + i, 1, 'MANY'),
    );
    warned(await upload(rows), SHEET_MSG.tooManyRows);
  });

  it('a request without a file is refused', async () => {
    warned(await send(t, SHEET_API.upload, { file: 'x' }, tokens.user), SHEET_MSG.noFile);
  });
});

describe('the template', () => {
  it('downloads as an .xlsx with the headers, and comes back empty when uploaded as is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/API/api/${SHEET_API.template.path}`,
      headers: { authorization: `Bearer ${tokens.user}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${TEMPLATE_FILE_NAME}"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...SHEET_HEADERS]);
    warned(await uploadSheet(t, tokens.user, res.rawPayload), SHEET_MSG.noRows);
  });
});

describe('rights', () => {
  it('needs the Mapping page', async () => {
    expect((await send(t, SHEET_API.template, undefined, tokens.noMapping)).body).toEqual({
      ResponseCode: '403',
      ResponseMessage: FORBIDDEN,
      ResponseData: null,
    });
    const res = await upload([sheetRow(code, 9001, 9010, 10, 'R-1')], {}, 'noMapping');
    expect(res.body).toEqual({ ResponseCode: '403', ResponseMessage: FORBIDDEN, ResponseData: null });
    expect((await uploadSheet(t, undefined, await sheetFile([]))).status).toBe(401);
  });

  it('static numbers need a factory prefix', async () => {
    warned(await upload([sheetRow(code, 9001, 9010, 10, 'R-1')], {}, 'noPrefix'), MAPPING_MSG.noPrefix);
    expect(await t.db.select().from(mappings).where(eq(mappings.batchNo, 'R-1'))).toEqual([]);
  });
});
