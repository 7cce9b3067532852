// The one list query behind every list and report: a list's contract (shared/contracts/list-contract.ts)
// says its call, columns and sorts; its source here says where the rows come from (fields typed
// against the row, tables, joins, grouping), the date column a range reads, its scope, search and
// the screen's own filters. serveList answers its list (the sort whitelisted, searched, paged, with
// TotalRows from one count query) and, when the contract has one, its streamed export.
import type { IncomingHttpHeaders } from 'node:http';
import { and, asc, count, desc, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgSelect, SelectedFields } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { ok, warn, type Envelope } from '../../shared/contracts/envelope.js';
import type { ListQuery } from '../../shared/contracts/list.js';
import {
  sortNames,
  type ListContract,
  type ListRequestSchema,
  type RowKey,
} from '../../shared/contracts/list-contract.js';
import { COMPANY_TIME_ZONE } from '../../shared/today.js';
import type { Db } from '../db/connect.js';
import type { Caller } from '../auth/actor.js';
import type { Ctx } from './handler.js';
import type { Router } from './route.js';
import { exportGroups, sendExport } from './list-export.js';
import { ListError, searchCondition, sortColumn, totalRows, type ListDef } from '../list/list-query.js';

type Fields = SelectedFields;
type Field = Fields[string];
type Row = Record<string, unknown>;
/** The count a summary's page carries beside its fields (no row key is this name). */
const WHOLE = '__whole';

export interface ListSource<R extends z.ZodObject = z.ZodObject, B extends ListQuery = ListQuery> {
  /** Every row field by the name the row carries (the contract's row keys), and any more the list answers. */
  fields: Record<Exclude<RowKey<R>, 'TotalRows'>, Field> & Fields;
  /** `db.select(fields).from(...)` with its joins, as `$dynamic()`; a summary may read the request. */
  from: (db: Db, fields: Fields, body: B, caller: Caller) => PgSelect;
  /** `from` without its joins that neither filter nor repeat rows (a left join on a unique key), for
   *  the count when no search term reads them: PostgreSQL 15 keeps a removed join's key column needed,
   *  so the count could not be read from an index alone. Scope and filter must read only its tables. */
  countFrom?: (db: Db, fields: Fields) => PgSelect;
  /** The timestamp (or date) the date range filters, in India's calendar days. */
  dated?: { column: SQLWrapper; kind: 'timestamp' | 'date' };
  /** What the caller may see (company scoping, their own site...). */
  scope?: (caller: Caller, body: B) => SQL | undefined;
  /** The screen's own filters from the request (warehouse, user, product...) or its headers. */
  filter?: (body: B, caller: Caller, headers: IncomingHttpHeaders) => SQL | undefined;
  /** Columns the search matches as text. */
  search: SQLWrapper[];
  /** A term's own match besides the text (a typed number finds the range holding it). */
  searchAlso?: (term: string | null | undefined) => SQL | undefined;
  /** What a sort name sorts by when that is not its field, or when no field has its name. */
  sort?: Record<string, SQLWrapper>;
  /** Unique and not null: makes the order stable, and the export reads by it in batches. */
  key: PgColumn | SQL;
  /** A summary: rows are groups, few enough to export in one read. */
  groupBy?: SQLWrapper[];
  /** Rows made whole before any is sorted (a summary in `from`), as groups are: counted with the page. */
  summary?: true;
  /** A refusal before any listing (a user type the caller's pages do not cover); undefined lists. */
  refuse?: (ctx: Ctx<B, Caller>) => Envelope | undefined;
}

/** A list asked for every row at once (PageSize -1, the spec's old export) beyond this is refused. */
export const ALL_ROWS_LIMIT = 50_000;
export const TOO_MANY_ROWS = `More than ${ALL_ROWS_LIMIT.toLocaleString('en-IN')} rows: please use Export.`;

/** India's calendar days from..to as a timestamp range, so an index on the column serves it. */
function dateRange(d: NonNullable<ListSource['dated']>, from: string, to: string): SQL {
  if (d.kind === 'date') return sql`${d.column} between ${from}::date and ${to}::date`;
  return sql`${d.column} >= (${from}::date)::timestamp at time zone ${COMPANY_TIME_ZONE}
    and ${d.column} < (${to}::date + 1)::timestamp at time zone ${COMPANY_TIME_ZONE}`;
}

/** The sort whitelist: each name the contract accepts, with what it sorts by. */
function sortWhitelist(contract: ListContract, src: ListSource<z.ZodObject, never>): Record<string, SQLWrapper> {
  const fields = src.fields as Fields;
  const own = (name: string): SQLWrapper | undefined =>
    src.sort?.[name] ?? (Object.hasOwn(fields, name) ? (fields[name] as SQLWrapper) : undefined);
  const out: Record<string, SQLWrapper> = {};
  for (const name of sortNames(contract)) {
    const direct = Object.hasOwn(contract.sortAliases, name) && !own(name) ? undefined : own(name);
    const target = direct ?? own(contract.sortAliases[name] ?? '');
    if (!target) throw new Error(`${contract.api.list.path}: the sort '${name}' has no field or sort in its source`);
    out[name] = target;
  }
  return out;
}

