// A list as one declaration shared by server and client: its page, its list call (and export call,
// when it has one), its own request, the row it answers, its columns (titles, formats, which sort),
// the sorts it accepts, its default sort and the row's key. The server serves it (http/list.ts
// serveList) and the screens read its columns, so a column is named, titled and whitelisted once.
// Reports are lists with a date range and an export (reports/report.ts).
import type { z } from 'zod';
import { postEndpoint, type Endpoint } from '../endpoint.js';
import type { PageDef } from '../pages.js';
import type { CsvFormat } from '../csv.js';
import { listOf } from './answer.js';
import { listRequest, type ListQuery } from './list.js';

/** The export answers every row in the list's envelope (the spec's client), or the CSV file itself when
 *  the request accepts `text/csv` (ours); both stream, and this header says how many rows they hold. */
export const EXPORT_ROWS_HEADER = 'x-total-rows';
/** What our client sends for the file. */
export const EXPORT_CSV_ACCEPT = 'text/csv';

export interface ListColumn<K extends string = string> {
  key: K;
  title: string;
  format?: CsvFormat;
  /** Sortable unless false. */
  sortable?: boolean;
  /** The field it sorts by when not its own (Scheme Design's Payee shows Utype, sorts by TypeName). */
  sortKey?: K;
}

export type RowOf<R extends z.ZodObject> = z.infer<R>;
export type RowKey<R extends z.ZodObject> = keyof RowOf<R> & string;

/** What a list request may be: the shared list request, or it extended with a screen's own fields. */
export type ListRequestSchema = z.ZodType<ListQuery, unknown>;

/** A list's answer: its rows, each with TotalRows. */
export type ListData<R extends z.ZodObject> = z.ZodArray<
  z.ZodObject<Omit<R['shape'], 'TotalRows'> & { TotalRows: z.ZodNumber }>
>;

/** A list call: the pages' users may call it with the list's request. */
export type ListEndpoint<Q extends ListRequestSchema = ListRequestSchema, D extends z.ZodType = z.ZodType> = Endpoint<
  Q,
  D,
  { pages: readonly PageDef[] }
>;

export interface ListContract<R extends z.ZodObject = z.ZodObject, Q extends ListRequestSchema = ListRequestSchema> {
  page: PageDef;
  row: R;
  request: Q;
  /** The screen's columns, in order; each sorts by its key unless `sortable: false`. */
  columns: readonly ListColumn<RowKey<R>>[];
  /** Row fields sortable besides the columns (the spec's client sorts by fields no screen shows). */
  sortKeys: readonly RowKey<R>[];
  /** Sorted by when the request names none; always accepted. It may name no row field (the source
   *  then says what it sorts by, as the masters' CreatedDt). */
  defaultSort: string;
  /** Sort names the spec's client sends for a field the row names otherwise. */
  sortAliases: Readonly<Record<string, RowKey<R>>>;
  /** The row's unique field, for the screens' row keys. */
  rowKey: RowKey<R>;
  /** The export's CSV name without '.csv', when the list has an export. */
  file?: string;
  api: { list: ListEndpoint<Q, ListData<R>>; export?: ListEndpoint<Q, ListData<R>> };
}

export interface ListSpec<R extends z.ZodObject, Q extends ListRequestSchema> {
  page: PageDef;
  /** Every page whose users may call it; the list's own page when left out. */
  pages?: readonly PageDef[];
  list: string;
  export?: string;
  /** The shared list request when left out. */
  request?: Q;
  row: R;
  columns?: readonly ListColumn<RowKey<R>>[];
  /** Row fields sortable besides the columns; 'all' makes every row field (but TotalRows) sortable. */
  sortKeys?: readonly RowKey<R>[] | 'all';
  defaultSort: string;
  sortAliases?: Readonly<Record<string, RowKey<R>>>;
  rowKey: RowKey<R>;
  file?: string;
}

export function listContract<R extends z.ZodObject, Q extends ListRequestSchema = typeof listRequest>(
  s: ListSpec<R, Q>,
): ListContract<R, Q> {
  const access = { pages: s.pages ?? [s.page] };
  const request = (s.request ?? listRequest) as Q;
  const call = (path: string) => postEndpoint(path, access, request, listOf(s.row) as unknown as ListData<R>);
  const sortKeys =
    s.sortKeys === 'all'
      ? (Object.keys(s.row.shape).filter((k) => k !== 'TotalRows') as RowKey<R>[])
      : (s.sortKeys ?? []);
  return {
    page: s.page,
    row: s.row,
    request,
    columns: s.columns ?? [],
    sortKeys,
    defaultSort: s.defaultSort,
    sortAliases: s.sortAliases ?? {},
    rowKey: s.rowKey,
    file: s.file,
    api: { list: call(s.list), export: s.export === undefined ? undefined : call(s.export) },
  };
}

/** A column: key and title, with a format or `sortable: false` when needed. */
export const col = <K extends string>(
  key: K,
  title: string,
  extra: Omit<ListColumn<K>, 'key' | 'title'> = {},
): ListColumn<K> => ({ key, title, ...extra });

/** Every sort name the list accepts: its sortable columns, its other sortable fields, the default
 *  sort and the aliases. */
export function sortNames(c: Pick<ListContract, 'columns' | 'sortKeys' | 'defaultSort' | 'sortAliases'>): string[] {
  const names = new Set<string>([
    ...c.columns.filter((x) => x.sortable !== false).map((x) => x.sortKey ?? x.key),
    ...c.sortKeys,
    c.defaultSort,
  ]);
  for (const alias of Object.keys(c.sortAliases)) names.add(alias);
  return [...names];
}

/** Another screen's columns over a list several screens share (the people masters read one users
 *  list): typed against the list's row; each sortable one must be a sort the list accepts, which
 *  tests/unit/shared/list-columns.test.ts checks. */
export interface ListView<R extends z.ZodObject = z.ZodObject, K extends RowKey<R> = RowKey<R>> {
  list: ListContract<R, ListRequestSchema>;
  page: PageDef;
  columns: readonly ListColumn<K>[];
}

export const listView = <R extends z.ZodObject, Q extends ListRequestSchema, K extends RowKey<R>>(
  list: ListContract<R, Q>,
  page: PageDef,
  columns: readonly ListColumn<K>[],
): ListView<R, K> => ({ list: list as unknown as ListContract<R, ListRequestSchema>, page, columns });

/** The columns of a table that is not a paged list (one answer's rows, a refused sheet's rows),
 *  declared beside its row as a list's are; tests/unit/shared/list-columns.test.ts holds them to it. */
export interface RowTable<R extends z.ZodObject = z.ZodObject> {
  row: R;
  columns: readonly ListColumn<RowKey<R>>[];
}

export const rowTable = <R extends z.ZodObject>(row: R, columns: readonly ListColumn<RowKey<R>>[]): RowTable<R> => ({
  row,
  columns,
});
