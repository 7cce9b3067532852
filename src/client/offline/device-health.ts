// The device's health at start and after every drain (docs/floor.md "Device health"): its report to the
// server, and the check that its store lost nothing the server never got: a gap in the outbox's
// sequence numbers above the highest one the server answered (store-gap.ts), or the browser saying it
// lost the store (IndexedDB's dataLoss, noted by kv-direct.ts). A loss shows the red screen
// (store-loss-status.ts) until the person confirms it.
import type { DeviceAcked } from '@shared/contracts/device.js';
import type { FieldtraceDb } from './db.js';
import { DEVICE_KEY, deviceIdentity, markChecked, type DeviceIdentity, type StorageAsk } from './device-identity.js';
import { buildReport, sendReport, type ReportTransport, type StorageFacts } from './device-report.js';
import { CREATED_KEY } from './device-seq.js';
import { clearBrowserLoss, readBrowserLoss } from './kv-direct.js';
import { findGap } from './store-gap.js';
import { setStoreLoss } from './store-loss-status.js';

/** The server's last answer to a report, for a check while offline. */
export const ACKED_KEY = 'device-acked';

export interface HealthOptions extends ReportTransport {
  db: FieldtraceDb;
  storage?: (StorageAsk & StorageFacts) | undefined;
  now?: number;
}

/** Reports the device; answers what the server has had from it (the last known one when not reachable). */
export async function reportDevice(o: HealthOptions): Promise<DeviceAcked | null> {
  const storage = 'storage' in o ? o.storage : typeof navigator === 'undefined' ? undefined : navigator.storage;
  const identity = await deviceIdentity(o.db, storage);
  const report = await buildReport(o.db, identity, { storage, ...(o.now ? { now: o.now } : {}) });
  const acked = await sendReport(report, o);
  if (acked) {
    await o.db.kv.put({ key: ACKED_KEY, value: { id: identity.id, ...acked } });
    return acked;
  }
  const last = (await o.db.kv.get(ACKED_KEY))?.value as (DeviceAcked & { id: string }) | undefined;
  return last?.id === identity.id ? last : null;
}

export interface LostWork {
  missing: number[];
  /** The lost work was done after / before these times (ms), where the device or the server knows. */
  after: number | null;
  before: number | null;
  /** The highest seq given when it was found: confirming it stops showing these. */
  created: number;
}

/** The work lost from the store, read in one transaction so that work queued meanwhile is not taken
 *  for lost; null when nothing is. */
export async function lostWork(db: FieldtraceDb, acked: DeviceAcked): Promise<LostWork | null> {
  return db.transaction('r', db.kv, db.outbox, async () => {
    const identity = (await db.kv.get(DEVICE_KEY))?.value as DeviceIdentity | undefined;
    if (!identity) return null;
    const noted = (await db.kv.get(CREATED_KEY))?.value;
    const seqs = await db.outbox.toCollection().primaryKeys();
    const created = Math.max(typeof noted === 'number' ? noted : 0, seqs.length > 0 ? seqs[seqs.length - 1]! : 0);
    const gap = findGap({ created, acked: acked.AckedSeq, from: identity.checkedTo, held: new Set(seqs) });
    if (!gap) return null;
    const timeOf = async (seq: number | null) =>
      seq === null ? null : ((await db.outbox.get(seq))?.deviceTime ?? null);
    const serverAt = acked.AckedAt ? Date.parse(acked.AckedAt) : null;
    const heldAt = await timeOf(gap.heldBefore);
    const after = heldAt === null ? serverAt : serverAt === null ? heldAt : Math.max(heldAt, serverAt);
    return { missing: gap.missing, after, before: await timeOf(gap.heldAfter), created };
  });
}

/** The server's answer as last kept on this device for its current id; null when none. */
async function keptAcked(db: FieldtraceDb): Promise<DeviceAcked | null> {
  const identity = (await db.kv.get(DEVICE_KEY))?.value as DeviceIdentity | undefined;
  const last = (await db.kv.get(ACKED_KEY))?.value as (DeviceAcked & { id: string }) | undefined;
  return identity && last?.id === identity.id ? last : null;
}

/** Shows the red screen for what was lost (and what the browser said it lost) until confirmed. */
function showLoss(db: FieldtraceDb, lost: LostWork | null): void {
  const browser = readBrowserLoss();
  if (!lost && !browser) return;
  setStoreLoss({
    missing: lost?.missing ?? [],
    after: lost?.after ?? null,
    before: lost?.before ?? null,
    browserSaid: browser !== null,
    confirm: async () => {
      if (lost) await markChecked(db, lost.created);
      clearBrowserLoss();
      setStoreLoss(null);
    },
  });
}

/** Reports the device and shows the red screen when its store has lost work. The check reads the
 *  server's number as kept before this start's drains: a later entry sent meanwhile (by this page or
 *  the service worker) raises the server's number above a lost one and would hide it. */
export async function checkDevice(o: HealthOptions): Promise<void> {
  const known = await keptAcked(o.db);
  const lostBefore = known ? await lostWork(o.db, known) : null;
  const acked = await reportDevice(o);
  showLoss(o.db, lostBefore ?? (!known && acked ? await lostWork(o.db, acked) : null));
}

/** The same check without a report, before every drain: work lost while the app is open is named
 *  before the next push's answer raises the server's number above it. Reads the store's keys only. */
export async function checkStore(db: FieldtraceDb): Promise<void> {
  const known = await keptAcked(db);
  const lost = known ? await lostWork(db, known) : null;
  if (lost) showLoss(db, lost);
}