export function serveList<R extends z.ZodObject, Q extends ListRequestSchema>(
  r: Router,
  contract: ListContract<R, Q>,
  src: ListSource<R, z.output<Q>>,
) {
  type B = z.output<Q>;
  const listDef: ListDef = {
    sort: sortWhitelist(contract as unknown as ListContract, src as unknown as ListSource<z.ZodObject, never>),
    search: src.search,
    defaultSort: contract.defaultSort,
    tiebreak: src.key,
  };
  const search = (term: string | null | undefined) => {
    const text = searchCondition(listDef, term);
    const also = src.searchAlso?.(term);
    return also ? or(text, also) : text;
  };
  const conditions = (body: B, caller: Caller, headers: IncomingHttpHeaders) =>
    and(
      src.scope?.(caller, body),
      src.dated && body.FromDate && body.ToDate ? dateRange(src.dated, body.FromDate, body.ToDate) : undefined,
      src.filter?.(body, caller, headers),
      search(body.SearchValue),
    );
  const grouped = (q: PgSelect) => (src.groupBy ? q.groupBy(...(src.groupBy as never[])) : q);
  const countOf = async (db: Db, where: SQL | undefined, body: B, caller: Caller) => {
    const one = { one: sql`1`.as('one') };
    const rows = src.countFrom && !body.SearchValue?.trim() ? src.countFrom(db, one) : src.from(db, one, body, caller);
    const inner = grouped(rows.where(where)).as('r');
    const [row] = await db.select({ n: count() }).from(inner);
    return row?.n ?? 0;
  };

  r.serve(contract.api.list, async (ctx) => {
    const { db, caller, req } = ctx;
    const body = ctx.body as B;
    const refused = src.refuse?.(ctx as Ctx<B, Caller>);
    if (refused) return refused;
    let col: SQLWrapper;
    try {
      col = sortColumn(listDef, body.SortColumn);
    } catch (e) {
      if (e instanceof ListError) return warn(e.message);
      throw e;
    }
    const where = conditions(body, caller, req.headers);
    const dir = (body.SortOrder ?? 'DESC') === 'ASC' ? asc : desc;
    const page = (on: Db, fields: Fields, all: number) => {
      const q = grouped(src.from(on, fields, body, caller).where(where)).orderBy(dir(col), dir(src.key));
      return body.PageSize === -1 ? q.limit(all) : q.limit(body.PageSize).offset(body.First - 1);
    };
    if (src.groupBy || src.summary) {
      // Every group is made before the sort anyway: counted over them in the same statement, not
      // made a second time by a count of its own (an empty page has no count, and needs none).
      const rows = (await db.transaction(async (tx) => {
        // Room to group a month of a big table by hashing it in memory (100,000 farmers at harvest),
        // not by sorting it to disk; for this statement only.
        await tx.execute(sql`set local work_mem = '32MB'`);
        return page(tx, { ...src.fields, [WHOLE]: totalRows() }, ALL_ROWS_LIMIT + 1);
      })) as Row[];
      const total = Number(rows[0]?.[WHOLE] ?? 0);
      if (body.PageSize === -1 && total > ALL_ROWS_LIMIT) return warn(TOO_MANY_ROWS);
      return ok(rows.map(({ [WHOLE]: _, ...row }) => ({ ...row, TotalRows: total })));
    }
    const total = await countOf(db, where, body, caller);
    if (body.PageSize === -1 && total > ALL_ROWS_LIMIT) return warn(TOO_MANY_ROWS);
    const rows = (await page(db, src.fields, ALL_ROWS_LIMIT)) as Row[];
    return ok(rows.map((row) => ({ ...row, TotalRows: total })));
  });

  // The spec's client reads the export's rows from the envelope; ours asks for the CSV (Accept: text/csv).
  const exportCall = contract.api.export;
  if (exportCall) {
    r.serve(exportCall, async (ctx) => {
      const { db, caller, req, reply } = ctx;
      const body = ctx.body as B;
      const refused = src.refuse?.(ctx as Ctx<B, Caller>);
      if (refused) return refused;
      const where = conditions(body, caller, req.headers);
      const read = {
        fields: src.fields,
        key: src.key,
        groupBy: src.groupBy,
        from: (f: Fields) => src.from(db, f, body, caller),
        where,
      };
      // A summary's groups are read whole before the first byte: their number is the count.
      const groups = src.groupBy ? await exportGroups({ ...read, groupBy: src.groupBy }) : undefined;
      const total = groups ? groups.length : await countOf(db, where, body, caller);
      const file = { file: contract.file ?? contract.page.key, columns: contract.columns };
      sendExport(reply, req.headers.accept, read, total, file, groups);
      return undefined;
    });
  }
}
