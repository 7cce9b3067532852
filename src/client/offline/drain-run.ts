// One drain of the device's outbox for the user signed in on it, the same for the page and the service
// worker (no window, no page state): the stored session says whose entries go, the shared transport
// sends them, drainOutbox's Web Lock keeps the page and the worker from draining at once.
import Dexie from 'dexie';
import type { FieldtraceDb } from './db.js';
import { readKv } from './kv-direct.js';
import type { OutboxEntry } from './outbox-entry.js';
import { drainOutbox, type DrainReport, type Send } from './outbox.js';
import { outboxTransport } from './outbox-transport.js';

/** The Background Sync tag the page registers and the worker answers. */
export const OUTBOX_SYNC_TAG = 'fieldtrace-outbox';

/** Which waiting entries to send at once, their backoff forgiven: those that only lacked a network
 *  (the network is back), or all but those the server itself asked to wait (Retry-After on 429, 503). */
export type Wake = 'network' | 'all';

/** The user of the stored session, or null when nobody is signed in on this device. */
export async function signedInUser(): Promise<number | null> {
  const s = (await readKv('session')) as { UserId?: unknown } | undefined;
  return typeof s?.UserId === 'number' ? s.UserId : null;
}

const SERVER_SAID_WAIT = new Set(['429', '503']);

/** Clears the backoff of this user's waiting entries that `wake` names; answers how many. Only the
 *  entries in backoff are read (the notBefore index): a drain stops at its first failure, so they are
 *  few, where the pending ones may be a full shift. */
export function wakeEntries(db: FieldtraceDb, userId: number, wake: Wake): Promise<number> {
  const woken = (e: OutboxEntry) =>
    e.userId === userId &&
    e.status === 'pending' &&
    (wake === 'all' ? !SERVER_SAID_WAIT.has(e.answer?.code ?? '') : e.answer?.code === '0');
  return db.outbox.where('notBefore').above(0).and(woken).modify({ notBefore: 0 });
}

export interface RunOptions {
  db: FieldtraceDb;
  send?: Send;
  now?: () => number;
  onSignIn?: () => void;
  wake?: Wake;
  /** Whose entries; read from the stored session when not given. */
  userId?: number | null;
}

/** Drains the signed-in user's entries; null when another drainer holds the lock. With nobody signed
 *  in nothing is sent (and nobody is there to ask): the entries wait for their user's sign-in. */
export async function drainForSignedIn(o: RunOptions): Promise<DrainReport | null> {
  const userId = o.userId === undefined ? await signedInUser() : o.userId;
  if (userId === null) return { done: 0, rejected: 0, stopped: 'signin' };
  if (o.wake) await wakeEntries(o.db, userId, o.wake);
  return drainOutbox({
    db: o.db,
    send: o.send ?? outboxTransport(),
    userId,
    ...(o.now ? { now: o.now } : {}),
    ...(o.onSignIn ? { onSignIn: o.onSignIn } : {}),
  });
}

/** The first of this user's entries still to go (pending, or left sending by a drainer that died).
 *  Read from the front of the [status+seq] index, stopping at this user's first: every kick (a carton
 *  closed) and heartbeat asks, and a full shift queued (6,000 cartons, 120,000 items) read whole each
 *  time held the handheld's main thread for seconds (bench/floor-scan.bench.ts --cpu 4). */
export async function queueHead(db: FieldtraceDb, userId: number): Promise<OutboxEntry | undefined> {
  const firstOf = (status: 'pending' | 'sending') =>
    db.outbox
      .where('[status+seq]')
      .between([status, Dexie.minKey], [status, Dexie.maxKey])
      .filter((e) => e.userId === userId)
      .first();
  const [pending, sending] = await Promise.all([firstOf('pending'), firstOf('sending')]);
  if (!pending || !sending) return pending ?? sending;
  return pending.seq! < sending.seq! ? pending : sending;
}

/** The next time this user's queue may move: its head's notBefore; undefined when nothing waits. */
export async function nextTry(db: FieldtraceDb, userId: number): Promise<number | undefined> {
  return (await queueHead(db, userId))?.notBefore;
}
