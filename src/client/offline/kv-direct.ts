// One row of the device database's kv store, read or written with the bare IndexedDB API: the first
// screen learns who is signed in, and the shell keeps its menu, without downloading and starting Dexie
// (offline/db.ts, which owns the schema and creates the database).
import type { KvRow } from './db.js';

const DB_NAME = 'fieldtrace';
const STORE = 'kv';

/** Opens the existing database, or gives null when there is none (or no kv store): never creates it. */
function openExisting(): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(DB_NAME);
    } catch {
      resolve(null);
      return;
    }
    // No database yet: abort, so Dexie later creates it with its own version and stores.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      if (db.objectStoreNames.contains(STORE)) {
        resolve(db);
      } else {
        db.close();
        resolve(null);
      }
    };
  });
}

/** The stored value, or undefined when there is none (or no database yet). */
export async function readKv(key: string): Promise<unknown> {
  const db = await openExisting();
  if (!db) return undefined;
  return new Promise((resolve) => {
    const get = db.transaction(STORE, 'readonly').objectStore(STORE).get(key);
    get.onsuccess = () => resolve((get.result as KvRow | undefined)?.value);
    get.onerror = () => resolve(undefined);
    // Closed at once (it ends after the request), so Dexie's later open or upgrade is never blocked.
    db.close();
  });
}

/** Stores a value; false when there is no database yet (nothing is created here) or the write failed. */
export async function writeKv(key: string, value: unknown): Promise<boolean> {
  const db = await openExisting();
  if (!db) return false;
  return new Promise((resolve) => {
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put({ key, value } satisfies KvRow);
    tx.oncomplete = () => resolve(true);
    tx.onerror = () => resolve(false);
    tx.onabort = () => resolve(false);
    db.close();
  });
}
