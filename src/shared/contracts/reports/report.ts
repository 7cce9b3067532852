// A report as one declaration shared by server and client: its page, its list and export calls, the
// row it answers, its columns (titles, formats, which sort), its default sort, page sizes and the
// export's file name. The server's report query (server/http/report.ts) and the screen
// (client/kit/report-page.tsx) both read it, so a column is named and titled once.
import { z } from 'zod';
import { postEndpoint, type Endpoint } from '../../endpoint.js';
import type { PageDef } from '../../pages.js';
import type { CsvFormat } from '../../csv.js';
import { listOf } from '../answer.js';
import { listRequest, type ListQuery } from '../list.js';
import { rangeInOrder, reportRange } from '../report-dates.js';

/** Report lists page 10, 50, 200 or 500 rows (spec 3 section 2). */
export const REPORT_PAGE_SIZES = [10, 50, 200, 500] as const;
/** The stock lists' choices. */
export const STOCK_PAGE_SIZES = [5, 10, 20] as const;

/** The shared list request with the date range required and in order (spec 3 section 5). */
export const datedReportRequest = listRequest.extend(reportRange).superRefine(rangeInOrder);
export type DatedReportRequest = z.input<typeof datedReportRequest>;

/** The export answers every row in the list's envelope (the spec's client), or the CSV file itself when
 *  the request accepts `text/csv` (ours); both stream, and this header says how many rows they hold. */
export const EXPORT_ROWS_HEADER = 'x-total-rows';
/** What our client sends for the file. */
export const EXPORT_CSV_ACCEPT = 'text/csv';

export interface ReportColumn<K extends string = string> {
  key: K;
  title: string;
  format?: CsvFormat;
  /** Sortable unless false. */
  sortable?: boolean;
}

type RowOf<R extends z.ZodObject> = z.infer<R>;

export interface ReportContract<R extends z.ZodObject = z.ZodObject> {
  page: PageDef;
  row: R;
  columns: readonly ReportColumn<keyof RowOf<R> & string>[];
  defaultSort: keyof RowOf<R> & string;
  /** Sort names the spec's client sends for a column the row names otherwise (spec 3 section 9's defaults). */
  sortAliases: Readonly<Record<string, keyof RowOf<R> & string>>;
  /** The CSV's name without '.csv'. */
  file: string;
  /** False for the reports without a date range (SAP Data, the stock reports). */
  dated: boolean;
  pageSizes: readonly number[];
  defaultPageSize: number;
  api: { list: ReportEndpoint; export: ReportEndpoint };
}

/** A report call: the pages' users may call it with a list request (dates checked when dated). */
export type ReportEndpoint = Endpoint<z.ZodType<ListQuery, unknown>, z.ZodType, { pages: readonly PageDef[] }>;

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
  /** Pages besides the report's own whose users may call it. */
  alsoPages?: readonly PageDef[];
}

export function reportContract<R extends z.ZodObject>(s: ReportSpec<R>): ReportContract<R> {
  const dated = s.dated ?? true;
  const body = dated ? datedReportRequest : listRequest;
  const access = { pages: [s.page, ...(s.alsoPages ?? [])] };
  return {
    page: s.page, row: s.row, columns: s.columns, defaultSort: s.defaultSort, sortAliases: s.sortAliases ?? {}, file: s.file, dated,
    pageSizes: s.pageSizes ?? REPORT_PAGE_SIZES,
    defaultPageSize: s.defaultPageSize ?? (s.pageSizes ?? REPORT_PAGE_SIZES)[0]!,
    api: {
      list: postEndpoint(s.list, access, body as z.ZodType<ListQuery, unknown>, listOf(s.row)),
      export: postEndpoint(s.export, access, body as z.ZodType<ListQuery, unknown>, listOf(s.row)),
    },
  };
}

/** A column: key and title, with a format or `sortable: false` when needed. */
export const col = <K extends string>(key: K, title: string, extra: Omit<ReportColumn<K>, 'key' | 'title'> = {}): ReportColumn<K> =>
  ({ key, title, ...extra });
