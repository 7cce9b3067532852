// The monthly partitions of events and verifications on a real database (PGlite; PostgreSQL with
// DATABASE_URL): rows land in their month's partition; a row beyond the months made lands in DEFAULT
// and the maintenance moves it to its month (the event log still append-only after); several runs at
// once (PostgreSQL); and the retention drops whole verification months while the points, balances,
// ledger and redemptions answer as before.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  feedbackIdOf,
  POINTS_API,
  POINTS_MSG,
  type LoyaltyRequestRow,
  type PointsAnswer,
} from '../../src/shared/contracts/loyalty/points.js';
import { FARMER_LOYALTY_REPORT, VERIFICATION_REPORT } from '../../src/shared/contracts/reports/public.js';
import type { ReportContract } from '../../src/shared/contracts/reports/report.js';
import { addDays } from '../../src/shared/contracts/numbers/fields.js';
import { indiaDate } from '../../src/shared/today.js';
import {
  defaultPartition,
  maintainPartitions,
  partitionName,
  type PartitionedTable,
} from '../../src/server/db/partitions.js';
import { events, NO_COMPANY, pointEntries, redemptionRequests, verifications } from '../../src/server/db/schema.js';
import type { CodeMac } from '../../src/server/domain/code-mac.js';
import { fetchGet, send } from '../helpers/endpoint-call.js';
import { listBody } from '../helpers/factories.js';
import { farmer, loyaltyFactory, masterScheme, saveScheme, verifyFrom } from '../helpers/factories-loyalty.js';
import { appCodes, insertMapping, staticSeries, type Factory } from '../helpers/factories-pairs.js';
import { insertReference, nextPrefix } from '../helpers/factories-sites.js';
import { useApp } from '../helpers/use-app.js';

const t = useApp();
const HERE = 'Aalpha Pradesh';

/** The first instant of the UTC month `n` months from now, plus `days`. */
const monthFromNow = (n: number, days = 0) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1 + days, 6));
};
const monthOf = (d: Date) => ({ y: d.getUTCFullYear(), m: d.getUTCMonth() });

/** The partition the row of `table` with this id is stored in. */
async function partitionOf(table: PartitionedTable, id: number): Promise<string | undefined> {
  const res = (await t.db.execute(
    sql`select tableoid::regclass::text as p from ${sql.identifier(table)} where id = ${id}`,
  )) as unknown as { rows: { p: string }[] };
  return res.rows[0]?.p;
}

