// The carton on the screen survives a reload (a draft in IndexedDB, written after every scan), and a
// finished carton becomes its outbox entry in the same transaction that drops the draft, with strict
// durability: once the screen clears, the work is on disk and nothing of it is lost or doubled.
import type { BodyIn } from '@shared/endpoint.js';
import { localDb, type FieldtraceDb } from '../../offline/db.js';
import { addEntry } from '../../offline/device-seq.js';
import { newEntry, type OutboxEntry } from '../../offline/outbox-entry.js';
import { noteQueued } from './queued.js';
import type { FloorSave } from './registry.js';

export const draftKey = (screen: string, userId: number) => `floor-draft:${screen}:${userId}`;

export async function readDraft<T>(screen: string, userId: number, db: FieldtraceDb = localDb): Promise<T | undefined> {
  return (await db.kv.get(draftKey(screen, userId)))?.value as T | undefined;
}

export async function writeDraft<T>(
  screen: string,
  userId: number,
  draft: T,
  db: FieldtraceDb = localDb,
): Promise<void> {
  await db.kv.put({ key: draftKey(screen, userId), value: draft });
}

export async function dropDraft(screen: string, userId: number, db: FieldtraceDb = localDb): Promise<void> {
  await db.kv.delete(draftKey(screen, userId));
}

/** A unit of floor work: only a save with a local effect (registry.ts), so every entry counts at once. */
export interface Work<E extends FloorSave> {
  endpoint: E;
  payload: BodyIn<E>;
  /** What Pending work shows for it. */
  label: string;
  userId: number;
}

/** Queues the work and drops the screen's draft, in one transaction; the entry as written. */
export async function queueWork<E extends FloorSave>(
  screen: string,
  w: Work<E>,
  db: FieldtraceDb = localDb,
): Promise<OutboxEntry> {
  const entry = newEntry({ endpoint: w.endpoint.path, payload: w.payload, label: w.label, userId: w.userId });
  await db.transaction('rw', db.outbox, db.kv, async () => {
    entry.seq = await addEntry(db, entry);
    await db.kv.delete(draftKey(screen, w.userId));
  });
  noteQueued(entry.seq!);
  return entry;
}
