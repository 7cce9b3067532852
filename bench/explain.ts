// The plan PostgreSQL (or PGlite) picks for the range lookup of resolve: it must be one backward probe
// of the (kind, prefix, from_no) index, not a scan of the ranges.
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/connect.js';
import type { damages, mappings } from '../src/server/db/schema.js';
import type { Series } from '../src/shared/codes.js';

/** A query parameter as a SQL literal (only the few plain values built below reach here). */
function literal(v: unknown): string {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string') return `'${v.replace(/'/g, "''")}'`;
  throw new Error(`No literal for ${String(v)}`);
}

/** EXPLAIN ANALYZE of the same query rangeAt (src/server/domain/ranges.ts) runs for serial n. */
export async function explainRangeLookup(db: Db, table: typeof mappings | typeof damages, series: Series, n: number): Promise<string[]> {
  const query = db.select().from(table as typeof mappings)
    .where(and(eq(table.kind, series.kind), eq(table.prefix, series.kind === 'S' ? series.prefix : ''), lte(table.fromNo, n)))
    .orderBy(desc(table.fromNo)).limit(1).toSQL();
  let i = 0;
  const text = query.sql.replace(/\$(\d+)/g, (_, k: string) => {
    i++;
    return literal(query.params[Number(k) - 1]);
  });
  if (i !== query.params.length) throw new Error('Unexpected query parameters');
  const res = (await db.execute(sql.raw(`explain analyze ${text}`))) as unknown as { rows: Record<string, unknown>[] };
  return [text, ...res.rows.map((r) => String(Object.values(r)[0]))];
}
