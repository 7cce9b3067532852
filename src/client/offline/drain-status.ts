// What the header and the Pending work screen show about the outbox, kept outside React and without
// Dexie: the shell draws the count from here at once, and the drain triggers (loaded after the first
// screen, offline/drain-triggers.ts) fill it from a live query of the outbox.

export interface OutboxStatusView {
  /** Entries of the signed-in user still to go (pending or sending). */
  waiting: number;
  /** Entries the server refused, waiting for the user to resend or discard them. */
  rejected: number;
  /** Waiting or rejected entries of other users of this device (sent after their own sign-in). */
  otherUsers: number;
  /** A drain runs: this page's, or another context's (an entry is being sent). */
  draining: boolean;
  /** The session has ended with entries waiting: the user must sign in again for them to go. */
  signInNeeded: boolean;
  /** False until the first count has been read (the header shows no number before that). */
  known: boolean;
}

export const NO_STATUS: OutboxStatusView = {
  waiting: 0,
  rejected: 0,
  otherUsers: 0,
  draining: false,
  signInNeeded: false,
  known: false,
};

let state = NO_STATUS;
const listeners = new Set<() => void>();

export const getOutboxStatus = (): OutboxStatusView => state;

export function setOutboxStatus(patch: Partial<OutboxStatusView>): void {
  const next = { ...state, ...patch };
  if ((Object.keys(next) as Array<keyof OutboxStatusView>).every((k) => next[k] === state[k])) return;
  state = next;
  listeners.forEach((l) => l());
}

export function subscribeOutboxStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
