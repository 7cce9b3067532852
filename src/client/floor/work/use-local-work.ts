// This device's queued floor work (local-work.ts, each save's effect found in registry.ts) for a screen, kept up to date as the outbox changes.
// A busy offline day queues thousands of items, so the outbox is not read whole on each change (a
// carton closed cost ~32 ms of rebuilding and as much again of reading, in the scans that followed:
// bench/floor-scan.bench.ts). What is watched is its keys and its refused keys, cheap to read: the
// entries added since the last look are read and added alone (a carton closed here: one entry); an
// entry gone or refused, or a new cache, rebuilds from every entry's digest (work-digest.ts), reading
// and judging only the entries without one that holds. A status that is not a
// refusal (sending, done) changes nothing here, so a drain does not rebuild it either.
// Until the outbox has been read for the cache in hand, and up to the newest entry this screen queued,
// the work is not whole: the hook says so (`ready`), and the screen's scans wait for it (issue 27: a
// pack already in a queued carton was accepted while the outbox was still being read).
import Dexie, { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';
import { localDb, type FieldtraceDb, type WorkDigestRow } from '../../offline/db.js';
import type { OutboxEntry } from '../../offline/outbox-entry.js';
import type { FloorCache } from '../cache/index.js';
import { emptyLocalWork, type LocalWork } from './local-work.js';
import { cacheStamp, digestText, mergeDigests, mergeWork, recording } from './work-digest.js';
import { subscribeQueued } from './queued.js';
import { addEntry } from './registry.js';
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

/** Both reads start at once, inside the live query's scope (so both are watched), and both are the
 *  status index's primary keys, which Dexie reads in one getAllKeys: `orderBy('seq').keys()` walked a
 *  cursor, one callback per entry, 6,000 of them with a full shift queued, after every carton closed
 *  (bench/floor-scan.bench.ts --cpu 4). Not the primary key's own primaryKeys(): Dexie 4.4.7's live
 *  query does not wake that read for an add, so work queued offline never reached the screen. */
export const outboxShape = (db: FieldtraceDb = localDb): Promise<OutboxShape> =>
  Promise.all([
    db.outbox.where('status').between(Dexie.minKey, Dexie.maxKey).primaryKeys(),
    db.outbox.where('status').equals('rejected').primaryKeys(),
  ]).then(([seqs, rejected]) => ({ seqs: seqs.sort((a, b) => a - b), rejected }));

/** `known` brought up to the outbox's `shape`: the entries appended are added to it (a new object over
 *  the same maps, which only grow); anything else (an entry gone, refused or sent again, a new cache) is
 *  rebuilt, from each entry's digest where it holds (work-digest.ts). */
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
  if (appended && known.seqs.length === shape.seqs.length) return known;
  const from = appended ? known.seqs.length : 0;
  const work = appended ? { ...known.work } : emptyLocalWork();
  await addWork(
    work,
    shape.seqs.slice(from).filter((s) => !rejected.has(s)),
    userId,
    cache,
    db,
  );
  return { seqs: shape.seqs, rejected, work };
}

/** Adds these entries' effects to `work`, in queue order: a digest that holds is added as it is, any
 *  other entry is read and judged, and its digest written for the next time. */
async function addWork(
  work: LocalWork,
  seqs: number[],
  userId: number,
  cache: FloorCache,
  db: FieldtraceDb,
): Promise<void> {
  const stamp = cacheStamp(cache);
  // One read of the range (a bulkGet asks for each key alone: 6,000 requests with a full shift).
  const kept = new Map<number, WorkDigestRow>();
  if (seqs.length > 0)
    for (const d of await db.workDigests.where('seq').between(seqs[0]!, seqs.at(-1)!, true, true).toArray())
      kept.set(d.seq, d);
  const digests = seqs.map((s) => kept.get(s));
  const holds = (i: number) => digests[i]?.stamp === stamp && digests[i]?.userId === userId;
  const unread = seqs.filter((_, i) => !holds(i));
  const entries = new Map<number, OutboxEntry>();
  for (const e of await db.outbox.bulkGet(unread)) if (e) entries.set(e.seq!, e);
  const written: WorkDigestRow[] = [];
  // Runs of digests are added with one parse; an entry judged meanwhile sees all before it.
  let run: string[] = [];
  seqs.forEach((seq, i) => {
    if (holds(i)) {
      run.push(digests[i]!.note);
      return;
    }
    mergeDigests(work, run);
    run = [];
    const e = entries.get(seq);
    // Gone or refused since the keys were read: the next shape rebuilds without it (and a refused
    // entry gets no digest: sent again, it is judged then).
    // Another user's entry holds nothing for this one, and gets no digest: it is its user's to make.
    if (!e || e.status === 'rejected' || e.userId !== userId) return;
    const delta = recording(work);
    addEntry(delta, e, cache);
    mergeWork(work, delta);
    written.push({ seq, userId, stamp, note: digestText(delta) });
  });
  mergeDigests(work, run);
  // Not waited for: the work is whole without it, and a digest not written is only made again.
  if (written.length > 0) void db.workDigests.bulkPut(written).catch(() => undefined);
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
