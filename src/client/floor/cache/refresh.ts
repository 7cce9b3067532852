// Refreshing the floor caches: every part pulled from the server (paged parts resumable), stored, and
// the in-memory index rebuilt once at the end. Triggers: start and sign-in, the `online` event, and a
// timer. One refresh at a time across tabs (a Web Lock); a refresh offline simply fails and the cache
// stays as it was. Nothing here runs on a scan's path.
import type { Envelope } from '@shared/contracts/envelope.js';
import {
  CACHE_PAGE_MAX,
  CACHE_PARTS,
  FLOOR_CACHE_API,
  PAGED_PARTS,
  type CachePage,
  type CachePageRequest,
  type CachePart,
} from '@shared/contracts/floor/cache.js';
import { getSession, subscribeSession } from '../../api/session.js';
import type { FieldtraceDb } from '../../offline/db.js';
import { pruneSent } from '../../offline/outbox-prune.js';
import { withLock } from '../../offline/web-lock.js';
import { forgetFloorCache, reloadFloorCache } from './floor-cache.js';
import { packSeries, type CachePartRow, type ChunkData } from './rows.js';
import { commitFill, dropPending, newFillId, partRow, storePage } from './store.js';

export const REFRESH_EVERY_MS = 10 * 60_000;
/** A fill older than this starts again rather than resume (its first pages would be too stale). */
export const RESUME_WITHIN_MS = 60 * 60_000;
const LOCK = 'fieldtrace-floor-cache';

export type FetchPart = (part: CachePart, body: CachePageRequest | undefined) => Promise<Envelope<unknown>>;

export interface RefreshOptions {
  db?: FieldtraceDb;
  fetchPart?: FetchPart;
  /** Whose cache: the signed-in user unless given. */
  owner?: number | null;
  now?: () => number;
  pageSize?: number;
  /** Asks the browser to keep our storage (navigator.storage.persist), once per page life. */
  persist?: () => Promise<unknown>;
}

export interface RefreshReport {
  /** 'skipped': nobody signed in, or another tab is refreshing. */
  outcome: 'done' | 'failed' | 'skipped';
  /** Parts refreshed this time. */
  refreshed: CachePart[];
  /** The server's answer that stopped the refresh (offline: code '0'). */
  stoppedBy?: { part: CachePart; code: string; message: string };
}

const defaultFetch: FetchPart = async (part, body) => {
  const { call } = await import('../../api/call.js');
  const e = FLOOR_CACHE_API[part];
  return (call as (e: unknown, b: unknown) => Promise<Envelope<unknown>>)(e, e.method === 'GET' ? undefined : body);
};

let persistAsked = false;
async function askPersist(persist?: () => Promise<unknown>) {
  if (persistAsked) return;
  persistAsked = true;
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  await (persist ?? (() => (storage?.persist ? storage.persist() : Promise.resolve(false))))().catch(() => undefined);
}

/** Pulls one part into a new fill (continuing a pending one) and switches to it; the refusal, if any. */
async function refreshPart(
  db: FieldtraceDb,
  row: CachePartRow,
  fetchPart: FetchPart,
  now: number,
  pageSize: number,
): Promise<Envelope<unknown> | null> {
  const paged = (PAGED_PARTS as readonly string[]).includes(row.part);
  if (row.pending && (!paged || now - row.pending.startedAt > RESUME_WITHIN_MS)) await dropPending(db, row);
  row.pending ??= { fill: newFillId(), seq: 0, after: null, asOf: null, startedAt: now };
  for (;;) {
    const answer = await fetchPart(row.part, paged ? { After: row.pending.after, PageSize: pageSize } : undefined);
    if (answer.ResponseCode !== '200') return answer;
    const page = answer.ResponseData as CachePage<object> & { AsOf: string };
    const next = paged ? page.Next : null;
    row.pending = { ...row.pending, after: next, asOf: row.pending.asOf ?? Date.parse(page.AsOf) };
    await storePage(db, row, (paged ? packSeries(page.Series) : page) as ChunkData[CachePart]);
    if (!next) {
      await commitFill(db, row);
      return null;
    }
  }
}

