// The dispatch ids a device holds for offline dispatches (issue 12 item 1; DESIGN section 4): a block
// reserved on the server beforehand (Product/UpdateIds, type DID) is kept per user in IndexedDB, and a
// dispatch takes its DID from it in the same transaction that queues the dispatch, so a DID is never
// used twice on this device, nor by another (the server hands each block out once). Topped up while
// online whenever fewer than LOW remain.
import { makeSlipId } from '@shared/codes.js';
import type { Envelope } from '@shared/contracts/envelope.js';
import { SLIP_API, reserveArgs, type LastIds, type ReservedIds } from '@shared/contracts/numbers/slip-ids.js';
import { localDb, type FieldtraceDb } from '../../offline/db.js';
import { addEntry } from '../../offline/device-seq.js';
import { newEntry, type OutboxEntry } from '../../offline/outbox-entry.js';
import { noteQueued } from '../work/queued.js';
import type { FloorSave } from '../work/registry.js';
import { draftKey, type Work } from '../work/work-store.js';

/** A block reserved at once: a day's dispatches of a busy site. */
export const DID_BLOCK = 20;
/** Reserve again when fewer than this many are left. */
export const DID_LOW = 5;

interface Range {
  prefix: string;
  year: number;
  from: number;
  to: number;
}
export interface DidBlock {
  ranges: Range[];
}

const key = (userId: number) => `did-block:${userId}`;

export async function readDidBlock(userId: number, db: FieldtraceDb = localDb): Promise<DidBlock> {
  return ((await db.kv.get(key(userId)))?.value as DidBlock | undefined) ?? { ranges: [] };
}

/** DIDs left for `prefix`. */
export const didsLeft = (b: DidBlock, prefix: string) =>
  b.ranges.filter((r) => r.prefix === prefix).reduce((n, r) => n + r.to - r.from + 1, 0);

/** The DID the next dispatch will take, or null when the block is used up. */
export function nextDid(b: DidBlock, prefix: string): string | null {
  const r = b.ranges.find((x) => x.prefix === prefix && x.from <= x.to);
  return r ? makeSlipId('DID', r.year, r.prefix, r.from) : null;
}

const taken = (b: DidBlock, prefix: string): DidBlock => {
  const i = b.ranges.findIndex((x) => x.prefix === prefix && x.from <= x.to);
  const ranges = b.ranges.map((r, j) => (j === i ? { ...r, from: r.from + 1 } : r)).filter((r) => r.from <= r.to);
  return { ranges };
};

export interface DidFetch {
  lastIds: (prefix: string) => Promise<Envelope<LastIds>>;
  reserve: (prefix: string, to: number) => Promise<Envelope<ReservedIds>>;
}

const httpFetch: DidFetch = {
  lastIds: async (prefix) => (await import('../../api/call.js')).call(SLIP_API.lastIds, undefined, { prefix }),
  reserve: async (prefix, to) =>
    (await import('../../api/call.js')).call(SLIP_API.reserve, undefined, reserveArgs(prefix, 'DID', to)),
};

/** Reserves another block when few are left; the count left after. Never throws (offline: as it was). */
export async function topUpDids(
  userId: number,
  prefix: string,
  o: { db?: FieldtraceDb; fetch?: DidFetch } = {},
): Promise<number> {
  const db = o.db ?? localDb;
  const f = o.fetch ?? httpFetch;
  const left = didsLeft(await readDidBlock(userId, db), prefix);
  if (left >= DID_LOW) return left;
  try {
    // Another device may reserve between the two calls: its block is refused here ('already
    // printed'), and the next top-up asks again.
    const last = await f.lastIds(prefix);
    if (last.ResponseCode !== '200') return left;
    const got = await f.reserve(prefix, last.ResponseData.DID + DID_BLOCK);
    if (got.ResponseCode !== '200') return left;
    const r = got.ResponseData;
    const range: Range = { prefix: r.Prefix, year: r.Year, from: r.FromNo, to: r.ToNo };
    const after = await db.transaction('rw', db.kv, async () => {
      const b = await readDidBlock(userId, db);
      const next = { ranges: [...b.ranges, range] };
      await db.kv.put({ key: key(userId), value: next });
      return didsLeft(next, prefix);
    });
    return after;
  } catch {
    return left;
  }
}

/** Takes the next DID and queues the dispatch made with it, in one transaction that also drops the
 *  screen's draft; null (nothing written) when no DID is left. */
export async function queueWithDid<E extends FloorSave>(
  screen: string,
  userId: number,
  prefix: string,
  work: (did: string) => Work<E>,
  db: FieldtraceDb = localDb,
): Promise<{ did: string; entry: OutboxEntry } | null> {
  const queued = await db.transaction('rw', db.outbox, db.kv, async () => {
    const block = await readDidBlock(userId, db);
    const did = nextDid(block, prefix);
    if (!did) return null;
    const w = work(did);
    const entry = newEntry({ endpoint: w.endpoint.path, payload: w.payload, label: w.label, userId });
    entry.seq = await addEntry(db, entry);
    await db.kv.put({ key: key(userId), value: taken(block, prefix) });
    await db.kv.delete(draftKey(screen, userId));
    return { did, entry };
  });
  if (queued) noteQueued(queued.entry.seq!);
  return queued;
}
