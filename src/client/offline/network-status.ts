// The device's view of the network: the browser's online flag, and whether the last API call failed
// on the network (a dead Wi-Fi can still report a link). The header and the lists read it.
import { useSyncExternalStore } from 'react';

// While a failure stands, the server's health is probed this often so the state clears by itself.
const PROBE_MS = 10_000;

let failed = false;
let probe: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();
const reachedListeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export const isOnline = (): boolean => navigator.onLine && !failed;

function scheduleProbe() {
  if (probe !== null) return;
  probe = setTimeout(() => {
    probe = null;
    if (!failed) return;
    void fetch('/API/health', { cache: 'no-store' }).then(
      (res) => reportNetwork(res.ok || res.status < 500),
      () => reportNetwork(false),
    );
  }, PROBE_MS);
}

/** Called by the HTTP client after every call: `false` when it failed on the network. */
export function reportNetwork(reached: boolean): void {
  if (!reached) scheduleProbe();
  if (failed === !reached) return;
  failed = !reached;
  notify();
  if (reached) reachedListeners.forEach((l) => l());
}

/** Calls `listener` each time the server is reached again after a failure (the health probe, or any
 *  call answered); answers the unsubscribe. The outbox's drainer wakes on it. */
export function onServerReached(listener: () => void): () => void {
  reachedListeners.add(listener);
  return () => reachedListeners.delete(listener);
}

const onOnline = () => {
  failed = false;
  notify();
};

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', notify);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', notify);
    }
  };
}

/** True while the device can reach the server as far as we know; re-renders on every change. */
export const useOnline = (): boolean => useSyncExternalStore(subscribe, isOnline, () => true);
