// List columns as data: a field, a title and a format; the kit renders dates, flags and actions.
import { Badge } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import type { DataTableColumn } from 'mantine-datatable';
import type { CsvColumn } from '../../shared/csv.js';
import { DATE_FORMAT } from '../../shared/date-format.js';

export type ColumnFormat = 'text' | 'date' | 'status';

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

export const formatDate = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value as string | Date);
  return d.isValid() ? d.format(DATE_FORMAT) : String(value);
};

export const StatusBadge = ({ active }: { active: boolean }) => (
  <Badge color={active ? 'green' : 'gray'} variant="light">
    {active ? 'Active' : 'Inactive'}
  </Badge>
);

function renderCell<T>(col: ColumnDef<T>): ((row: T) => ReactNode) | undefined {
  if (col.render) return col.render;
  if (col.format === 'date') return (row) => formatDate(row[col.accessor]);
  if (col.format === 'status') return (row) => <StatusBadge active={Boolean(row[col.accessor])} />;
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
