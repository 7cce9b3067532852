// What wakes the page's drainer, on IndexedDB (fake-indexeddb): the start, a kick after new work, a
// kick during a drain (never left behind), the `online` event (network failures go at once, a
// server's Retry-After does not), the server reached again after a push found none (its backoff not
// waited out), entries a killed tab left sending taken up at start under their own key, the timer at
// the end of a backoff, nothing while offline but a Background Sync asked for, a lost session asking
// for a sign-in once, other users' entries left alone.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FieldtraceDb } from '../../../../src/client/offline/db.js';
import { getOutboxStatus } from '../../../../src/client/offline/drain-status.js';
import {
  kickOutbox,
  outboxSyncReady,
  sendOutboxNow,
  startOutboxSync,
  type SyncOptions,
} from '../../../../src/client/offline/drain-triggers.js';
import { newEntry, type OutboxEntry } from '../../../../src/client/offline/outbox-entry.js';
import type { Outcome } from '../../../../src/client/offline/outbox-rules.js';
import { DRAIN_LOCK } from '../../../../src/client/offline/outbox.js';
import { withLock } from '../../../../src/client/offline/web-lock.js';
import { oneByOne } from '../../../helpers/outbox-script.js';

const ME = 7;
let db: FieldtraceDb;
let clock: number;
let n = 0;
let stop: (() => void) | undefined;
let events: EventTarget;
let isOnline: boolean;
let syncAsked: number;
let pageEvents: EventTarget;
let visible: boolean;
let reports: number;
let serverLost: number;
let reached: (() => void) | undefined;

beforeEach(async () => {
  db = new FieldtraceDb(`drain-triggers-${++n}`);
  await db.open();
  clock = 1_000_000;
  events = new EventTarget();
  isOnline = true;
  syncAsked = 0;
  pageEvents = new EventTarget();
  visible = true;
  reports = 0;
  serverLost = 0;
  reached = undefined;
});
afterEach(() => {
  stop?.();
  stop = undefined;
  db.close();
});

const ok: Outcome = { kind: 'answered', answer: { code: '200', message: 'Saved', data: null } };
const offline: Outcome = { kind: 'retry', answer: { code: '0', message: 'No network connection.', data: null } };
const slowDown: Outcome = {
  kind: 'retry',
  answer: { code: '429', message: 'Too many requests.', data: null },
  afterMs: 600_000,
};
const signIn: Outcome = { kind: 'signin', answer: { code: '401', message: 'Please sign in again.', data: null } };

async function queue(labels: string[], userId = ME): Promise<void> {
  const entries = labels.map((label, i) =>
    newEntry({ endpoint: 'SecondaryPacking/save', payload: { label }, label, userId }, clock + i, `key-${label}`),
  );
  await db.transaction('rw', db.outbox, () => db.outbox.bulkAdd(entries));
}

/** A server answering from a script (then ok), recording what it was sent. */
function server(...script: Outcome[]) {
  const sent: string[] = [];
  const send = oneByOne(async (e: OutboxEntry) => {
    sent.push(e.label);
    return script.shift() ?? ok;
  });
  return { sent, send };
}

async function start(send: SyncOptions['send'], extra: Partial<SyncOptions> = {}) {
  stop = startOutboxSync({
    db,
    send,
    events,
    now: () => clock,
    online: () => isOnline,
    userId: async () => ME,
    registerSync: async () => void (syncAsked += 1),
    serverLost: () => void (serverLost += 1),
    serverReached: (listener) => {
      reached = listener;
      return () => (reached = undefined);
    },
    heartbeatMs: 40,
    page: { events: pageEvents, visible: () => visible },
    // The device's report, counted (device-health.test.ts covers what it holds).
    health: {
      prepare: async () => undefined,
      check: async () => undefined,
      guard: async () => undefined,
      report: async () => void (reports += 1),
    },
    ...extra,
  });
  await outboxSyncReady();
}

const statuses = async () => (await db.outbox.orderBy(':id').toArray()).map((e) => `${e.label}:${e.status}`);
const settle = (ms = 150) => new Promise((r) => setTimeout(r, ms));

