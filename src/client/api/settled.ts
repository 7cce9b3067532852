// A request whose answer a render can read synchronously once it is in: the early menu and the early
// first page of a list are asked for before their screen mounts, which then draws at once with them.
export interface Settling<T> {
  /** Resolves after `settled` is set, so anything awaiting it already sees the value. */
  answer: Promise<T>;
  settled?: T;
}

/** `fields` with the request's answer attached; `settled` is set on this very object when it comes. */
export function settling<T, F extends object>(fields: F, request: Promise<T>): F & Settling<T> {
  const s: F & Settling<T> = Object.assign(fields, {
    answer: request.then((value) => {
      s.settled = value;
      return value;
    }),
  });
  return s;
}
