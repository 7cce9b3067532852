// Exports: sanitise every cell, then format with papaparse (Twenty's csv utils are the model).
// A cell a spreadsheet would run as a formula (= + - @ tab CR first) gets a leading single quote.
import Papa from 'papaparse';
import dayjs from 'dayjs';
import { DATE_FORMAT, DATETIME_FORMAT } from './date-format.js';

export type CsvFormat = 'text' | 'date' | 'datetime' | 'status' | 'yesno';

export interface CsvColumn<T> {
  title: string;
  /** The row field to read; ignored when `value` is given. */
  key?: keyof T & string;
  format?: CsvFormat;
  /** A computed cell (e.g. a name joined from two fields). */
  value?: (row: T) => unknown;
}

export { DATE_FORMAT, DATETIME_FORMAT } from './date-format.js';

// Leading spaces do not stop some spreadsheets from evaluating, so look past them.
const FORMULA_START = /^[\s]*[=+\-@\t\r]/;

/** Makes a text cell inert in a spreadsheet: a formula-like start gets a single quote. */
export function sanitizeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function formatDate(value: unknown, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value as string | number | Date);
  return d.isValid() ? d.format(pattern) : String(value);
}

/** The text of one cell before sanitising. Numbers stay as written (a negative number is data). */
export function cellText(value: unknown, format: CsvFormat = 'text'): string {
  switch (format) {
    case 'date':
      return formatDate(value, DATE_FORMAT);
    case 'datetime':
      return formatDate(value, DATETIME_FORMAT);
    case 'status':
      return value === true || value === 1 || value === '1' || value === 'true' ? 'Active' : 'Inactive';
    case 'yesno':
      return value === true || value === 1 || value === '1' || value === 'true' ? 'Yes' : 'No';
    default:
      if (value === null || value === undefined) return '';
      if (value instanceof Date) return formatDate(value, DATETIME_FORMAT);
      if (typeof value === 'object') return JSON.stringify(value);
      return String(value);
  }
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

/** One text cell as a CSV file holds it: sanitised, quoted where needed. */
export function csvText(cell: string): string {
  const s = sanitizeCell(cell);
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV line of text cells (sanitised, quoted where needed), ending in CRLF: for streamed files. */
export function csvLine(cells: readonly string[]): string {
  return cells.map(csvText).join(',') + '\r\n';
}
