// Reads PostgreSQL's errors out of a driver error (pg, PGlite, or Drizzle's wrapper): a unique violation,
// text it cannot store. Here, not in http/, because domain rules read them too.
interface PgErrorLike {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

export function uniqueViolation(err: unknown): string | null {
  let e = err as PgErrorLike | undefined;
  for (let depth = 0; e && depth < 3; depth++, e = e.cause as PgErrorLike | undefined) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}

/** PostgreSQL refusing text it cannot store (a NUL byte, an untranslatable character). */
const UNSTORABLE_CODES = new Set(['22021', '22P05']);

export function unstorableText(err: unknown): boolean {
  let e = err as PgErrorLike | undefined;
  for (let depth = 0; e && depth < 3; depth++, e = e.cause as PgErrorLike | undefined) {
    if (e.code && UNSTORABLE_CODES.has(e.code)) return true;
  }
  return false;
}
