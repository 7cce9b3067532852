// The dispatch legs of cartons and the events about them, as a journey reads them: every leg of the
// cartons (dispatch_cartons by carton) with its dispatch and the names of where it went, and the events
// whose ref is one of the cartons or dispatches (events_ref_idx). A return of cartons from several
// dispatches carries no ref: it is found by its time, which is the time its legs ended (one transaction).
import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { EVENT_DETAILS, type EventAction, type EventDetail } from '../../shared/events.js';
import { dispatchCartons, dispatches, events, sites, users } from '../db/schema.js';
import { legsDispatch } from './carton-legs.js';
import { dealerName } from './dispatch-invoice.js';
import type { Tx } from './ranges.js';

const fromSite = alias(sites, 'from_site');
const toSite = alias(sites, 'to_site');

export interface LegRow {
  leg: typeof dispatchCartons.$inferSelect;
  d: typeof dispatches.$inferSelect;
  fromName: string;
  /** The target site's name, or the dealer's. */
  toName: string;
}

/** Every leg of the company's cartons, oldest dispatch first. */
export async function legsOf(tx: Tx, companyId: number, cartonIds: readonly string[]): Promise<LegRow[]> {
  if (cartonIds.length === 0) return [];
  const rows = await tx
    .select({
      leg: dispatchCartons,
      d: dispatches,
      fromName: fromSite.name,
      toSite: toSite.name,
      dealer: sql<string | null>`${dealerName}`,
    })
    .from(dispatchCartons)
    .innerJoin(dispatches, legsDispatch)
    .innerJoin(fromSite, eq(fromSite.id, dispatches.fromSiteId))
    .leftJoin(toSite, eq(toSite.id, dispatches.toSiteId))
    .leftJoin(users, eq(users.id, dispatches.toUserId))
    .where(and(inArray(dispatchCartons.cartonId, [...cartonIds]), eq(dispatchCartons.companyId, companyId)))
    .orderBy(dispatches.createdAt, dispatches.did);
  return rows.map((r) => ({ leg: r.leg, d: r.d, fromName: r.fromName, toName: r.toSite ?? r.dealer ?? '' }));
}

export interface LoggedEvent<A extends EventAction = EventAction> {
  action: A;
  at: Date;
  userId: number | null;
  siteId: number | null;
  ref: string | null;
  detail: EventDetail<A>;
}

type Row = typeof events.$inferSelect;

/** The row with its detail read by the catalogue; null for a detail that does not fit (never written so). */
function typed(row: Row): LoggedEvent | null {
  const shape = EVENT_DETAILS[row.action as EventAction];
  const parsed = shape?.safeParse(row.detail);
  if (!parsed?.success) return null;
  return {
    action: row.action as EventAction,
    at: row.at,
    userId: row.userId,
    siteId: row.siteId,
    ref: row.ref,
    detail: parsed.data,
  };
}

const WANTED: EventAction[] = ['damage-carton', 'replace', 'return', 'receive'];

/** The damage, replace, return and receive events about these cartons and dispatches of the company. */
export async function eventsAbout(tx: Tx, companyId: number, refs: readonly string[]): Promise<LoggedEvent[]> {
  if (refs.length === 0) return [];
  const rows = await tx
    .select()
    .from(events)
    .where(
      and(eq(events.companyId, companyId), inArray(events.ref, [...new Set(refs)]), inArray(events.action, WANTED)),
    )
    .orderBy(events.at, events.id);
  return rows.map(typed).filter((e): e is LoggedEvent => e !== null);
}

/** The company's return events that ended these legs, looked up by their time (events_action_at_idx). */
export async function returnsAt(tx: Tx, companyId: number, times: readonly Date[]): Promise<LoggedEvent<'return'>[]> {
  if (times.length === 0) return [];
  // A Date holds milliseconds and the column microseconds: each time is the millisecond it falls in.
  const ms = [...new Set(times.map((t) => t.getTime()))];
  const rows = await tx
    .select()
    .from(events)
    .where(
      and(
        eq(events.companyId, companyId),
        eq(events.action, 'return'),
        or(...ms.map((t) => and(gte(events.at, new Date(t)), lt(events.at, new Date(t + 1))))),
      ),
    );
  return rows.map(typed).filter((e): e is LoggedEvent<'return'> => e !== null && e.action === 'return');
}

export const isAction = <A extends EventAction>(e: LoggedEvent, action: A): e is LoggedEvent<A> => e.action === action;

/** The return event that ended a carton's leg. */
export const returnOf = (
  all: readonly LoggedEvent[],
  cartonId: string,
  did: string,
): LoggedEvent<'return'> | undefined =>
  all
    .filter((e): e is LoggedEvent<'return'> => isAction(e, 'return'))
    .find((e) => e.detail.cartons.includes(cartonId) && e.detail.dids.includes(did));