/** Pulls every part; resolves (never rejects) with what was done. */
export async function refreshFloorCache(o: RefreshOptions = {}): Promise<RefreshReport> {
  const owner = o.owner === undefined ? (getSession()?.UserId ?? null) : o.owner;
  if (owner === null) return { outcome: 'skipped', refreshed: [] };
  void askPersist(o.persist);
  const report = await withLock(
    LOCK,
    async (): Promise<RefreshReport> => {
      const db = o.db ?? (await import('../../offline/db.js')).localDb;
      const fetchPart = o.fetchPart ?? defaultFetch;
      const refreshed: CachePart[] = [];
      let stoppedBy: RefreshReport['stoppedBy'];
      // When the oldest of the fills now committed began (a resumed fill began in an earlier refresh).
      let cacheFrom = Number.POSITIVE_INFINITY;
      for (const part of CACHE_PARTS) {
        try {
          const row = await partRow(db, part, owner);
          const refusal = await refreshPart(db, row, fetchPart, (o.now ?? Date.now)(), o.pageSize ?? CACHE_PAGE_MAX);
          if (refusal) stoppedBy = { part, code: String(refusal.ResponseCode), message: refusal.ResponseMessage };
          else cacheFrom = Math.min(cacheFrom, row.pending?.startedAt ?? Number.NEGATIVE_INFINITY);
        } catch (e) {
          // Storage full or closed: the part keeps what it had; the next trigger tries again.
          stoppedBy = { part, code: 'error', message: e instanceof Error ? e.message : String(e) };
        }
        if (stoppedBy) break;
        refreshed.push(part);
      }
      // Published only while its user is still the one signed in (another may have signed in meanwhile).
      const stillOwner = o.owner !== undefined || (getSession()?.UserId ?? null) === owner;
      if (refreshed.length > 0 && stillOwner) await reloadFloorCache({ db, owner }).catch(() => undefined);
      // Every part is now as new as cacheFrom, and in use: the work sent before it is in the cache.
      if (!stoppedBy && stillOwner)
        await pruneSent(db, { owner, cacheFrom, now: (o.now ?? Date.now)() }).catch(() => undefined);
      return stoppedBy ? { outcome: 'failed', refreshed, stoppedBy } : { outcome: 'done', refreshed };
    },
    { ifAvailable: true },
  );
  return report ?? { outcome: 'skipped', refreshed: [] };
}

export interface StartOptions extends RefreshOptions {
  everyMs?: number;
  /** Where `online` is heard (the window). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  online?: () => boolean;
}

/**
 * Keeps the floor cache fresh: at once, when a user signs in, when the network returns and every
 * `everyMs`. Offline ticks are skipped. Gives the function that stops it.
 */
export function startFloorCacheRefresh(o: StartOptions = {}): () => void {
  const online = o.online ?? (() => typeof navigator === 'undefined' || navigator.onLine);
  const events = o.events ?? (typeof window === 'undefined' ? undefined : window);
  let running: Promise<RefreshReport> | null = null;
  let user = getSession()?.UserId ?? null;
  const run = () => {
    if (!online() || running) return;
    const startedFor = user;
    running = refreshFloorCache(o).finally(() => {
      running = null;
      // A user who signed in while the last user's refresh ran gets theirs now.
      if (user !== startedFor && user !== null) run();
    });
  };
  const unsubscribe = subscribeSession(() => {
    const now = getSession()?.UserId ?? null;
    if (now === user) return;
    user = now;
    // Another user's (or a signed-out) device shows nothing of the last user's cache.
    forgetFloorCache();
    if (now === null) return;
    void reloadFloorCache({ db: o.db, owner: now }).catch(() => undefined);
    run();
  });
  events?.addEventListener('online', run);
  const timer = setInterval(run, o.everyMs ?? REFRESH_EVERY_MS);
  run();
  return () => {
    clearInterval(timer);
    events?.removeEventListener('online', run);
    unsubscribe();
  };
}
