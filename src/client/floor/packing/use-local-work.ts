// This device's queued floor work (local-work.ts) for a screen, rebuilt whenever the outbox changes.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import type { FloorCache } from '../cache/index.js';
import { emptyLocalWork, FLOOR_WORK, localWorkOf, type LocalWork } from './local-work.js';
import { entriesOf } from './work-store.js';

/** What a floor scan answers while the cache is read from the device the first time. */
export const CACHE_LOADING = 'The device data is still loading: scan again in a moment.';

export function useLocalWork(userId: number, cache: FloorCache | undefined): LocalWork {
  const entries = useLiveQuery(() => entriesOf(userId, FLOOR_WORK), [userId]);
  return useMemo(() => (cache && entries ? localWorkOf(entries, cache) : emptyLocalWork()), [cache, entries]);
}
