// The outbox's rules on IndexedDB (fake-indexeddb, the same API): in order, one drainer, a refusal
// final and the queue moving on, failures retried with backoff and Retry-After, a lost session waiting
// for sign-in, an entry interrupted mid-send sent again with its key, nothing ever dropped.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FieldtraceDb } from '../../../src/client/offline/db.js';
import { newEntry, type OutboxEntry } from '../../../src/client/offline/outbox-entry.js';
import { backoffMs, classify, retryAfterMs, type Outcome } from '../../../src/client/offline/outbox-rules.js';
import { discardEntry, drainOutbox, resendEntry, waitingCount, type Send } from '../../../src/client/offline/outbox.js';
import { oneByOne } from '../../helpers/outbox-script.js';

let db: FieldtraceDb;
let clock: number;
let n = 0;
beforeEach(async () => {
  db = new FieldtraceDb(`outbox-test-${++n}`);
  await db.open();
  clock = 1_000_000;
});
afterEach(() => db.close());

const ok = (message = 'Saved'): Outcome => ({ kind: 'answered', answer: { code: '200', message, data: null } });
const refused = (message: string, data: unknown = null): Outcome => ({
  kind: 'answered',
  answer: { code: '400', message, data },
});
const offline: Outcome = { kind: 'retry', answer: { code: '0', message: 'No network connection.', data: null } };

async function queue(...labels: string[]): Promise<OutboxEntry[]> {
  const entries = labels.map((label, i) =>
    newEntry({ endpoint: 'SecondaryPacking/save', payload: { label }, label, userId: 7 }, clock + i, `key-${label}`),
  );
  await db.transaction('rw', db.outbox, () => db.outbox.bulkAdd(entries));
  return entries;
}

/** A server that answers from a script, one outcome per call, and records what it was sent. */
function server(...script: Array<Outcome | ((e: OutboxEntry) => Outcome)>) {
  const sent: Array<{ id: string; attempts: number }> = [];
  const send = oneByOne(async (e: OutboxEntry) => {
    sent.push({ id: e.id, attempts: e.attempts });
    const next = script.shift() ?? ok();
    return typeof next === 'function' ? next(e) : next;
  });
  return { sent, send };
}
const statuses = async () => (await db.outbox.orderBy(':id').toArray()).map((e) => `${e.label}:${e.status}`);

