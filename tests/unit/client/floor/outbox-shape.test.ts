// What a floor screen watches of the outbox (use-local-work.ts outboxShape): every entry's seq in queue
// order and the refused ones, woken by the live query for an add, a refusal and a removal, so work
// queued offline (no drain writing after it) reaches the screen's checks.
import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { outboxShape, type OutboxShape } from '../../../../src/client/floor/work/use-local-work.js';
import { FieldtraceDb } from '../../../../src/client/offline/db.js';
import { newEntry } from '../../../../src/client/offline/outbox-entry.js';

let db: FieldtraceDb;
let n = 0;
beforeEach(async () => {
  db = new FieldtraceDb(`outbox-shape-${++n}`);
  await db.open();
});
afterEach(() => db.close());

const entry = (userId = 7) => newEntry({ endpoint: 'SecondaryPacking/save', payload: {}, label: 'carton', userId });

it('is every seq in queue order, whatever the status, and the refused ones', async () => {
  const a = await db.outbox.add(entry());
  const b = await db.outbox.add({ ...entry(8), status: 'done' });
  const c = await db.outbox.add({ ...entry(), status: 'rejected' });
  const d = await db.outbox.add({ ...entry(), status: 'sending' });
  expect(await outboxShape(db)).toEqual({ seqs: [a, b, c, d], rejected: [c] });
});

it('wakes its live query for an add, a refusal and a removal', async () => {
  const seen: OutboxShape[] = [];
  const sub = liveQuery(() => outboxShape(db)).subscribe({ next: (s) => seen.push(s) });
  try {
    await expect.poll(() => seen.length).toBe(1);
    const a = await db.outbox.add(entry());
    await expect.poll(() => seen.at(-1)?.seqs).toEqual([a]);
    const b = await db.outbox.add(entry());
    await expect.poll(() => seen.at(-1)?.seqs).toEqual([a, b]);
    await db.outbox.update(b, { status: 'rejected' });
    await expect.poll(() => seen.at(-1)?.rejected).toEqual([b]);
    await db.outbox.delete(a);
    await expect.poll(() => seen.at(-1)).toEqual({ seqs: [b], rejected: [b] });
  } finally {
    sub.unsubscribe();
  }
});
