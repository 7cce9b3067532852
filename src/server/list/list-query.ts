// The list query's pieces serveList (http/list.ts) puts together: the whitelisted sort and the
// search over a list's columns; and TotalRows from count(*) over () for the lookups that page nothing.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

export interface ListDef {
  /** Sortable columns by the names the client sends in SortColumn. */
  sort: Record<string, SQLWrapper>;
  /** Columns the global search looks in (matched as text, case-insensitive). */
  search: SQLWrapper[];
  /** The SortColumn used when none is sent. */
  defaultSort: string;
  /** A unique column that makes the order stable across pages. */
  tiebreak: SQLWrapper;
}

export class ListError extends Error {}

/** `CreatedDt` is what the spec's exports send; every list knows it as its created column. */
const ALIASES: Record<string, string> = { CreatedDt: 'CreatedDate', CreatedDate: 'CreatedDt' };

export function sortColumn(def: ListDef, requested: string | null | undefined): SQLWrapper {
  const name = requested && requested.trim() !== '' ? requested : def.defaultSort;
  // Own properties only: 'constructor' or '__proto__' are not columns.
  const own = (o: Record<string, unknown>, k: string) => Object.hasOwn(o, k);
  const alias = own(ALIASES, name) ? ALIASES[name]! : undefined;
  const col = own(def.sort, name) ? def.sort[name] : alias && own(def.sort, alias) ? def.sort[alias] : undefined;
  if (!col) throw new ListError(`The list cannot be sorted by '${name.slice(0, 64)}'.`);
  return col;
}

/** LIKE metacharacters in the search term are matched literally. */
export function searchCondition(def: ListDef, term: string | null | undefined): SQL | undefined {
  const t = term?.trim();
  if (!t || def.search.length === 0) return undefined;
  const pattern = `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(${sql.join(
    def.search.map((c) => sql`cast(${c} as text) ilike ${pattern}`),
    sql` or `,
  )})`;
}

/** The count before paging, as a selected field. */
export const totalRows = () => sql<number>`cast(count(*) over () as integer)`.mapWith(Number);
