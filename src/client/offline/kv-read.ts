// Reads one row of the device database's kv store with the bare IndexedDB API: the first screen learns
// who is signed in without downloading and starting Dexie (offline/db.ts, which owns the schema).
import type { KvRow } from './db.js';

const DB_NAME = 'fieldtrace';
const STORE = 'kv';

/** The stored value, or undefined when there is none (or no database yet: it is not created here). */
export function readKv(key: string): Promise<unknown> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(DB_NAME);
    } catch {
      resolve(undefined);
      return;
    }
    // No database yet: abort, so Dexie later creates it with its own version and stores.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(undefined);
    request.onblocked = () => resolve(undefined);
    request.onsuccess = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) {
        db.close();
        resolve(undefined);
        return;
      }
      const get = db.transaction(STORE, 'readonly').objectStore(STORE).get(key);
      get.onsuccess = () => resolve((get.result as KvRow | undefined)?.value);
      get.onerror = () => resolve(undefined);
      // Closed at once, so Dexie's later open (or upgrade) is never blocked by this connection.
      db.close();
    };
  });
}
