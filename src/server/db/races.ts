// What PostgreSQL answers when two transactions race, read out of a driver error (pg, PGlite, or
// Drizzle's wrapper): a deadlock or a serialization failure (nothing was done; run the work again),
// and a unique violation (another transaction took the key first).
import { uniqueViolation } from './errors.js';

interface PgErrorLike {
  code?: string;
  cause?: unknown;
}

/** deadlock_detected, serialization_failure: the work was undone whole and may simply run again. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);

export function retryable(err: unknown): boolean {
  let e = err as PgErrorLike | undefined;
  for (let depth = 0; e && depth < 3; depth++, e = e.cause as PgErrorLike | undefined) {
    if (e.code && RETRYABLE_CODES.has(e.code)) return true;
  }
  return false;
}

/** A write that lost a race for a unique key (the constraint's name, '' when the driver gives none). */
export const lostKey = (err: unknown): string | null => uniqueViolation(err);
