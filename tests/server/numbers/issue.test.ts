// Number Issued (spec 2 sections 5 'Number issue', 7 'Issue number'; DESIGN section 4): every message,
// ranges that never overlap, the next From number, the delete rules, the list, rights and the event log.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { events, numberIssues } from '../../../src/server/db/schema.js';
import { FORBIDDEN, INVALID_ARGUMENTS } from '../../../src/server/http/route.js';
import { NUMBER_ONLY } from '../../../src/shared/contracts/numbers/fields.js';
import {
  acceptedNoDelete,
  alreadyIssued,
  ISSUE_API,
  ISSUE_MSG,
  type IssueRow,
} from '../../../src/shared/contracts/numbers/issue.js';
import { PAGE } from '../../../src/shared/pages.js';
import { insertCompany, listBody } from '../../helpers/factories.js';
import { insertCompanyUser, insertIssue, issueBody, type CompanyUser } from '../../helpers/factories-issue.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';
import { COMPANY_API } from '../../../src/shared/contracts/company.js';

type Row = IssueRow & { TotalRows: number };
const DEMO = 'Green Harvest Agro Ltd';
const t = useApp();
let admin: string;
let mine: CompanyUser; // a company user who was given the hidden page
let shut: number; // an inactive company

beforeAll(async () => {
  admin = await t.token('admin');
  mine = await insertCompanyUser(t, [PAGE.numberIssued.key]);
  shut = (await insertCompany(t.db, { isActive: false })).id;
});

const create = (body: unknown, token = admin) => send(t, ISSUE_API.create, body, token);
const nextFrom = async () =>
  ((await send(t, ISSUE_API.fromNumber, undefined, admin)).body.ResponseData as { FrmNo: number }).FrmNo;
const snapshot = async () => JSON.stringify(await t.db.select().from(numberIssues).orderBy(numberIssues.id));
async function rows(body: Record<string, unknown>, token = admin): Promise<Row[]> {
  const res = await send(t, ISSUE_API.list, body, token);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as Row[];
}

