// Device health on the device (fake-indexeddb): the id made once with persistence asked once, every
// entry counted as it is added, the report built from the outbox and the storage, and the check for lost
// work: a sequence number above what the server answered that is no longer in the store.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceReport } from '../../../../src/shared/contracts/device.js';
import { FieldtraceDb } from '../../../../src/client/offline/db.js';
import { ACKED_KEY, checkStore, lostWork } from '../../../../src/client/offline/device-health.js';
import { getStoreLoss, setStoreLoss } from '../../../../src/client/offline/store-loss-status.js';
import { deviceIdentity, markChecked } from '../../../../src/client/offline/device-identity.js';
import { buildReport } from '../../../../src/client/offline/device-report.js';
import { addEntry, createdSeq } from '../../../../src/client/offline/device-seq.js';
import { newEntry } from '../../../../src/client/offline/outbox-entry.js';
import { findGap, seqRuns } from '../../../../src/client/offline/store-gap.js';

let db: FieldtraceDb;
let n = 0;
let persistAsked: number;
const storage = {
  persist: async () => {
    persistAsked += 1;
    return true;
  },
  persisted: async () => true,
  estimate: async () => ({ usage: 12_345_678, quota: 2_000_000_000 }),
};
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 28, 12, 0);

beforeEach(async () => {
  db = new FieldtraceDb(`device-health-${++n}`);
  await db.open();
  persistAsked = 0;
});
afterEach(() => db.close());

/** Queues entries as the floor does (addEntry in a transaction with kv), made `hoursAgo` ago. */
async function queue(hoursAgo: number[], userId = 7): Promise<number[]> {
  const seqs: number[] = [];
  for (const h of hoursAgo) {
    const e = newEntry({ endpoint: 'SecondaryPacking/save', payload: {}, label: 'carton', userId }, NOW - h * HOUR);
    seqs.push(await db.transaction('rw', db.outbox, db.kv, () => addEntry(db, e)));
  }
  return seqs;
}

describe('the gap check', () => {
  const held = (...s: number[]) => new Set(s);

  it('finds nothing when every number above the acknowledged one is still held', () => {
    expect(findGap({ created: 5, acked: 2, from: 0, held: held(3, 4, 5) })).toBeNull();
    expect(findGap({ created: 5, acked: 5, from: 0, held: held() })).toBeNull();
  });

  it('does not take acknowledged entries the device pruned for lost', () => {
    expect(findGap({ created: 6, acked: 4, from: 0, held: held(5, 6) })).toBeNull();
  });

  it('names the numbers the server never got that the store no longer holds, with their neighbours', () => {
    expect(findGap({ created: 9, acked: 2, from: 0, held: held(1, 3, 6, 9) })).toEqual({
      missing: [4, 5, 7, 8],
      heldBefore: 3,
      heldAfter: 9,
    });
  });

  it('leaves out numbers up to the device id or a confirmed loss', () => {
    expect(findGap({ created: 6, acked: 0, from: 4, held: held(5) })).toEqual({
      missing: [6],
      heldBefore: 5,
      heldAfter: null,
    });
  });

  it('writes numbers as runs', () => {
    expect(seqRuns([3, 4, 5, 9, 11, 12])).toBe('3–5, 9, 11–12');
  });
});

describe('the device', () => {
  it('gets its id once, and asks for persistent storage at its first start only', async () => {
    const a = await deviceIdentity(db, storage);
    const b = await deviceIdentity(db, storage);
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).toEqual(a);
    expect(persistAsked).toBe(1);
  });

  it('counts every entry it gives a number, even once the entry is gone', async () => {
    const seqs = await queue([1, 1, 1]);
    await db.outbox.bulkDelete(seqs.slice(1));
    expect(await createdSeq(db)).toBe(seqs[2]);
  });

  it("reports its outbox over every user, its storage and what it gave, in the server's contract", async () => {
    const identity = await deviceIdentity(db, storage);
    const seqs = await queue([10, 2, 1]);
    await queue([3], 99);
    await db.outbox.update(seqs[2]!, { status: 'rejected' });
    await db.outbox.update(seqs[1]!, { status: 'done' });
    const report = await buildReport(db, identity, { now: NOW, storage, version: '0.1.0' });
    expect(report).toEqual({
      DeviceId: identity.id,
      AppVersion: '0.1.0',
      Pending: 2,
      OldestPendingSeconds: 10 * 3600,
      Rejected: 1,
      StorageUsed: 12_345_678,
      StorageQuota: 2_000_000_000,
      Persisted: true,
      Created: seqs[2]! + 1,
    });
    expect(deviceReport.safeParse(report).success).toBe(true);
  });

  it('reports no age and no storage where there is none to tell', async () => {
    const identity = await deviceIdentity(db, undefined);
    const report = await buildReport(db, identity, { now: NOW, storage: undefined, version: 'dev' });
    expect(report).toMatchObject({ Pending: 0, OldestPendingSeconds: null, StorageUsed: null, Persisted: null });
  });

  it('finds entries deleted from its store that the server never got, with when they were done', async () => {
    await deviceIdentity(db, storage);
    const [a, b, c, d] = await queue([5, 4, 3, 2]);
    await db.outbox.bulkDelete([b!, c!]);
    // The server answered the first one: only b and c are lost.
    const lost = await lostWork(db, { AckedSeq: a!, AckedAt: new Date(NOW - 4.5 * HOUR).toISOString() });
    expect(lost).toEqual({ missing: [b, c], after: NOW - 4.5 * HOUR, before: NOW - 2 * HOUR, created: d });
    // Confirmed: not shown again; work lost later is.
    await markChecked(db, lost!.created);
    expect(await lostWork(db, { AckedSeq: a!, AckedAt: null })).toBeNull();
    const [e] = await queue([1]);
    await db.outbox.delete(e!);
    expect((await lostWork(db, { AckedSeq: a!, AckedAt: null }))?.missing).toEqual([e]);
  });

  it('does not check work given numbers before the device had its id', async () => {
    const [a] = await queue([5, 4]);
    await db.outbox.delete(a!);
    await deviceIdentity(db, storage);
    expect(await lostWork(db, { AckedSeq: 0, AckedAt: null })).toBeNull();
  });

  it('names work lost while the app is open before a drain, against the answer the device kept', async () => {
    const identity = await deviceIdentity(db, storage);
    await db.kv.put({ key: ACKED_KEY, value: { id: identity.id, AckedSeq: 0, AckedAt: null } });
    const [a, b] = await queue([2, 1]);
    await checkStore(db);
    expect(getStoreLoss()).toBeNull();
    await db.outbox.delete(a!);
    await checkStore(db);
    expect(getStoreLoss()).toMatchObject({ missing: [a], before: NOW - 1 * HOUR, browserSaid: false });
    await getStoreLoss()!.confirm();
    expect(getStoreLoss()).toBeNull();
    await checkStore(db);
    expect(getStoreLoss()).toBeNull();
    expect(b).toBeGreaterThan(a!);
    setStoreLoss(null);
  });
});
