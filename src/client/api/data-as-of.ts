// How old a report's data is, when the server read it from a standby: the HTTP client notes the
// answer's DATA_AS_OF_HEADER per call path, and the report screens show "Data as of 10:42:05" while
// it is older than a few seconds. No header (the primary answered): nothing to show, the data is current.
import { INDIA_OFFSET_MINUTES } from '@shared/cell-format.js';
import { DATA_AS_OF_HEADER } from '@shared/endpoint.js';

/** Data younger than this at its answer reads as current: the standby is checked every few seconds. */
export const STALE_AFTER_MS = 10_000;

const stale = new Map<string, number>();
const listeners = new Set<() => void>();

const keyOf = (path: string) => path.replace(/^\/+/, '').split('?')[0]!;

/** Notes an answer's age: the header's time against the answer's own Date (the server's clock, so a
 *  device's wrong clock does not matter), else the device's. */
export function noteAnswer(path: string, headers: Headers): void {
  const key = keyOf(path);
  const asOf = Date.parse(headers.get(DATA_AS_OF_HEADER) ?? '');
  const now = Date.parse(headers.get('date') ?? '') || Date.now();
  const before = stale.get(key);
  if (Number.isFinite(asOf) && now - asOf > STALE_AFTER_MS) stale.set(key, asOf);
  else stale.delete(key);
  if (stale.get(key) !== before) for (const fn of listeners) fn();
}

/** The time (epoch ms) the last answer of this call was as of, when it was older than STALE_AFTER_MS. */
export const staleAsOf = (path: string): number | null => stale.get(keyOf(path)) ?? null;

export function onDataAsOf(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

const two = (n: number) => String(n).padStart(2, '0');

/** "Data as of 10:42:05", on the company's clock (India) as every time on the screens. */
export function dataAsOfText(ms: number): string {
  const d = new Date(ms + INDIA_OFFSET_MINUTES * 60_000);
  return `Data as of ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}
