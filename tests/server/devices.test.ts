// Device health on a real database (PGlite; PostgreSQL with DATABASE_URL): a device's report saved
// under its id with the caller's user and site, upserted by the next; a report out of its contract
// refused; the push noting the highest entry it answered for good from the device, which the report
// answers; the administrator's Devices list with each warning (old work, not seen for a day, low on
// storage), and no one else's.
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEVICE_API,
  DEVICE_MSG,
  DEVICE_WARNING,
  type DeviceReport,
  type DeviceRow,
} from '../../src/shared/contracts/device.js';
import { ok, warn } from '../../src/shared/contracts/envelope.js';
import { PUSH_API, type PushAnswer } from '../../src/shared/contracts/floor/push.js';
import { devices, users } from '../../src/server/db/schema.js';
import { FORBIDDEN } from '../../src/server/http/route.js';
import { listBody } from '../helpers/factories.js';
import { useApp } from '../helpers/use-app.js';

const t = useApp({
  routes(r) {
    // A floor save in miniature, declared as the real ones are: 'refuse' is a business refusal.
    r.post(
      'Probe/save',
      { access: 'signed-in', body: z.object({ Note: z.string() }), idempotent: true },
      async ({ body }) => (body.Note === 'refuse' ? warn('Carton Full') : ok(null, 'Saved')),
    );
  },
});

const MB = 1024 * 1024;
let n = 0;
const newId = () => `6f1c2a9e-7b3d-4c61-9a0e-${String(++n).padStart(12, '0')}`;
const report = (over: Partial<DeviceReport> = {}): DeviceReport => ({
  DeviceId: newId(),
  AppVersion: '0.1.0',
  Pending: 0,
  OldestPendingSeconds: null,
  Rejected: 0,
  StorageUsed: 20 * MB,
  StorageQuota: 2000 * MB,
  Persisted: true,
  Created: 0,
  ...over,
});
const rowOf = async (id: string) => (await t.db.select().from(devices).where(eq(devices.id, id)))[0];

beforeEach(async () => {
  await t.db.delete(devices);
});

describe('Device/report', () => {
  it("saves the device under the caller's user and site, and answers that the server has had nothing yet", async () => {
    const r = report({ Pending: 3, OldestPendingSeconds: 2 * 3600, Rejected: 1, Created: 4 });
    const res = await t.send(DEVICE_API.report, r, 'factory');
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseData: { AckedSeq: 0, AckedAt: null } });
    const me = await t.session('factory');
    const [user] = await t.db.select().from(users).where(eq(users.id, me.login.UserId));
    const row = await rowOf(r.DeviceId);
    expect(row).toMatchObject({
      userId: me.login.UserId,
      siteId: user!.siteId,
      appVersion: '0.1.0',
      pending: 3,
      rejected: 1,
      storageUsed: 20 * MB,
      storageQuota: 2000 * MB,
      persisted: true,
      createdSeq: 4,
      ackedSeq: 0,
    });
    const age = (Date.now() - row!.oldestPendingAt!.getTime()) / 3_600_000;
    expect(age).toBeGreaterThan(1.99);
    expect(age).toBeLessThan(2.01);
  });

  it('upserts by the device id: one row, the latest facts, a later last seen, the count never going back', async () => {
    const r = report({ Pending: 3, OldestPendingSeconds: 60, Created: 9 });
    await t.send(DEVICE_API.report, r, 'factory');
    const first = await rowOf(r.DeviceId);
    await t.db.update(devices).set({ lastSeen: sql`now() - interval '2 days'` });
    await t.send(
      DEVICE_API.report,
      { ...r, Pending: 0, OldestPendingSeconds: null, Created: 5, AppVersion: '0.2.0' },
      'admin',
    );
    const rows = await t.db.select().from(devices);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ pending: 0, oldestPendingAt: null, appVersion: '0.2.0', createdSeq: 9 });
    expect(rows[0]!.userId).toBe((await t.session('admin')).login.UserId);
    expect(rows[0]!.lastSeen.getTime()).toBeGreaterThanOrEqual(first!.lastSeen.getTime());
  });

  it('refuses a report out of its contract, and a caller not signed in', async () => {
    for (const bad of [
      { ...report(), DeviceId: 'not-an-id' },
      { ...report(), Pending: -1 },
      { ...report(), StorageUsed: 1.5 },
      { ...report(), Persisted: 'yes' },
    ]) {
      const res = await t.send(DEVICE_API.report, bad, 'factory');
      expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: DEVICE_MSG.report });
    }
    const extra = await t.send(DEVICE_API.report, { ...report(), Extra: 1 }, 'factory');
    expect(extra.body).toMatchObject({ ResponseCode: '400', ResponseMessage: 'Unknown field: Extra' });
    expect((await t.send(DEVICE_API.report, report())).status).toBe(401);
    expect(await t.db.select().from(devices)).toEqual([]);
  });
});

