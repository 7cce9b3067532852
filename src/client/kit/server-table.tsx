// The one server-paged table: mantine-datatable driven by a `useServerList` state.
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { nextSort, NO_DATA_TEXT, OFFLINE_LIST_TEXT, paginationText, sortFromTable } from './paging.js';
import type { ServerList } from './use-server-list.js';

export interface ServerTableProps<T> {
  list: ServerList<T>;
  columns: DataTableColumn<T>[];
  /** The row's id field, for stable row keys. */
  idAccessor: keyof T & string;
  /** Makes rows clickable (a screen whose rows open for update without an Action column). */
  onRowClick?: (row: T) => void;
}

/** Put on a column's cells and title to keep it at the right edge while the others scroll sideways
 *  (app/theme.css). Plain CSS, so nothing measures the cells as the datatable's own pinning does. */
export const PINNED_END_CLASS = 'ft-pinned-end';

/** The table scrolls with the browser's own scrollbars (app/theme.css), not Mantine's drawn ones: those
 *  measure themselves and re-render the table's scroll area several times as the page first draws. */
const NATIVE_SCROLL = { scrollbars: false } as const;

export function ServerTable<T>({ list, columns, idAccessor, onRowClick }: ServerTableProps<T>) {
  return (
    <DataTable<T>
      withTableBorder
      scrollAreaProps={NATIVE_SCROLL}
      borderRadius="sm"
      striped
      highlightOnHover
      minHeight={list.records.length === 0 ? 180 : undefined}
      columns={columns}
      records={list.records}
      idAccessor={idAccessor}
      {...(onRowClick
        ? { onRowClick: ({ record }: { record: T }) => onRowClick(record), rowStyle: () => ({ cursor: 'pointer' }) }
        : {})}
      fetching={list.fetching}
      noRecordsText={list.offline ? OFFLINE_LIST_TEXT : NO_DATA_TEXT}
      totalRecords={list.totalRecords}
      page={list.page}
      onPageChange={list.setPage}
      recordsPerPage={list.pageSize}
      recordsPerPageOptions={[...list.pageSizes]}
      onRecordsPerPageChange={list.setPageSize}
      paginationText={paginationText}
      sortStatus={{ columnAccessor: list.sort.column, direction: list.sort.order === 'ASC' ? 'asc' : 'desc' }}
      onSortStatusChange={(s) =>
        list.setSort(nextSort(list.sort, sortFromTable({ ...s, columnAccessor: String(s.columnAccessor) })))
      }
    />
  );
}
