// Every floor save and its local effect, one line per save; each effect lives with its screen's
// module. An entry's effect is found by its endpoint, its payload typed by it (isEntryOf): a screen
// queues only a save registered here (work-store.ts takes a FloorSave), and
// tests/unit/client/floor/work-registry.test.ts fails for an idempotent save that is in neither list.
import { RECEIVE_API } from '@shared/contracts/floor/dispatch-receive.js';
import type { Endpoint } from '@shared/endpoint.js';
import type { OutboxEntry } from '../../offline/outbox-entry.js';
import type { FloorCache } from '../cache/index.js';
import { damageWork } from '../damage/damage-work.js';
import { dispatchWork } from '../dispatch/dispatch-work.js';
import { secondaryTrim, secondaryWork, tertiaryTrim, tertiaryWork } from '../packing/packing-work.js';
import { receiveWork } from '../receive/receive-work.js';
import { replaceWork } from '../replace/replace-work.js';
import { returnWork } from '../return/return-work.js';
import { emptyLocalWork, type LocalWork, type WorkEffect } from './local-work.js';
import type { Trimmed } from './without-refused.js';
import type { RefusedItem } from '@shared/contracts/refusal.js';

export const FLOOR_WORK = [
  secondaryWork,
  tertiaryWork,
  damageWork,
  dispatchWork,
  receiveWork,
  returnWork,
  replaceWork,
] as const;

/** The saves a floor screen may queue in the outbox. */
export type FloorSave = (typeof FLOOR_WORK)[number]['endpoint'];

/** Idempotent saves no device of ours queues: the spec's bare-list receipt (Dispatch Receive sends
 *  SaveDispatchReceive). To queue one, give it an effect above instead. */
export const NOT_QUEUED: readonly Endpoint[] = [RECEIVE_API.cartonReceive];

type Entry = Pick<OutboxEntry, 'endpoint' | 'payload' | 'status'>;

const byPath = new Map<string, WorkEffect<FloorSave>['apply']>(FLOOR_WORK.map((e) => [e.endpoint.path, e.apply]));

/** The endpoint paths whose entries hold local work. */
export const FLOOR_WORK_PATHS: ReadonlySet<string> = new Set(byPath.keys());

/** Adds one entry's effect (in queue order: a tertiary entry after the secondaries it holds). */
export function addEntry(work: LocalWork, entry: Entry, cache: FloorCache): void {
  if (entry.status !== 'rejected') byPath.get(entry.endpoint)?.(work, entry, cache);
}

export function localWorkOf(entries: ReadonlyArray<Entry>, cache: FloorCache): LocalWork {
  const work = emptyLocalWork();
  for (const e of entries) addEntry(work, e, cache);
  return work;
}

/** The saves whose refusal names items that can be taken out, the rest sent under the same slip. */
const TRIMS = [secondaryTrim, tertiaryTrim] as const;

/** The entry without the items the server refused, or null where that leaves nothing or is not a thing
 *  its save can do (Pending work then offers only Discard, or Resend where it can succeed). */
export function withoutRefused(
  entry: Pick<OutboxEntry, 'endpoint' | 'payload'>,
  refused: readonly RefusedItem[],
): Trimmed | null {
  return TRIMS.find((t) => t.endpoint.path === entry.endpoint)?.trim(entry, refused) ?? null;
}
