// Bulk mapping (spec 2 sections 2, 5, 7, 8; DESIGN section 4): the sheet template, and the upload
// that maps every row of a sheet through the one mapping rule, in one transaction: one bad row and
// nothing is mapped; every bad row comes back in ErrorList with its reason.
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { Series } from '../../../shared/codes.js';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { addDays, isPreprintedFlag } from '../../../shared/contracts/numbers/fields.js';
import {
  savedMessage, SHEET_API, SHEET_HEADERS, SHEET_MAX_BYTES, SHEET_MAX_ROWS, SHEET_MSG, TEMPLATE_FILE_NAME, XLSX_MIME,
  type SheetErrorRow, type SheetRefused, type SheetSaved,
} from '../../../shared/contracts/numbers/mapping-upload.js';
import type { Db } from '../../db/connect.js';
import { products } from '../../db/schema.js';
import { mapRange, seriesRefusal } from '../../domain/mapping.js';
import { checkRow, errorRow, readSheet, type SheetRow } from '../../domain/mapping-sheet.js';
import { lockSeries } from '../../domain/ranges.js';
import type { Caller } from '../../auth/actor.js';
import type { Router } from '../../http/route.js';

type Upload = { data: Buffer; mode: string | undefined } | { refused: string };

const fieldValue = (f: unknown): string | undefined => {
  const v = (Array.isArray(f) ? f[0] : f) as { type?: string; value?: unknown } | undefined;
  return v?.type === 'field' && typeof v.value === 'string' ? v.value : undefined;
};

/** The one file part (field `file` or any other name) and the mode field sent before it. */
async function readUpload(req: FastifyRequest): Promise<Upload> {
  if (!req.isMultipart()) return { refused: SHEET_MSG.noFile };
  const part = await req.file({ limits: { fileSize: SHEET_MAX_BYTES, files: 1, fields: 5, parts: 6 } }).catch(() => undefined);
  if (!part) return { refused: SHEET_MSG.noFile };
  try {
    const data = await part.toBuffer();
    return { data, mode: fieldValue(part.fields.isPreprinted) };
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return { refused: SHEET_MSG.tooLarge };
    throw e;
  }
}

/** Product codes of the caller's company (case-insensitive, as they are unique), with their shelf life. */
async function productsByCode(db: Db, companyId: number, rows: SheetRow[]) {
  const codes = [...new Set(rows.map((r) => r.cells.productCode).filter((c) => c !== null).map((c) => String(c).toLowerCase()))];
  const found = codes.length === 0 ? [] : await db.select({ id: products.id, code: products.code, life: products.bestBeforeDays })
    .from(products).where(and(eq(products.companyId, companyId), inArray(sql`lower(${products.code})`, codes)));
  return new Map(found.map((p) => [p.code.toLowerCase(), p]));
}

/** Thrown inside the transaction so that nothing of a refused sheet stays written. */
class SheetRefusal extends Error {
  constructor(readonly errors: SheetErrorRow[]) {
    super('sheet refused');
  }
}

async function mapSheet(db: Db, caller: Caller, series: Series, rows: SheetRow[], date1904: boolean) {
  const byCode = await productsByCode(db, caller.companyId!, rows);
  const errors: SheetErrorRow[] = [];
  const ready: { row: SheetRow; input: Parameters<typeof mapRange>[2] }[] = [];
  for (const row of rows) {
    const code = row.cells.productCode;
    const product = code === null ? undefined : byCode.get(String(code).toLowerCase());
    const check = row.refused ? { refused: row.refused }
      : code === null ? { refused: SHEET_MSG.productRequired }
      : !product ? { refused: SHEET_MSG.unknownProduct(String(code)) }
      : checkRow(row, product.id, series.kind === 'P', date1904);
    if ('refused' in check) { errors.push(errorRow(row, check.refused)); continue; }
    const b = check.ok;
    ready.push({
      row,
      input: {
        series, fromNo: b.FromNo, toNo: b.ToNo, productId: b.ProductId, batchNo: b.BatchNo, mfgDate: b.MFGDate,
        expDate: b.EXPDate ?? addDays(b.MFGDate, product!.life), mrp: b.Mrp, remark: b.Remark,
      },
    });
  }
  // Every row goes through the rule even after a failure, so the list names every bad row; rows of
  // the sheet see the rows above them (an overlap inside the sheet is refused like any other).
  return db.transaction(async (tx) => {
    await lockSeries(tx, series);
    const ids: number[] = [];
    for (const { row, input } of ready) {
      const result = await mapRange(tx, caller, input);
      if ('refused' in result) errors.push(errorRow(row, result.refused));
      else ids.push(result.mapping.id);
    }
    if (errors.length) throw new SheetRefusal(errors.sort((a, b) => a.RowNo - b.RowNo));
    return ids;
  }).catch((e: unknown) => {
    if (e instanceof SheetRefusal) return e;
    throw e;
  });
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
    'MFG Date and EXP Date: dates, or text YYYY-MM-DD or DD-MM-YYYY. EXP Date may be blank: MFG Date + the product\'s best-before days.',
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
    reply.header('content-type', XLSX_MIME)
      .header('content-disposition', `attachment; filename="${TEMPLATE_FILE_NAME}"`)
      .header('cache-control', 'no-store')
      .send(file);
    return undefined;
  });

  r.serve(SHEET_API.upload, async ({ db, caller, req, query }) => {
    const upload = await readUpload(req);
    if ('refused' in upload) return warn(upload.refused);
    const mode = isPreprintedFlag.safeParse(query.isPreprinted ?? upload.mode);
    if (!mode.success) return warn(SHEET_MSG.badMode);
    const series: Series = mode.data ? { kind: 'P', prefix: '' } : { kind: 'S', prefix: caller.prefix.toUpperCase() };
    const refusal = seriesRefusal(caller, series);
    if (refusal) return warn(refusal);

    const sheet = await readSheet(upload.data);
    if ('refused' in sheet) return warn(sheet.refused);
    const result = await mapSheet(db, caller, series, sheet.rows, sheet.date1904);
    if (result instanceof SheetRefusal) return warn(SHEET_MSG.invalid, { ErrorList: result.errors } satisfies SheetRefused);
    return ok({ Count: result.length, MappingIds: result } satisfies SheetSaved, savedMessage(result.length));
  });
}
