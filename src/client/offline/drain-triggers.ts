// What wakes the page's drainer (DESIGN section 5): the start, the `online` event, the page becoming
// visible again (a handheld woken from its sleep), the server reached again after a push found no
// server (the app's health probe), a timer while entries wait (sooner when the head's backoff ends
// first), a floor screen that has just queued work (kickOutbox), and the user's Send now. Background
// Sync is registered where the browser has it, so
// the service worker drains too, but never as the only trigger (FLOOR.md: Workbox #3335). The counts
// the header shows come from a live query here, so the shell itself never loads Dexie.
import { liveQuery } from 'dexie';
import { localDb, type FieldtraceDb } from './db.js';
import { setOutboxStatus } from './drain-status.js';
import { checkDevice, checkStore, reportDevice } from './device-health.js';
import { deviceIdentity } from './device-identity.js';
import { drainForSignedIn, nextTry, OUTBOX_SYNC_TAG, queueHead, signedInUser, type Wake } from './drain-run.js';
import { onServerReached, reportNetwork } from './network-status.js';
import { openCounts, type DrainReport, type OpenCounts, type Send } from './outbox.js';

/** While entries wait the queue is looked at this often, whatever else wakes it. */
export const HEARTBEAT_MS = 30_000;
/** Another context (a tab, the worker) holds the drain: look again this soon, in case it stopped
 *  just before an entry this page queued. */
export const LOCK_RETRY_MS = 3_000;
/** A device with nothing to send still reports this often while the app is open (Devices' last seen). */
export const REPORT_EVERY_MS = 15 * 60_000;

/** The device's health (offline/device-health.ts): its id made before the first push, the start's
 *  check for lost work, the same check before every drain, and a report after every drain. */
export interface Health {
  prepare: () => Promise<unknown>;
  check: () => Promise<void>;
  guard: () => Promise<void>;
  report: () => Promise<unknown>;
}

const deviceHealth = (db: FieldtraceDb): Health => ({
  prepare: () => deviceIdentity(db),
  check: () => checkDevice({ db }),
  guard: () => checkStore(db),
  report: () => reportDevice({ db }),
});

export interface SyncOptions {
  db?: FieldtraceDb;
  send?: Send;
  now?: () => number;
  /** False while the browser knows it is offline: no drain then (it would only count failed tries). */
  online?: () => boolean;
  /** Where `online` is heard (the window). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Where `visibilitychange` is heard (the document), and whether the page is visible now. */
  page?: { events: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>; visible: () => boolean } | null;
  health?: Health;
  /** The stored session's user, unless given. */
  userId?: () => Promise<number | null>;
  /** Asks the service worker for a Background Sync; the default does so where the browser can. */
  registerSync?: () => Promise<void>;
  /** A push found no server: the app's network state hears it (and probes the server's health). */
  serverLost?: () => void;
  /** Calls back each time the server is reached again (the health probe, any call answered). */
  serverReached?: (listener: () => void) => () => void;
  heartbeatMs?: number;
  lockRetryMs?: number;
}

interface Sync {
  stop: () => void;
  run: (wake?: Wake) => Promise<void>;
  /** Resolves once the user is known and the counts are being watched. */
  ready: Promise<void>;
}

let current: Sync | null = null;

/** Asks the browser to wake the service worker with the outbox's tag once it has a network. */
async function registerBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (typeof ServiceWorkerRegistration === 'undefined' || !('sync' in ServiceWorkerRegistration.prototype)) return;
  // getRegistration, not ready: without a worker (development) ready would never settle.
  const reg = (await navigator.serviceWorker.getRegistration()) as
    (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
  await reg?.sync?.register(OUTBOX_SYNC_TAG);
}

