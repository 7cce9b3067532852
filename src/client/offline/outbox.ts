// The outbox's drainer: sends pending entries one at a time in the order the work was done, and
// records each answer (offline/outbox-rules.ts says what an answer means). One drainer runs per device
// (a Web Lock shared by the pages and the service worker); whoever wakes it (Background Sync, `online`,
// start, a timer) calls drainOutbox and the lock turns the extra calls away. A refusal is final and
// the queue moves on; a failure that may pass stops the queue, in order, until its backoff is over.
import Dexie from 'dexie';
import type { FieldtraceDb } from './db.js';
import type { OutboxEntry } from './outbox-entry.js';
import { backoffMs, type Outcome } from './outbox-rules.js';
import { withLock } from './web-lock.js';

export const DRAIN_LOCK = 'fieldtrace-outbox-drain';

export interface DrainOptions {
  db: FieldtraceDb;
  /** Sends one entry (its id as the Idempotency-Key) and classifies the answer. */
  send: (entry: OutboxEntry) => Promise<Outcome>;
  now?: () => number;
  random?: () => number;
  /** The session is gone: ask the user to sign in (the entries wait). */
  onSignIn?: () => void;
  /** Only this user's entries: the stored session's token would send another user's work as theirs,
   *  so on a shared handheld each user's entries wait for that user's own sign-in. */
  userId?: number;
}

export interface DrainReport {
  done: number;
  rejected: number;
  /** Why the drain stopped with entries left: a failure to retry later, a sign-in, or a backoff not over. */
  stopped?: 'retry' | 'signin' | 'backoff';
}

const firstPending = (db: FieldtraceDb, userId?: number) =>
  db.outbox.where('[status+seq]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey])
    .filter((e) => userId === undefined || e.userId === userId).first();

/** Entries still to go to the server (what the header's count shows). */
export const waitingCount = (db: FieldtraceDb) => db.outbox.where('status').anyOf('pending', 'sending').count();

/** Drains the outbox; null when another drainer is at it. */
export function drainOutbox(o: DrainOptions): Promise<DrainReport | null> {
  const now = o.now ?? Date.now;
  return withLock(DRAIN_LOCK, async () => {
    const { db } = o;
    // A 'sending' entry is one whose drainer died mid-send: send it again (its key makes that safe).
    await db.outbox.where('status').equals('sending').modify({ status: 'pending' });
    const report: DrainReport = { done: 0, rejected: 0 };
    for (;;) {
      const entry = await firstPending(db, o.userId);
      if (!entry) return report;
      if (entry.notBefore > now()) return { ...report, stopped: 'backoff' };
      const attempts = entry.attempts + 1;
      await db.outbox.update(entry.seq!, { status: 'sending', attempts });
      let outcome: Outcome;
      try {
        outcome = await o.send({ ...entry, status: 'sending', attempts });
      } catch (err) {
        outcome = { kind: 'retry', answer: { code: '0', message: err instanceof Error ? err.message : String(err), data: null } };
      }
      if (outcome.kind === 'answered') {
        const done = outcome.answer.code === '200';
        await db.outbox.update(entry.seq!, { status: done ? 'done' : 'rejected', answer: outcome.answer });
        report[done ? 'done' : 'rejected'] += 1;
        continue;
      }
      const wait = outcome.kind === 'retry' ? (outcome.afterMs ?? backoffMs(attempts, o.random)) : 0;
      await db.outbox.update(entry.seq!, { status: 'pending', answer: outcome.answer, notBefore: now() + wait });
      if (outcome.kind === 'signin') o.onSignIn?.();
      return { ...report, stopped: outcome.kind };
    }
  }, { ifAvailable: true });
}

/** A rejected entry the user sends again (after fixing what the reason named): back in the queue, in its
 *  place, under a new key (the old one would only replay the refusal; nothing of it was applied). */
export async function resendEntry(db: FieldtraceDb, id: string): Promise<boolean> {
  return (await db.outbox.where('id').equals(id).and((e) => e.status === 'rejected')
    .modify({ status: 'pending', notBefore: 0, key: crypto.randomUUID() })) > 0;
}

/** A rejected entry the user has seen and confirmed to drop; nothing else is ever removed by hand. */
export async function discardEntry(db: FieldtraceDb, id: string): Promise<boolean> {
  return (await db.outbox.where('id').equals(id).and((e) => e.status === 'rejected').delete()) > 0;
}
