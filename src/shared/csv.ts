// Exports: sanitise every cell, then format with papaparse (Twenty's csv utils are the model).
// A cell a spreadsheet would run as a formula (= + - @ tab CR first) gets a leading single quote.
// That guard is for files meant for spreadsheets only: what label software prints (labelCsvLine) and
// what a label shows are never neutralised, or batch `=cmd|x` would print as `'=cmd|x`.
import Papa from 'papaparse';
import { cellText, type CellFormat } from './cell-format.js';

/** A column's format: how its cells read (cell-format.ts, shared with the screens). */
export type CsvFormat = CellFormat;

export interface CsvColumn<T> {
  title: string;
  /** The row field to read; ignored when `value` is given. */
  key?: keyof T & string;
  format?: CsvFormat;
  /** A computed cell (e.g. a name joined from two fields). */
  value?: (row: T) => unknown;
}

// Leading spaces do not stop some spreadsheets from evaluating, so look past them.
const FORMULA_START = /^[\s]*[=+\-@\t\r]/;

/** Makes a text cell inert in a spreadsheet: a formula-like start gets a single quote. */
export function sanitizeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell as written to the file: formatted, then sanitised unless it is a plain number. */
export function csvCell(value: unknown, format?: CsvFormat): string | number {
  if (typeof value === 'number' && Number.isFinite(value) && (format ?? 'text') === 'text') return value;
  return sanitizeCell(cellText(value, format));
}

/** The whole file: a header row of column titles, then one line per row, each ending in CRLF. */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const fields = columns.map((c) => sanitizeCell(c.title));
  const data = rows.map((row) =>
    columns.map((c) => csvCell(c.value ? c.value(row) : c.key ? row[c.key] : '', c.format)),
  );
  const text = Papa.unparse({ fields, data }, { newline: '\r\n', quotes: false });
  // papaparse ends a header-only file with a newline and a fuller one without: end every file alike.
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}

const NEEDS_QUOTES = /[",\r\n]/;

const quoted = (s: string) => (NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** One text cell as a CSV file holds it: sanitised, quoted where needed. */
export function csvText(cell: string): string {
  return quoted(sanitizeCell(cell));
}

/** Byte order mark: software that honours it (Excel, label software) reads the file as UTF-8, not a code page. */
export const UTF8_BOM = '\uFEFF';

/** One CSV line for label software, which prints cells as they are: quoted where needed, never sanitised. */
export function labelCsvLine(cells: readonly string[]): string {
  return cells.map(quoted).join(',') + '\r\n';
}

/** One CSV line of text cells (sanitised, quoted where needed), ending in CRLF: for streamed files. */
export function csvLine(cells: readonly string[]): string {
  return cells.map(csvText).join(',') + '\r\n';
}
