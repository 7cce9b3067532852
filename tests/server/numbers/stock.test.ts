// Stock Management (spec 2 sections 4 'Stock', 5 'Stock accept', 7 'Stock'; DESIGN section 4): every
// message, accepting a whole issue once, company scoping, rights, the event log and the demo stock.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_LOGINS } from '../../../src/server/db/seed.js';
import { events, numberIssues } from '../../../src/server/db/schema.js';
import { acceptedCount } from '../../../src/server/domain/ranges.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { NUMBER_ONLY } from '../../../src/shared/contracts/numbers/fields.js';
import {
  acceptWhole,
  alreadyAccepted,
  STOCK_API,
  STOCK_MSG,
  type StockRow,
} from '../../../src/shared/contracts/numbers/stock.js';
import { PAGE } from '../../../src/shared/pages.js';
import { listBody, userIdByEmail } from '../../helpers/factories.js';
import { acceptBody, insertCompanyUser, insertIssue, type CompanyUser } from '../../helpers/factories-issue.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

type Row = StockRow & { TotalRows: number };
const t = useApp();
let admin: string;
let mine: CompanyUser;
let theirs: CompanyUser;
const issue: Record<string, number> = {};

beforeAll(async () => {
  admin = await t.token('admin');
  mine = await insertCompanyUser(t, [PAGE.stockManagement.key]);
  theirs = await insertCompanyUser(t, [PAGE.stockManagement.key]);
  issue.a = (await insertIssue(t.db, mine.companyId, 300_001, 300_100)).id;
  issue.b = (await insertIssue(t.db, mine.companyId, 300_101, 300_101)).id;
  issue.theirs = (await insertIssue(t.db, theirs.companyId, 400_001, 400_500)).id;
});

const accept = (body: unknown, token = mine.token) => send(t, STOCK_API.accept, body, token);
const snapshot = async () => JSON.stringify(await t.db.select().from(numberIssues).orderBy(numberIssues.id));
async function rows(body: Record<string, unknown>, token = mine.token): Promise<Row[]> {
  const res = await send(t, STOCK_API.list, body, token);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as Row[];
}

describe('validation', () => {
  it.each([
    ['no From', { FrmNo: undefined }, STOCK_MSG.fromRequired],
    ['an empty From', { FrmNo: '' }, STOCK_MSG.fromRequired],
    ['From 0', { FrmNo: 0 }, STOCK_MSG.fromRequired],
    ['From in letters', { FrmNo: '3000O1' }, NUMBER_ONLY],
    ['no To', { ToNo: undefined }, STOCK_MSG.toRequired],
    ['To in letters', { ToNo: '1e5' }, NUMBER_ONLY],
    ['To below From', { ToNo: 300_000, IssueQty: 1 }, STOCK_MSG.toAfterFrom],
    ['no quantity', { IssueQty: undefined }, STOCK_MSG.qtyRequired],
    ['quantity 0', { IssueQty: 0 }, STOCK_MSG.qtyRequired],
    ['a quantity that does not match', { IssueQty: 99 }, STOCK_MSG.qtyMismatch],
    ['no stock id', { StockId: undefined }, STOCK_MSG.notFound],
    ['an unknown field', { CompanyId: 1 }, 'Unknown field: CompanyId'],
  ])('%s answers 400 with its message and accepts nothing', async (_n, change, message) => {
    const before = await snapshot();
    expect((await accept({ ...acceptBody(issue.a!, 300_001, 300_100), ...change })).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: message,
      ResponseData: null,
    });
    expect(await snapshot()).toBe(before);
  });

  it('accepts an issue only whole', async () => {
    const before = await snapshot();
    expect((await accept(acceptBody(issue.a!, 300_001, 300_050))).body.ResponseMessage).toBe(
      acceptWhole(300_001, 300_100),
    );
    expect((await accept(acceptBody(issue.a!, 300_002, 300_101))).body.ResponseMessage).toBe(
      acceptWhole(300_001, 300_100),
    );
    expect(await snapshot()).toBe(before);
  });
});

