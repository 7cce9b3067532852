// One lock per name across every page and the service worker (Web Locks); where a context has none
// (Node in the unit tests, old browsers) a lock per name within the context.
const held = new Map<string, Promise<unknown>>();

/** Runs fn holding `name`. With ifAvailable, gives null at once when someone else holds it;
 *  otherwise waits its turn. */
export function withLock<T>(name: string, fn: () => Promise<T>, o: { ifAvailable: true }): Promise<T | null>;
export function withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
export function withLock<T>(name: string, fn: () => Promise<T>, o: { ifAvailable?: boolean } = {}): Promise<T | null> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (locks) {
    return (
      o.ifAvailable
        ? locks.request(name, { ifAvailable: true }, (lock) => (lock ? fn() : null))
        : locks.request(name, fn)
    ) as Promise<T | null>;
  }
  const before = held.get(name);
  if (before && o.ifAvailable) return Promise.resolve(null);
  // Released before the caller hears the result, so its next call finds the lock free.
  const run = (before ?? Promise.resolve()).then(fn, fn).finally(() => {
    if (held.get(name) === tail) held.delete(name);
  });
  const tail: Promise<unknown> = run.catch(() => undefined);
  held.set(name, tail);
  return run;
}