describe('draining the outbox', () => {
  it('sends every entry once, in the order the work was done, each with its own key', async () => {
    await queue('c1', 'c2', 'c3');
    const s = server();
    expect(await drainOutbox({ db, send: s.send, now: () => clock })).toEqual({ done: 3, rejected: 0 });
    expect(s.sent).toEqual([
      { id: 'key-c1', attempts: 1 },
      { id: 'key-c2', attempts: 1 },
      { id: 'key-c3', attempts: 1 },
    ]);
    expect(await statuses()).toEqual(['c1:done', 'c2:done', 'c3:done']);
    expect(await waitingCount(db)).toBe(0);
  });

  it("keeps a refusal with the server's reason and items, and moves on", async () => {
    await queue('c1', 'c2');
    const s = server(refused('already Scanned', [{ Item: 'PID42' }]), ok());
    expect(await drainOutbox({ db, send: s.send, now: () => clock })).toEqual({ done: 1, rejected: 1 });
    const [first] = await db.outbox.toArray();
    expect(first).toMatchObject({
      status: 'rejected',
      answer: { code: '400', message: 'already Scanned', data: [{ Item: 'PID42' }] },
    });
    expect(await statuses()).toEqual(['c1:rejected', 'c2:done']);
  });

  it('stops at a failure that may pass, keeps the order, and tries again after the backoff', async () => {
    await queue('c1', 'c2');
    const s = server(offline);
    expect(await drainOutbox({ db, send: s.send, now: () => clock, random: () => 0.5 })).toEqual({
      done: 0,
      rejected: 0,
      stopped: 'retry',
    });
    const [first] = await db.outbox.toArray();
    expect(first).toMatchObject({ status: 'pending', attempts: 1, notBefore: clock + backoffMs(1, () => 0.5) });
    // Before the backoff is over nothing goes out, not even the entry behind it.
    clock += 1000;
    expect(await drainOutbox({ db, send: s.send, now: () => clock })).toEqual({
      done: 0,
      rejected: 0,
      stopped: 'backoff',
    });
    expect(s.sent.map((x) => x.id)).toEqual(['key-c1']);
    clock += 10_000;
    expect(await drainOutbox({ db, send: s.send, now: () => clock })).toEqual({ done: 2, rejected: 0 });
    expect(s.sent).toEqual([
      { id: 'key-c1', attempts: 1 },
      { id: 'key-c1', attempts: 2 },
      { id: 'key-c2', attempts: 1 },
    ]);
  });

  it("waits as long as the server's Retry-After says", async () => {
    await queue('c1');
    const s = server({
      kind: 'retry',
      answer: { code: '429', message: 'Too many requests.', data: null },
      afterMs: 30_000,
    });
    await drainOutbox({ db, send: s.send, now: () => clock });
    expect((await db.outbox.toArray())[0]).toMatchObject({
      status: 'pending',
      notBefore: clock + 30_000,
      answer: { code: '429' },
    });
  });

  it('never drops an entry, however often it fails', async () => {
    await queue('c1');
    const s = server(...Array.from({ length: 25 }, () => offline));
    for (let i = 0; i < 25; i++) {
      clock += 400_000;
      await drainOutbox({ db, send: s.send, now: () => clock, random: () => 1 });
    }
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'pending', attempts: 25 });
    clock += 400_000;
    expect(await drainOutbox({ db, send: s.send, now: () => clock })).toEqual({ done: 1, rejected: 0 });
  });

  it('a thrown send (a bug, a worker killed) counts as a failure to retry, not a loss', async () => {
    await queue('c1');
    const s = server(() => {
      throw new Error('fetch aborted');
    });
    expect((await drainOutbox({ db, send: s.send, now: () => clock }))?.stopped).toBe('retry');
    expect((await db.outbox.toArray())[0]).toMatchObject({
      status: 'pending',
      answer: { code: '0', message: 'fetch aborted' },
    });
  });

  it('keeps the entries and asks for a sign-in when the session is gone', async () => {
    await queue('c1', 'c2');
    let asked = 0;
    const s = server({ kind: 'signin', answer: { code: '401', message: 'Please sign in again.', data: null } });
    expect(await drainOutbox({ db, send: s.send, now: () => clock, onSignIn: () => (asked += 1) })).toMatchObject({
      stopped: 'signin',
    });
    expect(asked).toBe(1);
    expect(await statuses()).toEqual(['c1:pending', 'c2:pending']);
    expect(await drainOutbox({ db, send: s.send, now: () => clock })).toEqual({ done: 2, rejected: 0 });
  });

  it('sends again, with the same key, an entry whose drainer died mid-send', async () => {
    const [entry] = await queue('c1');
    await db.outbox.where('id').equals(entry!.id).modify({ status: 'sending', attempts: 1 });
    const s = server();
    expect(await drainOutbox({ db, send: s.send, now: () => clock })).toEqual({ done: 1, rejected: 0 });
    expect(s.sent).toEqual([{ id: 'key-c1', attempts: 2 }]);
  });

  it('runs one drainer at a time: a second call while one runs sends nothing', async () => {
    await queue('c1', 'c2');
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const sent: string[] = [];
    const slow = oneByOne(async (e: OutboxEntry) => {
      sent.push(e.id);
      await gate;
      return ok();
    });
    const first = drainOutbox({ db, send: slow, now: () => clock });
    await expect.poll(() => sent.length).toBe(1);
    expect(await drainOutbox({ db, send: slow, now: () => clock })).toBeNull();
    release();
    expect(await first).toEqual({ done: 2, rejected: 0 });
    expect(sent).toEqual(['key-c1', 'key-c2']);
  });

  it('lets the user send a rejected entry again in its place, or discard it; nothing else', async () => {
    await queue('c1', 'c2');
    await drainOutbox({ db, send: server(refused('Carton Full')).send, now: () => clock });
    expect(await discardEntry(db, 'key-c2')).toBe(false); // done entries are not the user's to drop
    expect(await resendEntry(db, 'key-c1')).toBe(true);
    expect(await waitingCount(db)).toBe(1);
    await drainOutbox({ db, send: server(refused('Carton Full')).send, now: () => clock });
    expect(await discardEntry(db, 'key-c1')).toBe(true);
    expect(await statuses()).toEqual(['c2:done']);
  });
});

