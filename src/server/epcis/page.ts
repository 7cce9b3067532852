// One page of events: at most perPage, and fewer when they grow large (the binding lets a server
// send fewer), so a page's memory is bounded whatever perPage asks; with the position of the first
// event left for the next page.
import type { Db } from '../db/connect.js';
import type { EpcisEvent } from './epcis-event.js';
import type { MapperContext } from './mapper-context.js';
import type { Position } from './order.js';
import type { Narrowing } from './source.js';
import { placedEvents, type StreamOptions } from './stream.js';

/** About this many bytes of events per page at most (a chunk of 1,000 packs is some 60 KB). */
const PAGE_BYTES = 8 * 1024 * 1024;

const sizeOf = (e: EpcisEvent) => 600 + 80 * ((e.epcList?.length ?? 0) + (e.childEPCs?.length ?? 0));

export interface Page {
  events: EpcisEvent[];
  /** Where the next page starts; null on the last page. */
  next: Position | null;
}

export async function pageOf(
  db: Db,
  c: MapperContext,
  n: Narrowing,
  from: Position,
  perPage: number,
  o: StreamOptions = {},
): Promise<Page> {
  const events: EpcisEvent[] = [];
  let bytes = 0;
  for await (const p of placedEvents(db, c, n, from, o)) {
    if (events.length >= perPage || bytes >= PAGE_BYTES) return { events, next: p.position };
    events.push(p.event);
    bytes += sizeOf(p.event);
  }
  return { events, next: null };
}

/** The caller's event with this eventID, read through the company's events (no index of hashes). */
export async function findEvent(db: Db, c: MapperContext, n: Narrowing, eventID: string): Promise<EpcisEvent | null> {
  for await (const p of placedEvents(db, c, n, { micros: 0, source: 0, id: 0, skip: 0 }))
    if (p.event.eventID === eventID) return p.event;
  return null;
}
