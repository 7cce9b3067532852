// Pending work's page of open entries (features/pending-work/open-page.ts): the user's waiting,
// sending and refused entries in queue order, a page at a time, counted from the index; another
// user's entries and sent ones are not in it; a page past the end gives the last one.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { FieldtraceDb } from '../../../../src/client/offline/db.js';
import { newEntry, type OutboxStatus } from '../../../../src/client/offline/outbox-entry.js';
import { openPage } from '../../../../src/client/features/pending-work/open-page.js';

let db: FieldtraceDb;
let n = 0;
beforeEach(async () => {
  db = new FieldtraceDb(`open-page-${++n}`);
  await db.open();
});
afterEach(() => db.close());

const add = (userId: number, status: OutboxStatus, label: string) =>
  db.outbox.add({ ...newEntry({ endpoint: 'SecondaryPacking/save', payload: {}, label, userId }), status });

it('pages the user’s open entries in queue order, whatever their status', async () => {
  await add(7, 'done', 'sent');
  await add(7, 'rejected', 'c1');
  await add(8, 'pending', 'other');
  await add(7, 'pending', 'c2');
  await add(7, 'sending', 'c3');
  await add(7, 'pending', 'c4');
  await add(7, 'rejected', 'c5');

  const first = await openPage(db, 7, 1, 2);
  expect(first).toMatchObject({ total: 5, waiting: 3, rejected: 2, page: 1 });
  expect(first.entries.map((e) => e.label)).toEqual(['c1', 'c2']);
  expect((await openPage(db, 7, 2, 2)).entries.map((e) => e.label)).toEqual(['c3', 'c4']);
  expect((await openPage(db, 7, 3, 2)).entries.map((e) => e.label)).toEqual(['c5']);
  // Past the end (entries sent meanwhile): the last page there is.
  const past = await openPage(db, 7, 9, 2);
  expect(past.page).toBe(3);
  expect(past.entries.map((e) => e.label)).toEqual(['c5']);
});

it('answers an empty first page when nothing of the user’s is open', async () => {
  await add(8, 'pending', 'other');
  await add(7, 'done', 'sent');
  expect(await openPage(db, 7, 1, 50)).toEqual({ total: 0, waiting: 0, rejected: 0, page: 1, entries: [] });
});
