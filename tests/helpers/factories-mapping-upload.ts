// Test data of bulk mapping: real .xlsx files made with exceljs, and the multipart upload a browser
// sends to Upload/CSVUpload.
import ExcelJS from 'exceljs';
import { SHEET_API, SHEET_HEADERS } from '../../src/shared/contracts/numbers/mapping-upload.js';
import { endpointPath, type Params } from '../../src/shared/endpoint.js';
import { checkData } from './endpoint-call.js';
import { multipart, type Part } from './factories-products.js';
import type { Envelope, TestApp } from './server-app.js';

export type SheetCell = ExcelJS.CellValue;

/** An .xlsx whose first sheet has `headers` (the template's by default) and `rows`. */
export async function sheetFile(
  rows: SheetCell[][],
  headers: readonly string[] | null = SHEET_HEADERS,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Mapping');
  if (headers) sheet.addRow([...headers]);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A row in the template's column order. */
export function sheetRow(
  code: string,
  from: SheetCell,
  to: SheetCell,
  qty: SheetCell,
  batch: SheetCell,
  mfg: SheetCell = '2026-01-10',
  exp: SheetCell = null,
  mrp: SheetCell = 450,
  remark: SheetCell = null,
): SheetCell[] {
  return [code, from, to, qty, batch, mfg, exp, mrp, remark];
}

export interface UploadOptions {
  fileName?: string;
  field?: string;
  /** Sent as the `isPreprinted` field before the file (the query is used when `inQuery`). */
  isPreprinted?: boolean;
  inQuery?: boolean;
}

export async function uploadSheet(
  t: TestApp,
  token: string | undefined,
  data: Buffer,
  o: UploadOptions = {},
): Promise<{ status: number; body: Envelope }> {
  const parts: Part[] = [];
  if (o.isPreprinted !== undefined && !o.inQuery) parts.push({ field: 'isPreprinted', data: String(o.isPreprinted) });
  parts.push({
    field: o.field ?? 'file',
    data,
    filename: o.fileName ?? 'mapping.xlsx',
    type: 'application/octet-stream',
  });
  const { payload, headers } = multipart(parts);
  const query: Params = o.inQuery && o.isPreprinted !== undefined ? { isPreprinted: o.isPreprinted } : {};
  const res = await t.app.inject({
    method: SHEET_API.upload.method,
    url: `/API/api/${endpointPath(SHEET_API.upload, query)}`,
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = JSON.parse(res.payload) as Envelope;
  if (body.ResponseCode === '200') checkData(SHEET_API.upload, body.ResponseData);
  return { status: res.statusCode, body };
}

/** The first 8 bytes of an OLE2 compound file (the old .xls), then filler. */
export const legacyXls = () =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096, 0)]);
