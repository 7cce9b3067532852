// Sends one outbox entry to the server: its call, its payload, its id as the Idempotency-Key, the
// stored session's token (refreshed once on a 401, shared with the page: api/token-refresh.ts), and
// the answer classified by offline/outbox-rules.ts. No window and no page state, so the service
// worker and the page drain the same outbox with this same code.
import { API_BASE, refreshTokens, storedTokens, type TokenStore } from '../api/token-refresh.js';
import type { OutboxEntry } from './outbox-entry.js';
import { classify, type Outcome } from './outbox-rules.js';

export interface TransportOptions {
  store?: TokenStore;
  fetch?: typeof fetch;
  /** Empty in the browser (same origin); a server's address in tests. */
  origin?: string;
  now?: () => number;
}

const signIn = (message: string): Outcome => ({ kind: 'signin', answer: { code: '401', message, data: null } });

export function outboxTransport(o: TransportOptions = {}): (entry: OutboxEntry) => Promise<Outcome> {
  const store = o.store ?? storedTokens;
  const fetchFn = o.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = o.now ?? Date.now;
  const post = (entry: OutboxEntry, token: string) => fetchFn(`${o.origin ?? ''}${API_BASE}${entry.endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': entry.key ?? entry.id },
    body: JSON.stringify(entry.payload),
  });

  return async (entry) => {
    const pair = await store.read();
    if (!pair) return signIn('Please sign in again.');
    let res: Response;
    try {
      res = await post(entry, pair.Token);
      if (res.status === 401) {
        const refreshed = await refreshTokens(pair.Token, { store, fetch: fetchFn, origin: o.origin ?? '' });
        if (!refreshed.ok) return refreshed.reason === 'ended' ? signIn('Please sign in again.') : classify(0, null);
        res = await post(entry, refreshed.pair.Token);
      }
    } catch {
      return classify(0, null);
    }
    const body = await res.json().catch(() => null);
    return classify(res.status, body, res.headers.get('retry-after'), now());
  };
}
