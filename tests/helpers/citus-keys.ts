// The check behind the Citus schema test's part (a): read from the migrated database's catalogue, the
// keys of distributed tables (db/placement.ts) that lack company_id, and the foreign keys Citus cannot
// keep (from a reference or local table to a distributed one, from a distributed table to a local one).
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/connect.js';
import { DISTRIBUTION_COLUMN, type Placement } from '../../src/server/db/placement.js';
import { rowsOf } from '../../src/server/domain/sql-rows.js';

interface Key {
  table: string;
  name: string;
  /** p primary, u unique constraint, i unique index, f foreign key. */
  type: 'p' | 'u' | 'i' | 'f';
  cols: string[];
  refTable: string | null;
  refCols: string[] | null;
}

const KEY_TEXT = { p: 'primary key', u: 'unique constraint', i: 'unique index', f: 'foreign key' } as const;

/** Every primary, unique and foreign key of the public schema's tables, with its columns in order. */
async function keysOf(db: Db): Promise<Key[]> {
  const rows = rowsOf<Key>(
    await db.execute(sql`
    select c.relname as "table", k.conname as name, k.contype as type,
      array(select a.attname::text from unnest(k.conkey) with ordinality u(n, i)
        join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n order by u.i) as cols,
      r.relname as "refTable",
      case when k.contype = 'f' then array(select a.attname::text from unnest(k.confkey) with ordinality u(n, i)
        join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n order by u.i) end as "refCols"
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace s on s.oid = c.relnamespace and s.nspname = 'public'
    left join pg_class r on r.oid = k.confrelid
    where k.contype in ('p', 'u', 'f') and not c.relispartition
    union all
    select c.relname, i.relname, 'i',
      array(select coalesce(a.attname::text, '(expression)') from unnest(x.indkey) with ordinality u(n, o)
        left join pg_attribute a on a.attrelid = x.indrelid and a.attnum = u.n order by u.o),
      null, null
    from pg_index x
    join pg_class c on c.oid = x.indrelid
    join pg_class i on i.oid = x.indexrelid
    join pg_namespace s on s.oid = c.relnamespace and s.nspname = 'public'
    where x.indisunique and not c.relispartition
      and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid and k.contype in ('p', 'u'))`),
  );
  // Drivers differ on text[]: node-postgres parses it, PGlite may too; a '{a,b}' string is parsed here.
  const arr = (v: unknown): string[] =>
    Array.isArray(v)
      ? v.map(String)
      : String(v)
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean);
  return rows.map((r) => ({ ...r, cols: arr(r.cols), refCols: r.refCols === null ? null : arr(r.refCols) }));
}

/** What Citus would refuse, one line per key, naming it: `placeOf` gives each table's placement. */
export async function keyProblems(db: Db, placeOf: (table: string) => Placement | undefined): Promise<string[]> {
  const col = DISTRIBUTION_COLUMN;
  const problems: string[] = [];
  for (const k of await keysOf(db)) {
    const here = placeOf(k.table);
    const there = k.refTable === null ? undefined : placeOf(k.refTable);
    const what = `${k.table}: ${KEY_TEXT[k.type]} ${k.name} (${k.cols.join(', ')})`;
    if (k.type !== 'f') {
      if (here === 'distributed' && !k.cols.includes(col)) problems.push(`${what} lacks ${col}`);
      continue;
    }
    if (here !== 'distributed' && there === 'distributed')
      problems.push(`${what} points from a ${here ?? 'unplaced'} table to the distributed ${k.refTable}`);
    else if (here === 'distributed' && there === 'local')
      problems.push(`${what} points from a distributed table to the local ${k.refTable}`);
    else if (here === 'distributed' && there === 'distributed') {
      const at = k.cols.indexOf(col);
      if (at < 0 || k.refCols?.[at] !== col) problems.push(`${what} to ${k.refTable} does not join ${col} to ${col}`);
    }
  }
  return problems;
}

/** Distributed tables whose company_id is missing or nullable. */
export async function columnProblems(db: Db, distributed: string[]): Promise<string[]> {
  const rows = rowsOf<{ table: string; nullable: string }>(
    await db.execute(sql`select table_name as "table", is_nullable as nullable from information_schema.columns
      where table_schema = 'public' and column_name = ${DISTRIBUTION_COLUMN}`),
  );
  const found = new Map(rows.map((r) => [r.table, r.nullable]));
  return distributed.flatMap((t) =>
    !found.has(t)
      ? [`${t}: no ${DISTRIBUTION_COLUMN} column`]
      : found.get(t) === 'YES'
        ? [`${t}: ${DISTRIBUTION_COLUMN} is nullable`]
        : [],
  );
}
