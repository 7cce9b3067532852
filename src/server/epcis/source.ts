// The rows the export reads, in the export's order (order.ts), by keyset in batches so any range
// goes out in flat memory: the event log's rows and the recalls, merged. Callers narrow each side
// with SQL conditions (company, time, actions, a dispatch); a side given `false` is not read.
import { and, asc, sql, type SQL } from 'drizzle-orm';
import type { Series } from '../../shared/codes.js';
import type { Db } from '../db/connect.js';
import { events, recalls } from '../db/schema.js';
import { readEvent, type LoggedEvent } from '../domain/event-log.js';
import { microsText, SOURCE, type Position } from './order.js';

const BATCH = 500;

export interface LogRow {
  source: typeof SOURCE.log;
  micros: number;
  id: number;
  event: LoggedEvent;
  deviceAt: Date | null;
  /** The numbers' series of a range row (map, de-map, damage, a replaced pack). */
  series: Series | null;
}

export interface RecallRow {
  source: typeof SOURCE.recall;
  micros: number;
  id: number;
  companyId: number;
  productId: number;
  batchNo: string;
  at: Date;
}

export type SourceRow = LogRow | RecallRow;

export interface Narrowing {
  log: SQL | undefined | false;
  recall: SQL | undefined | false;
}

type TimeColumn = typeof events.at | typeof recalls.createdAt;

const microsOf = (column: TimeColumn) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint`;

/** Rows of `source` at or after the position, in the keyset's terms. */
function after(source: number, p: Position, atCol: TimeColumn, idCol: SQL) {
  const t = sql`${microsText(p.micros)}::timestamptz`;
  if (source < p.source) return sql`${atCol} > ${t}`;
  if (source > p.source) return sql`${atCol} >= ${t}`;
  return sql`(${atCol} > ${t} or (${atCol} = ${t} and ${idCol} >= ${p.id}))`;
}

async function* logRows(db: Db, where: SQL | undefined, from: Position): AsyncGenerator<LogRow> {
  let p = from;
  for (;;) {
    const rows = await db
      .select({ row: events, micros: microsOf(events.at) })
      .from(events)
      .where(and(where, after(SOURCE.log, p, events.at, sql`${events.id}`)))
      .orderBy(asc(events.at), asc(events.id))
      .limit(BATCH);
    for (const r of rows) {
      const event = readEvent(r.row);
      if (!event) continue;
      const { kind, prefix } = r.row;
      const series: Series | null = kind === 'P' || kind === 'S' ? { kind, prefix: prefix ?? '' } : null;
      yield { source: SOURCE.log, micros: Number(r.micros), id: r.row.id, event, deviceAt: r.row.deviceAt, series };
    }
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    p = { micros: Number(last.micros), source: SOURCE.log, id: last.row.id + 1, skip: 0 };
  }
}

async function* recallRows(db: Db, where: SQL | undefined, from: Position): AsyncGenerator<RecallRow> {
  let p = from;
  for (;;) {
    const rows = await db
      .select({ row: recalls, micros: microsOf(recalls.createdAt) })
      .from(recalls)
      .where(and(where, after(SOURCE.recall, p, recalls.createdAt, sql`${recalls.id}`)))
      .orderBy(asc(recalls.createdAt), asc(recalls.id))
      .limit(BATCH);
    for (const { row, micros } of rows)
      yield {
        source: SOURCE.recall,
        micros: Number(micros),
        id: row.id,
        companyId: row.companyId,
        productId: row.productId,
        batchNo: row.batchNo,
        at: row.createdAt,
      };
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1]!;
    p = { micros: Number(last.micros), source: SOURCE.recall, id: last.row.id + 1, skip: 0 };
  }
}

const before = (a: SourceRow, b: SourceRow) =>
  a.micros !== b.micros ? a.micros < b.micros : a.source !== b.source ? a.source < b.source : a.id < b.id;

/** Both sides merged in the export's order, from the position (its row included). */
export async function* sourceRows(db: Db, n: Narrowing, from: Position): AsyncGenerator<SourceRow> {
  const sides = [
    n.log === false ? null : logRows(db, n.log, from),
    n.recall === false ? null : recallRows(db, n.recall, from),
  ].filter((g) => g !== null) as AsyncGenerator<SourceRow>[];
  const heads = await Promise.all(sides.map(async (g) => (await g.next()).value as SourceRow | undefined));
  for (;;) {
    let pick = -1;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i];
      if (h && (pick < 0 || before(h, heads[pick]!))) pick = i;
    }
    if (pick < 0) return;
    yield heads[pick]!;
    heads[pick] = (await sides[pick]!.next()).value as SourceRow | undefined;
  }
}
