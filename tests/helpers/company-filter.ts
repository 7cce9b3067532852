// The check behind the Citus schema test's part (b): which statements read or write a distributed
// table (db/placement.ts) without naming its company. Textual, on purpose: it reads the SQL the app
// sent, as a Citus router would need it, without parsing SQL.
import { CROSS_COMPANY, NOT_YET_FILTERED, tablesPlaced, type Allowed } from '../../src/server/db/placement.js';

const DISTRIBUTED = tablesPlaced('distributed');
const refersTo = (table: string) =>
  new RegExp(`\\b(?:from|join|into|update)\\s+(?:"?public"?\\.)?"?${table}"?(?![\\w"])`, 'i');
const REFS = DISTRIBUTED.map((t) => [t, refersTo(t)] as const);

/** The distributed tables a statement reads or writes. */
export const distributedTablesOf = (sql: string): string[] => REFS.filter(([, re]) => re.test(sql)).map(([t]) => t);

/** company_id compared (`=`, `in (`, `= any`) on either side of a predicate or a join, or written by an
 *  insert's column list. An UPDATE's SET list is left out: setting company_id filters nothing. */
export function namesCompany(sql: string): boolean {
  const s = sql.replace(/\s+/g, ' ').replace(/\bset\b.*?(?=\bwhere\b|\breturning\b|$)/gi, ' ');
  if (/\bcompany_id"?\s*(?:=|in\s*\(|=\s*any\b)/i.test(s)) return true;
  if (/=\s*(?:"?\w+"?\.)?"?company_id\b/i.test(s)) return true;
  const insert = /\binsert into [^(]+\(([^)]*)\)/i.exec(s);
  return insert !== null && /\bcompany_id\b/i.test(insert[1]!);
}

export interface Unfiltered {
  sql: string;
  tables: string[];
}

/** The statements on distributed tables that name no company and that no entry of `allowed` (by
 *  default CROSS_COMPANY and NOT_YET_FILTERED of db/placement.ts) allows. */
export function unfiltered(
  statements: Iterable<string>,
  allowed = [...CROSS_COMPANY, ...NOT_YET_FILTERED],
): Unfiltered[] {
  const out = new Map<string, Unfiltered>();
  for (const sql of statements) {
    const tables = distributedTablesOf(sql);
    if (tables.length === 0 || namesCompany(sql) || allowed.some((a) => a.match.test(sql))) continue;
    out.set(sql, { sql, tables });
  }
  return [...out.values()];
}

/** The distinct statements on distributed tables that name no company and that only NOT_YET_FILTERED
 *  lets through (not CROSS_COMPANY), grouped by the family (its `why`) that allows each, in list order. */
export function notYetFiltered(
  statements: Iterable<string>,
  families: readonly Allowed[] = NOT_YET_FILTERED,
  crossCompany: readonly Allowed[] = CROSS_COMPANY,
): Map<string, string[]> {
  const out = new Map<string, Set<string>>(families.map((f) => [f.why, new Set<string>()]));
  for (const sql of statements) {
    if (distributedTablesOf(sql).length === 0 || namesCompany(sql) || crossCompany.some((a) => a.match.test(sql)))
      continue;
    const family = families.find((f) => f.match.test(sql));
    if (family) out.get(family.why)!.add(sql);
  }
  return new Map([...out].map(([why, s]) => [why, [...s]]));
}
