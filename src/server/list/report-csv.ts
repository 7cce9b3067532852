// The CSV lines of a streamed export: cells formatted as the screens show them (dates in India's
// time, which has no daylight saving, so a fixed offset), numbers as written, text made inert for
// spreadsheets and quoted where needed (shared/csv.ts).
import { csvLine, csvText } from '../../shared/csv.js';
import type { CsvFormat } from '../../shared/csv.js';
import type { ReportColumn } from '../../shared/contracts/reports/report.js';

const INDIA_OFFSET_MS = 330 * 60_000;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** DD-MM-YYYY, with HH:mm for 'datetime' (shared/date-format.ts), in India's time. */
export function indiaStamp(value: Date | string, withTime: boolean): string {
  const d = new Date((value instanceof Date ? value.getTime() : Date.parse(value)) + INDIA_OFFSET_MS);
  if (Number.isNaN(d.getTime())) return String(value);
  const day = `${two(d.getUTCDate())}-${two(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
  return withTime ? `${day} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}` : day;
}

/** A date-only value ('YYYY-MM-DD', a date column) read as the calendar day it names. */
const plainDay = (v: string) => /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);

function cell(value: unknown, format: CsvFormat = 'text'): string {
  if (value === null || value === undefined) return '';
  if (format === 'date' || format === 'datetime') {
    if (typeof value === 'string') {
      const m = plainDay(value);
      if (m) return `${m[3]}-${m[2]}-${m[1]}`;
    }
    return value instanceof Date || typeof value === 'string' ? indiaStamp(value, format === 'datetime') : String(value);
  }
  if (format === 'status') return value === true || value === 1 || value === '1' ? 'Active' : 'Inactive';
  if (format === 'yesno') return value === true || value === 1 || value === '1' ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.join(', ');
  if (value instanceof Date) return indiaStamp(value, true);
  return String(value);
}

export const headerLine = (columns: readonly ReportColumn[]) => csvLine(columns.map((c) => c.title));

/** One row's line: numbers go out as they are (a negative number is data, not a formula). */
export function rowLine(row: Record<string, unknown>, columns: readonly ReportColumn[]): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) {
    const c = columns[i]!;
    const v = row[c.key];
    if (i > 0) line += ',';
    line += typeof v === 'number' && Number.isFinite(v) && (c.format ?? 'text') === 'text' ? String(v) : csvText(cell(v, c.format));
  }
  return `${line}\r\n`;
}
