// Sent work leaving the device (fake-indexeddb): the drain stamps when an answer became final; a done
// entry goes only once the cache began after it and a week has passed; pending, sending and refused
// entries and another user's stay whatever their age; an entry from before the stamps gets one and stays.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FieldtraceDb } from '../../../../src/client/offline/db.js';
import { newEntry, type OutboxEntry, type OutboxStatus } from '../../../../src/client/offline/outbox-entry.js';
import { CLOCK_MARGIN_MS, KEEP_SENT_MS, pruneSent } from '../../../../src/client/offline/outbox-prune.js';
import { drainOutbox } from '../../../../src/client/offline/outbox.js';
import type { Outcome } from '../../../../src/client/offline/outbox-rules.js';

const DAY = 24 * 60 * 60_000;
const NOW = Date.parse('2026-11-27T10:00:00Z');
let db: FieldtraceDb;
let n = 0;
beforeEach(async () => {
  db = new FieldtraceDb(`outbox-prune-test-${++n}`);
  await db.open();
});
afterEach(() => db.close());

/** An entry of `label` in `status`, settled at `settledAt` (none: from before the stamps). */
function entry(label: string, status: OutboxStatus, settledAt: number | undefined, userId = 7): OutboxEntry {
  const e = {
    ...newEntry(
      { endpoint: 'SecondaryPacking/save', payload: { label }, label, userId },
      NOW - 30 * DAY,
      `key-${label}`,
    ),
    status,
  };
  return settledAt === undefined ? e : { ...e, settledAt };
}
const labels = async () => (await db.outbox.orderBy(':id').toArray()).map((e) => e.label);

describe('the drain', () => {
  it('stamps the time an answer became final, for a done entry and a refused one', async () => {
    await db.outbox.bulkAdd([entry('c1', 'pending', undefined), entry('c2', 'pending', undefined)]);
    const answers: Outcome[] = [
      { kind: 'answered', answer: { code: '200', message: 'Saved', data: null } },
      { kind: 'answered', answer: { code: '400', message: 'already Scanned', data: null } },
    ];
    await drainOutbox({ db, send: async (batch) => answers.slice(0, batch.length), now: () => NOW });
    expect((await db.outbox.toArray()).map((e) => [e.label, e.status, e.settledAt])).toEqual([
      ['c1', 'done', NOW],
      ['c2', 'rejected', NOW],
    ]);
  });
});

describe('pruneSent', () => {
  const cacheFrom = NOW - 60_000;

  it('removes done entries settled a week ago and before the cache began, and nothing else', async () => {
    const old = NOW - KEEP_SENT_MS - 1;
    await db.outbox.bulkAdd([
      entry('sent long ago', 'done', old),
      entry('sent six days ago', 'done', NOW - 6 * DAY),
      entry('refused long ago', 'rejected', old),
      entry('waiting', 'pending', undefined),
      entry('in flight', 'sending', undefined),
      entry("another user's", 'done', old, 8),
    ]);
    expect(await pruneSent(db, { owner: 7, cacheFrom, now: NOW })).toBe(1);
    expect(await labels()).toEqual(['sent six days ago', 'refused long ago', 'waiting', 'in flight', "another user's"]);
  });

  it('keeps a done entry the cache may not hold: settled after the cache began, or within the clock margin', async () => {
    const staleCache = NOW - 10 * DAY;
    await db.outbox.bulkAdd([
      entry('after the cache began', 'done', staleCache + 1),
      entry('within the margin', 'done', staleCache - CLOCK_MARGIN_MS + 1),
      entry('before it', 'done', staleCache - CLOCK_MARGIN_MS - 1),
    ]);
    expect(await pruneSent(db, { owner: 7, cacheFrom: staleCache, now: NOW })).toBe(1);
    expect(await labels()).toEqual(['after the cache began', 'within the margin']);
  });

  it('stamps a done entry from before the stamps and keeps it another week', async () => {
    await db.outbox.add(entry('unstamped', 'done', undefined));
    expect(await pruneSent(db, { owner: 7, cacheFrom, now: NOW })).toBe(0);
    expect((await db.outbox.toArray())[0]!.settledAt).toBe(NOW);
    expect(await pruneSent(db, { owner: 7, cacheFrom: NOW + KEEP_SENT_MS, now: NOW + KEEP_SENT_MS - 1 })).toBe(0);
    expect(await pruneSent(db, { owner: 7, cacheFrom: NOW + 2 * KEEP_SENT_MS, now: NOW + KEEP_SENT_MS + 1 })).toBe(1);
    expect(await labels()).toEqual([]);
  });
});
