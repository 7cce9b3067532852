// This device's queued floor work (local-work.ts, each save's effect found in registry.ts) for a screen, kept up to date as the outbox changes.
// A busy offline day queues thousands of items, so the outbox is not read whole on each change (a
// carton closed cost ~32 ms of rebuilding and as much again of reading, in the scans that followed:
// bench/floor-scan.bench.ts). What is watched is its keys and its refused keys, cheap to read: the
// entries added since the last look are read and added alone (a carton closed here: one entry); an
// entry gone or refused, or a new cache, rebuilds from the whole outbox. A status that is not a
// refusal (sending, done) changes nothing here, so a drain does not rebuild it either.
// Until the outbox has been read for the cache in hand, and up to the newest entry this screen queued,
// the work is not whole: the hook says so (`ready`), and the screen's scans wait for it (issue 27: a
// pack already in a queued carton was accepted while the outbox was still being read).
import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { localDb, type FieldtraceDb } from '../../offline/db.js';
import type { OutboxEntry } from '../../offline/outbox-entry.js';
import type { FloorCache } from '../cache/index.js';
import { emptyLocalWork, type LocalWork } from './local-work.js';
import { subscribeQueued } from './queued.js';
import { addEntry, FLOOR_WORK_PATHS, localWorkOf } from './registry.js';
import { en } from '../words/en.js';

/** What a floor scan answers while the cache is read from the device the first time (the scan box
 *  waits for the screen to be ready, so only a flow outside it can meet this). */
export const CACHE_LOADING = en.cacheLoading;

/** The outbox as far as local work cares: its entries' keys in queue order, and the refused ones. */
export interface OutboxShape {
  seqs: number[];
  rejected: number[];
}

export interface Followed {
  seqs: number[];
  rejected: Set<number>;
  work: LocalWork;
}

/** Both reads start at once, inside the live query's scope (so both are watched). The keys are read
 *  with keys(), not primaryKeys(): Dexie 4.4.7's live query does not wake a primaryKeys() read of the
 *  primary key for an add, so work queued offline (no drain writing after it) never reached the screen. */
export const outboxShape = (db: FieldtraceDb = localDb): Promise<OutboxShape> =>
  Promise.all([
    db.outbox.orderBy('seq').keys() as Promise<number[]>,
    db.outbox.where('status').equals('rejected').primaryKeys(),
  ]).then(([seqs, rejected]) => ({ seqs, rejected }));

const mine =
  (userId: number) =>
  (e: OutboxEntry | undefined): e is OutboxEntry =>
    e !== undefined && e.userId === userId && FLOOR_WORK_PATHS.has(e.endpoint);

/** `known` brought up to the outbox's `shape`: the entries appended are added to it (a new object over
 *  the same maps, which only grow); anything else is rebuilt from the outbox as it is now. */
export async function followOutbox(
  known: Followed | null,
  shape: OutboxShape,
  userId: number,
  cache: FloorCache,
  db: FieldtraceDb = localDb,
): Promise<Followed> {
  const rejected = new Set(shape.rejected);
  const appended =
    known !== null &&
    known.seqs.length <= shape.seqs.length &&
    known.seqs.every((s, i) => shape.seqs[i] === s && known.rejected.has(s) === rejected.has(s));
  if (!appended) {
    const all = await db.outbox.orderBy('seq').toArray();
    return {
      seqs: all.map((e) => e.seq!),
      rejected: new Set(all.filter((e) => e.status === 'rejected').map((e) => e.seq!)),
      work: localWorkOf(all.filter(mine(userId)), cache),
    };
  }
  if (known.seqs.length === shape.seqs.length) return known;
  const work = { ...known.work };
  for (const e of (await db.outbox.bulkGet(shape.seqs.slice(known.seqs.length))).filter(mine(userId)))
    addEntry(work, e, cache);
  return { seqs: shape.seqs, rejected, work };
}

export interface LocalWorkState {
  /** Nothing queued until the outbox is read (one object, so the screen's props stay the same). */
  work: LocalWork;
  /** The work is whole: read for this cache, up to the newest entry queued since the screen opened. */
  ready: boolean;
}

interface Read {
  userId: number;
  cache: FloorCache;
  work: LocalWork;
  /** The newest outbox entry read. */
  upTo: number;
}

export function useLocalWork(userId: number, cache: FloorCache | undefined): LocalWorkState {
  const [state, setState] = useState<Read | null>(null);
  /** The newest entry this page queued while the screen is open (seqs only grow). */
  const [queued, setQueued] = useState(0);
  useEffect(() => subscribeQueued((seq) => setQueued((q) => Math.max(q, seq))), []);
  useEffect(() => {
    if (!cache) return;
    let live = true;
    let known: Followed | null = null;
    // One change at a time, in order: each builds on the last one's result.
    let chain = Promise.resolve();
    const sub = liveQuery(() => outboxShape()).subscribe({
      next: (shape) => {
        chain = chain
          .then(async () => {
            if (!live) return;
            const next = await followOutbox(known, shape, userId, cache);
            if (live && next !== known) setState({ userId, cache, work: next.work, upTo: next.seqs.at(-1) ?? 0 });
            known = next;
          })
          .catch(() => undefined);
      },
      // The database closed (sign-out, a test's reset): the last known work stays.
      error: () => undefined,
    });
    return () => {
      live = false;
      sub.unsubscribe();
    };
  }, [userId, cache]);
  const read = state !== null && state.userId === userId && state.cache === cache ? state : null;
  return { work: read?.work ?? EMPTY, ready: read !== null && read.upTo >= queued };
}

/** Until the outbox is read: nothing queued here (one object, so the screen's props stay the same). */
const EMPTY = emptyLocalWork();
