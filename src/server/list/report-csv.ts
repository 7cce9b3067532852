// The CSV lines of a streamed export: each cell's text as the screen shows it (shared/cell-format.ts:
// dates in India's calendar), numbers as written, text made inert for spreadsheets and quoted where
// needed (shared/csv.ts).
import { cellText } from '../../shared/cell-format.js';
import { csvLine, csvText } from '../../shared/csv.js';
import type { ReportColumn } from '../../shared/contracts/reports/report.js';

export const headerLine = (columns: readonly ReportColumn[]) => csvLine(columns.map((c) => c.title));

/** One row's line: numbers go out as they are (a negative number is data, not a formula). */
export function rowLine(row: Record<string, unknown>, columns: readonly ReportColumn[]): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) {
    const c = columns[i]!;
    const v = row[c.key];
    if (i > 0) line += ',';
    line +=
      typeof v === 'number' && Number.isFinite(v) && (c.format ?? 'text') === 'text'
        ? String(v)
        : csvText(cellText(v, c.format));
  }
  return `${line}\r\n`;
}
