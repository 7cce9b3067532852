// Dashboard/GetDashboardData on a real database (PGlite; PostgreSQL with DATABASE_URL): the totals and
// the monthly series after mapping, de-mapping, damage, printing, issue, packing, dispatch and receipt
// made through the real calls; the 'Static Qr Mapping' switch; whose figures answer (a site user gets
// its own whatever Id it sends, an admin any site); and a bad body answers '400' with a message.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_API,
  DASHBOARD_MSG,
  type DashboardCount,
  type DashboardData,
} from '../../src/shared/contracts/dashboard.js';
import { USER_TYPE } from '../../src/shared/contracts/auth.js';
import { DISPATCH_API } from '../../src/shared/contracts/floor/dispatch.js';
import { RECEIVE_API } from '../../src/shared/contracts/floor/dispatch-receive.js';
import { DAMAGE_API } from '../../src/shared/contracts/numbers/damage.js';
import { DEMAP_API } from '../../src/shared/contracts/numbers/demap.js';
import { GENERATION_API } from '../../src/shared/contracts/numbers/generation.js';
import { ISSUE_API } from '../../src/shared/contracts/numbers/issue.js';
import { MAPPING_API } from '../../src/shared/contracts/numbers/mapping.js';
import { STOCK_API } from '../../src/shared/contracts/numbers/stock.js';
import { PAGE } from '../../src/shared/pages.js';
import { indiaDate } from '../../src/shared/today.js';
import { mappings, numberIssues } from '../../src/server/db/schema.js';
import { send } from '../helpers/endpoint-call.js';
import { insertSite, insertUser } from '../helpers/factories.js';
import { damageBody, demapBody, type MappingRow } from '../helpers/factories-damage.js';
import { dispatchBody, dispatchFactory, insertWarehouse, Packer } from '../helpers/factories-dispatch.js';
import { cartonSize, slip, type FloorFactory } from '../helpers/factories-floor.js';
import { generateBody } from '../helpers/factories-generation.js';
import { acceptBody, issueBody } from '../helpers/factories-issue.js';
import { insertMapping, mapBody } from '../helpers/factories-mapping.js';
import { appCodes, insertColleague } from '../helpers/factories-pairs.js';
import { insertReference, nextPrefix } from '../helpers/factories-sites.js';
import { useApp } from '../helpers/use-app.js';

const t = useApp();
let A: FloorFactory;
let clerk: string;
let depotId: number;
let admin: string;
const ZERO: DashboardCount = {
  TotalMapping: 0,
  TotalDeMapping: 0,
  TotalDamage: 0,
  TotalGenerate: 0,
  TotalPacked: 0,
  TotalDispatched: 0,
  TotalCartonsPacked: 0,
  TotalCartonsDispatched: 0,
  TotalReceived: 0,
  TotalCartonsReceived: 0,
  TotalIssue: 0,
};

/** The figures `token` is answered, checked against the contract. */
async function figures(token: string, body: unknown): Promise<DashboardData> {
  const res = await send(t, DASHBOARD_API.data, body, token);
  expect(res.status).toBe(200);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as DashboardData;
}

async function must(
  what: string,
  p: Promise<{ body: { ResponseCode: string; ResponseMessage: string; ResponseData: unknown } }>,
) {
  const { body } = await p;
  if (body.ResponseCode !== '200') throw new Error(`${what}: ${body.ResponseMessage}`);
  return body.ResponseData;
}

