// The outbox entries this page has just queued, told to the screens' local work (use-local-work.ts): a
// carton closed counts in the next scan's check only once the outbox has been read up to it, so the
// screen waits for that read (a few ms) instead of judging the scan without it.
type Listener = (seq: number) => void;

const listeners = new Set<Listener>();

/** Says that the outbox entry `seq` has been written (its transaction is done). */
export function noteQueued(seq: number): void {
  listeners.forEach((l) => l(seq));
}

export function subscribeQueued(l: Listener): () => void {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}
