// List columns as data: a field, a title and a format; the kit renders dates, flags and actions.
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DataTableColumn } from 'mantine-datatable';
import type { CsvColumn } from '../../shared/csv.js';
import { cellText, isYes, type CellFormat } from '../../shared/cell-format.js';

/** Screens' own date cells read as their exports do (India's calendar). */
export { formatDate } from '../../shared/cell-format.js';

export type ColumnFormat = CellFormat;

export interface ColumnDef<T> {
  accessor: keyof T & string;
  title: string;
  format?: ColumnFormat;
  /** Sortable unless said otherwise; `sortKey` is the server's name when it differs. */
  sortable?: boolean;
  sortKey?: string;
  render?: (row: T) => ReactNode;
  /** Left out of the CSV (images, buttons). */
  noExport?: boolean;
  width?: number | string;
}

export const StatusBadge = ({ active }: { active: boolean }) => (
  <Badge color={active ? 'green' : 'gray'} variant="light">
    {active ? 'Active' : 'Inactive'}
  </Badge>
);

function renderCell<T>(col: ColumnDef<T>): ((row: T) => ReactNode) | undefined {
  if (col.render) return col.render;
  const format = col.format;
  if (format === 'status') return (row) => <StatusBadge active={isYes(row[col.accessor])} />;
  // The export's text (toCsvColumns passes the same format); plain text is drawn as it comes.
  if (format && format !== 'text') return (row) => cellText(row[col.accessor], format);
  return undefined;
}

export function toTableColumns<T>(cols: readonly ColumnDef<T>[]): DataTableColumn<T>[] {
  return cols.map((c) => ({
    accessor: c.accessor,
    title: c.title,
    sortable: c.sortable ?? true,
    ...(c.sortKey ? { sortKey: c.sortKey } : {}),
    ...(c.width !== undefined ? { width: c.width } : {}),
    render: renderCell(c),
  }));
}

/** The export follows the table unless a screen declares its own export columns. */
export function toCsvColumns<T>(cols: readonly ColumnDef<T>[]): CsvColumn<T>[] {
  return cols.filter((c) => !c.noExport).map((c) => ({ title: c.title, key: c.accessor, format: c.format ?? 'text' }));
}
