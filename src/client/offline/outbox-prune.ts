// Sent work leaves the device once the floor cache holds it. A done entry keeps its packs and cartons
// known to this device's checks (local-work.ts) until a cache refresh brings them from the server, and
// Pending work lists the latest sent entries; kept for ever, a busy line's outbox grows by thousands of
// entries a month and every rebuild of the local work reads them all. Pending and refused entries are
// never touched here: only the user's discard removes a refusal.
import type { FieldtraceDb } from './db.js';

const HOUR = 60 * 60_000;
/** Sent entries stay at least this long, for Pending work's sent list and a person's questions. */
export const KEEP_SENT_MS = 7 * 24 * HOUR;
/** The device's clock against the server's: an entry settled this close to the cache's start stays. */
export const CLOCK_MARGIN_MS = HOUR;

export interface PruneOptions {
  /** Whose entries: the cache's owner (a cache is one user's; another user's work waits for theirs). */
  owner: number;
  /** The device's time when the oldest part of the cache now in use began to be read from the server:
   *  an entry settled before it is in that cache. */
  cacheFrom: number;
  now: number;
}

/** Removes the owner's done entries settled before the cache began and more than a week ago; gives how
 *  many. A done entry from before entries were stamped gets its stamp now and stays another week. */
export function pruneSent(db: FieldtraceDb, o: PruneOptions): Promise<number> {
  const before = Math.min(o.cacheFrom - CLOCK_MARGIN_MS, o.now - KEEP_SENT_MS);
  return db.transaction('rw', db.outbox, db.workDigests, async () => {
    const sent = await db.outbox
      .where('status')
      .equals('done')
      .filter((e) => e.userId === o.owner)
      .toArray();
    const unstamped = sent.filter((e) => e.settledAt === undefined);
    if (unstamped.length > 0) await db.outbox.bulkPut(unstamped.map((e) => ({ ...e, settledAt: o.now })));
    const old = sent.filter((e) => e.settledAt !== undefined && e.settledAt < before).map((e) => e.seq!);
    await db.outbox.bulkDelete(old);
    await db.workDigests.bulkDelete(old);
    return old.length;
  });
}