describe('validation', () => {
  const ok = { CompanyId: 1, FrmNo: 900_001, ToNo: 900_010, IssueQty: 10, SalesOrderNo: 'SO-1' };
  it.each([
    ['no company', { ...ok, CompanyId: undefined }, ISSUE_MSG.companyRequired],
    ['company 0', { ...ok, CompanyId: 0 }, ISSUE_MSG.companyRequired],
    ['no From', { ...ok, FrmNo: undefined }, ISSUE_MSG.fromRequired],
    ['an empty From', { ...ok, FrmNo: '' }, ISSUE_MSG.fromRequired],
    ['From 0', { ...ok, FrmNo: 0 }, ISSUE_MSG.fromRequired],
    ['From in letters', { ...ok, FrmNo: '12a' }, NUMBER_ONLY],
    ['a negative From', { ...ok, FrmNo: '-5' }, NUMBER_ONLY],
    ['no To', { ...ok, ToNo: undefined }, ISSUE_MSG.toRequired],
    ['To in letters', { ...ok, ToNo: 'ten' }, NUMBER_ONLY],
    ['no quantity', { ...ok, IssueQty: undefined }, ISSUE_MSG.qtyRequired],
    ['quantity 0', { ...ok, IssueQty: 0 }, ISSUE_MSG.qtyRequired],
    ['quantity in letters', { ...ok, IssueQty: 'x' }, NUMBER_ONLY],
    ['no sales order', { ...ok, SalesOrderNo: undefined }, ISSUE_MSG.salesOrderRequired],
    ['a blank sales order', { ...ok, SalesOrderNo: '   ' }, ISSUE_MSG.salesOrderRequired],
    ['a long sales order', { ...ok, SalesOrderNo: 'S'.repeat(51) }, ISSUE_MSG.salesOrderTooLong],
    ['From above To', { ...ok, FrmNo: 900_011, IssueQty: 1 }, ISSUE_MSG.fromBeforeTo],
    ['a quantity that does not match', { ...ok, IssueQty: 9 }, ISSUE_MSG.qtyMismatch],
    ['an unknown field', { ...ok, Prefix: 'KA' }, 'Unknown field: Prefix'],
  ])('%s answers 400 with its message and issues nothing', async (_n, body, message) => {
    const before = await snapshot();
    expect((await create(body)).body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
    expect(await snapshot()).toBe(before);
  });

  it('refuses an inactive or unknown company', async () => {
    expect((await create(issueBody(shut, 900_001, 900_010))).body.ResponseMessage).toBe(ISSUE_MSG.companyNotFound);
    expect((await create(issueBody(999_999, 900_001, 900_010))).body.ResponseMessage).toBe(ISSUE_MSG.companyNotFound);
  });
});

describe('issuing', () => {
  it('starts the next From one past the demo issues and moves it past each new issue', async () => {
    expect(await nextFrom()).toBe(200_001);
    const res = await create(
      issueBody(mine.companyId, 200_001, 200_100, {
        FrmNo: '200001',
        ToNo: '200100',
        IssueQty: '100',
        SalesOrderNo: ' SO-77 ',
      }),
    );
    expect(res.body).toEqual({ ResponseCode: '200', ResponseMessage: ISSUE_MSG.created, ResponseData: null });
    expect(await nextFrom()).toBe(200_101);
    const [row] = await t.db.select().from(numberIssues).where(eq(numberIssues.fromNo, 200_001));
    expect(row).toMatchObject({
      companyId: mine.companyId,
      toNo: 200_100,
      salesOrderNo: 'SO-77',
      createdBy: 1,
      acceptedAt: null,
    });
    const [ev] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'issue'), eq(events.ref, String(row!.id))));
    expect(ev).toMatchObject({
      userId: 1,
      companyId: mine.companyId,
      kind: 'P',
      prefix: '',
      fromNo: 200_001,
      toNo: 200_100,
      detail: { salesOrderNo: 'SO-77' },
    });
  });

  it('refuses any overlap and names the issue it clashes with', async () => {
    const before = await snapshot();
    expect((await create(issueBody(mine.companyId, 5, 10))).body.ResponseMessage).toBe(
      alreadyIssued(5, 10, DEMO, 'SO-DEMO-1', 1, 100_000),
    );
    expect((await create(issueBody(mine.companyId, 200_050, 200_150))).body.ResponseMessage).toBe(
      alreadyIssued(200_050, 200_100, mine.companyName, 'SO-77', 200_001, 200_100),
    );
    expect((await create(issueBody(mine.companyId, 199_990, 200_010))).body.ResponseMessage).toBe(
      alreadyIssued(200_001, 200_010, mine.companyName, 'SO-77', 200_001, 200_100),
    );
    expect((await create(issueBody(mine.companyId, 200_100, 200_100))).body.ResponseMessage).toBe(
      'Number 200100 is already issued (' + mine.companyName + ', sales order SO-77, 200001–200100).',
    );
    expect(await snapshot()).toBe(before);
  });

  it('fills a gap below the highest issue exactly, edge to edge', async () => {
    expect((await create(issueBody(mine.companyId, 300_001, 300_100))).body.ResponseCode).toBe('200');
    expect((await create(issueBody(mine.companyId, 250_000, 300_001))).body.ResponseMessage).toContain(
      'Number 300001 is already issued',
    );
    expect((await create(issueBody(mine.companyId, 200_101, 300_000))).body.ResponseCode).toBe('200');
    expect(await nextFrom()).toBe(300_101);
  });

  it('lets only one of two overlapping issues sent together through', async () => {
    const [a, b] = await Promise.all([
      create(issueBody(mine.companyId, 400_001, 400_500)),
      create(issueBody(mine.companyId, 400_300, 400_900)),
    ]);
    expect([a.body.ResponseCode, b.body.ResponseCode].sort()).toEqual(['200', '400']);
    expect(
      (await t.db.select().from(numberIssues).where(eq(numberIssues.companyId, mine.companyId))).filter(
        (r) => r.fromNo >= 400_001,
      ),
    ).toHaveLength(1);
  });
});

describe('delete', () => {
  it('deletes an issue not yet accepted, logs it, and the next From steps back', async () => {
    const from = await nextFrom();
    await create(issueBody(mine.companyId, from, from + 9, { SalesOrderNo: 'SO-DEL' }));
    const [row] = await t.db.select().from(numberIssues).where(eq(numberIssues.fromNo, from));
    expect((await send(t, ISSUE_API.remove, undefined, admin, { id: row!.id })).body).toEqual({
      ResponseCode: '200',
      ResponseMessage: ISSUE_MSG.deleted,
      ResponseData: null,
    });
    expect(await t.db.select().from(numberIssues).where(eq(numberIssues.id, row!.id))).toEqual([]);
    expect(await nextFrom()).toBe(from);
    const [ev] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'issue-delete'), eq(events.ref, String(row!.id))));
    expect(ev).toMatchObject({
      userId: 1,
      companyId: mine.companyId,
      fromNo: from,
      toNo: from + 9,
      detail: { salesOrderNo: 'SO-DEL' },
    });
  });

  it('refuses an accepted issue, an unknown id and a bad id, changing nothing', async () => {
    const accepted = await insertIssue(t.db, mine.companyId, 500_001, 500_050, true);
    const before = await snapshot();
    expect((await send(t, ISSUE_API.remove, undefined, admin, { id: accepted.id })).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: acceptedNoDelete(500_001, 500_050),
      ResponseData: null,
    });
    expect((await send(t, ISSUE_API.remove, undefined, admin, { id: '987654' })).body.ResponseMessage).toBe(
      ISSUE_MSG.notFound,
    );
    expect((await send(t, ISSUE_API.remove, undefined, admin, { id: 'abc' })).body.ResponseMessage).toBe(
      INVALID_ARGUMENTS,
    );
    expect(await snapshot()).toBe(before);
  });
});

