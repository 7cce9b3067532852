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

export class FieldtraceDb extends Dexie {
  kv!: Table<KvRow, string>;
  outbox!: Table<OutboxEntry, number>;
  /** The floor caches (floor/cache/): a row per part, and its data as a few chunk rows. */
  cacheParts!: Table<CachePartRow, string>;
  cacheChunks!: Table<CacheChunkRow, [string, string, number]>;

  constructor(name = 'fieldtrace') {
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({ kv: 'key' });
    // seq: the order the work was done in, which is the order it is sent in.
    this.version(2).stores({ outbox: '++seq, &id, status, [status+seq]' });
    // A part's chunks are read and dropped by (part, fill); seq keeps a fill's pages in order.
    this.version(3).stores({ cacheParts: 'part', cacheChunks: '[part+fill+seq]' });
  }
}

export const localDb = new FieldtraceDb();
