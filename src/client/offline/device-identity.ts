// This device's id (issue 27 item 5): made at its first start, kept in its IndexedDB (kv 'device'), sent
// with every report and push. At the first start the app also asks the browser to keep its storage
// (navigator.storage.persist()): without it a browser short of space may clear the outbox.
import type { FieldtraceDb } from './db.js';
import { createdSeq } from './device-seq.js';

export const DEVICE_KEY = 'device';

export interface DeviceIdentity {
  id: string;
  /** Sequence numbers up to this one are not checked for loss: given before the id (an outbox from
   *  before this feature), or a loss already shown and confirmed (offline/store-gap.ts). */
  checkedTo: number;
}

export interface StorageAsk {
  persist?: () => Promise<boolean>;
}

const isIdentity = (v: unknown): v is DeviceIdentity =>
  typeof v === 'object' && v !== null && typeof (v as DeviceIdentity).id === 'string';

/** The device's id, made (and persistence asked for) at the first start. */
export async function deviceIdentity(
  db: FieldtraceDb,
  storage: StorageAsk | undefined = browserStorage(),
): Promise<DeviceIdentity> {
  const made = await db.transaction('rw', db.kv, db.outbox, async () => {
    const stored = (await db.kv.get(DEVICE_KEY))?.value;
    if (isIdentity(stored)) return { identity: stored, first: false };
    const identity: DeviceIdentity = { id: crypto.randomUUID(), checkedTo: await createdSeq(db) };
    await db.kv.put({ key: DEVICE_KEY, value: identity });
    return { identity, first: true };
  });
  if (made.first) await storage?.persist?.().catch(() => false);
  return made.identity;
}

/** A loss has been shown and confirmed: numbers up to `seq` are not shown again. */
export async function markChecked(db: FieldtraceDb, seq: number): Promise<void> {
  await db.transaction('rw', db.kv, async () => {
    const stored = (await db.kv.get(DEVICE_KEY))?.value;
    if (isIdentity(stored) && stored.checkedTo < seq)
      await db.kv.put({ key: DEVICE_KEY, value: { ...stored, checkedTo: seq } });
  });
}

/** The browser's storage manager (persist() is the page's: a worker's has none). */
const browserStorage = (): StorageAsk | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator.storage as object as StorageAsk | undefined);
