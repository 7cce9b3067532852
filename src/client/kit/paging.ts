// Paging maths of the server-paged tables: pure, so it is unit-tested without a browser.
import type { ListRequest } from '@shared/contracts/list.js';

export type SortOrder = 'ASC' | 'DESC';

export interface Sort {
  column: string;
  order: SortOrder;
}

/** Masters page 5, 10 or 20 rows (spec 1 section 2.9); reports use the larger choices. */
export const MASTER_PAGE_SIZES = [5, 10, 20] as const;
export const REPORT_PAGE_SIZES = [10, 50, 200, 500] as const;
/** The dispatch scan table's choices (spec 2 section 9), 10 rows first. */
export const SCAN_PAGE_SIZES = [1, 10, 50, 200, 500] as const;
export const DEFAULT_SORT: Sort = { column: 'CreatedDate', order: 'DESC' };
export const NO_DATA_TEXT = 'No Data found';
/** Shown instead of NO_DATA_TEXT when the list could not reach the server: not an empty list. */
export const OFFLINE_LIST_TEXT = 'Offline: this list needs the network';
export const SEARCH_DEBOUNCE_MS = 300;

export interface ListState {
  page: number;
  pageSize: number;
  sort: Sort;
  search: string;
}

/** The 1-based row offset the server's `First` expects. */
export const firstRow = (page: number, pageSize: number) => (page - 1) * pageSize + 1;

/** The list request for one page; `extra` carries a screen's own filters (dates, user type...). */
export function listBody(state: ListState, extra: Partial<ListRequest> = {}): ListRequest {
  return {
    ...extra,
    First: firstRow(state.page, state.pageSize),
    PageSize: state.pageSize,
    SortColumn: state.sort.column,
    SortOrder: state.sort.order,
    SearchValue: state.search.trim(),
  };
}

/** Every row may carry TotalRows; the first one is read, 0 when there is none. */
export function totalOf(rows: readonly unknown[] | null | undefined): number {
  const first = Array.isArray(rows) ? (rows[0] as { TotalRows?: unknown } | undefined) : undefined;
  const n = Number(first?.TotalRows ?? 0);
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export const paginationText = ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
  `Showing ${from} to ${to} of ${totalRecords}`;

/**
 * The page to move to when a page came back empty although it is not the first (a delete or a
 * search emptied it): one back. `null` means stay.
 */
export function pageAfterEmpty(page: number, rowCount: number): number | null {
  return rowCount === 0 && page > 1 ? page - 1 : null;
}

/** The sort a click asks for, as the server names it. */
export function sortFromTable(status: { columnAccessor: string; sortKey?: string; direction: 'asc' | 'desc' }): Sort {
  return { column: status.sortKey ?? status.columnAccessor, order: status.direction === 'asc' ? 'ASC' : 'DESC' };
}

/** A click on another column starts ascending (the table would keep the old direction). */
export function nextSort(current: Sort, requested: Sort): Sort {
  return requested.column === current.column ? requested : { column: requested.column, order: 'ASC' };
}
