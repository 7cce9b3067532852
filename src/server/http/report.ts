// The one report query behind every report screen: a report declares its source (fields, tables,
// joins, grouping), the date column its range reads, its scope, search and extra filters; this
// serves its list (sorted, searched, paged, with TotalRows from one count query) and its export,
// a CSV streamed in batches read by keyset on the report's unique key, so any size goes out in
// flat memory at the client's pace.
import { Readable } from 'node:stream';
import { and, asc, count, desc, gt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import { ok, warn } from '../../shared/contracts/envelope.js';
import type { ListQuery } from '../../shared/contracts/list.js';
import { EXPORT_ROWS_HEADER, type ReportContract } from '../../shared/contracts/reports/report.js';
import { COMPANY_TIME_ZONE } from '../../shared/today.js';
import type { Db } from '../db/connect.js';
import type { Caller } from '../auth/actor.js';
import type { Router } from './route.js';
import { ListError, searchCondition, sortColumn, type ListDef } from '../list/list-query.js';
import { headerLine, rowLine } from '../list/report-csv.js';

type Fields = SelectedFields;

export interface ReportSource {
  /** Every row field by the name the row carries (the contract's row keys). */
  fields: Fields;
  /** `db.select(fields).from(...)` with its joins, as `$dynamic()`; a summary may read the request. */
  from: (db: Db, fields: Fields, body: ListQuery, caller: Caller) => PgSelect;
  /** The timestamp (or date) the date range filters, in India's calendar days. */
  dated?: { column: SQLWrapper; kind: 'timestamp' | 'date' };
  /** What the caller may see (company scoping, their own site...). */
  scope: (caller: Caller, body: ListQuery) => SQL | undefined;
  /** The report's own filters from the request (warehouse, user, product...). */
  filter?: (body: ListQuery, caller: Caller) => SQL | undefined;
  search: SQLWrapper[];
  /** Unique and not null: makes the order stable, and the export reads by it in batches. */
  key: PgColumn | SQL;
  /** A summary report: rows are groups, few enough to export in one read. */
  groupBy?: SQLWrapper[];
}

/** Rows per read while exporting: small enough for flat memory, large enough for few round trips. */
const EXPORT_BATCH = 5000;
/** A list asked for every row at once (PageSize -1, the spec's old export) beyond this is refused. */
export const ALL_ROWS_LIMIT = 50_000;
export const TOO_MANY_ROWS = `More than ${ALL_ROWS_LIMIT.toLocaleString('en-IN')} rows: please use Export.`;

/** India's calendar days from..to as a timestamp range, so an index on the column serves it. */
function dateRange(d: NonNullable<ReportSource['dated']>, from: string, to: string): SQL {
  if (d.kind === 'date') return sql`${d.column} between ${from}::date and ${to}::date`;
  return sql`${d.column} >= (${from}::date)::timestamp at time zone ${COMPANY_TIME_ZONE}
    and ${d.column} < (${to}::date + 1)::timestamp at time zone ${COMPANY_TIME_ZONE}`;
}

export function serveReport(r: Router, contract: ReportContract, src: ReportSource) {
  // The default sort is always allowed, sortable on screen or not.
  const sortable = [...contract.columns.filter((c) => c.sortable !== false).map((c) => c.key), contract.defaultSort];
  const aliases = Object.entries(contract.sortAliases).filter(([name]) => !sortable.includes(name));
  const listDef: ListDef = {
    sort: Object.fromEntries([...sortable.map((k) => [k, src.fields[k] as SQLWrapper]), ...aliases.map(([name, k]) => [name, src.fields[k] as SQLWrapper])]),
    search: src.search,
    defaultSort: contract.defaultSort,
    tiebreak: src.key,
  };
  const conditions = (body: ListQuery, caller: Caller) => and(
    src.scope(caller, body),
    src.dated && body.FromDate && body.ToDate ? dateRange(src.dated, body.FromDate, body.ToDate) : undefined,
    src.filter?.(body, caller),
    searchCondition(listDef, body.SearchValue),
  );
  const grouped = (q: PgSelect) => (src.groupBy ? q.groupBy(...(src.groupBy as never[])) : q);
  const countOf = async (db: Db, where: SQL | undefined, body: ListQuery, caller: Caller) => {
    const inner = grouped(src.from(db, { one: sql`1`.as('one') }, body, caller).where(where)).as('r');
    const [row] = await db.select({ n: count() }).from(inner);
    return row?.n ?? 0;
  };

  r.serve(contract.api.list, async ({ db, body, caller }) => {
    const list = body;
    let col: SQLWrapper;
    try {
      col = sortColumn(listDef, list.SortColumn);
    } catch (e) {
      if (e instanceof ListError) return warn(e.message);
      throw e;
    }
    const where = conditions(list, caller);
    const dir = (list.SortOrder ?? 'DESC') === 'ASC' ? asc : desc;
    let q = grouped(src.from(db, src.fields, list, caller).where(where)).orderBy(dir(col), dir(src.key));
    if (list.PageSize !== -1) q = q.limit(list.PageSize).offset(list.First - 1);
    const total = await countOf(db, where, list, caller);
    if (list.PageSize === -1 && total > ALL_ROWS_LIMIT) return warn(TOO_MANY_ROWS);
    const rows = (await q) as Record<string, unknown>[];
    return ok(rows.map((row) => ({ ...row, TotalRows: total })));
  });

  // The spec's client reads the export's rows from the envelope; ours asks for the CSV (Accept:
  // text/csv). Both stream in batches, so any size goes out in flat memory.
  r.serve(contract.api.export, async ({ db, body, caller, req, reply }) => {
    const where = conditions(body, caller);
    const total = await countOf(db, where, body, caller);
    const batches = exportBatches(src, where, (q) => src.from(db, q, body, caller));
    reply.header(EXPORT_ROWS_HEADER, String(total)).header('cache-control', 'no-store');
    if (wantsCsv(req.headers.accept)) {
      reply.header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${contract.file}.csv"`);
      reply.send(Readable.from(csvLines(contract, batches), { objectMode: false }));
    } else {
      reply.header('content-type', 'application/json; charset=utf-8');
      reply.send(Readable.from(envelopeParts(Object.keys(src.fields), total, batches), { objectMode: false }));
    }
    return undefined;
  });
}

/** True when the Accept header names text/csv (with any parameters, q > 0). */
export function wantsCsv(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((part) => {
    const [type, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    return type === 'text/csv' && !params.some((p) => /^q=0(\.0*)?$/.test(p));
  });
}

/** The rows in the key's order (groups in their own order), one batch per read. */
async function* exportBatches(src: ReportSource, where: SQL | undefined, from: (fields: Fields) => PgSelect): AsyncGenerator<Record<string, unknown>[]> {
  if (src.groupBy) {
    // In the groups' own order, which an index on the grouped columns may serve without a sort.
    const rows = await from(src.fields).where(where).groupBy(...(src.groupBy as never[])).orderBy(...src.groupBy.map((g) => asc(g as never))) as Record<string, unknown>[];
    for (let i = 0; i < rows.length; i += EXPORT_BATCH) yield rows.slice(i, i + EXPORT_BATCH);
    return;
  }
  const fields = { ...src.fields, __key: src.key };
  let last: unknown = undefined;
  for (;;) {
    const rows = await from(fields).where(and(where, last === undefined ? undefined : gt(src.key as never, last)))
      .orderBy(asc(src.key)).limit(EXPORT_BATCH) as Record<string, unknown>[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_BATCH) return;
    last = rows[rows.length - 1]!.__key;
  }
}

/** The file: its header line, then one chunk of lines per batch. */
async function* csvLines(contract: ReportContract, batches: AsyncIterable<Record<string, unknown>[]>): AsyncGenerator<string> {
  yield `\ufeff${headerLine(contract.columns)}`;
  for await (const rows of batches) {
    let chunk = '';
    for (const row of rows) chunk += rowLine(row, contract.columns);
    yield chunk;
  }
}

/** The list's envelope written as it streams: every row the row's fields and TotalRows, as the list answers. */
async function* envelopeParts(keys: readonly string[], total: number, batches: AsyncIterable<Record<string, unknown>[]>): AsyncGenerator<string> {
  const head = JSON.stringify(ok([]));
  yield head.slice(0, head.lastIndexOf('[') + 1);
  let first = true;
  for await (const rows of batches) {
    let chunk = '';
    for (const row of rows) {
      const out: Record<string, unknown> = {};
      for (const k of keys) out[k] = row[k];
      out.TotalRows = total;
      chunk += (first ? '' : ',') + JSON.stringify(out);
      first = false;
    }
    yield chunk;
  }
  yield ']}';
}