describe('the drain triggers', () => {
  it('drain at start, and show the counts', async () => {
    await queue(['c1', 'c2']);
    const s = server();
    await start(s.send);
    await expect.poll(() => s.sent).toEqual(['c1', 'c2']);
    await expect.poll(() => getOutboxStatus()).toMatchObject({ waiting: 0, rejected: 0, known: true, draining: false });
  });

  it('send work queued later at once when a floor screen kicks, even while a drain runs', async () => {
    const s = server();
    await start(s.send, { heartbeatMs: 60_000 });
    await queue(['c1']);
    await kickOutbox();
    expect(s.sent).toEqual(['c1']);
    // A kick while the drain is finishing must not be turned away by the lock and left behind.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = server();
    stop?.();
    await start(
      async (batch) => {
        await gate;
        return slow.send(batch);
      },
      { heartbeatMs: 60_000 },
    );
    await queue(['c2']);
    const first = kickOutbox();
    await settle(20);
    await queue(['c3']);
    const second = kickOutbox();
    release();
    await Promise.all([first, second]);
    expect(slow.sent).toEqual(['c2', 'c3']);
    expect(await statuses()).toEqual(['c1:done', 'c2:done', 'c3:done']);
  });

  it('on `online`, send at once what only lacked a network, but not what the server asked to wait for', async () => {
    await queue(['c1']);
    const s = server(offline);
    await start(s.send, { heartbeatMs: 60_000 });
    await expect.poll(() => s.sent).toEqual(['c1']);
    const [entry] = await db.outbox.toArray();
    expect(entry!.notBefore).toBeGreaterThan(clock);
    events.dispatchEvent(new Event('online'));
    await expect.poll(() => statuses()).toEqual(['c1:done']);
    expect(s.sent).toEqual(['c1', 'c1']);

    await queue(['c2']);
    const busy = server(slowDown);
    stop?.();
    await start(busy.send, { heartbeatMs: 60_000 });
    await expect.poll(() => busy.sent).toEqual(['c2']);
    events.dispatchEvent(new Event('online'));
    await settle();
    expect(busy.sent).toEqual(['c2']);
    // Send now forgives a backoff, never a Retry-After.
    await sendOutboxNow();
    expect(busy.sent).toEqual(['c2']);
  });

  it('send at once when the server is reached again after a push found none, not after the backoff', async () => {
    await queue(['c1', 'c2']);
    // Several pushes found no server (killed, restarting): the backoff has grown to minutes.
    await db.outbox.toCollection().modify({ attempts: 6 });
    const s = server(offline);
    await start(s.send, { heartbeatMs: 60_000 });
    await expect.poll(() => s.sent).toEqual(['c1']);
    const [entry] = await db.outbox.toArray();
    expect(entry!.notBefore - clock).toBeGreaterThan(30_000);
    await expect.poll(() => serverLost).toBe(1); // the app's health probe starts
    await settle();
    expect(s.sent).toEqual(['c1']);
    reached!(); // the probe reached the server
    await expect.poll(() => statuses()).toEqual(['c1:done', 'c2:done']);
    expect(s.sent).toEqual(['c1', 'c1', 'c2']);
  });

  it('a push answered by the server, even with a wait, is no lost server', async () => {
    await queue(['c1']);
    const s = server(slowDown);
    await start(s.send, { heartbeatMs: 60_000 });
    await expect.poll(() => s.sent).toEqual(['c1']);
    await settle();
    expect(serverLost).toBe(0);
    reached?.();
    await settle();
    expect(s.sent).toEqual(['c1']); // a Retry-After still stands
  });

  it('take up at start, under their own keys, the entries a killed tab left sending', async () => {
    await queue(['c1', 'c2', 'c3']);
    // The tab died mid-push: c1 and c2 were in it, perhaps applied; c3 was not yet sent.
    await db.outbox.filter((e) => e.label !== 'c3').modify({ status: 'sending', attempts: 1 });
    const keys: string[] = [];
    const s = server();
    await start(async (batch) => {
      keys.push(...batch.map((e) => e.key ?? e.id));
      return s.send(batch);
    });
    await expect.poll(() => statuses()).toEqual(['c1:done', 'c2:done', 'c3:done']);
    expect(s.sent).toEqual(['c1', 'c2', 'c3']);
    expect(keys).toEqual(['key-c1', 'key-c2', 'key-c3']);
    await expect.poll(() => getOutboxStatus()).toMatchObject({ waiting: 0, draining: false });
  });

  it("try again by the timer once the entry's backoff is over, not before", async () => {
    await queue(['c1', 'c2']);
    const s = server(offline);
    await start(s.send);
    await expect.poll(() => s.sent).toEqual(['c1']);
    await settle();
    expect(s.sent).toEqual(['c1']);
    expect(getOutboxStatus()).toMatchObject({ waiting: 2 });
    clock += 300_000;
    await expect.poll(() => s.sent).toEqual(['c1', 'c1', 'c2']);
    expect(syncAsked).toBeGreaterThan(0); // the worker is asked to wake on the network's return too
  });

  it('send nothing while offline, ask for a Background Sync, and drain on `online`', async () => {
    isOnline = false;
    await queue(['c1']);
    const s = server();
    await start(s.send);
    await expect.poll(() => syncAsked).toBeGreaterThan(0);
    await settle();
    expect(s.sent).toEqual([]);
    expect(getOutboxStatus()).toMatchObject({ waiting: 1 });
    isOnline = true;
    events.dispatchEvent(new Event('online'));
    await expect.poll(() => statuses()).toEqual(['c1:done']);
    await expect.poll(() => getOutboxStatus().waiting).toBe(0);
  });

  it('ask for a sign-in when the session is gone, keep the entries, and not knock again on every tick', async () => {
    await queue(['c1', 'c2']);
    const s = server(signIn, signIn);
    await start(s.send);
    await expect.poll(() => getOutboxStatus().signInNeeded).toBe(true);
    await settle();
    expect(s.sent).toEqual(['c1']);
    expect(await statuses()).toEqual(['c1:pending', 'c2:pending']);
    // A sign-in starts a new sync (the shell mounts again): the entries go.
    stop?.();
    expect(getOutboxStatus().signInNeeded).toBe(false);
    await start(server().send);
    await expect.poll(() => statuses()).toEqual(['c1:done', 'c2:done']);
  });

  it("leave another user's entries on the device for that user's sign-in", async () => {
    await queue(['theirs'], 99);
    await queue(['mine']);
    const s = server();
    await start(s.send);
    await expect.poll(() => statuses()).toEqual(['theirs:pending', 'mine:done']);
    expect(s.sent).toEqual(['mine']);
    await expect.poll(() => getOutboxStatus()).toMatchObject({ waiting: 0, otherUsers: 1 });
  });

  it('look again soon when another context holds the drain', async () => {
    await queue(['c1']);
    const s = server();
    let release!: () => void;
    const held = withLock(DRAIN_LOCK, () => new Promise<void>((r) => (release = r)));
    await start(s.send, { heartbeatMs: 60_000, lockRetryMs: 30 });
    await settle(60);
    expect(s.sent).toEqual([]);
    release();
    await held;
    await expect.poll(() => s.sent).toEqual(['c1']);
  });

  it('drain when the page is shown again (a handheld woken), without waiting for the timer or Background Sync', async () => {
    await queue(['c1']);
    const s = server(offline);
    await start(s.send, { heartbeatMs: 60_000 });
    await expect.poll(() => statuses()).toEqual(['c1:pending']);
    // Hidden: nothing. Shown again: what only lacked a network goes at once, backoff forgiven.
    visible = false;
    pageEvents.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(s.sent).toEqual(['c1']);
    visible = true;
    pageEvents.dispatchEvent(new Event('visibilitychange'));
    await expect.poll(() => statuses()).toEqual(['c1:done']);
    expect(s.sent).toEqual(['c1', 'c1']);
    expect(syncAsked).toBe(1);
  });

  it('report the device after every drain that ran, not on ticks with nothing to send', async () => {
    await queue(['c1']);
    await start(server().send);
    await expect.poll(() => statuses()).toEqual(['c1:done']);
    await expect.poll(() => reports).toBe(1);
    await settle();
    expect(reports).toBe(1);
    await queue(['c2']);
    await kickOutbox();
    await expect.poll(() => reports).toBe(2);
  });

  it('count rejected entries apart from waiting ones', async () => {
    await queue(['c1', 'c2']);
    const s = server({
      kind: 'answered',
      answer: { code: '400', message: 'Carton Full', data: { Items: [{ Code: 'PID1', Reason: 'already packed' }] } },
    });
    await start(s.send);
    await expect.poll(() => getOutboxStatus()).toMatchObject({ waiting: 0, rejected: 1 });
  });
});
