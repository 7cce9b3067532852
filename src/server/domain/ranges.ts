// Range storage: the few queries every number rule is made of. Ranges of one table never overlap,
// so the range that may hold a number is the one with the greatest from_no not above it: one probe
// of the (kind, prefix, from_no) index, whatever the number of ranges.
import { and, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Series } from '../../shared/codes.js';
import type { Db } from '../db/connect.js';
import { damages, items, mappings, numberIssues, replacements } from '../db/schema.js';
import { rowsOf } from './sql-rows.js';

/** A database handle or an open transaction: every rule runs inside one. */
export type Tx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
type RangeTable = typeof mappings | typeof damages;

/** '41–60' or '41' for a single number. */
export const rangeText = (from: number, to: number) => (from === to ? `${from}` : `${from}–${to}`);

/**
 * Serialises writers of one series until the transaction ends, so two saves cannot both pass the
 * overlap check. (PGlite has one connection; on PostgreSQL this is what keeps ranges apart.)
 */
export async function lockSeries(tx: Tx, { kind, prefix }: Series): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`series:${kind}:${prefix.toUpperCase()}`}))`);
}

const inSeries = (t: RangeTable, { kind, prefix }: Series) =>
  and(eq(t.kind, kind), eq(t.prefix, kind === 'S' ? prefix.toUpperCase() : ''));

/** The range of `table` holding `n`, if any; with `companyId`, only that company's (another company's
 *  range holding `n` is then none: ranges never overlap, so the company's range below ends before it). */
export async function rangeAt<T extends RangeTable>(
  tx: Pick<Db, 'select'>,
  table: T,
  series: Series,
  n: number,
  companyId?: number,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await tx
    .select()
    .from(table as RangeTable)
    .where(
      and(
        companyId === undefined ? undefined : eq(table.companyId, companyId),
        inSeries(table, series),
        lte(table.fromNo, n),
      ),
    )
    .orderBy(desc(table.fromNo))
    .limit(1);
  return row && row.toNo >= n ? (row as T['$inferSelect']) : undefined;
}

/** A range of `table` overlapping from..to, if any (the one starting last). */
export async function clash<T extends RangeTable>(
  tx: Tx,
  table: T,
  series: Series,
  from: number,
  to: number,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await tx
    .select()
    .from(table as RangeTable)
    .where(and(inSeries(table, series), lte(table.fromNo, to)))
    .orderBy(desc(table.fromNo))
    .limit(1);
  return row && row.toNo >= from ? (row as T['$inferSelect']) : undefined;
}

/** The damaged parts of from..to, clipped to it, in order (damages never overlap). */
export async function damagedRanges(tx: Tx, series: Series, from: number, to: number): Promise<[number, number][]> {
  const rows = await tx
    .select({ f: damages.fromNo, t: damages.toNo })
    .from(damages)
    .where(and(inSeries(damages, series), lte(damages.fromNo, to), gte(damages.toNo, from)))
    .orderBy(damages.fromNo);
  return rows.map((r) => [Math.max(r.f, from), Math.min(r.t, to)]);
}

/** How many of from..to lie in the company's accepted preprinted stock (issues never overlap). */
export async function acceptedCount(tx: Tx, companyId: number, from: number, to: number): Promise<number> {
  const [row] = await tx
    .select({
      n: sql<number>`coalesce(sum(least(${numberIssues.toNo}, ${to}) - greatest(${numberIssues.fromNo}, ${from}) + 1), 0)`.mapWith(
        Number,
      ),
    })
    .from(numberIssues)
    .where(
      and(
        eq(numberIssues.companyId, companyId),
        isNotNull(numberIssues.acceptedAt),
        lte(numberIssues.fromNo, to),
        gte(numberIssues.toNo, from),
      ),
    );
  return row?.n ?? 0;
}

/** The first number in from..to of the company's mapping that is no longer a free mapped number
 *  (packed, or retired by Replace), with the lifecycle's state for it; null when every number is free
 *  to de-map or damage. */
export async function firstTaken(
  tx: Tx,
  companyId: number,
  { kind, prefix }: Series,
  from: number,
  to: number,
): Promise<{ n: number; state: 'in-sid' | 'replaced' } | null> {
  const p = kind === 'S' ? prefix.toUpperCase() : '';
  const rows = rowsOf<{ n: string | number; retired: boolean | string }>(
    await tx.execute(sql`
    select n, retired from (
      (select ${replacements.oldSerial} as n, true as retired from ${replacements}
        where ${replacements.companyId} = ${companyId} and ${replacements.oldKind} = ${kind} and ${replacements.oldPrefix} = ${p}
          and ${replacements.oldSerial} between ${from} and ${to} order by ${replacements.oldSerial} limit 1)
      union all
      (select ${items.serialNo}, false from ${items}
        where ${items.companyId} = ${companyId} and ${items.kind} = ${kind} and ${items.prefix} = ${p} and ${items.serialNo} between ${from} and ${to}
          and ${items.secondaryId} is not null order by ${items.serialNo} limit 1)
    ) t order by n, retired desc limit 1`),
  );
  const r = rows[0];
  if (!r) return null;
  return { n: Number(r.n), state: r.retired === true || r.retired === 't' ? 'replaced' : 'in-sid' };
}

// The event log's writer moved to event-log.ts (one module writes and reads events); older imports
// of it from here keep working.
export { eventInsert, logEvent, type DeviceWork, type EventInput } from './event-log.js';
