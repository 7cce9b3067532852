// A server-paged list: page, page size, sort and debounced search as state, one POST per change,
// rows and TotalRows back. List failures show nothing (spec 1 section 8): the table just empties,
// except a failure on the network, which the table names (offline) and retries when the network returns.
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { Envelope } from '@shared/contracts/envelope.js';
import type { ListRequest } from '@shared/contracts/list.js';
import { settling, type Settling } from '../api/settled.js';
import { isOnline, useOnline } from '../offline/network-status.js';
import { postTo, targetKey, type ApiTarget } from './api-target.js';
import {
  DEFAULT_SORT,
  listBody,
  MASTER_PAGE_SIZES,
  pageAfterEmpty,
  SEARCH_DEBOUNCE_MS,
  totalOf,
  type ListState,
  type Sort,
} from './paging.js';

export interface ServerListOptions {
  /** The list call, e.g. CARTON_API.list. */
  path: ApiTarget;
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

/** The first page a list asks for: page 1, the declared page size and sort, no search. */
function initialState(options: ServerListOptions): ListState {
  return {
    page: 1,
    pageSize: options.defaultPageSize ?? (options.pageSizes ?? MASTER_PAGE_SIZES)[0] ?? 10,
    sort: options.defaultSort ?? DEFAULT_SORT,
    search: '',
  };
}

/** An early answer is used only by the list's first draw, and only while fresh. */
const EARLY_ANSWER_MS = 15_000;

/** `settled` lets a screen mounting after the answer draw the rows in its first render. */
interface EarlyAnswer extends Settling<Envelope<unknown[]>> {
  body: string;
  at: number;
}

const early = new Map<string, EarlyAnswer>();

/** Asks for a list's first page while its screen's code is still loading (app/router.tsx), so the rows
 *  come with the menu instead of after the screen's first draw. Resolves once answered. */
export function prefetchList(options: ServerListOptions): Promise<void> {
  const body = listBody(initialState(options), options.filters);
  const entry: EarlyAnswer = settling(
    { body: JSON.stringify(body), at: Date.now() },
    postTo<unknown[]>(options.path, body),
  );
  early.set(targetKey(options.path), entry);
  return entry.answer.then(() => undefined);
}

/** The early answer for exactly this list's first request, if any; taken once, so later fetches go out. */
function takeEarly(options: ServerListOptions): EarlyAnswer | undefined {
  const found = early.get(targetKey(options.path));
  early.delete(targetKey(options.path));
  const body = JSON.stringify(listBody(initialState(options), options.filters));
  return found && found.body === body && Date.now() - found.at < EARLY_ANSWER_MS ? found : undefined;
}

/** The rows of a '200' answer; anything else reads as no rows. */
const rowsOf = <T>(env: Envelope<T[]>): T[] =>
  env.ResponseCode === '200' && Array.isArray(env.ResponseData) ? env.ResponseData : [];

export function useServerList<T>(options: ServerListOptions): ServerList<T> {
  const pageSizes = options.pageSizes ?? MASTER_PAGE_SIZES;
  const [state, setState] = useState<ListState>(() => initialState(options));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // An early answer already in (prefetchList) is the first render's rows: one draw, not two.
  const [seed] = useState(() => takeEarly(options));
  const seeded = seed?.settled?.ResponseCode === '200' ? (seed.settled as Envelope<T[]>) : undefined;
  const pending = useRef(seed && !seeded ? (seed.answer as Promise<Envelope<T[]>>) : undefined);
  const skipFirst = useRef(seeded !== undefined);
  const [records, setRecords] = useState<T[]>(() => (seeded ? rowsOf(seeded) : []));
  const [totalRecords, setTotal] = useState(() => (seeded ? totalOf(rowsOf(seeded)) : 0));
  // True from the start unless seeded: the first page is asked for on mount, so 'No Data found' never
  // flashes first.
  const [fetching, setFetching] = useState(!seeded);
  const [offline, setOffline] = useState(false);
  const online = useOnline();
  const [version, setVersion] = useState(0);
  const filtersKey = JSON.stringify(options.filters ?? {});
  const filters = useMemo(() => JSON.parse(filtersKey) as Partial<ListRequest>, [filtersKey]);
  const listKey = targetKey(options.path);

  // A new search or new filters start from page 1.
  useEffect(() => {
    setState((s) => (s.search === debounced ? s : { ...s, search: debounced, page: 1 }));
  }, [debounced]);
  useEffect(() => {
    setState((s) => (s.page === 1 ? s : { ...s, page: 1 }));
  }, [filtersKey]);

  useEffect(() => {
    // The first run of a seeded list has its rows already; an early answer still on its way is awaited.
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    const waiting = pending.current;
    pending.current = undefined;
    let stale = false;
    setFetching(true);
    void (waiting ?? postTo<T[]>(options.path, listBody(state, filters))).then((env) => {
      if (stale) return;
      const ok = env.ResponseCode === '200' && Array.isArray(env.ResponseData);
      setOffline(env.ResponseCode === '0');
      const rows = rowsOf(env);
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
  }, [listKey, state, filters, version]);

  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page })), []);
  const setPageSize = useCallback((pageSize: number) => setState((s) => ({ ...s, pageSize, page: 1 })), []);
  const setSort = useCallback((sort: Sort) => setState((s) => ({ ...s, sort, page: 1 })), []);
  // Offline, a reload (a floor screen's history after every carton queued, offline too) would only
  // fail: the list says it is offline and reads the page once the network is back. A search or a page
  // the user asks for is still tried (the network may be back before the device has noticed).
  const reload = useCallback(() => {
    if (isOnline()) setVersion((v) => v + 1);
    else setOffline(true);
  }, []);

  // Back online after a failed (or skipped) fetch: fetch the page again, once.
  useEffect(() => {
    if (online && offline) reload();
  }, [online, offline, reload]);

  return {
    records,
    totalRecords,
    fetching,
    offline,
    page: state.page,
    setPage,
    pageSize: state.pageSize,
    pageSizes,
    setPageSize,
    sort: state.sort,
    setSort,
    search,
    setSearch,
    reload,
  };
}