describe('pushes of many entries', () => {
  it('sends consecutive entries together, up to the batch size, and records each answer', async () => {
    await queue('c1', 'c2', 'c3', 'c4', 'c5');
    const pushes: string[][] = [];
    const send: Send = async (batch) => {
      pushes.push(batch.map((e) => e.id));
      return batch.map((e) => (e.id === 'key-c2' ? refused('Carton Full') : ok()));
    };
    expect(await drainOutbox({ db, send, now: () => clock, batchSize: 3 })).toEqual({ done: 4, rejected: 1 });
    expect(pushes).toEqual([
      ['key-c1', 'key-c2', 'key-c3'],
      ['key-c4', 'key-c5'],
    ]);
    expect(await statuses()).toEqual(['c1:done', 'c2:rejected', 'c3:done', 'c4:done', 'c5:done']);
  });

  it('stops at the first answer that is not final: those after it go back untouched, not counted as tried', async () => {
    await queue('c1', 'c2', 'c3');
    const send: Send = async () => [ok(), offline];
    expect(await drainOutbox({ db, send, now: () => clock, random: () => 0.5 })).toEqual({
      done: 1,
      rejected: 0,
      stopped: 'retry',
    });
    expect((await db.outbox.orderBy(':id').toArray()).map((e) => [e.label, e.status, e.attempts, e.notBefore])).toEqual(
      [
        ['c1', 'done', 1, 0],
        ['c2', 'pending', 1, clock + backoffMs(1, () => 0.5)],
        ['c3', 'pending', 0, 0],
      ],
    );
  });

  it('an entry the server did not answer is tried again, not taken as done', async () => {
    await queue('c1', 'c2');
    const send: Send = async () => [ok()];
    expect(await drainOutbox({ db, send, now: () => clock })).toMatchObject({ done: 1, stopped: 'retry' });
    expect((await db.outbox.orderBy(':id').toArray())[1]).toMatchObject({ status: 'pending', answer: { code: '0' } });
  });

  it('after a try that reached no server, sends the head alone, then full pushes once it is answered', async () => {
    await queue('c1', 'c2', 'c3', 'c4');
    const pushes: string[][] = [];
    let reachable = false;
    const send: Send = async (batch) => {
      pushes.push(batch.map((e) => e.id));
      return reachable ? batch.map(() => ok()) : [offline];
    };
    const drain = () => drainOutbox({ db, send, now: () => clock, batchSize: 3, random: () => 0.5 });
    expect(await drain()).toMatchObject({ done: 0, stopped: 'retry' });
    clock += 60_000;
    expect(await drain()).toMatchObject({ done: 0, stopped: 'retry' });
    reachable = true;
    clock += 60_000;
    expect(await drain()).toEqual({ done: 4, rejected: 0 });
    expect(pushes).toEqual([['key-c1', 'key-c2', 'key-c3'], ['key-c1'], ['key-c1'], ['key-c2', 'key-c3', 'key-c4']]);
    expect(await statuses()).toEqual(['c1:done', 'c2:done', 'c3:done', 'c4:done']);
  });

  it('does not take along an entry whose own backoff is not over', async () => {
    await queue('c1', 'c2', 'c3');
    await db.outbox
      .where('id')
      .equals('key-c2')
      .modify({ notBefore: clock + 60_000 });
    const pushes: string[][] = [];
    const send: Send = async (batch) => (pushes.push(batch.map((e) => e.id)), batch.map(() => ok()));
    expect(await drainOutbox({ db, send, now: () => clock })).toEqual({ done: 1, rejected: 0, stopped: 'backoff' });
    expect(pushes).toEqual([['key-c1']]);
  });
});

describe('what an answer means', () => {
  const envelope = (code: string, message: string, data: unknown = null) => ({
    ResponseCode: code,
    ResponseMessage: message,
    ResponseData: data,
  });

  it('the envelope is final, success or refusal', () => {
    expect(classify(200, envelope('200', 'Saved', [1]))).toEqual({
      kind: 'answered',
      answer: { code: '200', message: 'Saved', data: [1] },
    });
    expect(classify(200, envelope('400', 'Carton Full'))).toEqual({
      kind: 'answered',
      answer: { code: '400', message: 'Carton Full', data: null },
    });
    // Protocol refusals that no retry will change are final too (the user sees the reason).
    for (const status of [400, 403, 404, 413, 415, 422])
      expect(classify(status, envelope(String(status), 'No.')).kind, String(status)).toBe('answered');
  });

  it('no network, 5xx, 408, 409 and a page that is not the envelope are tried again', () => {
    for (const [status, body] of [
      [0, null],
      [500, envelope('500', 'Crash')],
      [502, '<html>'],
      [504, null],
      [408, null],
      [409, envelope('409', 'In flight')],
      [200, '<html>portal</html>'],
    ] as const) {
      expect(classify(status, body).kind, `${status}`).toBe('retry');
    }
  });

  it('429 and 503 wait for Retry-After, in seconds or as a date', () => {
    const now = Date.parse('2026-11-24T06:00:00Z');
    expect(classify(429, envelope('429', 'Slow down'), '30', now)).toMatchObject({ kind: 'retry', afterMs: 30_000 });
    expect(classify(503, null, 'Tue, 24 Nov 2026 06:01:00 GMT', now)).toMatchObject({ kind: 'retry', afterMs: 60_000 });
    expect(classify(429, null, null, now)).toEqual({
      kind: 'retry',
      answer: { code: '429', message: 'HTTP 429', data: null },
    });
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });

  it('401 waits for a sign-in', () => {
    expect(classify(401, envelope('401', 'Please sign in again.')).kind).toBe('signin');
  });

  it('backs off from 2 s, doubling to 5 minutes, in the upper half at random', () => {
    expect([1, 2, 3, 10, 30].map((a) => backoffMs(a, () => 1))).toEqual([2000, 4000, 8000, 300_000, 300_000]);
    expect(backoffMs(1, () => 0)).toBe(1000);
  });
});
