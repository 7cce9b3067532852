// A carton the server refused for some of what it holds, sent again without them (issue 27 item 3):
// under the same slip, with no carton scanned again. Each save that lists items declares how its
// payload loses the refused ones (packing-work.ts); Pending work offers it where it leaves something.
import type { RefusedItem } from '@shared/contracts/refusal.js';
import type { BodyIn, Endpoint } from '@shared/endpoint.js';
import { isEntryOf, type OutboxEntry } from '../../offline/outbox-entry.js';

export interface Trimmed {
  payload: unknown;
  label: string;
  /** The refused items taken out, as the operator reads them. */
  removed: string[];
}

export interface RefusedTrim<E extends Endpoint> {
  endpoint: E;
  trim: (entry: Pick<OutboxEntry, 'endpoint' | 'payload'>, refused: readonly RefusedItem[]) => Trimmed | null;
}

/** `without(payload, refused)`: the payload less the refused items, its new label and what went; null
 *  when nothing would go, or nothing would be left to send. */
export function refusedTrim<E extends Endpoint>(
  endpoint: E,
  without: (payload: BodyIn<E>, refused: readonly RefusedItem[]) => Trimmed | null,
): RefusedTrim<E> {
  return {
    endpoint,
    trim: (entry, refused) =>
      isEntryOf(entry, endpoint) && refused.length > 0 ? without(entry.payload, refused) : null,
  };
}

/** Whether a sent item is the refused one: by the code as sent where the server names it, else by name. */
export const isRefused = (refused: readonly RefusedItem[], sent: string, shown: string) =>
  refused.some((r) => (r.Scan !== undefined ? r.Scan === sent : r.Code === shown));
