// A server-paged list: page, page size, sort and debounced search as state, one POST per change,
// rows and TotalRows back. List failures show nothing (spec 1 section 8): the table just empties,
// except a failure on the network, which the table names (offline) and retries when the network returns.
import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { ListRequest } from '../../shared/contracts/list.js';
import { api } from '../api/http.js';
import { useOnline } from '../offline/network-status.js';
import {
  DEFAULT_SORT, listBody, MASTER_PAGE_SIZES, pageAfterEmpty, SEARCH_DEBOUNCE_MS, totalOf,
  type ListState, type Sort,
} from './paging.js';

export interface ServerListOptions {
  /** The list call, e.g. 'CartonMaster/GetCarton'. */
  path: string;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  defaultSort?: Sort;
  /** A screen's own filters, sent with every page; a change goes back to page 1. */
  filters?: Partial<ListRequest>;
}

export interface ServerList<T> {
  records: T[];
  totalRecords: number;
  fetching: boolean;
  /** The last fetch failed on the network: the rows are unknown, not none. */
  offline: boolean;
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  pageSizes: readonly number[];
  setPageSize: (size: number) => void;
  sort: Sort;
  setSort: (sort: Sort) => void;
  /** The text in the search box (the request follows it after the debounce). */
  search: string;
  setSearch: (text: string) => void;
  /** Fetches the current page again (after a save or a delete). */
  reload: () => void;
}

export function useServerList<T>(options: ServerListOptions): ServerList<T> {
  const pageSizes = options.pageSizes ?? MASTER_PAGE_SIZES;
  const [state, setState] = useState<ListState>(() => ({
    page: 1,
    pageSize: options.defaultPageSize ?? pageSizes[0] ?? 10,
    sort: options.defaultSort ?? DEFAULT_SORT,
    search: '',
  }));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [records, setRecords] = useState<T[]>([]);
  const [totalRecords, setTotal] = useState(0);
  const [fetching, setFetching] = useState(false);
  const [offline, setOffline] = useState(false);
  const online = useOnline();
  const [version, setVersion] = useState(0);
  const filtersKey = JSON.stringify(options.filters ?? {});
  const filters = useMemo(() => JSON.parse(filtersKey) as Partial<ListRequest>, [filtersKey]);

  // A new search or new filters start from page 1.
  useEffect(() => {
    setState((s) => (s.search === debounced ? s : { ...s, search: debounced, page: 1 }));
  }, [debounced]);
  useEffect(() => {
    setState((s) => (s.page === 1 ? s : { ...s, page: 1 }));
  }, [filtersKey]);

  useEffect(() => {
    let stale = false;
    setFetching(true);
    void api.post<T[]>(options.path, listBody(state, filters)).then((env) => {
      if (stale) return;
      const ok = env.ResponseCode === '200' && Array.isArray(env.ResponseData);
      setOffline(env.ResponseCode === '0');
      const rows = ok ? env.ResponseData : [];
      const back = ok ? pageAfterEmpty(state.page, rows.length) : null;
      if (back !== null) {
        setState((s) => ({ ...s, page: back }));
        return;
      }
      // A transition: drawing the rows yields to input instead of one long task.
      startTransition(() => {
        setRecords(rows);
        setTotal(totalOf(rows));
        setFetching(false);
      });
    });
    return () => {
      stale = true;
    };
  }, [options.path, state, filters, version]);

  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page })), []);
  const setPageSize = useCallback((pageSize: number) => setState((s) => ({ ...s, pageSize, page: 1 })), []);
  const setSort = useCallback((sort: Sort) => setState((s) => ({ ...s, sort, page: 1 })), []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  // Back online after a failed fetch: fetch the page again.
  useEffect(() => {
    if (online && offline) reload();
  }, [online, offline, reload]);

  return {
    records, totalRecords, fetching, offline, page: state.page, setPage, pageSize: state.pageSize, pageSizes,
    setPageSize, sort: state.sort, setSort, search, setSearch, reload,
  };
}
