// Work that can wait until the page is drawn and the main thread is free (the menu cache).
// Safari has no requestIdleCallback: a timer stands in.
const IDLE_TIMEOUT_MS = 3000;

export function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS });
  else window.setTimeout(fn, 500);
}
