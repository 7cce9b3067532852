// The one way a domain rule says no: a message, and the items at fault with their reasons. Rules
// take a transaction and throw it; the route answers it as '400' and the transaction rolls back, so
// a carton, a dispatch or a batch of outbox entries applies all or nothing.
import { warn, type Envelope } from '../../shared/contracts/envelope.js';
import type { RefusalData, RefusedItem } from '../../shared/contracts/refusal.js';

export class Refusal extends Error {
  /** `data`: the answer's data where the spec fixes its own shape (a sheet's ErrorList) instead of Items. */
  constructor(
    message: string,
    readonly items: readonly RefusedItem[] = [],
    readonly data: unknown = null,
  ) {
    super(message);
  }

  get envelope(): Envelope {
    return warn(this.message, this.items.length ? ({ Items: [...this.items] } satisfies RefusalData) : this.data);
  }
}

/** Throws the refusal; for rules written as `if (bad) refuse(MSG)`. */
export function refuse(message: string, items: readonly RefusedItem[] = []): never {
  throw new Refusal(message, items);
}

/** One item and why: `refuse(MSG.packed, [item(code, MSG.packed)])`; `scan`: the item as sent, where
 *  `code` names it otherwise. */
export const item = (code: string, reason: string, scan?: string): RefusedItem =>
  scan === undefined || scan === code ? { Code: code, Reason: reason } : { Code: code, Reason: reason, Scan: scan };
