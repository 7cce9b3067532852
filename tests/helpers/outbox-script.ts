// A scripted server for the outbox's drainer: answers a push entry by entry with a per-entry answer,
// and stops the push at the first answer that is not final, as the real push does at a key in flight.
import type { OutboxEntry } from '../../src/client/offline/outbox-entry.js';
import type { Outcome } from '../../src/client/offline/outbox-rules.js';
import type { Send } from '../../src/client/offline/outbox.js';

export function oneByOne(answer: (e: OutboxEntry) => Promise<Outcome>): Send {
  return async (batch) => {
    const out: Outcome[] = [];
    for (const e of batch) {
      const o = await answer(e);
      out.push(o);
      if (o.kind !== 'answered') break;
    }
    return out;
  };
}