async function partitionsOf(table: PartitionedTable): Promise<string[]> {
  const res = (await t.db.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = ${table}::regclass order by 1`)) as unknown as { rows: { name: string }[] };
  return res.rows.map((r) => r.name);
}

const insertVerification = async (at: Date, extra: Partial<typeof verifications.$inferInsert> = {}) =>
  (
    await t.db
      .insert(verifications)
      .values({ at, scan: 'not a code', companyId: NO_COMPANY, result: '-1', message: 'forged', ...extra })
      .returning()
  )[0]!;

const insertEvent = async (at: Date) =>
  (
    await t.db
      .insert(events)
      .values({ at, action: 'issue', userId: null, companyId: NO_COMPANY, detail: { note: 'partition test' } })
      .returning()
  )[0]!;

describe('rows land in their month', () => {
  it('inserts over the current month and the 3 ahead land in their own partitions', async () => {
    for (const n of [0, 1, 2, 3]) {
      const at = monthFromNow(n, 2);
      const v = await insertVerification(at);
      const e = await insertEvent(at);
      expect(await partitionOf('verifications', v.id)).toBe(partitionName('verifications', monthOf(at)));
      expect(await partitionOf('events', e.id)).toBe(partitionName('events', monthOf(at)));
    }
  });

  it('a row beyond the months made lands in DEFAULT; the maintenance moves it to its month, append-only kept', async () => {
    const at = monthFromNow(7, 9);
    const v = await insertVerification(at, { city: 'Nashik' });
    const e = await insertEvent(at);
    expect(await partitionOf('verifications', v.id)).toBe(defaultPartition('verifications'));
    expect(await partitionOf('events', e.id)).toBe(defaultPartition('events'));

    const done = await maintainPartitions(t.db, { monthsAhead: 3, retentionMonths: 0 });
    expect(done).toEqual({
      created: [partitionName('events', monthOf(at)), partitionName('verifications', monthOf(at))],
      moved: 2,
      dropped: [],
    });
    expect(await partitionOf('verifications', v.id)).toBe(partitionName('verifications', monthOf(at)));
    expect(await partitionOf('events', e.id)).toBe(partitionName('events', monthOf(at)));
    // The same rows, whole.
    expect(await t.db.select().from(verifications).where(eq(verifications.id, v.id))).toEqual([v]);
    expect(await t.db.select().from(events).where(eq(events.id, e.id))).toEqual([e]);
    // The event log refuses a change in the new month and in DEFAULT, attached again.
    await expect(t.db.delete(events).where(eq(events.id, e.id))).rejects.toThrow();
    const stray = await insertEvent(monthFromNow(20));
    expect(await partitionOf('events', stray.id)).toBe(defaultPartition('events'));
    await expect(t.db.delete(events).where(eq(events.id, stray.id))).rejects.toThrow();
    // A second run finds DEFAULT's one row a month of its own, and then nothing to do.
    expect((await maintainPartitions(t.db, { monthsAhead: 3, retentionMonths: 0 })).moved).toBe(1);
    expect(await maintainPartitions(t.db, { monthsAhead: 3, retentionMonths: 0 })).toEqual({
      created: [],
      moved: 0,
      dropped: [],
    });
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'several maintenance runs at once (PostgreSQL): none fails, each month made once',
    async () => {
      const strays = [monthFromNow(30, 3), monthFromNow(31, 4)];
      for (const at of strays) await insertVerification(at);
      await insertEvent(strays[0]!);
      const now = monthFromNow(26);
      const runs = await Promise.all(
        Array.from({ length: 4 }, () => maintainPartitions(t.db, { monthsAhead: 3, retentionMonths: 0, now })),
      );
      const names = (table: PartitionedTable, ns: number[]) =>
        ns.map((n) => partitionName(table, monthOf(monthFromNow(n))));
      expect(runs.flatMap((r) => r.created).sort()).toEqual(
        [...names('events', [26, 27, 28, 29, 30]), ...names('verifications', [26, 27, 28, 29, 30, 31])].sort(),
      );
      expect(runs.reduce((n, r) => n + r.moved, 0)).toBe(3);
    },
  );
});

describe('retention: whole verification months go, the points stay', () => {
  let codes: CodeMac;
  let A: Factory;
  const mobile = '9876501234';

  beforeAll(async () => {
    await insertReference(t.db);
    codes = await appCodes(t);
    A = await loyaltyFactory(t, nextPrefix());
    const series = staticSeries(A.prefix);
    await insertMapping(t.db, {
      companyId: A.companyId,
      productId: A.productId,
      series,
      fromNo: 1,
      toNo: 50,
      batchNo: 'R-1',
    });
    expect(await saveScheme(t, A, masterScheme(A, { SchemeName: 'Kharif 10', LoyaltyPoints: 10 }))).toMatchObject({
      ResponseCode: '200',
    });
  }, 60_000);

  const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
  const WEEK = { FromDate: us(addDays(indiaDate(), -6)), ToDate: us(indiaDate()) };
  const report = async (r: ReportContract) =>
    (await send(t, r.api.list, { First: 1, PageSize: 500, IsActive: '1', ...WEEK }, await t.token('admin'))).body;
  const requests = async (accepted: 0 | 1) =>
    (await send(t, POINTS_API.requests, { ...listBody({}), IsAccepted: accepted }, A.token)).body
      .ResponseData as LoyaltyRequestRow[];
  const mine = async (UsrId: string) => (await send(t, POINTS_API.mine, { UsrId, MobNo: mobile })).body;
  const ledger = () => t.db.select().from(pointEntries).where(eq(pointEntries.companyId, A.companyId));

  it('drops the months past the window; the ledger, balance, reports and requests answer the same', async () => {
    const S = (n: number) => codes.make(staticSeries(A.prefix), n);
    const earned: string[] = [];
    for (const serial of [1, 2, 3]) {
      expect((await verifyFrom(t, S(serial), HERE)).body.ResponseCode).toBe('-3');
      const res = await verifyFrom(t, S(serial), HERE, farmer(mobile));
      expect(res.body).toMatchObject({ ResponseCode: '200', ResponseData: { LoyaltyPoints: 10 } });
      earned.push((res.body.ResponseData as { FeedbackId: string }).FeedbackId);
    }
    const redeemed = await send(t, POINTS_API.redeem, {
      UsrId: earned[0],
      MobNo: mobile,
      Points: 5,
      Totalpoints: 0,
      ProductName: A.productName,
      SchemeName: 'Kharif',
      PaytmPoint: 5,
      Location: HERE,
      UserName: 'Sita Devi',
    });
    expect(redeemed.body.ResponseCode).toBe('200');
    // A later verification by the same farmer, in a month the retention keeps (a FeedbackId to come back with).
    const kept = await insertVerification(monthFromNow(2, 1), {
      kind: 'S',
      prefix: A.prefix,
      serial: 4,
      companyId: A.companyId,
      productId: A.productId,
      result: '200',
      message: 'This is a genuine product.',
      mobile,
      name: 'Sita Devi',
      feedbackKey: 'kept-key-000000000000A',
    });
    const keptId = feedbackIdOf(kept.id, kept.feedbackKey!);

    const before = {
      ledger: await ledger(),
      farmers: await report(FARMER_LOYALTY_REPORT),
      waiting: await requests(0),
      balance: ((await mine(earned[2]!)).ResponseData as PointsAnswer).Balance,
    };
    expect(before.balance).toBe(25);
    expect(before.waiting).toHaveLength(1);
    const farmersScans = async () =>
      (((await report(VERIFICATION_REPORT)).ResponseData ?? []) as { MobileNo: string | null }[]).filter(
        (r) => r.MobileNo === mobile,
      );
    expect(await farmersScans()).toHaveLength(3);

    // Three months on, keeping one full month before the current: this month and the next go.
    const done = await maintainPartitions(t.db, { monthsAhead: 3, retentionMonths: 1, now: monthFromNow(3, 5) });
    expect(done.dropped).toEqual([
      partitionName('verifications', monthOf(monthFromNow(0))),
      partitionName('verifications', monthOf(monthFromNow(1))),
    ]);
    expect(await partitionsOf('verifications')).not.toContain(partitionName('verifications', monthOf(monthFromNow(0))));
    expect(await partitionsOf('events')).toContain(partitionName('events', monthOf(monthFromNow(0))));

    // The scans are gone (the farmers' personal data with them)...
    expect(await farmersScans()).toEqual([]);
    expect(await t.db.select().from(verifications).where(eq(verifications.mobile, mobile))).toEqual([kept]);
    // ...the points are not.
    expect(await ledger()).toEqual(before.ledger);
    expect(await report(FARMER_LOYALTY_REPORT)).toEqual(before.farmers);
    expect(await requests(0)).toEqual(before.waiting);
    expect(((await mine(keptId)).ResponseData as PointsAnswer).Balance).toBe(before.balance);
    // A FeedbackId of a dropped verification no longer names its farmer.
    expect(await mine(earned[2]!)).toMatchObject({ ResponseCode: '400', ResponseMessage: POINTS_MSG.notYours });
    // The waiting request is accepted as before; its verification row is not needed.
    const id = before.waiting[0]!.Id;
    const accepted = await fetchGet(t, POINTS_API.accept, { id, remark: 'Paid' }, A.token);
    expect(accepted.body).toMatchObject({ ResponseCode: '200', ResponseMessage: POINTS_MSG.accepted });
    expect(await t.db.select().from(redemptionRequests).where(eq(redemptionRequests.id, id))).toMatchObject([
      { points: 5, remark: 'Paid' },
    ]);
  });
});
