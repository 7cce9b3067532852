// A report as one declaration shared by server and client: a list contract (list-contract.ts) with
// an export, a date range when dated, and its own page sizes. The server serves it as every list
// (server/http/list.ts) and the screen (client/kit/report-page.tsx) reads its columns.
import { z } from 'zod';
import type { PageDef } from '../../pages.js';
import { listRequest } from '../list.js';
import {
  col,
  listContract,
  type ListColumn,
  type ListContract,
  type ListData,
  type ListEndpoint,
  type ListRequestSchema,
  type RowKey,
} from '../list-contract.js';
import { rangeInOrder, reportRange } from '../report-dates.js';

/** Report lists page 10, 50, 200 or 500 rows (spec 3 section 2). */
export const REPORT_PAGE_SIZES = [10, 50, 200, 500] as const;
/** The stock lists' choices. */
export const STOCK_PAGE_SIZES = [5, 10, 20] as const;

/** The shared list request with the date range required and in order (spec 3 section 5). */
export const datedReportRequest = listRequest.extend(reportRange).superRefine(rangeInOrder);
export type DatedReportRequest = z.input<typeof datedReportRequest>;

export { EXPORT_CSV_ACCEPT, EXPORT_ROWS_HEADER } from '../list-contract.js';

/** A report's column is a list's column. */
export type ReportColumn<K extends string = string> = ListColumn<K>;

/** A report call: the pages' users may call it with a list request (dates checked when dated). */
export type ReportEndpoint = ListEndpoint;

/** A report is a list with an export, whose page sizes and dates are its own. */
export interface ReportContract<R extends z.ZodObject = z.ZodObject> extends ListContract<R> {
  defaultSort: RowKey<R>;
  /** The CSV's name without '.csv'. */
  file: string;
  /** False for the reports without a date range (SAP Data, the stock reports). */
  dated: boolean;
  pageSizes: readonly number[];
  defaultPageSize: number;
  api: { list: ListEndpoint<ListRequestSchema, ListData<R>>; export: ListEndpoint<ListRequestSchema, ListData<R>> };
}

type RowOf<R extends z.ZodObject> = z.infer<R>;

export interface ReportSpec<R extends z.ZodObject> {
  page: PageDef;
  list: string;
  export: string;
  row: R;
  columns: readonly ReportColumn<keyof RowOf<R> & string>[];
  defaultSort: keyof RowOf<R> & string;
  /** The spec's default sort when the row has no column of that name: which column it means. */
  sortAliases?: Readonly<Record<string, keyof RowOf<R> & string>>;
  file: string;
  dated?: boolean;
  pageSizes?: readonly number[];
  defaultPageSize?: number;
  /** The row's unique field (the first column's when left out). */
  rowKey?: keyof RowOf<R> & string;
  /** Pages besides the report's own whose users may call it. */
  alsoPages?: readonly PageDef[];
}

/** A report's contract: a list contract whose request has the date range (when dated). */
export function reportContract<R extends z.ZodObject>(s: ReportSpec<R>): ReportContract<R> {
  const dated = s.dated ?? true;
  const request = (dated ? datedReportRequest : listRequest) as ListRequestSchema;
  const list = listContract({
    page: s.page,
    pages: [s.page, ...(s.alsoPages ?? [])],
    list: s.list,
    export: s.export,
    request,
    row: s.row,
    columns: s.columns,
    defaultSort: s.defaultSort,
    sortAliases: s.sortAliases,
    rowKey: s.rowKey ?? s.columns[0]!.key,
    file: s.file,
  });
  const pageSizes = s.pageSizes ?? REPORT_PAGE_SIZES;
  return {
    ...list,
    defaultSort: s.defaultSort,
    file: s.file,
    dated,
    pageSizes,
    defaultPageSize: s.defaultPageSize ?? pageSizes[0]!,
    // A report reads the standby when the server has one: years of events, a few seconds old.
    api: { list: { ...list.api.list, reads: 'standby' }, export: { ...list.api.export!, reads: 'standby' } },
  };
}

export { col };
