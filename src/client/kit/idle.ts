// Work that can wait until the page is drawn and the main thread is free (chunk prefetches, caches).
// Safari has no requestIdleCallback: a timer stands in.
const IDLE_TIMEOUT_MS = 3000;

export function whenIdle(fn: () => void): number {
  return typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS }) : window.setTimeout(fn, 500);
}

export function cancelIdle(id: number): void {
  if (typeof cancelIdleCallback === 'function') cancelIdleCallback(id);
  else window.clearTimeout(id);
}
