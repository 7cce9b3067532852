// Outbox replay on Background Sync (DESIGN section 5): the page registers the tag when entries wait
// for a network; the browser wakes this worker once it has one, and the worker drains the same outbox
// with the same code and transport as the page (offline/drain-run.ts), under the same Web Lock, so the
// page and the worker never send at once. Browsers without Background Sync rely on the page's own
// triggers (offline/drain-triggers.ts), which run everywhere.
import { localDb } from '../src/client/offline/db.js';
import { drainForSignedIn, OUTBOX_SYNC_TAG } from '../src/client/offline/drain-run.js';

/** Not in TypeScript's DOM types: the event Background Sync fires. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}

async function replay(lastChance: boolean): Promise<void> {
  // The browser fires sync when the network is back: entries that only lacked one go at once.
  const report = await drainForSignedIn({ db: localDb, wake: 'network' });
  // Entries left for a retry: a failed sync is fired again later by the browser (its own backoff);
  // the page's timer and `online` keep draining meanwhile, and on the last chance nothing is lost.
  if (!lastChance && (report?.stopped === 'retry' || report?.stopped === 'backoff')) {
    throw new Error('Outbox entries wait for a retry.');
  }
}

export function registerOutboxReplay(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(replay(sync.lastChance));
  });
}
