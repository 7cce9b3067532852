// Range storage: the few queries every number rule is made of. Ranges of one table never overlap,
// so the range that may hold a number is the one with the greatest from_no not above it: one probe
// of the (kind, prefix, from_no) index, whatever the number of ranges.
import { and, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Series } from '../../shared/codes.js';
import type { Db } from '../db/connect.js';
import { damages, items, mappings, numberIssues } from '../db/schema.js';

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

const inSeries = (t: RangeTable, { kind, prefix }: Series) => and(eq(t.kind, kind), eq(t.prefix, kind === 'S' ? prefix.toUpperCase() : ''));

/** The range of `table` holding `n`, if any. */
export async function rangeAt<T extends RangeTable>(tx: Tx, table: T, series: Series, n: number): Promise<T['$inferSelect'] | undefined> {
  const [row] = await tx.select().from(table as RangeTable).where(and(inSeries(table, series), lte(table.fromNo, n)))
    .orderBy(desc(table.fromNo)).limit(1);
  return row && row.toNo >= n ? (row as T['$inferSelect']) : undefined;
}

/** A range of `table` overlapping from..to, if any (the one starting last). */
export async function clash<T extends RangeTable>(tx: Tx, table: T, series: Series, from: number, to: number): Promise<T['$inferSelect'] | undefined> {
  const [row] = await tx.select().from(table as RangeTable).where(and(inSeries(table, series), lte(table.fromNo, to)))
    .orderBy(desc(table.fromNo)).limit(1);
  return row && row.toNo >= from ? (row as T['$inferSelect']) : undefined;
}

/** The damaged parts of from..to, clipped to it, in order (damages never overlap). */
export async function damagedRanges(tx: Tx, series: Series, from: number, to: number): Promise<[number, number][]> {
  const rows = await tx.select({ f: damages.fromNo, t: damages.toNo }).from(damages)
    .where(and(inSeries(damages, series), lte(damages.fromNo, to), gte(damages.toNo, from))).orderBy(damages.fromNo);
  return rows.map((r) => [Math.max(r.f, from), Math.min(r.t, to)]);
}

/** How many of from..to lie in the company's accepted preprinted stock (issues never overlap). */
export async function acceptedCount(tx: Tx, companyId: number, from: number, to: number): Promise<number> {
  const [row] = await tx.select({
    n: sql<number>`coalesce(sum(least(${numberIssues.toNo}, ${to}) - greatest(${numberIssues.fromNo}, ${from}) + 1), 0)`.mapWith(Number),
  }).from(numberIssues).where(and(
    eq(numberIssues.companyId, companyId), isNotNull(numberIssues.acceptedAt),
    lte(numberIssues.fromNo, to), gte(numberIssues.toNo, from),
  ));
  return row?.n ?? 0;
}

/** The first packed number in from..to, or null: packed numbers cannot be de-mapped or damaged. */
export async function firstPacked(tx: Tx, { kind, prefix }: Series, from: number, to: number): Promise<number | null> {
  const [row] = await tx.select({ n: items.serialNo }).from(items).where(and(
    eq(items.kind, kind), eq(items.prefix, kind === 'S' ? prefix.toUpperCase() : ''),
    gte(items.serialNo, from), lte(items.serialNo, to), isNotNull(items.secondaryId),
  )).orderBy(items.serialNo).limit(1);
  return row?.n ?? null;
}

// The event log's writer moved to event-log.ts (one module writes and reads events); older imports
// of it from here keep working.
export { eventInsert, logEvent, type DeviceWork, type EventInput } from './event-log.js';