describe('the push and the device', () => {
  const push = async (device: string | undefined, entries: Array<{ seq: number; note: string }>) => {
    const res = await t.raw({
      method: 'POST',
      url: `/API/api/${PUSH_API.push.path}`,
      payload: {
        ...(device ? { Device: device } : {}),
        Entries: entries.map((e) => ({
          Key: `${device}-${e.seq}`,
          Call: 'Probe/save',
          Seq: e.seq,
          Body: { Note: e.note },
        })),
      },
      headers: { authorization: `Bearer ${await t.token('factory')}` },
    });
    return (res.body.ResponseData as PushAnswer[]).map((a) => a.Answer.ResponseCode);
  };

  it('notes the highest entry answered for good, a refusal too, and the report answers it', async () => {
    const id = newId();
    expect(
      await push(id, [
        { seq: 3, note: 'a' },
        { seq: 4, note: 'refuse' },
      ]),
    ).toEqual(['200', '400']);
    expect(await rowOf(id)).toMatchObject({ ackedSeq: 4 });
    // A replay of older entries never lowers it.
    await push(id, [{ seq: 3, note: 'a' }]);
    const res = await t.send(DEVICE_API.report, report({ DeviceId: id, Created: 6 }), 'factory');
    expect(res.body.ResponseData).toMatchObject({ AckedSeq: 4 });
    expect(Date.parse((res.body.ResponseData as { AckedAt: string }).AckedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('notes nothing for a push without a device', async () => {
    expect(await push(undefined, [{ seq: 1, note: 'a' }])).toEqual(['200']);
    expect(await t.db.select().from(devices)).toEqual([]);
  });
});

describe('Devices', () => {
  const list = async (as: string = 'admin') => {
    const res = await t.send(
      DEVICE_API.list,
      listBody({ PageSize: 50, SortColumn: 'LastSeen', SortOrder: 'DESC' }),
      as,
    );
    return res;
  };
  const warningsOf = async () =>
    Object.fromEntries(((await list()).body.ResponseData as DeviceRow[]).map((r) => [r.AppVersion, r.Warnings]));

  it('warns of a device holding work older than the configured hours, not seen for a day, or low on storage', async () => {
    const seen = async (
      version: string,
      over: Partial<DeviceReport>,
      set: Partial<typeof devices.$inferInsert> = {},
    ) => {
      const r = report({ AppVersion: version, ...over });
      await t.send(DEVICE_API.report, r, 'factory');
      if (Object.keys(set).length > 0) await t.db.update(devices).set(set).where(eq(devices.id, r.DeviceId));
    };
    await seen('fine', { Pending: 2, OldestPendingSeconds: 7 * 3600 });
    await seen('old-work', { Pending: 2, OldestPendingSeconds: 9 * 3600 });
    await seen('old-refused-only', { Pending: 0, Rejected: 3 });
    await seen('not-seen', {}, { lastSeen: new Date(Date.now() - 25 * 3_600_000) });
    await seen('low-50mb', { StorageUsed: 990 * MB, StorageQuota: 1030 * MB });
    await seen('low-10pc', { StorageUsed: 95_000 * MB, StorageQuota: 100_000 * MB });
    await seen('no-estimate', { StorageUsed: null, StorageQuota: null, Persisted: null });
    await seen(
      'everything',
      { Pending: 1, OldestPendingSeconds: 30 * 3600, StorageUsed: 99 * MB, StorageQuota: 100 * MB },
      { lastSeen: new Date(Date.now() - 48 * 3_600_000) },
    );
    expect(await warningsOf()).toEqual({
      fine: '',
      'old-work': DEVICE_WARNING.oldWork(8),
      'old-refused-only': '',
      'not-seen': DEVICE_WARNING.notSeen,
      'low-50mb': DEVICE_WARNING.lowStorage,
      'low-10pc': DEVICE_WARNING.lowStorage,
      'no-estimate': '',
      everything: [DEVICE_WARNING.oldWork(8), DEVICE_WARNING.notSeen, DEVICE_WARNING.lowStorage].join('; '),
    });
  });

  it('lists each device with its user, site, counts, storage, persistence and last seen, newest first', async () => {
    const a = report({ Pending: 2, OldestPendingSeconds: 90 * 60, Rejected: 1 });
    await t.send(DEVICE_API.report, a, 'factory');
    const res = await list();
    expect(res.body.ResponseMessage).toBe('Success');
    const rows = res.body.ResponseData as DeviceRow[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      DeviceId: a.DeviceId,
      AppVersion: '0.1.0',
      Pending: 2,
      OldestPendingMinutes: 90,
      Rejected: 1,
      StorageUsed: 20 * MB,
      StorageQuota: 2000 * MB,
      Persisted: true,
      Warnings: '',
      TotalRows: 1,
    });
    expect(rows[0]!.UserName).not.toBe('');
    expect(rows[0]!.SiteName).not.toBe('');
  });

  it('is the administrator’s alone', async () => {
    const res = await list('factory');
    expect(res.status).toBe(403);
    expect(res.body.ResponseMessage).toBe(FORBIDDEN);
  });
});
