// The event log, written and read in one place. Writing: the action and its detail as the catalogue
// types them (shared/events.ts), checked where they are made, in the caller's transaction. Reading:
// a row's detail parsed by its action into the same typed union, so no reader picks keys out of raw
// JSON; reports that filter or sort in SQL name a detail's key through detailText/detailJson, whose
// key is checked against the action's detail type.
import { sql, type SQL } from 'drizzle-orm';
import type { Series } from '../../shared/codes.js';
import {
  checkedDetail,
  EVENT_DETAILS,
  type EventAction,
  type EventDetail,
  type TypedEvent,
} from '../../shared/events.js';
import { events, NO_COMPANY } from '../db/schema.js';
import type { Tx } from './ranges.js';

/** Where an event's work was done, when it came from a device's outbox (DESIGN section 5). */
export interface DeviceWork {
  /** The outbox entry's id (its Idempotency-Key). */
  entryId: string;
  /** The device's clock when the work was done; the event's `at` is the server's. */
  at: Date;
}

export type EventInput = TypedEvent & {
  userId: number | null;
  companyId?: number | null;
  siteId?: number | null;
  series?: Series;
  fromNo?: number;
  toNo?: number;
  ref?: string;
  device?: DeviceWork;
};

/** Appends to the event log, in the caller's transaction so the log and the change agree. */
export async function logEvent(tx: Tx, e: EventInput): Promise<void> {
  await eventInsert(tx, e);
}

/** The event's insert, not yet run: a save may run it inside its own statement (one round trip). */
export function eventInsert(tx: Tx, e: EventInput) {
  return tx.insert(events).values({
    action: e.action,
    userId: e.userId,
    companyId: e.companyId ?? NO_COMPANY,
    siteId: e.siteId ?? null,
    kind: e.series?.kind ?? null,
    prefix: e.series ? (e.series.kind === 'S' ? e.series.prefix.toUpperCase() : '') : null,
    fromNo: e.fromNo ?? null,
    toNo: e.toNo ?? null,
    ref: e.ref ?? null,
    detail: checkedDetail(e),
    deviceBatch: e.device?.entryId ?? null,
    deviceAt: e.device?.at ?? null,
  });
}

/** One logged event as a reader sees it: the row's facts and its detail typed by its action; an event
 *  of no company (stored as tenant 0) reads as companyId null. */
export interface LoggedEvent<A extends EventAction = EventAction> {
  id: number;
  action: A;
  at: Date;
  userId: number | null;
  companyId: number | null;
  siteId: number | null;
  ref: string | null;
  fromNo: number | null;
  toNo: number | null;
  detail: EventDetail<A>;
}

type EventRow = typeof events.$inferSelect;

const isEventAction = (action: string): action is EventAction => Object.hasOwn(EVENT_DETAILS, action);

/** The row with its detail read by the catalogue; null for an action or a detail the catalogue does
 *  not know (never written so: logEvent checks every detail). */
export function readEvent(row: EventRow): LoggedEvent | null {
  if (!isEventAction(row.action)) return null;
  const parsed = EVENT_DETAILS[row.action].safeParse(row.detail);
  if (!parsed.success) return null;
  return {
    id: row.id,
    action: row.action,
    at: row.at,
    userId: row.userId,
    companyId: row.companyId === NO_COMPANY ? null : row.companyId,
    siteId: row.siteId,
    ref: row.ref,
    fromNo: row.fromNo,
    toNo: row.toNo,
    detail: parsed.data as EventDetail<EventAction>,
  };
}

/** The rows read, those the catalogue cannot read left out. */
export const readEvents = (rows: readonly EventRow[]): LoggedEvent[] =>
  rows.map(readEvent).filter((e): e is LoggedEvent => e !== null);

export const isAction = <A extends EventAction>(e: LoggedEvent, action: A): e is LoggedEvent<A> => e.action === action;

/** Keys of an action's detail (for a union of shapes, the keys every shape has). */
type DetailKey<A extends EventAction> = Extract<keyof EventDetail<A>, string>;

const keyLiteral = (key: string) => {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(key)) throw new Error(`not a detail key: ${key}`);
  return sql.raw(`'${key}'`);
};

/** `detail->>'key'` of an action's events: the key's text, the key checked against the detail's type. */
export function detailText<A extends EventAction>(_action: A, key: DetailKey<A>): SQL<string | null> {
  return sql<string | null>`(${events.detail}->>${keyLiteral(key)})`;
}

/** `detail->'key'` of an action's events, as jsonb (an array to unnest, a flag to cast). */
export function detailJson<A extends EventAction>(_action: A, key: DetailKey<A>): SQL<unknown> {
  return sql`(${events.detail}->${keyLiteral(key)})`;
}
