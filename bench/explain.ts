// The plan PostgreSQL (or PGlite) picks for the range lookup of resolve: it must be one backward probe
// of the (kind, prefix, from_no) index, not a scan of the ranges.
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/connect.js';
import type { damages, mappings } from '../src/server/db/schema.js';
import type { Series } from '../src/shared/codes.js';
import { Timings, type Summary } from './stats.js';

/** A query parameter as a SQL literal (only the few plain values built below reach here). */
function literal(v: unknown): string {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string') return `'${v.replace(/'/g, "''")}'`;
  throw new Error(`No literal for ${String(v)}`);
}

/** The query rangeAt (src/server/domain/ranges.ts) runs for serial n, parameters written in. */
function rangeLookupSql(db: Db, table: typeof mappings | typeof damages, series: Series, n: number): string {
  const query = db
    .select()
    .from(table as typeof mappings)
    .where(
      and(
        eq(table.kind, series.kind),
        eq(table.prefix, series.kind === 'S' ? series.prefix : ''),
        lte(table.fromNo, n),
      ),
    )
    .orderBy(desc(table.fromNo))
    .limit(1)
    .toSQL();
  let i = 0;
  const text = query.sql.replace(/\$(\d+)/g, (_, k: string) => {
    i++;
    return literal(query.params[Number(k) - 1]);
  });
  if (i !== query.params.length) throw new Error('Unexpected query parameters');
  return text;
}

/** EXPLAIN ANALYZE of the range lookup for serial n, with the query first. */
export async function explainRangeLookup(
  db: Db,
  table: typeof mappings | typeof damages,
  series: Series,
  n: number,
): Promise<string[]> {
  const text = rangeLookupSql(db, table, series, n);
  const res = (await db.execute(sql.raw(`explain analyze ${text}`))) as unknown as { rows: Record<string, unknown>[] };
  return [text, ...res.rows.map((r) => String(Object.values(r)[0]))];
}

export interface ServerTimes {
  samples: number;
  planning: Summary;
  execution: Summary;
}

/** The database's own time for the range lookups of `serials` (EXPLAIN ANALYZE, format json): planning and execution, without the round trip. */
export async function serverTimes(
  db: Db,
  table: typeof mappings | typeof damages,
  lookups: [Series, number][],
): Promise<ServerTimes> {
  const planning = new Timings(lookups.length);
  const execution = new Timings(lookups.length);
  for (const [series, n] of lookups) {
    const text = rangeLookupSql(db, table, series, n);
    const res = (await db.execute(sql.raw(`explain (analyze, format json) ${text}`))) as unknown as {
      rows: Record<string, unknown>[];
    };
    const cell = Object.values(res.rows[0]!)[0];
    const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as {
      'Planning Time': number;
      'Execution Time': number;
    }[];
    planning.add(plan[0]!['Planning Time']);
    execution.add(plan[0]!['Execution Time']);
  }
  return { samples: lookups.length, planning: planning.summary(), execution: execution.summary() };
}
