// The device's IndexedDB (Dexie). The session lives here rather than in session storage so that an
// installed app on a handheld reopens signed in and works offline; the outbox holds finished floor
// work until the server has answered it (offline/outbox.ts). Master caches come as new tables in a new
// version. Every transaction commits with strict durability: Chrome 121+ otherwise acknowledges a
// write before it is on disk, and a packed carton must survive the battery running out.
import Dexie, { type Table } from 'dexie';
import type { OutboxEntry } from './outbox-entry.js';

export interface KvRow {
  key: string;
  value: unknown;
}

export class FieldtraceDb extends Dexie {
  kv!: Table<KvRow, string>;
  outbox!: Table<OutboxEntry, number>;

  constructor(name = 'fieldtrace') {
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({ kv: 'key' });
    // seq: the order the work was done in, which is the order it is sent in.
    this.version(2).stores({ outbox: '++seq, &id, status, [status+seq]' });
  }
}

export const localDb = new FieldtraceDb();
