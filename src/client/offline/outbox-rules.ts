// What an answer to an outbox entry means (DESIGN section 5, FLOOR.md): the server's answer, '200' or
// a business refusal, is final; no network, 5xx, 408, 409 (the key still at work) and 429 are tried
// again later; 401 waits for a sign-in. Nothing here ever drops an entry.
import type { OutboxAnswer } from './outbox-entry.js';

export type Outcome =
  /** Final: done when the code is '200', otherwise rejected with the server's reason. */
  | { kind: 'answered'; answer: OutboxAnswer }
  /** Not now: send again after `afterMs` (the server's Retry-After) or a backoff. */
  | { kind: 'retry'; answer: OutboxAnswer; afterMs?: number }
  /** The session is gone: the entry waits until the user signs in again. */
  | { kind: 'signin'; answer: OutboxAnswer };

interface Enveloped {
  ResponseCode?: unknown;
  ResponseMessage?: unknown;
  ResponseData?: unknown;
}

const isEnvelope = (b: unknown): b is { ResponseCode: string; ResponseMessage: string; ResponseData?: unknown } =>
  typeof b === 'object' &&
  b !== null &&
  typeof (b as Enveloped).ResponseCode === 'string' &&
  typeof (b as Enveloped).ResponseMessage === 'string';

/** Retry-After as seconds or an HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** `status` 0 is a request that got no answer at all (offline, DNS, reset). */
export function classify(status: number, body: unknown, retryAfter: string | null = null, now = Date.now()): Outcome {
  const answer: OutboxAnswer = isEnvelope(body)
    ? { code: body.ResponseCode, message: body.ResponseMessage, data: body.ResponseData ?? null }
    : { code: String(status), message: status === 0 ? 'No network connection.' : `HTTP ${status}`, data: null };
  if (status === 401) return { kind: 'signin', answer };
  if (status === 429 || status === 503) {
    const afterMs = retryAfterMs(retryAfter, now);
    return afterMs === undefined ? { kind: 'retry', answer } : { kind: 'retry', answer, afterMs };
  }
  if (status === 0 || status === 408 || status === 409 || status >= 500) return { kind: 'retry', answer };
  // A 200 that is not the envelope is not the server's answer (a captive portal's page, a proxy).
  if (status === 200 && !isEnvelope(body)) return { kind: 'retry', answer };
  return { kind: 'answered', answer };
}

/** Backoff before the next try after `attempts` failed ones: 2 s doubling to 5 minutes, the upper half
 *  at random so that many handhelds coming back together do not all knock at once. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(300_000, 2000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base / 2 + (random() * base) / 2);
}