function createSync(o: SyncOptions): Sync {
  const db = o.db ?? localDb;
  const now = o.now ?? Date.now;
  const online = o.online ?? (() => navigator.onLine);
  const events = o.events ?? window;
  const registerSync = o.registerSync ?? registerBackgroundSync;
  const serverLost = o.serverLost ?? (() => reportNetwork(false));
  const heartbeatMs = o.heartbeatMs ?? HEARTBEAT_MS;
  const lockRetryMs = o.lockRetryMs ?? LOCK_RETRY_MS;
  const health = o.health ?? deviceHealth(db);
  const page =
    o.page === undefined
      ? typeof document === 'undefined'
        ? null
        : { events: document, visible: () => document.visibilityState === 'visible' }
      : o.page;
  let lastReport = now();
  const reportHealth = () => {
    lastReport = now();
    void health.report().catch(() => undefined);
  };
  let stopped = false;
  let userId: number | null = null;
  let running: Promise<void> | null = null;
  let again: Wake | 'plain' | null = null;
  let soon: ReturnType<typeof setTimeout> | null = null;
  let signInNeeded = false;

  const wakeSoon = (ms: number) => {
    if (stopped) return;
    if (soon !== null) clearTimeout(soon);
    soon = setTimeout(
      () => {
        soon = null;
        void run();
      },
      Math.max(0, ms),
    );
  };

  /** After a drain: when to look again, and whether to ask the worker to wake on the network's return. */
  const afterDrain = async (report: DrainReport | null) => {
    if (report === null) return wakeSoon(lockRetryMs);
    if (report.stopped === 'signin') return;
    const head = userId === null ? undefined : await queueHead(db, userId);
    if (head === undefined) return;
    wakeSoon(Math.min(heartbeatMs, Math.max(0, head.notBefore - now())));
    if (report.stopped !== 'retry') return;
    // No server answered: once the health probe reaches it again, the drain goes at once rather than
    // waiting out a backoff that may by then be minutes long.
    if (head.answer?.code === '0') serverLost();
    await registerSync().catch(() => undefined);
  };

  const drainOnce = async (wake: Wake | undefined) => {
    // Nothing waits (most ticks): no lock, no spinner in the header.
    const at = userId === null ? undefined : await nextTry(db, userId);
    if (at === undefined) return;
    if (!online()) {
      // Offline for sure: the worker is woken when the network is back, the page by `online`.
      await registerSync().catch(() => undefined);
      return;
    }
    if (!wake && at > now()) return wakeSoon(Math.min(heartbeatMs, at - now()));
    // Lost work is named before this push's answer can hide it (device-health.ts).
    await health.guard().catch(() => undefined);
    setOutboxStatus({ draining: true });
    let asked = false;
    const report = await drainForSignedIn({
      db,
      userId,
      now,
      ...(o.send ? { send: o.send } : {}),
      ...(wake ? { wake } : {}),
      onSignIn: () => (asked = true),
    }).catch((): DrainReport => ({ done: 0, rejected: 0, stopped: 'retry' }));
    if (stopped) return;
    if (report !== null) signInNeeded = asked;
    setOutboxStatus({ draining: false, signInNeeded });
    // Every drain that ran tells the server how the device stands (Devices).
    if (report !== null && report.stopped !== 'signin') reportHealth();
    await afterDrain(report);
  };

  /** One drain at a time from this page; a call meanwhile drains again once it is over. */
  const run = (wake?: Wake): Promise<void> => {
    if (stopped || userId === null) return Promise.resolve();
    if (running) {
      again = again === 'all' || wake === 'all' ? 'all' : (wake ?? again ?? 'plain');
      return running;
    }
    running = (async () => {
      let next: Wake | undefined = wake;
      for (;;) {
        await drainOnce(next);
        if (stopped || again === null) break;
        // A tick or a kick that came during a drain which found the session gone knocks no more.
        if (signInNeeded && again === 'plain') {
          again = null;
          break;
        }
        next = again === 'plain' ? undefined : again;
        again = null;
      }
    })().finally(() => {
      running = null;
      setOutboxStatus({ draining: false });
    });
    return running;
  };

  // The heartbeat: entries written by another tab, or whose backoff ended, are never left waiting.
  // A session that has ended is not knocked on every 30 s: the user's sign-in starts a new sync.
  const heartbeat = setInterval(() => {
    if (signInNeeded) return;
    void run();
    if (online() && now() - lastReport >= REPORT_EVERY_MS) reportHealth();
  }, heartbeatMs);
  const onOnline = () => void run('network');
  events.addEventListener('online', onOnline);
  // Never only Background Sync (Android WebView has none): back in view, the page drains itself.
  const onVisible = () => {
    if (page?.visible()) void run('network');
  };
  page?.events.addEventListener('visibilitychange', onVisible);
  const unhearReached = (o.serverReached ?? onServerReached)(onOnline);

  let watch: { unsubscribe(): void } | null = null;
  const ready = (async () => {
    userId = await (o.userId ?? signedInUser)();
    if (stopped || userId === null) return;
    const uid = userId;
    // The counts are counted on the status indexes, without reading an entry: reading them whole on
    // each change cost a full shift (6,000 cartons) the main thread's time after every carton closed
    // (bench/floor-scan.bench.ts --queued 6000).
    watch = liveQuery(async () => {
      const [mine, all] = await Promise.all([openCounts(db, uid), openCounts(db)]);
      const open = (c: OpenCounts) => c.pending + c.sending + c.rejected;
      return {
        waiting: mine.pending + mine.sending,
        rejected: mine.rejected,
        otherUsers: open(all) - open(mine),
        sending: mine.sending > 0,
      };
    }).subscribe({
      next: ({ sending, ...counts }) =>
        setOutboxStatus({ ...counts, known: true, draining: sending || running !== null }),
      error: () => undefined,
    });
  })();

  const stop = () => {
    stopped = true;
    clearInterval(heartbeat);
    if (soon !== null) clearTimeout(soon);
    events.removeEventListener('online', onOnline);
    page?.events.removeEventListener('visibilitychange', onVisible);
    unhearReached();
    watch?.unsubscribe();
    setOutboxStatus({ draining: false, signInNeeded: false });
  };

  // At start the device has its id before anything is pushed, its store is checked for lost work, and
  // entries that failed for want of a network are tried at once (the app was just opened).
  void ready.then(async () => {
    if (userId === null || stopped) return;
    await health.prepare().catch(() => undefined);
    lastReport = now();
    void health.check().catch(() => undefined);
    return run('network');
  });
  return { stop, run, ready };
}

/**
 * Starts the page's drainer for the signed-in user (the shell calls this once it is drawn); answers the
 * stop, for sign-out. A second call while one runs is the same sync (StrictMode, a remount).
 */
export function startOutboxSync(o: SyncOptions = {}): () => void {
  const sync = current ?? createSync(o);
  current = sync;
  return () => {
    sync.stop();
    if (current === sync) current = null;
  };
}

/** A floor screen has just queued an entry (in the work's own transaction): send it now if it can go. */
export function kickOutbox(): Promise<void> {
  return current ? current.run() : Promise.resolve();
}

/** The user's Send now: every waiting entry goes at once, its backoff forgiven (not a server's
 *  Retry-After). Answers once this drain is over. */
export function sendOutboxNow(): Promise<void> {
  return current ? current.run('all') : Promise.resolve();
}

/** Resolves when the running sync knows its user and watches the counts (tests). */
export const outboxSyncReady = (): Promise<void> => current?.ready ?? Promise.resolve();