describe('list', () => {
  it("shows the spec's fields newest first with the quantity and the accepted flag", async () => {
    const list = await rows(listBody({ PageSize: 5 }));
    expect(list).toHaveLength(5);
    expect(list[0]!.TotalRows).toBe(await t.db.$count(numberIssues));
    const demo = await rows(listBody({ SearchValue: 'SO-DEMO', SortColumn: 'FrmNo', SortOrder: 'ASC' }));
    expect(
      demo.map(({ CompanyName, FrmNo, ToNo, IssueQty, SalesOrderNo, IsActive }) => ({
        CompanyName,
        FrmNo,
        ToNo,
        IssueQty,
        SalesOrderNo,
        IsActive,
      })),
    ).toEqual([
      { CompanyName: DEMO, FrmNo: 1, ToNo: 100_000, IssueQty: 100_000, SalesOrderNo: 'SO-DEMO-1', IsActive: 1 },
      { CompanyName: DEMO, FrmNo: 100_001, ToNo: 200_000, IssueQty: 100_000, SalesOrderNo: 'SO-DEMO-2', IsActive: 0 },
    ]);
    expect(typeof demo[0]!.IssueId).toBe('number');
    expect(demo[0]!.CreatedDate).toBeTruthy();
  });

  it.each([['FrmNo'], ['ToNo'], ['IssueQty'], ['CreatedDate'], ['IsActive'], ['CompanyName'], ['SalesOrderNo']])(
    'sorts by %s both ways',
    async (col) => {
      const key = col as keyof Row;
      const asc = (await rows(listBody({ PageSize: -1, SortColumn: col, SortOrder: 'ASC' }))).map((r) => r[key]);
      const desc = (await rows(listBody({ PageSize: -1, SortColumn: col, SortOrder: 'DESC' }))).map((r) => r[key]);
      expect(desc).toEqual([...asc].reverse());
      expect(new Set(asc).size).toBeGreaterThan(1);
      // Numbers and ISO dates compare plainly; text order is the database's collation.
      if (!['CompanyName', 'SalesOrderNo'].includes(col))
        expect([...asc].sort((x, y) => (x! < y! ? -1 : x! > y! ? 1 : 0))).toEqual(asc);
    },
  );

  it('filters by IsAccepted, pages, and refuses an unknown sort column', async () => {
    expect((await rows(listBody({ PageSize: -1, IsAccepted: 1 }))).every((r) => r.IsActive === 1)).toBe(true);
    expect((await rows(listBody({ PageSize: -1, IsAccepted: 0 }))).every((r) => r.IsActive === 0)).toBe(true);
    const all = await rows(listBody({ PageSize: -1, SortColumn: 'FrmNo', SortOrder: 'ASC' }));
    const page2 = await rows(listBody({ First: 3, PageSize: 2, SortColumn: 'FrmNo', SortOrder: 'ASC' }));
    expect(page2.map((r) => r.FrmNo)).toEqual(all.slice(2, 4).map((r) => r.FrmNo));
    const res = await send(t, ISSUE_API.list, listBody({ SortColumn: 'password' }), admin);
    expect(res.body.ResponseCode).toBe('400');
  });
});

describe('rights', () => {
  it('answers 403 without the page and 401 without a token', async () => {
    const other = await insertCompanyUser(t, [PAGE.stockManagement.key]);
    for (const res of [
      await send(t, ISSUE_API.list, listBody(), other.token),
      await create(issueBody(other.companyId, 900_001, 900_010), other.token),
      await send(t, ISSUE_API.remove, undefined, other.token, { id: '1' }),
      await send(t, ISSUE_API.fromNumber, undefined, other.token),
    ])
      expect(res).toMatchObject({ status: 403, body: { ResponseMessage: FORBIDDEN } });
    expect((await send(t, ISSUE_API.fromNumber)).status).toBe(401);
  });

  it('a company user given the page sees only its own issues and cannot issue or delete', async () => {
    const list = await rows(listBody({ PageSize: -1 }), mine.token);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.CompanyId === mine.companyId)).toBe(true);
    const before = await snapshot();
    expect((await create(issueBody(mine.companyId, 900_001, 900_010), mine.token)).body.ResponseMessage).toBe(
      ISSUE_MSG.adminOnly,
    );
    expect(
      (await send(t, ISSUE_API.remove, undefined, mine.token, { id: list[0]!.IssueId })).body.ResponseMessage,
    ).toBe(ISSUE_MSG.adminOnly);
    expect(await snapshot()).toBe(before);
  });

  it('offers the company dropdown to the Number Issued page (all companies for the admin)', async () => {
    const names = async (token: string) =>
      ((await t.fetch(COMPANY_API.dropdown, token)).body.ResponseData as { CompanyName: string }[]).map(
        (c) => c.CompanyName,
      );
    expect(await names(mine.token)).toEqual([mine.companyName]);
    expect(await names(admin)).toEqual(expect.arrayContaining([DEMO, mine.companyName]));
  });
});
