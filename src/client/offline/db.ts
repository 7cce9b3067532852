// The device's IndexedDB (Dexie). The session lives here rather than in session storage so that an
// installed app on a handheld reopens signed in and works offline. Later issues add master caches
// and the outbox as new tables in a new version.
import Dexie, { type Table } from 'dexie';

export interface KvRow {
  key: string;
  value: unknown;
}

export class FieldtraceDb extends Dexie {
  kv!: Table<KvRow, string>;

  constructor(name = 'fieldtrace') {
    super(name);
    this.version(1).stores({ kv: 'key' });
  }
}

export const localDb = new FieldtraceDb();
