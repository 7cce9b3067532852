// The outbox's drainer: sends pending entries in the order the work was done, many in one push (the
// server answers each on its own, as its own call would), and records each answer
// (offline/outbox-rules.ts says what an answer means). One drainer runs per device
// (a Web Lock shared by the pages and the service worker); whoever wakes it (Background Sync, `online`,
// start, a timer) calls drainOutbox and the lock turns the extra calls away. A refusal is final and
// the queue moves on; a failure that may pass stops the queue, in order, until its backoff is over.
import Dexie from 'dexie';
import type { FieldtraceDb } from './db.js';
import type { OutboxEntry, OutboxStatus } from './outbox-entry.js';
import { backoffMs, type Outcome } from './outbox-rules.js';
import { PUSH_MAX } from '@shared/contracts/floor/push.js';
import { withLock } from './web-lock.js';

export const DRAIN_LOCK = 'fieldtrace-outbox-drain';

/** Sends entries in order and answers an outcome for each tried, in the same order: fewer outcomes
 *  than entries means the rest were not tried (the last outcome, not final, stopped the push). */
export type Send = (batch: OutboxEntry[]) => Promise<Outcome[]>;

export interface DrainOptions {
  db: FieldtraceDb;
  /** Sends entries in order (each with its key) and classifies each answer. */
  send: Send;
  /** Entries per push (PUSH_MAX). */
  batchSize?: number;
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

/** The code of a try that reached no server (no network, the server down). */
const NO_ANSWER = '0';

/** The head of the queue and the entries after it that may go with it (their backoff over). A head whose
 *  last try reached no server goes alone, as a probe: on Wi-Fi without a route to the server (the
 *  browser says online) every retry read and rewrote a full push of entries on the main thread, twice
 *  (sending, then back), for nothing. Once it is answered, the pushes are full again. */
async function nextBatch(db: FieldtraceDb, max: number, now: number, userId?: number): Promise<OutboxEntry[]> {
  const pending = (n: number) =>
    db.outbox
      .where('[status+seq]')
      .between(['pending', Dexie.minKey], ['pending', Dexie.maxKey])
      .filter((e) => userId === undefined || e.userId === userId)
      .limit(n)
      .toArray();
  const [first] = await pending(1);
  if (!first || max === 1 || first.answer?.code === NO_ANSWER) return first ? [first] : [];
  const head = await pending(max);
  const waiting = head.findIndex((e, i) => i > 0 && e.notBefore > now);
  return waiting < 0 ? head : head.slice(0, waiting);
}

const noAnswer = (message: string): Outcome => ({ kind: 'retry', answer: { code: NO_ANSWER, message, data: null } });

export interface OpenCounts {
  pending: number;
  sending: number;
  rejected: number;
}

/** A user's open entries by status, or every user's without one: counted on the indexes, no entry read
 *  (a full shift queued is 6,000 cartons, and reading them costs a handheld seconds). */
export async function openCounts(db: FieldtraceDb, userId?: number): Promise<OpenCounts> {
  const count = (s: OutboxStatus) =>
    (userId === undefined
      ? db.outbox.where('status').equals(s)
      : db.outbox.where('[userId+status]').equals([userId, s])
    ).count();
  const [pending, sending, rejected] = await Promise.all([count('pending'), count('sending'), count('rejected')]);
  return { pending, sending, rejected };
}

/** Entries still to go to the server (what the header's count shows). */
export const waitingCount = (db: FieldtraceDb) => db.outbox.where('status').anyOf('pending', 'sending').count();

/** Drains the outbox; null when another drainer is at it. */
export function drainOutbox(o: DrainOptions): Promise<DrainReport | null> {
  const now = o.now ?? Date.now;
  return withLock(
    DRAIN_LOCK,
    async () => {
      const { db } = o;
      // A 'sending' entry is one whose drainer died mid-send: send it again (its key makes that safe).
      await db.outbox.where('status').equals('sending').modify({ status: 'pending' });
      const report: DrainReport = { done: 0, rejected: 0 };
      for (;;) {
        const batch = await nextBatch(db, o.batchSize ?? PUSH_MAX, now(), o.userId);
        const head = batch[0];
        if (!head) return report;
        if (head.notBefore > now()) return { ...report, stopped: 'backoff' };
        // Written whole (bulkPut): the drainer holds the lock, and nothing else changes a pending entry
        // but `wakeEntries`, which only clears a backoff these entries no longer have.
        const sending = batch.map((e) => ({ ...e, status: 'sending' as const, attempts: e.attempts + 1 }));
        await db.outbox.bulkPut(sending);
        let outcomes: Outcome[];
        try {
          outcomes = await o.send(sending);
        } catch (err) {
          outcomes = [noAnswer(err instanceof Error ? err.message : String(err))];
        }
        // Every answer in one write: the first entry without a final one stops the queue there; the
        // entries after it were not tried and go back as they were.
        let stop: Outcome | undefined;
        const after = sending.map((e, i): OutboxEntry => {
          if (stop) return batch[i]!;
          const outcome = outcomes[i] ?? noAnswer('The server gave no answer for this entry.');
          if (outcome.kind === 'answered') {
            const done = outcome.answer.code === '200';
            report[done ? 'done' : 'rejected'] += 1;
            return { ...e, status: done ? 'done' : 'rejected', answer: outcome.answer, settledAt: now() };
          }
          stop = outcome;
          const wait = outcome.kind === 'retry' ? (outcome.afterMs ?? backoffMs(e.attempts, o.random)) : 0;
          return { ...e, status: 'pending', answer: outcome.answer, notBefore: now() + wait };
        });
        await db.outbox.bulkPut(after);
        if (stop) {
          if (stop.kind === 'signin') o.onSignIn?.();
          return { ...report, stopped: stop.kind === 'signin' ? 'signin' : 'retry' };
        }
      }
    },
    { ifAvailable: true },
  );
}

/** A rejected entry the user sends again (after fixing what the reason named): back in the queue, in its
 *  place, under a new key (the old one would only replay the refusal; nothing of it was applied). */
export async function resendEntry(db: FieldtraceDb, id: string): Promise<boolean> {
  return (
    (await db.outbox
      .where('id')
      .equals(id)
      .and((e) => e.status === 'rejected')
      .modify({ status: 'pending', notBefore: 0, key: crypto.randomUUID() })) > 0
  );
}

/** A rejected entry sent again with what the server refused taken out (`payload`, `label`): back in the
 *  queue in its place, under a new key, as resendEntry. */
export async function reviseEntry(
  db: FieldtraceDb,
  id: string,
  revised: Pick<OutboxEntry, 'payload' | 'label'>,
): Promise<boolean> {
  // Its work digest described the old payload: dropped with the change.
  return db.transaction('rw', db.outbox, db.workDigests, async () => {
    const e = await db.outbox.get({ id });
    if (e?.status !== 'rejected') return false;
    await db.outbox.put({ ...e, ...revised, status: 'pending', notBefore: 0, key: crypto.randomUUID() });
    await db.workDigests.delete(e.seq!);
    return true;
  });
}

/** A rejected entry the user has seen and confirmed to drop; nothing else is ever removed by hand. */
export async function discardEntry(db: FieldtraceDb, id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, db.workDigests, async () => {
    const e = await db.outbox.get({ id });
    if (e?.status !== 'rejected') return false;
    await db.outbox.delete(e.seq!);
    await db.workDigests.delete(e.seq!);
    return true;
  });
}
