// The lost work the red screen names (app/shell/store-loss-screen.tsx), kept outside React and without
// Dexie as the outbox's counts are (drain-status.ts): the device's health check (device-health.ts)
// fills it once it has found work the server never got.

export interface StoreLoss {
  /** The lost entries' sequence numbers (none when only the browser said it lost data). */
  missing: number[];
  /** The lost work was done after / before these times (ms), where the device knows. */
  after: number | null;
  before: number | null;
  /** The browser said, opening the store, that it had lost its data (IndexedDB `dataLoss`). */
  browserSaid: boolean;
  /** The person has read it: it is not shown again for these entries. */
  confirm: () => Promise<void>;
}

let state: StoreLoss | null = null;
const listeners = new Set<() => void>();

export const getStoreLoss = (): StoreLoss | null => state;

export function setStoreLoss(loss: StoreLoss | null): void {
  state = loss;
  listeners.forEach((l) => l());
}

export function subscribeStoreLoss(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
