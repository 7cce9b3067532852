// Reads a bulk mapping sheet (DESIGN section 4): the first worksheet of an .xlsx, columns found by
// their header text (any order, case and punctuation ignored), one mapping per non-blank row. A row
// becomes the same request body the Mapping form sends, so one contract checks both.
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { firstMessage } from '../../shared/contracts/issues.js';
import { MAPPING_MSG, mappingAdd } from '../../shared/contracts/numbers/mapping.js';
import { DATE_ONLY } from '../../shared/contracts/numbers/fields.js';
import {
  missingColumnsMessage,
  REQUIRED_COLUMNS,
  SHEET_COLUMNS,
  SHEET_HEADERS,
  SHEET_MAX_BYTES,
  SHEET_MAX_ROWS,
  SHEET_MSG,
  type SheetColumn,
  type SheetErrorRow,
} from '../../shared/contracts/numbers/mapping-upload.js';
import { cellDate, cellText, numberField, readCell, type Plain } from './mapping-sheet-cells.js';
import { refuse } from './refusal.js';
import { sheetKind, zipWithinBudget } from './xlsx-guard.js';

/** The most a sheet may inflate to (its XML parts together): far above 5000 rows, far below a zip bomb. */
const MAX_UNPACKED = 25 * 1024 * 1024;

const key = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const ALIASES: Record<string, SheetColumn> = {
  productcode: 'productCode',
  productcd: 'productCode',
  code: 'productCode',
  fromno: 'fromNo',
  from: 'fromNo',
  fromnumber: 'fromNo',
  tono: 'toNo',
  to: 'toNo',
  tonumber: 'toNo',
  quantity: 'qty',
  qty: 'qty',
  batchno: 'batchNo',
  batch: 'batchNo',
  batchnumber: 'batchNo',
  mfgdate: 'mfgDate',
  mfg: 'mfgDate',
  manufacturingdate: 'mfgDate',
  expdate: 'expDate',
  exp: 'expDate',
  expirydate: 'expDate',
  expiry: 'expDate',
  mrp: 'mrp',
  remarks: 'remark',
  remark: 'remark',
};

export interface SheetRow {
  rowNo: number;
  /** Column values; null where blank or where the cell could not be used (see `refused`). */
  cells: Record<SheetColumn, Plain>;
  refused: string | null;
}

export interface SheetRead {
  rows: SheetRow[];
  date1904: boolean;
}

/** Checks what the file is by its bytes, then reads its rows (no mapping rule is applied here); a file
 *  that is not a sheet of rows is refused. */
export async function readSheet(data: Buffer): Promise<SheetRead> {
  if (data.length === 0) refuse(SHEET_MSG.noFile);
  if (data.length > SHEET_MAX_BYTES) refuse(SHEET_MSG.tooLarge);
  const kind = sheetKind(data);
  if (kind === 'xls') refuse(SHEET_MSG.legacyXls);
  if (kind !== 'xlsx') refuse(SHEET_MSG.notAcceptable);
  if (!zipWithinBudget(data, MAX_UNPACKED)) refuse(SHEET_MSG.unreadable);

  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    refuse(SHEET_MSG.unreadable);
  }
  const sheet = book.worksheets[0];
  if (!sheet) refuse(SHEET_MSG.unreadable);
  if (sheet.actualRowCount > SHEET_MAX_ROWS + 1) refuse(SHEET_MSG.tooManyRows);

  const columns = new Map<SheetColumn, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const read = readCell(cell.value);
    const name = 'value' in read && typeof read.value === 'string' ? ALIASES[key(read.value)] : undefined;
    if (name && !columns.has(name)) columns.set(name, col);
  });
  if (columns.size === 0) refuse(SHEET_MSG.noRows);
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length) refuse(missingColumnsMessage(missing.map((c) => SHEET_HEADERS[SHEET_COLUMNS.indexOf(c)]!)));

  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNo) => {
    if (rowNo === 1) return;
    const cells = {} as Record<SheetColumn, Plain>;
    let refused: string | null = null;
    for (const c of SHEET_COLUMNS) {
      const col = columns.get(c);
      const read = col === undefined ? { value: null } : readCell(row.getCell(col).value);
      if ('refused' in read) {
        refused ??= `${SHEET_HEADERS[SHEET_COLUMNS.indexOf(c)]}: ${read.refused}`;
        cells[c] = null;
      } else cells[c] = read.value;
    }
    // Rows with formatting but no values are not rows of the sheet's data.
    if (refused === null && SHEET_COLUMNS.every((c) => cells[c] === null)) return;
    rows.push({ rowNo, cells, refused });
  });
  if (rows.length > SHEET_MAX_ROWS) refuse(SHEET_MSG.tooManyRows);
  if (rows.length === 0) refuse(SHEET_MSG.noRows);
  return { rows, date1904: book.properties.date1904 === true };
}

/** The row as the error table shows it. */
export function errorRow(row: SheetRow, message: string): SheetErrorRow {
  const c = row.cells;
  return {
    RowNo: row.rowNo,
    ProductCode: cellText(c.productCode),
    FromNo: cellText(c.fromNo),
    ToNo: cellText(c.toNo),
    Qty: cellText(c.qty),
    ErrorMessage: message,
    BatchNo: cellText(c.batchNo),
  };
}

const text = (v: Plain): string | undefined => (v === null ? undefined : v instanceof Date ? cellText(v) : String(v));

/**
 * A row checked by the Mapping form's own contract (once its product is resolved): the row's first
 * message, or the add request it stands for. To No. and Quantity may each be left blank; the other
 * follows from From No.
 */
export function checkRow(
  row: SheetRow,
  productId: number,
  isPreprinted: boolean,
  date1904: boolean,
): z.output<typeof mappingAdd> {
  const c = row.cells;
  const mfg = c.mfgDate === null ? '' : cellDate(c.mfgDate, date1904);
  const exp = c.expDate === null ? null : cellDate(c.expDate, date1904);
  let to = numberField(c.toNo);
  let qty = numberField(c.qty);
  const from = numberField(c.fromNo);
  const n = (v: number | string | undefined) =>
    typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  if (to === undefined && qty === undefined) refuse(MAPPING_MSG.toRequired);
  // A Quantity below 1 says so itself, rather than as a To below From.
  if (to === undefined && n(qty) < 1) refuse(MAPPING_MSG.qtyPositive);
  if (to === undefined && Number.isFinite(n(from) + n(qty))) to = n(from) + n(qty) - 1;
  if (qty === undefined && Number.isFinite(n(to) - n(from))) {
    if (n(to) < n(from)) refuse(MAPPING_MSG.fromBeforeTo);
    qty = n(to) - n(from) + 1;
  }
  // A date this reader cannot take stands in as a placeholder, so the contract's checks run
  // in field order; the date message follows if nothing else is wrong.
  const parsed = mappingAdd.safeParse({
    MappingId: 0,
    ProductId: productId,
    FromNo: from,
    ToNo: to,
    Qty: qty,
    BatchNo: text(c.batchNo) ?? '',
    MFGDate: mfg ?? '1900-01-01',
    EXPDate: mfg === null ? null : exp,
    Remark: text(c.remark) ?? '',
    isPreprinted,
    Mrp: c.mrp === null ? null : typeof c.mrp === 'number' ? c.mrp : text(c.mrp),
  });
  if (!parsed.success) refuse(firstMessage(parsed.error));
  if (mfg === null || (c.expDate !== null && exp === null)) refuse(DATE_ONLY);
  return parsed.data;
}
