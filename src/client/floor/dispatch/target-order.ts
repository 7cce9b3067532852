// Dispatch's Send To tiles (issue 27, scan-first): the targets this device sends to most, first. A
// dispatch queued here counts one use of its target; the counts are the device's (device-memory.ts),
// whoever is signed in. Pure, so the order is unit-tested.
import type { SendToKind } from './local-invoice.js';

/** Uses per target, keyed by kind and id ('WareHouse:12', 'Dealer:40'). */
export type UseCounts = Readonly<Record<string, number>>;

/** How many targets show as tiles; the rest are in the Send To list below them. */
export const TILE_COUNT = 6;

const useKey = (kind: SendToKind, id: number | string) => `${kind}:${id}`;

export function countUse(counts: UseCounts | undefined, kind: SendToKind, id: number): UseCounts {
  const key = useKey(kind, id);
  return { ...counts, [key]: (counts?.[key] ?? 0) + 1 };
}

/** The targets, most used first; ties (and targets never used) keep the list's own order. */
export function byUse<T extends { value: string }>(items: readonly T[], kind: SendToKind, counts?: UseCounts): T[] {
  const uses = (t: T) => counts?.[useKey(kind, t.value)] ?? 0;
  return items
    .map((t, i) => ({ t, i, n: uses(t) }))
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .map((x) => x.t);
}
