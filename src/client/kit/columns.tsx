// List columns as data: a field, a title and a format; the kit renders dates, flags and actions.
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DataTableColumn } from 'mantine-datatable';
import type { ListColumn } from '@shared/contracts/list-contract.js';
import type { CsvColumn } from '@shared/csv.js';
import { cellText, isYes, type CellFormat } from '@shared/cell-format.js';

/** Screens' own date cells read as their exports do (India's calendar). */
export { formatDate } from '@shared/cell-format.js';

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

/** What a screen adds to a contract's column: a cell drawn otherwise (an image, a checkbox), a width,
 *  or leaving it out of the CSV. Titles, formats and sorts stay in the contract. */
export type ColumnOwn<T> = Pick<ColumnDef<T>, 'render' | 'noExport' | 'width'>;

export interface ScreenColumns<T> {
  own?: { readonly [K in keyof T & string]?: ColumnOwn<T> };
  /** Columns only the screen has (a column of buttons), after the contract's. */
  extra?: readonly ColumnDef<T>[];
}

/** A list's columns as its contract declares them (shared/contracts), with the screen's own parts. */
export function listColumns<T>(
  list: { columns: readonly ListColumn<keyof T & string>[] },
  screen: ScreenColumns<T> = {},
): ColumnDef<T>[] {
  const cols = list.columns.map((c): ColumnDef<T> => ({
    accessor: c.key,
    title: c.title,
    ...(c.format ? { format: c.format } : {}),
    ...(c.sortable === false ? { sortable: false } : {}),
    ...(c.sortKey ? { sortKey: c.sortKey } : {}),
    ...screen.own?.[c.key],
  }));
  return [...cols, ...(screen.extra ?? [])];
}

/** A table that is not a server list (one answer's rows): its contract's columns, none sortable. */
export const tableColumns = <T,>(
  table: { columns: readonly ListColumn<keyof T & string>[] },
  screen: ScreenColumns<T> = {},
): ColumnDef<T>[] => listColumns(table, screen).map((c) => ({ ...c, sortable: false }));

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
