// The monthly partitions of `events` and `verifications` (migration 0022; docs/deploy.md "Partitions
// and retention"): months ahead made before they are needed, rows that fell into DEFAULT moved to their
// month, and verifications' months past the retention dropped whole. Run at start and daily by every
// instance: one at a time under an advisory lock, each step a no-op once done.
import { sql } from 'drizzle-orm';
import type { Db } from './connect.js';

/** The partitioned tables. Only verifications have a retention: the event log is the audit trail and
 *  EPCIS's source, and is never dropped. */
export const PARTITIONED = ['events', 'verifications'] as const;
export type PartitionedTable = (typeof PARTITIONED)[number];

const MAINTENANCE_LOCK = 7_243_103;

export interface PartitionPlan {
  /** Months made ahead of the current one (the current month is always made). */
  monthsAhead: number;
  /** VERIFICATION_RETENTION_MONTHS: full months of verifications kept before the current one; 0 keeps all. */
  retentionMonths: number;
  now?: Date;
  /** Also make every month from this one on (a bulk load of past rows: the benchmark's data). */
  since?: Date;
}

export interface MaintenanceDone {
  created: string[];
  /** Rows moved out of a DEFAULT partition into their month's. */
  moved: number;
  dropped: string[];
}

/** A month as its first instant in UTC (the partitions' bounds are UTC months). */
type Month = { y: number; m: number };
const monthOf = (d: Date): Month => ({ y: d.getUTCFullYear(), m: d.getUTCMonth() });
const plus = ({ y, m }: Month, n: number): Month => ({
  y: y + Math.floor((m + n) / 12),
  m: (((m + n) % 12) + 12) % 12,
});
const startOf = ({ y, m }: Month) => new Date(Date.UTC(y, m, 1));
const index = ({ y, m }: Month) => y * 12 + m;
const before = (a: Month, b: Month) => index(a) < index(b);

/** The partition of `table` holding `month`: events_2026_11. */
export const partitionName = (table: PartitionedTable, { y, m }: Month) =>
  `${table}_${String(y).padStart(4, '0')}_${String(m + 1).padStart(2, '0')}`;
export const defaultPartition = (table: PartitionedTable) => `${table}_default`;

const monthOfName = (table: PartitionedTable, name: string): Month | null => {
  const hit = new RegExp(`^${table}_(\\d{4})_(\\d{2})$`).exec(name);
  return hit ? { y: Number(hit[1]), m: Number(hit[2]) - 1 } : null;
};

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const id = (name: string) => sql.identifier(name);
const stamp = (d: Date) => sql.raw(`'${d.toISOString()}'::timestamptz`);

async function partitionsOf(tx: Tx, table: PartitionedTable): Promise<Set<string>> {
  const found = rows<{ name: string }>(
    await tx.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = ${table}::regclass`),
  );
  return new Set(found.map((r) => r.name));
}

/** Whether `table` is laid out by month here: a deployment may lay it out otherwise (hash by company_id
 *  across nodes: docs/deploy.md "Citus"), and then the months are not ours to make. */
async function byMonth(tx: Tx, table: PartitionedTable): Promise<boolean> {
  const found = rows<{ strategy: string }>(
    await tx.execute(sql`select partstrat as strategy from pg_partitioned_table where partrelid = ${table}::regclass`),
  );
  return found[0]?.strategy === 'r';
}

/** The months the DEFAULT partition holds rows of (none, unless a month was missing when they came). */
async function monthsInDefault(tx: Tx, table: PartitionedTable): Promise<Month[]> {
  const found = rows<{ y: number; m: number }>(
    await tx.execute(sql`select distinct extract(year from at at time zone 'UTC')::int as y,
      extract(month from at at time zone 'UTC')::int - 1 as m from ${id(defaultPartition(table))}`),
  );
  return found.map((r) => ({ y: Number(r.y), m: Number(r.m) }));
}

/** Makes the month's partition. Rows of that month in DEFAULT would refuse it, so when there are some
 *  DEFAULT is detached, the month made, its rows moved through the parent, and DEFAULT attached again,
 *  all in the caller's transaction (a detached partition loses the event log's append-only trigger
 *  for the move, and gets it back on attach). */
async function makeMonth(tx: Tx, table: PartitionedTable, month: Month, hasRows: boolean): Promise<number> {
  const from = startOf(month);
  const to = startOf(plus(month, 1));
  const create = sql`create table if not exists ${id(partitionName(table, month))} partition of ${id(table)}
    for values from (${stamp(from)}) to (${stamp(to)})`;
  if (!hasRows) {
    await tx.execute(create);
    return 0;
  }
  const def = id(defaultPartition(table));
  const inMonth = sql`at >= ${stamp(from)} and at < ${stamp(to)}`;
  await tx.execute(sql`alter table ${id(table)} detach partition ${def}`);
  await tx.execute(create);
  const moved = rows<{ n: number }>(
    await tx.execute(sql`with gone as (delete from ${def} where ${inMonth} returning *)
      insert into ${id(table)} select * from gone returning 1 as n`),
  ).length;
  await tx.execute(sql`alter table ${id(table)} attach partition ${def} default`);
  return moved;
}

/** One maintenance run; safe beside others (they wait on the lock and then find the work done). */
export async function maintainPartitions(db: Db, plan: PartitionPlan): Promise<MaintenanceDone> {
  const now = monthOf(plan.now ?? new Date());
  const first = plan.since && before(monthOf(plan.since), now) ? monthOf(plan.since) : now;
  const span = index(now) - index(first) + plan.monthsAhead + 1;
  const done: MaintenanceDone = { created: [], moved: 0, dropped: [] };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MAINTENANCE_LOCK})`);
    // Making, detaching and dropping a partition lock its parent: behind a long report, give up (the
    // next run tries again) rather than hold the verifications queued behind our wait.
    await tx.execute(sql`set local lock_timeout = '5s'`);
    for (const table of PARTITIONED) {
      if (!(await byMonth(tx, table))) continue;
      const have = await partitionsOf(tx, table);
      const stray = await monthsInDefault(tx, table);
      const wanted = [...Array.from({ length: span }, (_, i) => plus(first, i)), ...stray];
      for (const month of wanted) {
        const name = partitionName(table, month);
        if (have.has(name)) continue;
        const hasRows = stray.some((s) => s.y === month.y && s.m === month.m);
        done.moved += await makeMonth(tx, table, month, hasRows);
        have.add(name);
        done.created.push(name);
      }
      if (table === 'verifications' && plan.retentionMonths > 0) {
        const keepFrom = plus(now, -plan.retentionMonths);
        for (const name of [...have].sort()) {
          const month = monthOfName(table, name);
          if (!month || !before(month, keepFrom)) continue;
          await tx.execute(sql`drop table ${id(name)}`);
          done.dropped.push(name);
        }
      }
    }
  });
  return done;
}
