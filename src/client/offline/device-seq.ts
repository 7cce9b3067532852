// The outbox's sequence numbers as the device's count of the work it ever made: every entry is added
// here, and the highest number given is kept beside it in the same transaction (kv 'outbox-created'),
// so a lost entry still counts (offline/store-gap.ts). IndexedDB's key generator never gives a number
// twice, even after its row is deleted, so a seq names one entry for the life of the store.
import type { FieldtraceDb } from './db.js';
import type { OutboxEntry } from './outbox-entry.js';

export const CREATED_KEY = 'outbox-created';

/** Adds the entry (inside the caller's transaction, which must hold outbox and kv) and notes its seq. */
export async function addEntry(db: FieldtraceDb, entry: OutboxEntry): Promise<number> {
  const seq = await db.outbox.add(entry);
  await db.kv.put({ key: CREATED_KEY, value: seq });
  return seq;
}

/** The highest seq the device ever gave: the noted one, or a higher one still in the store. */
export async function createdSeq(db: FieldtraceDb): Promise<number> {
  const noted = (await db.kv.get(CREATED_KEY))?.value;
  const last = (await db.outbox.orderBy(':id').last())?.seq ?? 0;
  return Math.max(typeof noted === 'number' ? noted : 0, last);
}
