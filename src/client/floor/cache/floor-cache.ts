// The floor cache in memory: loaded from IndexedDB once, rebuilt after each refresh, and shared by
// every floor screen. Reading it never waits on the network; until the first load it is undefined
// (the hook) or the empty cache (every code unmapped, CacheFreshness says "not yet loaded").
import { useEffect, useSyncExternalStore } from 'react';
import { getSession } from '../../api/session.js';
import type { FieldtraceDb } from '../../offline/db.js';
import { buildFloorCache, EMPTY_CONTENT, type FloorCache } from './lookup.js';
import { loadContent } from './store.js';

export interface CacheOptions {
  db?: FieldtraceDb;
  /** Whose cache: the signed-in user unless given. */
  owner?: number | null;
}

let current: FloorCache | undefined;
let currentOwner: number | null = null;
let loading: Promise<FloorCache> | null = null;
const listeners = new Set<() => void>();

const sessionOwner = (): number | null => getSession()?.UserId ?? null;
const defaultDb = async () => (await import('../../offline/db.js')).localDb;

/** Builds the index from what is stored for `owner` and makes it the current one. */
export async function reloadFloorCache(o: CacheOptions = {}): Promise<FloorCache> {
  const owner = o.owner === undefined ? sessionOwner() : o.owner;
  const db = o.db ?? (await defaultDb());
  const cache = buildFloorCache(owner === null ? EMPTY_CONTENT : await loadContent(db, owner));
  current = cache;
  currentOwner = owner;
  listeners.forEach((l) => l());
  return cache;
}

/** The current cache, loaded from IndexedDB on first use (and again when another user signs in). */
export function floorCache(o: CacheOptions = {}): Promise<FloorCache> {
  const owner = o.owner === undefined ? sessionOwner() : o.owner;
  if (current && currentOwner === owner) return Promise.resolve(current);
  loading ??= reloadFloorCache({ ...o, owner }).finally(() => {
    loading = null;
  });
  return loading;
}

/** The cache as it is now, without loading it. */
export const currentFloorCache = (): FloorCache | undefined => current;

export function subscribeFloorCache(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The floor cache for a screen: undefined until loaded, then updated after every refresh. */
export function useFloorCache(): FloorCache | undefined {
  const cache = useSyncExternalStore(subscribeFloorCache, currentFloorCache, currentFloorCache);
  useEffect(() => {
    void floorCache().catch(() => undefined);
  }, []);
  return cache;
}

/** Forgets the in-memory cache (tests, sign-out). */
export function forgetFloorCache(): void {
  current = undefined;
  currentOwner = null;
  listeners.forEach((l) => l());
}
