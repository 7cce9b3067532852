// The service worker's replay on Background Sync, on the device database (fake-indexeddb) with the
// real transport over a stubbed fetch: the signed-in user's entries go in order, in one push, with
// their keys, the device's time, their seqs, the token and the device's id, a failure asks the browser to fire the sync again, other tags are not ours; and a refused
// entry resent by the user goes under a new key (the old one would only replay the refusal).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OUTBOX_SYNC_TAG } from '../../../../src/client/offline/drain-run.js';
import { localDb } from '../../../../src/client/offline/db.js';
import { DEVICE_KEY } from '../../../../src/client/offline/device-identity.js';
import { newEntry } from '../../../../src/client/offline/outbox-entry.js';
import { drainOutbox, resendEntry } from '../../../../src/client/offline/outbox.js';
import { outboxTransport } from '../../../../src/client/offline/outbox-transport.js';
import { registerOutboxReplay } from '../../../../sw/outbox-replay.js';

const ME = 7;
const DEVICE = '0b7e3f5e-4a0c-4c1e-9d1e-2f1a7c3b9d10';
interface Pushed {
  Key: string;
  Call: string;
  DeviceTime: number;
  Seq?: number;
  Body: unknown;
}
const calls: Array<{ url: string; auth: string | null; entries: Pushed[]; device?: string }> = [];
/** The server's answer to each entry of a push; throwing is a network failure. */
let answer: (e: Pushed) => { ResponseCode: string; ResponseMessage: string; ResponseData: unknown };

const envelope = (code: string, message: string, data: unknown = null) => ({
  ResponseCode: code,
  ResponseMessage: message,
  ResponseData: data,
});
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(async () => {
  calls.length = 0;
  answer = () => envelope('200', 'Saved');
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const { Entries, Device } = JSON.parse(String(init.body)) as { Entries: Pushed[]; Device?: string };
    calls.push({
      url,
      auth: new Headers(init.headers).get('authorization'),
      entries: Entries,
      ...(Device ? { device: Device } : {}),
    });
    const answers = Entries.map((e) => ({ Key: e.Key, Status: 200, Answer: answer(e) }));
    return json(envelope('200', 'Success', answers));
  });
  await localDb.open();
  await localDb.outbox.clear();
  await localDb.kv.put({ key: 'session', value: { Token: 'tok', RefreshToken: 'ref', UserId: ME } });
  await localDb.kv.delete(DEVICE_KEY);
});
afterEach(() => vi.unstubAllGlobals());

async function queue(...labels: string[]) {
  const entries = labels.map((label) =>
    newEntry({ endpoint: 'Probe/save', payload: { Note: label }, label, userId: ME }, 1, `key-${label}`),
  );
  await localDb.transaction('rw', localDb.outbox, () => localDb.outbox.bulkAdd(entries));
}

/** Fires a sync event on a stand-in for the worker; answers the promise it asked to be waited for. */
function fireSync(tag: string, lastChance = false): Promise<void> | undefined {
  const worker = new EventTarget();
  registerOutboxReplay(worker as unknown as ServiceWorkerGlobalScope);
  let waited: Promise<void> | undefined;
  const event = Object.assign(new Event('sync'), {
    tag,
    lastChance,
    waitUntil: (p: Promise<void>) => void (waited = p),
  });
  worker.dispatchEvent(event);
  return waited;
}

describe('the service worker on Background Sync', () => {
  it("sends the signed-in user's entries in order, each with its key, time and seq, with the stored token and the device's id", async () => {
    await localDb.kv.put({ key: DEVICE_KEY, value: { id: DEVICE, checkedTo: 0 } });
    await queue('c1', 'c2');
    const [s1, s2] = (await localDb.outbox.toArray()).map((e) => e.seq);
    await fireSync(OUTBOX_SYNC_TAG);
    expect(calls).toEqual([
      {
        url: '/API/api/Outbox/push',
        auth: 'Bearer tok',
        device: DEVICE,
        entries: [
          { Key: 'key-c1', Call: 'Probe/save', DeviceTime: 1, Seq: s1, Body: { Note: 'c1' } },
          { Key: 'key-c2', Call: 'Probe/save', DeviceTime: 1, Seq: s2, Body: { Note: 'c2' } },
        ],
      },
    ]);
    expect((await localDb.outbox.toArray()).map((e) => e.status)).toEqual(['done', 'done']);
  });

  it('fails the sync when entries wait for a retry, so the browser fires it again, but not on its last chance', async () => {
    await queue('c1');
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(fireSync(OUTBOX_SYNC_TAG)).rejects.toThrow('retry');
    expect((await localDb.outbox.toArray())[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      answer: { code: '0' },
    });
    await expect(fireSync(OUTBOX_SYNC_TAG, true)).resolves.toBeUndefined();
  });

  it('leaves other tags alone, and sends nothing when nobody is signed in', async () => {
    await queue('c1');
    expect(fireSync('another-tag')).toBeUndefined();
    await localDb.kv.delete('session');
    await fireSync(OUTBOX_SYNC_TAG);
    expect(calls).toEqual([]);
    expect((await localDb.outbox.toArray())[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });
});

describe('a refused entry sent again', () => {
  it('goes under a new key, in its place', async () => {
    await queue('c1');
    answer = () => envelope('400', 'Carton Full', { Items: [{ Code: 'PID1', Reason: 'already packed' }] });
    const send = outboxTransport();
    await drainOutbox({ db: localDb, send });
    expect(await resendEntry(localDb, 'key-c1')).toBe(true);
    answer = () => envelope('200', 'Saved');
    await drainOutbox({ db: localDb, send });
    expect(calls[0]!.entries[0]!.Key).toBe('key-c1');
    expect(calls[1]!.entries[0]!.Key).toMatch(/^[0-9a-f-]{36}$/);
    expect((await localDb.outbox.toArray())[0]).toMatchObject({ id: 'key-c1', status: 'done' });
  });
});
