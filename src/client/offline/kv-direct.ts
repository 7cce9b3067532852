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
    request.onupgradeneeded = (ev) => {
      noteBrowserLoss(ev);
      request.transaction?.abort();
    };
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

/** Where the browser's word that it lost the store is kept: localStorage, beside IndexedDB, not in it. */
const LOSS_KEY = 'fieldtrace-data-loss';

interface KeyValues {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
/** The page's localStorage; none in the service worker. */
const localStore = (): KeyValues | undefined => (globalThis as { localStorage?: KeyValues }).localStorage;

/** Chromium says on the open that follows it when it had to delete a corrupt store (`dataLoss`
 *  'total'); other browsers say nothing. The first open of the page is this one, before Dexie's. */
function noteBrowserLoss(ev: IDBVersionChangeEvent): void {
  const loss = (ev as IDBVersionChangeEvent & { dataLoss?: string; dataLossMessage?: string }).dataLoss;
  const store = localStore();
  if (!loss || loss === 'none' || !store) return;
  try {
    store.setItem(
      LOSS_KEY,
      JSON.stringify({ at: Date.now(), message: (ev as { dataLossMessage?: string }).dataLossMessage ?? '' }),
    );
  } catch {
    // Nowhere to keep it: nothing more can be done.
  }
}

/** The browser's word that it lost the store, until the person has seen it; null when none. */
export function readBrowserLoss(): { at: number } | null {
  const store = localStore();
  if (!store) return null;
  try {
    const v = JSON.parse(store.getItem(LOSS_KEY) ?? 'null') as { at?: unknown } | null;
    return typeof v?.at === 'number' ? { at: v.at } : null;
  } catch {
    return null;
  }
}

export function clearBrowserLoss(): void {
  localStore()?.removeItem(LOSS_KEY);
}
