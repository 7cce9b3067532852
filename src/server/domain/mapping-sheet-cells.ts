// Cells of an uploaded sheet, treated as hostile: every exceljs value shape is reduced to a plain
// value (text trimmed and cut), formulas count only by their saved result, error cells are refused.
// Dates: a date cell, an Excel serial number, or text 'YYYY-MM-DD' or day first 'DD-MM-YYYY'
// ('/' or '.' also separate; never month first, as sheets here are written the Indian way).
import type { CellValue } from 'exceljs';
import { CELL_MAX_CHARS, SHEET_MSG } from '../../shared/contracts/numbers/mapping-upload.js';
import { toIsoDate } from '../../shared/contracts/numbers/fields.js';
import { isStorableText, TEXT_UNSTORABLE } from '../../shared/contracts/text.js';

export type Plain = string | number | boolean | Date | null;
export type Read = { value: Plain } | { refused: string };

const cut = (s: string) => s.trim().slice(0, CELL_MAX_CHARS).trim();

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function richText(v: unknown): string | null {
  if (!isObject(v) || !Array.isArray(v.richText)) return null;
  return v.richText.map((r: unknown) => (isObject(r) && typeof r.text === 'string' ? r.text : '')).join('');
}

/** The value a cell shows, or why it cannot be used. */
export function readCell(v: CellValue | unknown, depth = 0): Read {
  if (v === null || v === undefined) return { value: null };
  // exceljs turns the escape '_x0000_' into a NUL: the shared text rule refuses what PostgreSQL cannot store.
  if (typeof v === 'string')
    return !isStorableText(v) ? { refused: TEXT_UNSTORABLE } : { value: cut(v) === '' ? null : cut(v) };
  if (typeof v === 'number') return Number.isFinite(v) ? { value: v } : { refused: SHEET_MSG.cellError };
  if (typeof v === 'boolean') return { value: v };
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? { refused: SHEET_MSG.cellError } : { value: v };
  if (!isObject(v) || depth > 1) return { refused: SHEET_MSG.cellError };
  if ('error' in v) return { refused: SHEET_MSG.cellError };
  const rich = richText(v);
  if (rich !== null) return readCell(rich, depth + 1);
  if ('formula' in v || 'sharedFormula' in v) {
    // A formula counts only by the value Excel saved with it; nothing is ever evaluated here.
    return v.result === undefined || v.result === null ? { refused: SHEET_MSG.formula } : readCell(v.result, depth + 1);
  }
  if ('hyperlink' in v) return readCell(typeof v.text === 'string' ? v.text : (richText(v.text) ?? ''), depth + 1);
  return { refused: SHEET_MSG.cellError };
}

/** A calendar date as 'YYYY-MM-DD' from a UTC midnight Date (how exceljs gives date cells). */
const utcDate = (d: Date) =>
  toIsoDate(
    `${String(d.getUTCFullYear()).padStart(4, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`,
  );

const DAY_FIRST = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const YEAR_FIRST = /^\d{4}-\d{2}-\d{2}$/;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const EXCEL_1904 = Date.UTC(1904, 0, 1);

/** 'YYYY-MM-DD', or null when the value is no date. `date1904`: the workbook counts days from 1904. */
export function cellDate(v: Plain, date1904 = false): string | null {
  if (v instanceof Date) return utcDate(v);
  if (typeof v === 'number') {
    // A serial day number whose date format was lost (the time of day, if any, is dropped).
    if (!(v >= 1 && v < 2_958_466)) return null;
    return utcDate(new Date((date1904 ? EXCEL_1904 : EXCEL_EPOCH) + Math.floor(v) * 86_400_000));
  }
  if (typeof v !== 'string') return null;
  if (YEAR_FIRST.test(v)) return toIsoDate(v);
  const m = DAY_FIRST.exec(v);
  return m ? toIsoDate(`${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`) : null;
}

/** How a value is shown back in the error table. */
export function cellText(v: Plain): string {
  if (v === null) return '';
  if (v instanceof Date) return utcDate(v) ?? '';
  return String(v).slice(0, 50);
}

/** A number cell as is, a text cell as its text (the mapping contract checks both), blank as undefined. */
export const numberField = (v: Plain): number | string | undefined =>
  v === null ? undefined : typeof v === 'number' || typeof v === 'string' ? v : String(v);
