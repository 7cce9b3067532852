// The head of a user's queue (drain-run.ts queueHead): the lowest-numbered of that user's entries still
// to go, pending or left sending, read from the front of the status index; other users' entries, sent
// and refused ones are passed over.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FieldtraceDb } from '../../../../src/client/offline/db.js';
import { queueHead, wakeEntries } from '../../../../src/client/offline/drain-run.js';
import { newEntry, type OutboxStatus } from '../../../../src/client/offline/outbox-entry.js';

let db: FieldtraceDb;
let n = 0;
beforeEach(async () => {
  db = new FieldtraceDb(`queue-head-${++n}`);
  await db.open();
});
afterEach(() => db.close());

const add = (userId: number, status: OutboxStatus) =>
  db.outbox.add({ ...newEntry({ endpoint: 'SecondaryPacking/save', payload: {}, label: 'carton', userId }), status });

it('answers the lowest-numbered of the user’s entries still to go, pending or sending', async () => {
  await add(7, 'done');
  await add(8, 'pending');
  await add(7, 'rejected');
  const sending = await add(7, 'sending');
  const pending = await add(7, 'pending');
  expect((await queueHead(db, 7))?.seq).toBe(sending);
  await db.outbox.update(sending, { status: 'done' });
  expect((await queueHead(db, 7))?.seq).toBe(pending);
  await add(7, 'sending');
  expect((await queueHead(db, 7))?.seq).toBe(pending);
});

it('answers nothing when none of the user’s entries waits', async () => {
  await add(8, 'pending');
  await add(7, 'rejected');
  await add(7, 'done');
  expect(await queueHead(db, 7)).toBeUndefined();
});

it('wakes only the user’s waiting entries in backoff that the wake names', async () => {
  const at = (seq: number) => db.outbox.get(seq).then((e) => e?.notBefore);
  const backoff = (userId: number, status: OutboxStatus, code: string) =>
    add(userId, status).then(async (seq) => {
      await db.outbox.update(seq, { notBefore: 5_000, answer: { code, message: 'x', data: null } });
      return seq;
    });
  const network = await backoff(7, 'pending', '0');
  const busy = await backoff(7, 'pending', '503');
  const failed = await backoff(7, 'pending', '500');
  const other = await backoff(8, 'pending', '0');
  const sent = await backoff(7, 'done', '0');
  expect(await wakeEntries(db, 7, 'network')).toBe(1);
  expect([await at(network), await at(busy), await at(failed), await at(other), await at(sent)]).toEqual([
    0, 5_000, 5_000, 5_000, 5_000,
  ]);
  expect(await wakeEntries(db, 7, 'all')).toBe(1);
  expect([await at(busy), await at(failed)]).toEqual([5_000, 0]);
});
