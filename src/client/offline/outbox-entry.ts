// One finished unit of floor work waiting for, or answered by, the server (DESIGN section 5).
import type { BodyIn, Endpoint } from '@shared/endpoint.js';

export type OutboxStatus = 'pending' | 'sending' | 'done' | 'rejected';

export interface OutboxAnswer {
  /** The envelope's ResponseCode, or the HTTP status when there was no envelope ('0': no network). */
  code: string;
  message: string;
  data: unknown;
}

export interface OutboxEntry {
  /** Order of the work on this device; the queue is sent in this order. */
  seq?: number;
  /** Made on the device; sent as the Idempotency-Key, so a resend is answered, never applied twice. */
  id: string;
  /** The Idempotency-Key when it is not `id`: a refused entry the user resends goes with a new key, as
   *  the server answers its first key with the same refusal for ever (and nothing of it was applied). */
  key?: string;
  /** The call, as its path under /API/api/ (e.g. 'SecondaryPacking/save'). */
  endpoint: string;
  payload: unknown;
  /** What the screen shows for it in Pending work ('Secondary carton SID26KA00042, 20 items'). */
  label: string;
  /** The device's clock when the work was done (the server keeps its own time beside it). */
  deviceTime: number;
  userId: number;
  status: OutboxStatus;
  attempts: number;
  /** Not sent again before this time (backoff, Retry-After). */
  notBefore: number;
  /** The server's answer once final; the last failure while it is being retried. */
  answer?: OutboxAnswer;
  /** The device's clock when the answer became final (done or refused): when a sent entry may go
   *  (outbox-prune.ts). */
  settledAt?: number;
}

/** A new pending entry, to be added in the same Dexie transaction as the work's local effect. */
export function newEntry(
  work: Pick<OutboxEntry, 'endpoint' | 'payload' | 'label' | 'userId'>,
  now = Date.now(),
  id: string = crypto.randomUUID(),
): OutboxEntry {
  return { ...work, id, deviceTime: now, status: 'pending', attempts: 0, notBefore: 0 };
}

/** Narrows an entry to the save it was queued for: its payload is that endpoint's request body (as
 *  queued, BodyIn), so a reader of the outbox needs no cast. */
export function isEntryOf<T extends Pick<OutboxEntry, 'endpoint' | 'payload'>, E extends Endpoint>(
  entry: T,
  endpoint: E,
): entry is T & { payload: BodyIn<E> } {
  return entry.endpoint === endpoint.path;
}
