// Device/report (every drain of every device) and Device/GetDevices (the administrator's Devices list,
// each row with its warnings: shared/contracts/device.ts says which and when).
import { eq, sql } from 'drizzle-orm';
import {
  DEVICE_API,
  DEVICE_WARNING,
  DEVICES_LIST,
  LOW_FREE_BYTES,
  LOW_FREE_SHARE,
  NOT_SEEN_HOURS,
} from '../../../shared/contracts/device.js';
import { ok } from '../../../shared/contracts/envelope.js';
import { devices, sites, users } from '../../db/schema.js';
import { saveReport } from '../../domain/devices.js';
import { serveList } from '../../http/list.js';
import type { Router } from '../../http/route.js';

/** The row's warnings as one text: each condition's words, or nothing. */
function warnings(oldWorkHours: number) {
  const free = sql`(${devices.storageQuota} - ${devices.storageUsed})`;
  return sql<string>`concat_ws('; ',
    case when ${devices.pending} > 0 and ${devices.oldestPendingAt} < now() - make_interval(hours => ${oldWorkHours})
      then ${DEVICE_WARNING.oldWork(oldWorkHours)} end,
    case when ${devices.lastSeen} < now() - make_interval(hours => ${NOT_SEEN_HOURS}) then ${DEVICE_WARNING.notSeen} end,
    case when ${devices.storageQuota} > 0 and ${devices.storageUsed} is not null
      and (${free} < ${LOW_FREE_BYTES} or ${free} < ${devices.storageQuota} * ${LOW_FREE_SHARE}::float8)
      then ${DEVICE_WARNING.lowStorage} end)`;
}

export function deviceRoutes(r: Router) {
  r.serve(DEVICE_API.report, async ({ db, caller, body }) => ok(await saveReport(db, caller, body)));

  const userName = sql<string>`trim(concat_ws(' ', ${users.firstName}, ${users.lastName}))`;
  serveList(r, DEVICES_LIST, {
    fields: {
      DeviceId: devices.id,
      UserName: sql<string>`coalesce(nullif(${userName}, ''), ${users.userName})`,
      SiteName: sql<string>`coalesce(${sites.name}, '')`,
      AppVersion: devices.appVersion,
      Pending: devices.pending,
      OldestPendingMinutes: sql<number | null>`case when ${devices.pending} > 0
        then floor(extract(epoch from now() - ${devices.oldestPendingAt}) / 60)::int end`,
      Rejected: devices.rejected,
      StorageUsed: devices.storageUsed,
      StorageQuota: devices.storageQuota,
      Persisted: devices.persisted,
      LastSeen: devices.lastSeen,
      Warnings: warnings(r.config.deviceOldWorkHours),
    },
    from: (db, f) =>
      db
        .select(f)
        .from(devices)
        .innerJoin(users, eq(users.id, devices.userId))
        .leftJoin(sites, eq(sites.id, devices.siteId))
        .$dynamic(),
    search: [users.userName, users.firstName, users.lastName, sites.name, devices.appVersion],
    sort: { OldestPendingMinutes: devices.oldestPendingAt },
    key: devices.id,
  });
}
