// The device's IndexedDB (Dexie). The session lives here rather than in session storage so that an
// installed app on a handheld reopens signed in and works offline; the outbox holds finished floor
// work until the server has answered it (offline/outbox.ts). Master caches come as new tables in a new
// version. Every transaction commits with strict durability: Chrome 121+ otherwise acknowledges a
// write before it is on disk, and a packed carton must survive the battery running out.
import Dexie, { type Table } from 'dexie';
import type { CacheChunkRow, CachePartRow } from '../floor/cache/rows.js';
import type { OutboxEntry } from './outbox-entry.js';

export interface KvRow {
  key: string;
  value: unknown;
}

/** An outbox entry's effect on the floor's local work, kept by floor/work/work-digest.ts: removed with
 *  its entry, and dropped when the entry's payload changes (a refused carton sent without some items). */
export interface WorkDigestRow {
  seq: number;
  userId: number;
  /** The floor cache it was made with. */
  stamp: string;
  note: string;
}

export class FieldtraceDb extends Dexie {
  kv!: Table<KvRow, string>;
  outbox!: Table<OutboxEntry, number>;
  /** The floor caches (floor/cache/): a row per part, and its data as a few chunk rows. */
  cacheParts!: Table<CachePartRow, string>;
  cacheChunks!: Table<CacheChunkRow, [string, string, number]>;
  workDigests!: Table<WorkDigestRow, number>;

  constructor(name = 'fieldtrace') {
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({ kv: 'key' });
    // seq: the order the work was done in, which is the order it is sent in.
    this.version(2).stores({ outbox: '++seq, &id, status, [status+seq]' });
    // A part's chunks are read and dropped by (part, fill); seq keeps a fill's pages in order.
    this.version(3).stores({ cacheParts: 'part', cacheChunks: '[part+fill+seq]' });
    // A user's entries by status, and the entries in backoff, from index keys alone: with a full shift
    // queued (6,000 cartons, 120,000 items) every read of the entries themselves cost a handheld
    // seconds (bench/floor-scan.bench.ts --cpu 4 --queued 6000).
    // Each entry's effect on the floor's work, by its seq, so a reopen need not judge every code again.
    this.version(4).stores({
      outbox: '++seq, &id, status, [status+seq], [userId+status], notBefore',
      workDigests: 'seq',
    });
  }
}

export const localDb = new FieldtraceDb();
