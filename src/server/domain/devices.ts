// A device's report upserted by its id, and the outbox entries the server answered for good from it
// (shared/contracts/device.ts; docs/floor.md "Device health").
import { sql } from 'drizzle-orm';
import type { DeviceAcked, DeviceReport } from '../../shared/contracts/device.js';
import type { Caller } from '../auth/actor.js';
import type { Db } from '../db/connect.js';
import { devices } from '../db/schema.js';

const whose = (caller: Caller) => ({ userId: caller.userId, siteId: caller.siteId });

/** Saves the report (the device's user and site are the caller's) and answers what the server has had. */
export async function saveReport(db: Db, caller: Caller, r: DeviceReport): Promise<DeviceAcked> {
  const facts = {
    ...whose(caller),
    appVersion: r.AppVersion,
    pending: r.Pending,
    oldestPendingAt:
      r.OldestPendingSeconds === null ? null : sql`now() - make_interval(secs => ${r.OldestPendingSeconds})`,
    rejected: r.Rejected,
    storageUsed: r.StorageUsed,
    storageQuota: r.StorageQuota,
    persisted: r.Persisted,
    lastSeen: sql`now()`,
  };
  const [row] = await db
    .insert(devices)
    .values({ id: r.DeviceId, ...facts, createdSeq: r.Created })
    .onConflictDoUpdate({
      target: devices.id,
      set: { ...facts, createdSeq: sql`greatest(${devices.createdSeq}, ${r.Created})` },
    })
    .returning({ ackedSeq: devices.ackedSeq, ackedAt: devices.ackedAt });
  return { AckedSeq: row?.ackedSeq ?? 0, AckedAt: row?.ackedAt?.toISOString() ?? null };
}

/** Notes that the server answered entries up to `seq` of the device for good (a push). */
export async function noteAcked(db: Db, caller: Caller, deviceId: string, seq: number): Promise<void> {
  await db
    .insert(devices)
    .values({ id: deviceId, ...whose(caller), ackedSeq: seq, ackedAt: sql`now()`, createdSeq: seq })
    .onConflictDoUpdate({
      target: devices.id,
      set: {
        ...whose(caller),
        ackedSeq: sql`greatest(${devices.ackedSeq}, ${seq})`,
        ackedAt: sql`case when ${seq} > ${devices.ackedSeq} then now() else ${devices.ackedAt} end`,
        createdSeq: sql`greatest(${devices.createdSeq}, ${seq})`,
        lastSeen: sql`now()`,
      },
    });
}
