// Bulk mapping (spec 2 sections 2, 5, 7, 8; DESIGN section 4): the sheet template, and the upload
// that maps every row of a sheet through the one mapping rule (domain/mapping-upload.ts), in one
// transaction: one bad row and nothing is mapped; every bad row comes back in ErrorList with its reason.
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { isPreprintedFlag } from '../../../shared/contracts/numbers/fields.js';
import {
  savedMessage,
  SHEET_API,
  SHEET_HEADERS,
  SHEET_MAX_BYTES,
  SHEET_MAX_ROWS,
  SHEET_MSG,
  TEMPLATE_FILE_NAME,
  XLSX_MIME,
  type SheetSaved,
} from '../../../shared/contracts/numbers/mapping-upload.js';
import { callerSeries, checkSeries } from '../../domain/mapping.js';
import { readSheet } from '../../domain/mapping-sheet.js';
import { mapSheet } from '../../domain/mapping-upload.js';
import { refuse } from '../../domain/refusal.js';
import type { Router } from '../../http/route.js';

const fieldValue = (f: unknown): string | undefined => {
  const v = (Array.isArray(f) ? f[0] : f) as { type?: string; value?: unknown } | undefined;
  return v?.type === 'field' && typeof v.value === 'string' ? v.value : undefined;
};

/** The one file part (field `file` or any other name) and the mode field sent before it. */
async function readUpload(req: FastifyRequest): Promise<{ data: Buffer; mode: string | undefined }> {
  if (!req.isMultipart()) refuse(SHEET_MSG.noFile);
  const part = await req
    .file({ limits: { fileSize: SHEET_MAX_BYTES, files: 1, fields: 5, parts: 6 } })
    .catch(() => undefined);
  if (!part) refuse(SHEET_MSG.noFile);
  try {
    const data = await part.toBuffer();
    return { data, mode: fieldValue(part.fields.isPreprinted) };
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') refuse(SHEET_MSG.tooLarge);
    throw e;
  }
}

let template: Buffer | null = null;

/** The template: the header row, column formats that keep numbers and dates typed, and a sheet of notes. */
async function templateFile(): Promise<Buffer> {
  if (template) return template;
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Mapping');
  sheet.columns = SHEET_HEADERS.map((header) => ({ header, width: header === 'Remarks' ? 30 : 16 }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const col of [6, 7]) sheet.getColumn(col).numFmt = 'yyyy-mm-dd';
  for (const col of [1, 5]) sheet.getColumn(col).numFmt = '@';
  const notes = book.addWorksheet('Notes');
  notes.getColumn(1).width = 110;
  [
    'One row per range of numbers; the first sheet is read, row 1 holds the headers.',
    'Product Code: the code of a product of your company (Product Master).',
    'From No.: the first number. Give To No. or Quantity (or both, then Quantity = To No. - From No. + 1).',
    "MFG Date and EXP Date: dates, or text YYYY-MM-DD or DD-MM-YYYY. EXP Date may be blank: MFG Date + the product's best-before days.",
    `MRP and Remarks may be blank. At most ${SHEET_MAX_ROWS} rows per sheet. Save as .xlsx (Excel Workbook).`,
    'The mode (Static Qr Mapping or pre-printed) is the one chosen on the Mapping screen.',
    'If any row is not valid, nothing is mapped and the rows are listed with their reasons.',
  ].forEach((line, i) => (notes.getCell(i + 1, 1).value = line));
  template = Buffer.from(await book.xlsx.writeBuffer());
  return template;
}

export function mappingUploadRoutes(r: Router) {
  r.serve(SHEET_API.template, async ({ reply }) => {
    const file = await templateFile();
    reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', `attachment; filename="${TEMPLATE_FILE_NAME}"`)
      .header('cache-control', 'no-store')
      .send(file);
    return undefined;
  });

  // The sheet is read (and refused) before the transaction opens: reading it takes CPU, not the database.
  r.serve(SHEET_API.upload, async ({ db, caller, req, query }) => {
    const upload = await readUpload(req);
    const mode = isPreprintedFlag.safeParse(query.isPreprinted ?? upload.mode);
    if (!mode.success) return warn(SHEET_MSG.badMode);
    const series = callerSeries(caller, mode.data);
    checkSeries(caller, series);
    const sheet = await readSheet(upload.data);
    const labels = { form: r.config.labelLink, publicBaseUrl: r.config.publicBaseUrl };
    const { ids, notices } = await db.transaction((tx) => mapSheet(tx, caller, series, sheet, labels));
    const saved: SheetSaved = { Count: ids.length, MappingIds: ids, ...(notices.length && { LabelNotices: notices }) };
    return ok(saved, savedMessage(ids.length));
  });
}