describe('accepting', () => {
  it('accepts the whole issue once, records who and when, and logs it', async () => {
    expect(await acceptedCount(t.db, mine.companyId, 300_001, 300_100)).toBe(0);
    expect(
      (await accept(acceptBody(issue.a!, 300_001, 300_100, { FrmNo: '300001', ToNo: '300100', IssueQty: '100' }))).body,
    ).toEqual({ ResponseCode: '200', ResponseMessage: STOCK_MSG.accepted, ResponseData: null });
    const [row] = await t.db.select().from(numberIssues).where(eq(numberIssues.id, issue.a!));
    expect(row!.acceptedBy).toBe(mine.userId);
    expect(Date.now() - row!.acceptedAt!.getTime()).toBeLessThan(60_000);
    expect(await acceptedCount(t.db, mine.companyId, 300_001, 300_100)).toBe(100);
    const [ev] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'accept'), eq(events.ref, String(issue.a))));
    expect(ev).toMatchObject({
      userId: mine.userId,
      companyId: mine.companyId,
      kind: 'P',
      prefix: '',
      fromNo: 300_001,
      toNo: 300_100,
    });

    const before = await snapshot();
    expect((await accept(acceptBody(issue.a!, 300_001, 300_100))).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: alreadyAccepted(300_001, 300_100),
      ResponseData: null,
    });
    expect(await snapshot()).toBe(before);
  });

  it('accepts a one-number issue (From equals To)', async () => {
    expect((await accept(acceptBody(issue.b!, 300_101, 300_101))).body.ResponseCode).toBe('200');
  });

  it("answers another company's stock as not found and leaves it as it was", async () => {
    const before = await snapshot();
    expect((await accept(acceptBody(issue.theirs!, 400_001, 400_500))).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: STOCK_MSG.notFound,
      ResponseData: null,
    });
    expect((await accept(acceptBody(987_654, 1, 10))).body.ResponseMessage).toBe(STOCK_MSG.notFound);
    expect(await snapshot()).toBe(before);
    expect(
      await t.db
        .select()
        .from(events)
        .where(eq(events.ref, String(issue.theirs))),
    ).toEqual([]);
  });
});

describe('list', () => {
  it("shows the caller's own company's stock only, with the accepted flag", async () => {
    const list = await rows(listBody({ SortColumn: 'FrmNo', SortOrder: 'ASC' }));
    expect(
      list.map(({ FrmNo, ToNo, IssueQty, IsActive, CompanyName }) => ({
        FrmNo,
        ToNo,
        IssueQty,
        IsActive,
        CompanyName,
      })),
    ).toEqual([
      { FrmNo: 300_001, ToNo: 300_100, IssueQty: 100, IsActive: 1, CompanyName: mine.companyName },
      { FrmNo: 300_101, ToNo: 300_101, IssueQty: 1, IsActive: 1, CompanyName: mine.companyName },
    ]);
    expect(list[0]).toMatchObject({ StockId: issue.a, TotalRows: 2 });
    expect((await rows(listBody(), theirs.token)).map((r) => r.StockId)).toEqual([issue.theirs]);
  });

  it('shows every company to the admin, filters by IsAccepted, sorts and searches', async () => {
    const all = await rows(listBody({ PageSize: -1, SortColumn: 'FrmNo', SortOrder: 'DESC' }), admin);
    expect(all.map((r) => r.FrmNo)).toEqual([400_001, 300_101, 300_001, 100_001, 1]);
    const pending = await rows(
      listBody({ PageSize: -1, IsAccepted: false, SortColumn: 'FrmNo', SortOrder: 'ASC' }),
      admin,
    );
    expect(pending.map((r) => r.FrmNo)).toEqual([100_001, 400_001]);
    expect((await rows(listBody({ SearchValue: '400500' }), admin)).map((r) => r.StockId)).toEqual([issue.theirs]);
    const byQty = await rows(listBody({ PageSize: -1, SortColumn: 'IssueQty', SortOrder: 'ASC' }), admin);
    expect(byQty.map((r) => r.IssueQty)).toEqual([1, 100, 500, 100_000, 100_000]);
  });

  it('seeds the demo company with 1–100000 accepted and 100001–200000 to accept', async () => {
    const factory = await t.token('factory');
    const list = await rows(listBody({ SortColumn: 'FrmNo', SortOrder: 'ASC' }), factory);
    expect(list.map(({ FrmNo, ToNo, IsActive }) => ({ FrmNo, ToNo, IsActive }))).toEqual([
      { FrmNo: 1, ToNo: 100_000, IsActive: 1 },
      { FrmNo: 100_001, ToNo: 200_000, IsActive: 0 },
    ]);
    const [demo] = await t.db.select().from(numberIssues).where(eq(numberIssues.fromNo, 1));
    expect(demo).toMatchObject({
      salesOrderNo: 'SO-DEMO-1',
      acceptedBy: await userIdByEmail(t.db, SEED_LOGINS.factory.email),
    });
    expect(await t.db.$count(events, and(eq(events.action, 'accept'), eq(events.fromNo, 1)))).toBe(1);
  });
});

describe('rights', () => {
  it('answers 403 without the Stock Management page', async () => {
    const other = await insertCompanyUser(t, [PAGE.mapping.key]);
    for (const res of [
      await send(t, STOCK_API.list, listBody(), other.token),
      await accept(acceptBody(issue.theirs!, 400_001, 400_500), other.token),
    ])
      expect(res).toMatchObject({ status: 403, body: { ResponseMessage: FORBIDDEN } });
  });
});
