// Every report on a real database (PGlite; PostgreSQL with DATABASE_URL), over rows the real saves
// made: each report's rows for its company, the date range (last 7 days by default, the spec's
// messages), sort both ways on every sortable column, paging with TotalRows, search, the export's
// CSV (same filter, the spec's file name), hostile input, rights (403 without the page) and company
// scoping (another company sees none of it).
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORTS } from '../../../src/shared/contracts/reports/index.js';
import { DISPATCH_PRINT, SAP_REPORT } from '../../../src/shared/contracts/reports/dispatch.js';
import type { ReportContract } from '../../../src/shared/contracts/reports/report.js';
import { REPORT_DATE_MSG } from '../../../src/shared/contracts/report-dates.js';
import { addDays } from '../../../src/shared/contracts/numbers/fields.js';
import { indiaDate } from '../../../src/shared/today.js';
import { cellText } from '../../../src/shared/cell-format.js';
import { sanitizeCell } from '../../../src/shared/csv.js';
import { mappings, secondaryCartons } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { ok } from '../../helpers/api-client.js';
import { checkData, send } from '../../helpers/endpoint-call.js';
import { insertUser } from '../../helpers/factories.js';
import { farmer, verifyFrom } from '../../helpers/factories-loyalty.js';
import { appCodes } from '../../helpers/factories-pairs.js';
import {
  DAMAGE,
  FEEDBACK,
  FRACTION,
  MOBILE,
  REMARK,
  reportWorld,
  type ReportWorld,
} from '../../helpers/factories-reports.js';
import { insertReference, nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let codes: CodeMac;
let A: ReportWorld;
let B: ReportWorld;
let admin: string;

const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const WEEK = { FromDate: us(addDays(indiaDate(), -6)), ToDate: us(indiaDate()) };
type Row = Record<string, unknown>;

async function list(r: ReportContract, token: string, extra: Record<string, unknown> = {}) {
  const res = await send(
    t,
    r.api.list,
    { First: 1, PageSize: 500, IsActive: '1', ...(r.dated ? WEEK : {}), ...extra },
    token,
  );
  return res.body as { ResponseCode: string; ResponseMessage: string; ResponseData: Row[] };
}
async function rows(r: ReportContract, token: string, extra: Record<string, unknown> = {}): Promise<Row[]> {
  const env = await list(r, token, extra);
  expect(env.ResponseCode, `${r.api.list.path}: ${env.ResponseMessage}`).toBe('200');
  checkData(r.api.list, env.ResponseData);
  return env.ResponseData;
}
const pick = (row: Row, keys: string[]) => Object.fromEntries(keys.map((k) => [k, row[k]]));

beforeAll(async () => {
  await insertReference(t.db);
  codes = await appCodes(t);
  A = await reportWorld(t, codes, nextPrefix());
  B = await reportWorld(t, codes, nextPrefix());
  admin = await t.token('admin');
}, 120_000);

describe("each report's rows, as the company's user sees them", () => {
  it('Mapping and De-Mapping: the range as it stands and the cut', async () => {
    const mapped = await rows(REPORTS.mapping, A.f.token);
    expect(mapped.map((r) => pick(r, ['ProductName', 'FromNo', 'ToNo', 'Qty', 'TotalRows']))).toEqual([
      { ProductName: A.f.productName, FromNo: 1, ToNo: 900, Qty: 900, TotalRows: 1 },
    ]);
    expect(
      (await rows(REPORTS.demapping, A.f.token)).map((r) => pick(r, ['FromNo', 'ToNo', 'Qty', 'ProductName'])),
    ).toEqual([{ FromNo: 901, ToNo: 1000, Qty: 100, ProductName: A.f.productName }]);
    expect((await rows(REPORTS.primary, A.f.token)).map((r) => pick(r, ['FromNo', 'ToNo', 'Qty']))).toEqual([
      { FromNo: 1, ToNo: 500, Qty: 500 },
    ]);
  });

  it('Verification with its flags, Feedback and the loyalty ledgers', async () => {
    const [v, ...more] = await rows(REPORTS.verification, A.f.token);
    expect(more).toEqual([]);
    expect(v).toMatchObject({
      ProductName: A.f.productName,
      MobileNo: MOBILE,
      FirstName: 'Sita Devi',
      UsrAdrs: 'Aalpha Pradesh',
      Flags: [],
    });
    expect(
      (await rows(REPORTS.feedback, A.f.token)).map((r) => pick(r, ['ProductName', 'UsrFeedback', 'MobNo'])),
    ).toEqual([{ ProductName: A.f.productName, UsrFeedback: FEEDBACK, MobNo: MOBILE }]);
    expect((await rows(REPORTS.dealerLoyalty, A.f.token)).map((r) => pick(r, ['DispatchId', 'TotalPoints']))).toEqual([
      { DispatchId: A.toDealer, TotalPoints: 14 },
    ]);
    expect(
      (await rows(REPORTS.farmerLoyalty, A.f.token)).map((r) => pick(r, ['Name', 'MobileNo', 'TotalPoints'])),
    ).toEqual([{ Name: 'Sita Devi', MobileNo: MOBILE, TotalPoints: 10 }]);
    const schemes = await rows(REPORTS.scheme, A.f.token);
    // Both schemes (the dealers' and the farmers') pay on the product's one mapped range.
    expect(schemes.map((r) => pick(r, ['FromNo', 'ToNo', 'Qty']))).toEqual([
      { FromNo: 1, ToNo: 900, Qty: 900 },
      { FromNo: 1, ToNo: 900, Qty: 900 },
    ]);
  });

  it('Secondary, Tertiary, Fractional and Damage', async () => {
    const sids = await rows(REPORTS.secondary, A.f.token, { SortColumn: 'CartonId', SortOrder: 'ASC' });
    expect(sids.length).toBe(10);
    expect(sids.find((r) => r.CartonId === A.fractional)).toMatchObject({ Qty: 2, CartonSize: 3 });
    const tids = await rows(REPORTS.tertiary, A.f.token);
    expect(tids.map((r) => r.CartonId).sort()).toEqual([A.toDepot.got, A.toDepot.lost, A.home.tid].sort());
    expect(
      (await rows(REPORTS.fractional, A.f.token)).map((r) => pick(r, ['CartonId', 'TQuantity', 'AQuantity', 'Reason'])),
    ).toEqual([{ CartonId: A.fractional, TQuantity: 3, AQuantity: 2, Reason: FRACTION }]);
    expect(
      (await rows(REPORTS.damage, A.f.token)).map((r) => pick(r, ['CartonId', 'ProductName', 'DamageQty', 'reason'])),
    ).toEqual([{ CartonId: A.damaged, ProductName: A.f.productName, DamageQty: 2, reason: DAMAGE }]);
  });

  it('Dispatch, Dispatch Receive, Missing Carton, Return and the Item Ledger', async () => {
    const sent = await rows(REPORTS.dispatch, A.f.token, { SortColumn: 'DispatchId', SortOrder: 'ASC' });
    expect(sent.map((r) => r.DispatchId)).toEqual([A.toDepot.did, A.toDealer].sort());
    expect(
      (await rows(REPORTS.dispatchReceive, A.f.token)).map((r) => pick(r, ['DispatchId', 'ProductName', 'Quantity'])),
    ).toEqual([{ DispatchId: A.toDepot.did, ProductName: A.f.productName, Quantity: 6 }]);
    expect(
      (await rows(REPORTS.missingCarton, A.f.token)).map((r) => pick(r, ['DispatchId', 'TertiaryCartonId'])),
    ).toEqual([{ DispatchId: A.toDepot.did, TertiaryCartonId: A.toDepot.lost }]);
    const [ret] = await rows(REPORTS.return, A.f.token);
    expect(ret).toMatchObject({ Cartonid: A.toDepot.loose, remark: REMARK });
    const ledger = await rows(REPORTS.itemLedger, A.f.token, { SortColumn: 'TertiaryCartonId', SortOrder: 'ASC' });
    expect(ledger.map((r) => [r.TertiaryCartonId, r.CurrentStatus])).toEqual(
      [
        [A.toDepot.loose, 'Returned'],
        [A.forDealer, 'In Transit'],
        [A.toDepot.got, 'Received'],
        [A.toDepot.lost, 'Missing'],
      ].sort((x, y) => x[0]!.localeCompare(y[0]!)),
    );
    // The warehouse filter: only legs from or to that site; the user filter: legs that user sent,
    // received or was sent.
    expect((await rows(REPORTS.itemLedger, A.f.token, { WareHouseId: A.W.siteId })).length).toBe(3);
    expect((await rows(REPORTS.itemLedger, A.f.token, { UserId: A.dealerId })).map((r) => r.TertiaryCartonId)).toEqual([
      A.forDealer,
    ]);
    expect(
      (await rows(REPORTS.itemLedger, A.f.token, { UserId: A.W.userId })).map((r) => r.TertiaryCartonId).sort(),
    ).toEqual([A.toDepot.got, A.toDepot.lost, A.toDepot.loose].sort());
  });

  it('Available Stock and the Stock report: at the factory, and at the warehouse', async () => {
    const home = await rows(REPORTS.availableStock, A.f.token);
    expect(home.map((r) => pick(r, ['ProductName', 'DDName', 'stock']))).toEqual([
      { ProductName: A.f.productName, DDName: 'B-1', stock: 8 },
    ]);
    const depot = await rows(REPORTS.availableStock, A.W.token);
    expect(depot.map((r) => r.stock)).toEqual([4]);
    // A site user cannot read another site by naming it; the admin picks the entity and the product.
    expect((await rows(REPORTS.availableStock, A.W.token, { WareHouseId: A.f.siteId })).map((r) => r.stock)).toEqual([
      4,
    ]);
    expect((await rows(REPORTS.availableStock, admin, { WareHouseId: A.W.siteId })).map((r) => r.stock)).toEqual([4]);
    expect(
      (await rows(REPORTS.availableStock, admin, { WareHouseId: A.f.siteId, ProductId: A.f.productId })).map(
        (r) => r.stock,
      ),
    ).toEqual([8]);
    expect(await rows(REPORTS.availableStock, admin, { WareHouseId: A.f.siteId, ProductId: B.f.productId })).toEqual(
      [],
    );
    expect(
      (await rows(REPORTS.newStock, admin, { WareHouseId: A.W.siteId })).map((r) =>
        pick(r, ['TotalQty', 'PackedStock', 'DisptachQty', 'stock']),
      ),
    ).toEqual([{ TotalQty: 0, PackedStock: 0, DisptachQty: 0, stock: 4 }]);
    const stock = await rows(REPORTS.newStock, A.f.token);
    expect(stock.map((r) => pick(r, ['DDName', 'TotalQty', 'PackedStock', 'DisptachQty', 'stock']))).toEqual([
      { DDName: 'B-1', TotalQty: 900, PackedStock: 20, DisptachQty: 12, stock: 8 },
    ]);
  });

  it('SAP Data: each master with its count', async () => {
    const res = await send(t, SAP_REPORT, undefined, A.f.token);
    expect(res.body.ResponseCode).toBe('200');
    const byName = new Map((res.body.ResponseData as Row[]).map((r) => [r.MasterName, r.Count]));
    expect(byName.get('Product')).toBe(1);
    expect(byName.get('Warehouse')).toBe(1);
  });

  it("the Dispatch report's print is the dispatch's invoice", async () => {
    const res = await send(t, DISPATCH_PRINT, { DispatchId: A.toDepot.did }, A.f.token);
    expect(res.body.ResponseData).toMatchObject({ CartonId: A.toDepot.did, Qty: 3 });
    expect((await send(t, DISPATCH_PRINT, { DispatchId: A.toDepot.did }, B.f.token)).body.ResponseCode).toBe('400');
  });
});

describe('the shared behaviour of every report', () => {
  const all = Object.entries(REPORTS);

  it('sorts both ways on every sortable column, for the admin and a company user', async () => {
    for (const [name, r] of all) {
      for (const c of r.columns.filter((x) => x.sortable !== false)) {
        for (const SortOrder of ['ASC', 'DESC']) {
          for (const token of [admin, A.f.token]) {
            const env = await list(r, token, { SortColumn: c.key, SortOrder });
            expect(env.ResponseCode, `${name} by ${c.key} ${SortOrder}: ${env.ResponseMessage}`).toBe('200');
          }
        }
      }
    }
    const asc = (await rows(REPORTS.secondary, A.f.token, { SortColumn: 'CartonId', SortOrder: 'ASC' })).map(
      (r) => r.CartonId as string,
    );
    expect(asc).toEqual([...asc].sort());
    const desc = (await rows(REPORTS.secondary, A.f.token, { SortColumn: 'CartonId', SortOrder: 'DESC' })).map(
      (r) => r.CartonId,
    );
    expect(desc).toEqual([...asc].reverse());
  });

  // Spec 3 section 9: CreatedDt for Mapping, Item ledger, Scheme, Missing Carton and Redemption; VerifiedDt
  // for Verification and Feedback; CartonId for Dispatch, Secondary, Tertiary and Fractional; DispatchId for
  // Dispatch Receive; CreatedDt for the others.
  const SPEC_SORT: Record<keyof typeof REPORTS, string> = {
    mapping: 'CreatedDt',
    itemLedger: 'CreatedDt',
    scheme: 'CreatedDt',
    missingCarton: 'CreatedDt',
    farmerLoyalty: 'CreatedDt',
    verification: 'VerifiedDt',
    feedback: 'VerifiedDt',
    dispatch: 'CartonId',
    secondary: 'CartonId',
    tertiary: 'CartonId',
    fractional: 'CartonId',
    dispatchReceive: 'DispatchId',
    demapping: 'CreatedDt',
    primary: 'CreatedDt',
    dealerLoyalty: 'CreatedDt',
    damage: 'CreatedDt',
    return: 'CreatedDt',
    availableStock: 'CreatedDt',
    newStock: 'CreatedDt',
  };
  it("takes spec 3 section 9's default sort on every report, as the column it means", async () => {
    for (const [name, r] of all) {
      const SortColumn = SPEC_SORT[name as keyof typeof REPORTS];
      for (const SortOrder of ['ASC', 'DESC']) {
        const env = await list(r, A.f.token, { SortColumn, SortOrder });
        expect(env.ResponseCode, `${name} by ${SortColumn}: ${env.ResponseMessage}`).toBe('200');
      }
    }
    const byDate = (await rows(REPORTS.dispatch, A.f.token, { SortColumn: 'CartonId', SortOrder: 'ASC' })).map(
      (r) => r.DispatchId as string,
    );
    expect(byDate).toEqual([...byDate].sort());
    const damages = await rows(REPORTS.damage, A.f.token, { SortColumn: 'CreatedDt', SortOrder: 'DESC' });
    expect(damages.map((r) => r.damagedate)).toEqual(
      damages
        .map((r) => r.damagedate as string)
        .sort()
        .reverse(),
    );
  });

  it("answers every row for PageSize -1 (the spec's old export)", async () => {
    expect((await rows(REPORTS.secondary, A.f.token, { PageSize: -1 })).length).toBe(10);
  });

  it('pages with First and PageSize, every row carrying the count before paging', async () => {
    const whole = await rows(REPORTS.secondary, A.f.token, { SortColumn: 'CartonId', SortOrder: 'ASC' });
    const page = await rows(REPORTS.secondary, A.f.token, {
      SortColumn: 'CartonId',
      SortOrder: 'ASC',
      First: 3,
      PageSize: 2,
    });
    expect(page.map((r) => r.CartonId)).toEqual(whole.slice(2, 4).map((r) => r.CartonId));
    expect(page.map((r) => r.TotalRows)).toEqual([10, 10]);
  });

  it("counts what it pages: a summary's groups, each farmer under the name given last, and the verifications", async () => {
    // A company of its own: its farmer and two more, one giving a name, then another.
    const C = await reportWorld(t, codes, nextPrefix());
    const more = ['9000000002', '9000000003'];
    const said = [farmer(more[0]!, 'Ram'), farmer(more[0]!, 'Ram Kumar'), farmer(more[1]!, 'Gita')];
    for (const [i, who] of said.entries())
      await ok('verify', verifyFrom(t, codes.make({ kind: 'S', prefix: C.f.prefix }, 20 + i), 'Aalpha Pradesh', who));
    const by = { SortColumn: 'MobileNo', SortOrder: 'ASC' };
    const whole = await rows(REPORTS.farmerLoyalty, C.f.token, by);
    expect(whole.map((r) => pick(r, ['MobileNo', 'Name', 'TotalRows']))).toEqual([
      { MobileNo: more[0], Name: 'Ram Kumar', TotalRows: 3 },
      { MobileNo: more[1], Name: 'Gita', TotalRows: 3 },
      { MobileNo: MOBILE, Name: 'Sita Devi', TotalRows: 3 },
    ]);
    const page = await rows(REPORTS.farmerLoyalty, C.f.token, { ...by, First: 2, PageSize: 1 });
    expect(page.map((r) => pick(r, ['MobileNo', 'TotalRows']))).toEqual([{ MobileNo: more[1], TotalRows: 3 }]);
    expect((await rows(REPORTS.farmerLoyalty, C.f.token, { ...by, PageSize: -1 })).length).toBe(3);
    expect(await rows(REPORTS.farmerLoyalty, C.f.token, { ...by, First: 4, PageSize: 1 })).toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/API/api/${REPORTS.farmerLoyalty.api.export.path}`,
      headers: { authorization: `Bearer ${C.f.token}`, accept: 'text/csv' },
      payload: { ...WEEK },
    });
    expect(res.headers['x-total-rows']).toBe('3');
    expect(res.payload.trimEnd().split('\r\n').length).toBe(4);
    // The verifications' count, read without the product's join, and with it when the search needs it.
    expect((await rows(REPORTS.verification, C.f.token, { PageSize: 2 })).map((r) => r.TotalRows)).toEqual([4, 4]);
    const named = await rows(REPORTS.verification, C.f.token, { PageSize: 2, SearchValue: C.f.productName });
    expect(named.map((r) => r.TotalRows)).toEqual([4, 4]);
    expect(await rows(REPORTS.verification, C.f.token, { SearchValue: 'no such product' })).toEqual([]);
  });

  it('searches the shown columns, LIKE signs taken literally', async () => {
    expect((await rows(REPORTS.secondary, A.f.token, { SearchValue: A.fractional })).map((r) => r.CartonId)).toEqual([
      A.fractional,
    ]);
    expect(await rows(REPORTS.secondary, A.f.token, { SearchValue: '%' })).toEqual([]);
  });

  it('reads the date range in India days: last week has the rows, a range in the past has none', async () => {
    expect(await rows(REPORTS.secondary, A.f.token, { FromDate: '01/01/2020', ToDate: '01/31/2020' })).toEqual([]);
    expect((await rows(REPORTS.secondary, A.f.token, { FromDate: WEEK.ToDate, ToDate: WEEK.ToDate })).length).toBe(10);
  });

  it("answers the spec's date messages, and clear ones for hostile sort, search and page values", async () => {
    const r = REPORTS.mapping;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ FromDate: '' }, REPORT_DATE_MSG.fromRequired],
      [{ ToDate: null }, REPORT_DATE_MSG.toRequired],
      [{ FromDate: '2026-13-45' }, REPORT_DATE_MSG.onlyDate],
      [{ FromDate: '11/31/2026' }, REPORT_DATE_MSG.onlyDate],
      [{ FromDate: 'yesterday' }, REPORT_DATE_MSG.onlyDate],
      [{ FromDate: WEEK.ToDate, ToDate: WEEK.FromDate }, REPORT_DATE_MSG.fromBeforeTo],
      [
        { SortColumn: 'ProductName; drop table mappings' },
        "The list cannot be sorted by 'ProductName; drop table mappings'.",
      ],
      [{ SortColumn: '__proto__' }, "The list cannot be sorted by '__proto__'."],
      [{ SortOrder: 'sideways' }, 'SortOrder must be ASC or DESC.'],
      [{ PageSize: 0 }, 'PageSize must be -1 or 1 to 500.'],
      [{ PageSize: 501 }, 'PageSize must be -1 or 1 to 500.'],
      [{ First: 0 }, 'First must be a whole number from 1.'],
      [{ SearchValue: 'x'.repeat(101) }, 'SearchValue must be at most 100 characters.'],
      [{ Surprise: 1 }, 'Unknown field: Surprise'],
    ];
    for (const [extra, message] of cases) {
      const env = await list(r, A.f.token, extra);
      expect(env, JSON.stringify(extra)).toMatchObject({ ResponseCode: '400' });
      expect(env.ResponseMessage, JSON.stringify(extra)).toContain(message);
    }
  });

  it('refuses a user without the page (403) and shows another company none of it', async () => {
    const stranger = await insertUser(t.db, { companyId: A.f.companyId, siteId: A.f.siteId, userType: 4, pages: [] });
    const token = (await t.signIn(stranger.email, stranger.password)).token;
    for (const [, r] of all) {
      const res = await send(t, r.api.list, { First: 1, PageSize: 10, ...(r.dated ? WEEK : {}) }, token);
      expect(res.status).toBe(403);
      expect(res.body.ResponseMessage).toBe(FORBIDDEN);
      expect((await send(t, r.api.export, { First: 1, PageSize: -1, ...(r.dated ? WEEK : {}) }, token)).status).toBe(
        403,
      );
    }
    const mine = new Set([A.toDepot.did, A.toDepot.got, A.fractional, A.damaged, A.toDealer, A.f.productName]);
    for (const [name, r] of all) {
      const theirs = await rows(r, B.f.token);
      expect(JSON.stringify(theirs).match(new RegExp([...mine].join('|'), 'g')), name).toBeNull();
    }
    // The admin sees both companies.
    expect((await rows(REPORTS.tertiary, admin)).map((r) => r.CartonId)).toEqual(
      expect.arrayContaining([A.home.tid, B.home.tid]),
    );
  });
});

describe('the export', () => {
  it("streams the CSV of the screen's filter with the spec's file name", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/API/api/${REPORTS.secondary.api.export.path}`,
      headers: { authorization: `Bearer ${A.f.token}`, accept: 'text/csv' },
      payload: { First: 1, PageSize: -1, ...WEEK, SearchValue: A.fractional },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Secondary Packing report.csv"');
    const lines = res.payload
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('CartonId,Total Qty,Packed By,Packing Date,Carton Name,Carton Size');
    expect(lines.length).toBe(2);
    expect(lines[1]).toMatch(new RegExp(`^${A.fractional},2,`));
    expect(res.headers['x-total-rows']).toBe('1');
  });

  it('holds every row of a larger filter, each once, in the key order', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/API/api/${REPORTS.secondary.api.export.path}`,
      headers: { authorization: `Bearer ${admin}`, accept: 'text/csv' },
      payload: { ...WEEK },
    });
    const ids = res.payload
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    const shown = (await rows(REPORTS.secondary, admin, { SortColumn: 'CartonId', SortOrder: 'ASC' })).map(
      (r) => r.CartonId,
    );
    expect(ids).toEqual(shown);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("answers the spec's envelope, every row with the list's fields and TotalRows, when CSV is not asked for", async () => {
    for (const r of Object.values(REPORTS)) {
      const body = { First: 1, PageSize: -1, IsActive: '1', ...(r.dated ? WEEK : {}) };
      const res = await t.app.inject({
        method: 'POST',
        url: `/API/api/${r.api.export.path}`,
        headers: { authorization: `Bearer ${admin}` },
        payload: body,
      });
      expect(res.headers['content-type'], r.api.export.path).toMatch(/^application\/json/);
      const env = res.json() as { ResponseCode: string; ResponseData: Row[] };
      expect(env.ResponseCode, r.api.export.path).toBe('200');
      checkData(r.api.export, env.ResponseData);
      const listed = await rows(r, admin, { PageSize: -1 });
      expect(env.ResponseData.length, r.api.export.path).toBe(listed.length);
      expect(res.headers['x-total-rows'], r.api.export.path).toBe(String(listed.length));
      // The same rows as the list, in the export's own (key) order.
      const key = (row: Row) => JSON.stringify(row);
      expect(env.ResponseData.map(key).sort(), r.api.export.path).toEqual(listed.map(key).sort());
    }
  });

  it('answers the CSV when Accept names text/csv among other types, and the envelope when it refuses it (q=0)', async () => {
    const call = (accept: string) =>
      t.app.inject({
        method: 'POST',
        url: `/API/api/${REPORTS.secondary.api.export.path}`,
        headers: { authorization: `Bearer ${admin}`, accept },
        payload: { ...WEEK },
      });
    expect((await call('application/json;q=0.5, text/csv')).headers['content-type']).toMatch(/^text\/csv/);
    expect((await call('text/csv;q=0, application/json')).headers['content-type']).toMatch(/^application\/json/);
    expect((await call('*/*')).headers['content-type']).toMatch(/^application\/json/);
  });

  it('refuses the date messages as the list does', async () => {
    const res = await send(t, REPORTS.verification.api.export, { FromDate: '' }, A.f.token);
    expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: REPORT_DATE_MSG.fromRequired });
  });
});

describe('a cell on screen and in the export', () => {
  it("reads the same for every report's rows, dates in India's calendar whatever the server's zone", async () => {
    // 01:30 today in India is still yesterday in UTC (and in any zone west of India).
    const early = new Date(`${indiaDate()}T01:30:00+05:30`);
    await t.db.update(mappings).set({ createdAt: early }).where(eq(mappings.companyId, B.f.companyId));
    await t.db.update(secondaryCartons).set({ createdAt: early }).where(eq(secondaryCartons.companyId, B.f.companyId));
    const screens: Record<string, string[][]> = {};
    for (const [name, r] of Object.entries(REPORTS)) {
      // What the report screen draws (kit/report-page.tsx): each column's value through the one formatter.
      const shown = (await rows(r, B.f.token, { PageSize: -1 })).map((row) =>
        r.columns.map((c) => cellText(row[c.key], c.format)),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: `/API/api/${r.api.export.path}`,
        headers: { authorization: `Bearer ${B.f.token}`, accept: 'text/csv' },
        payload: { First: 1, PageSize: -1, IsActive: '1', ...(r.dated ? WEEK : {}) },
      });
      const [head, ...lines] = Papa.parse<string[]>(res.payload.replace(/^\ufeff/, '').trimEnd(), {
        newline: '\r\n',
      }).data;
      expect(head, name).toEqual(r.columns.map((c) => c.title));
      // The file's one difference is the quote that keeps a formula-like text inert in a spreadsheet.
      const byText = (table: string[][]) => table.map((cells) => JSON.stringify(cells)).sort();
      expect(byText(lines), name).toEqual(byText(shown.map((cells) => cells.map(sanitizeCell))));
      screens[name] = shown;
    }
    const [y, m, d] = indiaDate().split('-');
    const column = (name: keyof typeof REPORTS, key: string) =>
      screens[name]!.map((cells) => cells[REPORTS[name].columns.findIndex((c) => c.key === key)]);
    expect(column('mapping', 'CreatedDt')).toEqual([`${d}-${m}-${y}`]);
    expect(new Set(column('secondary', 'CreatedDt'))).toEqual(new Set([`${d}-${m}-${y} 01:30`]));
  });
});
