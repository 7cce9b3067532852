// Device health (issue 27 item 5; docs/floor.md "Device health"): each device reports with every drain
// what it holds, and the administrator's Devices list shows them with a warning where a device holds
// old work, has not been seen for a day, or is low on storage. Our own calls (the spec has none).
import { z } from 'zod';
import { postEndpoint } from '../endpoint.js';
import { PAGE } from '../pages.js';
import { dateText } from './answer.js';
import { col, listContract } from './list-contract.js';

export const DEVICE_MSG = {
  report: 'The device report is not in the form this server knows.',
  saved: 'Device report saved.',
} as const;

/** Low on storage: less than this share of the quota, or less than LOW_FREE_BYTES, is free. */
export const LOW_FREE_SHARE = 0.1;
export const LOW_FREE_BYTES = 50 * 1024 * 1024;
/** Not seen for this long: the device may be off, broken, or wiped. */
export const NOT_SEEN_HOURS = 24;

export const DEVICE_WARNING = {
  oldWork: (hours: number) => `Holds work older than ${hours} h`,
  notSeen: 'Not seen for a day',
  lowStorage: 'Low on storage',
} as const;

const count = z.number({ error: DEVICE_MSG.report }).int(DEVICE_MSG.report).min(0, DEVICE_MSG.report);
const bytes = count.max(Number.MAX_SAFE_INTEGER, DEVICE_MSG.report).nullable();

/** What a device says of itself; its user and site are the caller's (the token says who reports). */
export const deviceReport = z.strictObject(
  {
    /** Made on the device at its first start (crypto.randomUUID), kept in its IndexedDB. */
    DeviceId: z.uuid({ error: DEVICE_MSG.report }),
    AppVersion: z.string({ error: DEVICE_MSG.report }).min(1, DEVICE_MSG.report).max(40, DEVICE_MSG.report),
    /** Entries of any user still to go. */
    Pending: count,
    /** How long the oldest of them has waited, in seconds (the device's clock against itself, not the server's). */
    OldestPendingSeconds: count.nullable(),
    Rejected: count,
    StorageUsed: bytes,
    StorageQuota: bytes,
    /** navigator.storage.persisted(); null where the browser cannot say. */
    Persisted: z.boolean({ error: DEVICE_MSG.report }).nullable(),
    /** The highest outbox sequence number the device ever gave an entry. */
    Created: count,
  },
  { error: DEVICE_MSG.report },
);
export type DeviceReport = z.input<typeof deviceReport>;

/** What the server has had from the device: the highest sequence number it took a final answer for,
 *  and when (null when none yet). The device's gap check reads it (client/offline/store-gap.ts). */
export const deviceAcked = z.object({ AckedSeq: z.number(), AckedAt: dateText.nullable() });
export type DeviceAcked = z.infer<typeof deviceAcked>;

export const deviceRow = z.object({
  DeviceId: z.string(),
  UserName: z.string(),
  SiteName: z.string(),
  AppVersion: z.string(),
  Pending: z.number(),
  /** Minutes the oldest pending entry has waited by now (its age when reported plus the time since). */
  OldestPendingMinutes: z.number().nullable(),
  Rejected: z.number(),
  StorageUsed: z.number().nullable(),
  StorageQuota: z.number().nullable(),
  Persisted: z.boolean().nullable(),
  LastSeen: dateText,
  /** The warnings, joined by '; ' (DEVICE_WARNING); empty when all is well. */
  Warnings: z.string(),
});
export type DeviceRow = z.infer<typeof deviceRow>;

export const DEVICES_LIST = listContract({
  page: PAGE.devices,
  list: 'Device/GetDevices',
  row: deviceRow,
  columns: [
    col('UserName', 'User'),
    col('SiteName', 'Site'),
    // Beside whose device it is: an administrator sees the warning without scrolling the table.
    col('Warnings', 'Warnings'),
    col('AppVersion', 'App version'),
    col('Pending', 'Pending'),
    col('OldestPendingMinutes', 'Oldest pending'),
    col('Rejected', 'Rejected'),
    col('StorageUsed', 'Storage used / quota'),
    col('Persisted', 'Persisted', { sortable: false }),
    col('LastSeen', 'Last seen', { format: 'datetime' }),
  ],
  defaultSort: 'LastSeen',
  rowKey: 'DeviceId',
});

export const DEVICE_API = {
  /** Signed-in: whoever uses a device reports it. */
  report: postEndpoint('Device/report', 'signed-in', deviceReport, deviceAcked),
  list: DEVICES_LIST.api.list,
} as const;
