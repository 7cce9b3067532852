// One token refresh at a time across every page and the service worker. Refresh tokens rotate, and a
// spent one presented again more than a few seconds later ends the whole sign-in (server/auth/tokens.ts),
// so two contexts refreshing with the same stored token would sign the user out. Under a Web Lock the
// stored pair is read again: if another context has refreshed meanwhile, its pair is used as it is.
// Needs no window and no page state: the worker's outbox transport uses it as the page does.
import type { Envelope } from '@shared/contracts/envelope.js';
import { readKv, writeKv } from '../offline/kv-direct.js';
import { withLock } from '../offline/web-lock.js';

export const API_BASE = '/API/api/';
export const REFRESH_LOCK = 'fieldtrace-token-refresh';

export interface TokenPair {
  Token: string;
  RefreshToken: string;
}

/** Where the pair lives: the stored session (offline/db.ts kv 'session'), readable from any context. */
export interface TokenStore {
  read(): Promise<TokenPair | null>;
  /** Writes the new pair into the stored session; false when there is none any more (signed out). */
  write(pair: TokenPair): Promise<boolean>;
}

const SESSION_KEY = 'session';

export const storedTokens: TokenStore = {
  async read() {
    const s = (await readKv(SESSION_KEY)) as Partial<TokenPair> | undefined;
    return s?.Token && s.RefreshToken ? { Token: s.Token, RefreshToken: s.RefreshToken } : null;
  },
  async write(pair) {
    const s = (await readKv(SESSION_KEY)) as object | undefined;
    return s ? writeKv(SESSION_KEY, { ...s, ...pair }) : false;
  },
};

export type Refreshed = { ok: true; pair: TokenPair } | { ok: false; reason: 'ended' | 'offline' };

export interface RefreshOptions {
  store?: TokenStore;
  /** The context's fetch (the page's or the worker's). */
  fetch?: typeof fetch;
  /** Empty in the browser (same origin); a server's address in tests. */
  origin?: string;
}

/**
 * A fresh pair for a caller whose access token `stale` was refused: 'ended' when the sign-in is over
 * (refresh refused, or signed out meanwhile), 'offline' when the server could not be asked.
 */
export function refreshTokens(stale: string, o: RefreshOptions = {}): Promise<Refreshed> {
  const store = o.store ?? storedTokens;
  const fetchFn = o.fetch ?? fetch;
  return withLock(REFRESH_LOCK, async (): Promise<Refreshed> => {
    const now = await store.read();
    if (!now) return { ok: false, reason: 'ended' };
    if (now.Token !== stale) return { ok: true, pair: now };
    let res: Response;
    try {
      res = await fetchFn(`${o.origin ?? ''}${API_BASE}Login/RefreshToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ RefreshToken: now.RefreshToken }),
      });
    } catch {
      return { ok: false, reason: 'offline' };
    }
    if (res.status >= 500 || res.status === 429) return { ok: false, reason: 'offline' };
    const body = (await res.json().catch(() => null)) as Envelope<TokenPair> | null;
    if (!res.ok || body?.ResponseCode !== '200') return { ok: false, reason: 'ended' };
    const pair = { Token: body.ResponseData.Token, RefreshToken: body.ResponseData.RefreshToken };
    return (await store.write(pair)) ? { ok: true, pair } : { ok: false, reason: 'ended' };
  });
}
