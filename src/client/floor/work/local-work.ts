// What this device has done that the server may not have answered yet, read from the outbox: packs
// packed, slips used, secondary cartons packed here (loose, or since packed into a tertiary carton
// here), cartons damaged, dispatched, received, returned and codes replaced here. Together with the
// cache (the server's state at the last refresh) it is what every floor scan is checked against,
// offline or not. Each save's effect on it lives with its screen (packing/, dispatch/, ...) and is
// registered in registry.ts; a rejected entry holds nothing.
import { parseSlipId } from '@shared/codes.js';
import type { SentCarton } from '@shared/contracts/floor/dispatch-cache.js';
import type { BodyIn, Endpoint } from '@shared/endpoint.js';
import { isEntryOf, type OutboxEntry } from '../../offline/outbox-entry.js';
import type { FloorCache, OpenSecondary, OpenTertiary } from '../cache/index.js';

/** One pack as the server knows it: a paired preprinted code is its static twin. */
export const packKey = (f: { series: { kind: string; prefix: string }; serial: number }) =>
  `${f.series.kind}${f.series.prefix}:${f.serial}`;

export interface LocalWork {
  /** Pack key -> the SID it was packed into here. */
  packed: Map<string, string>;
  /** Pack key -> the code (uid) packed under that number here: another code of it is a suspected copy. */
  packedUid: Map<string, string>;
  /** Slip ids used by a carton made here. */
  slips: Set<string>;
  /** Secondary cartons packed here, as the cache lists loose ones. */
  secondaries: Map<string, OpenSecondary>;
  /** SID -> the TID it was packed into here. */
  inTertiary: Map<string, string>;
  /** Tertiary cartons packed here, as the cache lists those at my site. */
  tertiaries: Map<string, OpenTertiary>;
  /** Cartons damaged here (SIDs and TIDs). */
  damaged: Set<string>;
  /** Carton (TID or SID) -> the DID it was dispatched on here; and the DIDs used here. */
  dispatched: Map<string, string>;
  dids: Set<string>;
  /** The cartons dispatched here, as the cache's Sent lists them (on the way: a return from transit). */
  sentHere: Map<string, SentCarton>;
  /** DIDs received here, and the ids (cartons, or a DID for all of it) taken back here. */
  received: Set<string>;
  returned: Set<string>;
  /** Codes replaced here (uids and SIDs), and the new codes that took their place. */
  replaced: Set<string>;
  replacements: Set<string>;
  /** A SID replaced here -> the SID that took its place. */
  replacedBy: Map<string, string>;
}

export const emptyLocalWork = (): LocalWork => ({
  packed: new Map(),
  packedUid: new Map(),
  slips: new Set(),
  secondaries: new Map(),
  inTertiary: new Map(),
  tertiaries: new Map(),
  damaged: new Set(),
  dispatched: new Map(),
  dids: new Set(),
  sentHere: new Map(),
  received: new Set(),
  returned: new Set(),
  replaced: new Set(),
  replacements: new Set(),
  replacedBy: new Map(),
});

/** A slip id (SID, TID, DID) as the work keys it. */
export const slipText = (s: string) => parseSlipId(s)?.text ?? s.trim().toUpperCase();

/** One save's local effect: what its queued entry, in queue order, adds to the device's work. */
export interface WorkEffect<E extends Endpoint> {
  endpoint: E;
  add: (work: LocalWork, payload: BodyIn<E>, cache: FloorCache) => void;
  /** `add` for an entry of this save (the guard types its payload by the endpoint); other entries pass. */
  apply: (work: LocalWork, entry: Pick<OutboxEntry, 'endpoint' | 'payload'>, cache: FloorCache) => void;
}

/** A save's effect, declared by its screen's module beside its device rules. */
export const workEffect = <E extends Endpoint>(endpoint: E, add: WorkEffect<E>['add']): WorkEffect<E> => ({
  endpoint,
  add,
  apply: (work, entry, cache) => {
    if (isEntryOf(entry, endpoint)) add(work, entry.payload, cache);
  },
});