// 'Jan 2026' for this month in India, and a date in the month `back` months before it.
const [year, month] = indiaDate().split('-').map(Number) as [number, number];
const monthsBack = (back: number) => new Date(Date.UTC(year, month - 1 - back, 15, 6));
const nameOf = (d: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(d);

beforeAll(async () => {
  await insertReference(t.db);
  admin = await t.token('admin');
  // Factory A: static 1..1000 mapped (the floor's January mapping), slips printed, packing and dispatch pages.
  A = await dispatchFactory(t, nextPrefix());
  const numbers = await insertColleague(t, A, [
    PAGE.mapping.key,
    PAGE.deMapping.key,
    PAGE.productDamage.key,
    PAGE.numberGeneration.key,
    PAGE.stockManagement.key,
  ]);

  // Static: 1001..1500 mapped, 1401..1500 de-mapped, 1301..1320 damaged, 1001..1050 printed.
  const s = (await must('map static', send(t, MAPPING_API.save, mapBody(A.productId, 1001, 1500), numbers))) as {
    MappingId: number;
  };
  const [staticRow] = await t.db.select().from(mappings).where(eq(mappings.id, s.MappingId));
  await must('demap', send(t, DEMAP_API.create, demapBody(staticRow as MappingRow, 1401, 100), numbers));
  await must('damage', send(t, DAMAGE_API.create, damageBody(staticRow as MappingRow, 1301, 20), numbers));
  await must('print', send(t, GENERATION_API.generate, generateBody(staticRow as MappingRow, 1001, 1050), numbers));
  // Two months ago 10 more; over a year ago 7 more (in the total, not in the series).
  await insertMapping(t.db, {
    kind: 'S',
    prefix: A.prefix,
    fromNo: 2001,
    toNo: 2010,
    companyId: A.companyId,
    productId: A.productId,
    siteId: A.siteId,
    createdAt: monthsBack(2),
  });
  await insertMapping(t.db, {
    kind: 'S',
    prefix: A.prefix,
    fromNo: 3001,
    toNo: 3007,
    companyId: A.companyId,
    productId: A.productId,
    siteId: A.siteId,
    createdAt: monthsBack(13),
  });

  // Preprinted: the admin issues 100 to A's company, A accepts them, maps 60, damages 5.
  const { FrmNo } = (await must('from', send(t, ISSUE_API.fromNumber, undefined, admin))) as { FrmNo: number };
  await must('issue', send(t, ISSUE_API.create, issueBody(A.companyId, FrmNo, FrmNo + 99), admin));
  const [issue] = await t.db.select().from(numberIssues).where(eq(numberIssues.companyId, A.companyId));
  await must('accept', send(t, STOCK_API.accept, acceptBody(issue!.id, FrmNo, FrmNo + 99), numbers));
  const p = (await must(
    'map preprinted',
    send(t, MAPPING_API.save, mapBody(A.productId, FrmNo, FrmNo + 59, { isPreprinted: true }), numbers),
  )) as { MappingId: number };
  const [pRow] = await t.db.select().from(mappings).where(eq(mappings.id, p.MappingId));
  await must('damage preprinted', send(t, DAMAGE_API.create, damageBody(pRow as MappingRow, FrmNo, 5), numbers));

  // Packing: two tertiary cartons (2 x 2 secondary cartons of 2 packs) and a loose secondary carton.
  const pack = new Packer(t, await appCodes(t), A, await cartonSize(t.db, 2));
  const [tid1] = [await pack.tid(), await pack.tid()];
  const loose = await pack.sid();
  const lost = await pack.sid();

  // A dispatch of one tertiary and two loose secondary cartons (8 packs) to the depot, which receives
  // the tertiary and one of them: the other is reported missing.
  const depot = await insertWarehouse(t.db, A.companyId, { prefix: nextPrefix() });
  depotId = depot.id;
  const u = await insertUser(t.db, {
    companyId: A.companyId,
    siteId: depot.id,
    userType: USER_TYPE.warehouse,
    pages: [PAGE.dispatchReceive.key],
  });
  clerk = (await t.signIn(u.email, u.password)).token;
  const modes = (await must('modes', send(t, DISPATCH_API.modes, undefined, A.token))) as Array<{
    TransportModeId: number;
  }>;
  const did = slip('DID', A.prefix, 1);
  const sent = await t.raw({
    method: 'POST',
    url: `/API/api/${DISPATCH_API.save.path}`,
    headers: { authorization: `Bearer ${A.token}`, 'idempotency-key': 'dashboard-dispatch-1' },
    payload: dispatchBody({ WareHouseId: depot.id }, [tid1!, loose, lost], {
      TransportModeId: modes[0]!.TransportModeId,
      DispatchId: did,
    }) as object,
  });
  expect(sent.body.ResponseCode, sent.body.ResponseMessage).toBe('200');
  const got = await t.raw({
    method: 'POST',
    url: `/API/api/${RECEIVE_API.save.path}`,
    headers: { authorization: `Bearer ${clerk}`, 'idempotency-key': 'dashboard-receive-1' },
    payload: { DispatchId: did, Cartons: [tid1, loose] },
  });
  expect(got.body.ResponseCode, got.body.ResponseMessage).toBe('200');
}, 120_000);

describe('the factory view', () => {
  it('counts static numbers by default: mapped, de-mapped, damaged, printed, packed and dispatched', async () => {
    const d = await figures(A.token, { Id: 0, isPreprinted: false });
    expect(d.Site).toEqual({ ID: A.siteId, FirmName: expect.any(String), IsFactory: true });
    expect(d.DashboardCount).toEqual({
      ...ZERO,
      // 1..1000, 1001..1400, 2001..2010 and 3001..3007 are mapped now.
      TotalMapping: 1000 + 400 + 10 + 7,
      TotalDeMapping: 100,
      TotalDamage: 20,
      TotalIssue: 50,
      TotalGenerate: 50,
      // 6 secondary cartons of 2 packs; shipping units: 2 tertiary cartons and the two loose ones.
      TotalPacked: 12,
      TotalCartonsPacked: 4,
      TotalDispatched: 8,
      TotalCartonsDispatched: 3,
    });
    // An absent body reads as the caller's own site and static numbers.
    expect((await figures(A.token, {})).DashboardCount).toEqual(d.DashboardCount);
  });

  it('gives twelve months, oldest first, ending with this month; each figure in the month it was made', async () => {
    const d = await figures(A.token, { isPreprinted: false });
    expect(d.MonthName).toHaveLength(12);
    expect(d.MonthName[11]).toBe(nameOf(new Date()));
    expect(d.MonthName[9]).toBe(nameOf(monthsBack(2)));
    expect(d.MonthName[0]).toBe(nameOf(monthsBack(11)));
    const only = (last: number, at9 = 0) => [0, 0, 0, 0, 0, 0, 0, 0, 0, at9, 0, last];
    expect(d.MappingList).toEqual(only(1400, 10));
    expect(d.DeMappingList).toEqual(only(100));
    expect(d.DamageList).toEqual(only(20));
    expect(d.NumberList).toEqual(only(50));
  });

  it("with the switch off counts preprinted numbers: the company's issue, mapped and damaged", async () => {
    const d = await figures(A.token, { Id: 0, isPreprinted: true });
    expect(d.DashboardCount).toEqual({
      ...ZERO,
      TotalMapping: 60,
      TotalDamage: 5,
      TotalIssue: 100,
      TotalGenerate: 50,
      TotalPacked: 12,
      TotalCartonsPacked: 4,
      TotalDispatched: 8,
      TotalCartonsDispatched: 3,
    });
    expect(d.NumberList[11]).toBe(100);
    expect(d.MappingList[11]).toBe(60);
    expect(d.DamageList[11]).toBe(5);
    // The spec client's flag forms.
    expect((await figures(A.token, { Id: '0', isPreprinted: 'true' })).DashboardCount).toEqual(d.DashboardCount);
  });
});

describe('a print file made again', () => {
  it('adds no numbers: the same range generated and downloaded again, or a part of it, leaves Issued and Generated as they were', async () => {
    const before = await figures(A.token, { isPreprinted: false });
    const [row] = await t.db
      .select()
      .from(mappings)
      .where(and(eq(mappings.companyId, A.companyId), eq(mappings.kind, 'S'), eq(mappings.fromNo, 1001)));
    await must('print again', send(t, GENERATION_API.generate, generateBody(row as MappingRow, 1001, 1050), admin));
    await must(
      'print a part again',
      send(t, GENERATION_API.generate, generateBody(row as MappingRow, 1010, 1020), admin),
    );
    await must(
      'download again',
      send(t, GENERATION_API.download, { Prefix: A.prefix, FromNo: 1001, ToNo: 1050, Qty: 50 }, admin),
    );
    const after = await figures(A.token, { isPreprinted: false });
    expect(after.DashboardCount).toEqual(before.DashboardCount);
    expect([after.DashboardCount.TotalIssue, after.DashboardCount.TotalGenerate]).toEqual([50, 50]);
    expect(after.NumberList).toEqual(before.NumberList);
    expect((await figures(A.token, { isPreprinted: true })).DashboardCount.TotalGenerate).toBe(50);
  });
});

describe('the warehouse view', () => {
  it('counts what the warehouse received: the cartons that arrived, not the one reported missing', async () => {
    const d = await figures(clerk, { Id: 0, isPreprinted: false });
    expect(d.Site).toEqual({ ID: depotId, FirmName: expect.any(String), IsFactory: false });
    expect(d.DashboardCount).toEqual({ ...ZERO, TotalReceived: 6, TotalCartonsReceived: 2 });
    expect(d.MappingList).toEqual(Array(12).fill(0));
  });
});

describe('whose figures', () => {
  it("a site user gets its own figures whatever Id it sends: never another site's or company's", async () => {
    const own = await figures(A.token, { Id: 0 });
    const other = await dispatchFactory(t, nextPrefix());
    for (const id of [A.siteId, depotId]) {
      const d = await figures(other.token, { Id: id });
      expect(d.Site.ID).toBe(other.siteId);
      expect(d.DashboardCount).toEqual({ ...ZERO, TotalMapping: 1000 });
    }
    // A sibling factory of the same company sees its own site too.
    const sibling = await insertSite(t.db, A.companyId, { prefix: nextPrefix() });
    const u = await insertUser(t.db, { companyId: A.companyId, siteId: sibling.id, userType: USER_TYPE.factory });
    const token = (await t.signIn(u.email, u.password)).token;
    const d = await figures(token, { Id: A.siteId });
    expect(d.Site.ID).toBe(sibling.id);
    expect(d.DashboardCount).toEqual(ZERO);
    // The depot's clerk asking for the factory gets the depot.
    expect((await figures(clerk, { Id: A.siteId })).Site.ID).toBe(depotId);
    expect((await figures(A.token, { Id: 0 })).DashboardCount).toEqual(own.DashboardCount);
  });

  it('an admin picks any site by Id', async () => {
    const asA = await figures(A.token, { isPreprinted: false });
    const byAdmin = await figures(admin, { Id: A.siteId, isPreprinted: false });
    expect(byAdmin).toEqual(asA);
    expect((await figures(admin, { Id: depotId })).DashboardCount).toEqual({
      ...ZERO,
      TotalReceived: 6,
      TotalCartonsReceived: 2,
    });
  });

  it('an admin who picked nothing, or a site that does not exist, gets a warning', async () => {
    for (const [body, message] of [
      [{ Id: 0 }, DASHBOARD_MSG.selectEntity],
      [{}, DASHBOARD_MSG.selectEntity],
      [{ Id: 99_999_999 }, DASHBOARD_MSG.siteNotFound],
    ] as const) {
      const res = await send(t, DASHBOARD_API.data, body, admin);
      expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
    }
  });

  it('an account without a site (a dealer) gets no figures', async () => {
    const u = await insertUser(t.db, { companyId: A.companyId, userType: USER_TYPE.dealer });
    const token = (await t.signIn(u.email, u.password)).token;
    const res = await send(t, DASHBOARD_API.data, { Id: A.siteId }, token);
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: DASHBOARD_MSG.noSite, ResponseData: null });
  });

  it('answers 401 without a sign-in', async () => {
    const res = await t.post(DASHBOARD_API.data.path, { Id: 0 });
    expect(res.status).toBe(401);
  });
});

describe('a bad body', () => {
  it("answers '400' with the field's message, not a stack", async () => {
    for (const [body, message] of [
      [{ Id: 'abc' }, 'Id must be a whole number.'],
      [{ Id: 1.5 }, 'Id must be a whole number.'],
      [{ Id: -3 }, 'Id must be a whole number.'],
      [{ Id: {} }, 'Id must be a whole number.'],
      [{ Id: 0, isPreprinted: 'yes' }, 'isPreprinted must be true or false.'],
    ] as const) {
      const res = await t.post(DASHBOARD_API.data.path, body, A.token);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body, JSON.stringify(body)).toEqual({
        ResponseCode: '400',
        ResponseMessage: message,
        ResponseData: null,
      });
    }
  });
});
