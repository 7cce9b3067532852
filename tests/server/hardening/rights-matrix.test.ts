// The rights matrix over every route the Router registered: a user without the route's page gets
// 403; a user of another company holding every page gets a refusal, never the record, on every
// id-taking route and every list, and the demo company's rows stay as they were.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { SEED_LOGINS } from '../../../src/server/db/seed.js';
import {
  companies,
  damages,
  mappings,
  numberIssues,
  prices,
  products,
  sites,
  userPages,
  users,
} from '../../../src/server/db/schema.js';
import { FORBIDDEN, type RouteInfo } from '../../../src/server/http/route.js';
import { USER_TYPE } from '../../../src/shared/contracts/auth.js';
import { PAGES } from '../../../src/shared/pages.js';
import { REPORTS } from '../../../src/shared/contracts/reports/index.js';
import { addDays } from '../../../src/shared/contracts/numbers/fields.js';
import { PRODUCT_LOOKUP_API } from '../../../src/shared/contracts/numbers/mapping.js';
import { indiaDate } from '../../../src/shared/today.js';
import { insertCompany, insertSite, insertUser, listBody } from '../../helpers/factories.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { send } from '../../helpers/endpoint-call.js';
import { startApp, type Answer } from '../../helpers/server-app.js';
import { demoRecords, foreignProbes, NOT_COMPANY_RECORDS } from './foreign-cases.js';

const t = await startApp();
afterAll(() => t.close());
const routes = t.app.apiRoutes;
const name = (r: RouteInfo) => `${r.method} ${r.path}`;
const ALL_KEYS = PAGES.map((p) => p.key);
const keysOf = (r: RouteInfo) => (typeof r.access === 'object' ? r.access.pages.map((p) => p.key) : []);
const paged = routes.filter((r) => typeof r.access === 'object');

/** Calls a route with a plausible request: params given '1', POST bodies a list request. */
const call = (r: RouteInfo, token: string): Promise<Answer> => {
  const url = r.path.replace(/:[A-Za-z]+/g, '1');
  return r.method === 'GET' ? t.get(url, token) : t.post(url, listBody(), token);
};

/** Users this file makes; the demo company's rows are compared without them. */
const madeHere = new Set<number>();

async function signedIn(companyId: number, pages: string[], siteId: number | null = null) {
  const u = await insertUser(t.db, { companyId, siteId, userType: USER_TYPE.factory, pages });
  madeHere.add(u.id);
  return (await t.signIn(u.email, u.password)).token;
}

const demo = await demoRecords(t.db);
const noPages = await signedIn(demo.companyId, [], demo.factoryId);

describe('the registry', () => {
  it('routes open to any signed-in user or to the public are exactly these (a new one must be added here on purpose)', () => {
    const open = routes
      .filter((r) => typeof r.access === 'string')
      .map((r) => `${name(r)} ${String(r.access)}`)
      .sort();
    expect(open).toEqual([
      // A partner's feed (issue 28): the caller must be set up as the company's partner, else 403.
      'GET Epcis/Feed signed-in',
      'GET NumberGeneration/File/:token public',
      'GET User/GetUserMenu signed-in',
      'GET User/getUser signed-in',
      'POST Country/GetCities signed-in',
      'POST Country/GetCountries signed-in',
      'POST Country/GetStates signed-in',
      'POST Dashboard/GetDashboardData signed-in',
      // Whoever uses a handheld reports it (issue 27, Devices): no page of its own.
      'POST Device/report signed-in',
      'POST Epcis/FeedAck signed-in',
      'POST Login/CheckUser public',
      'POST Login/ForgotPassword public',
      'POST Login/Logout public',
      'POST Login/RefreshToken public',
      'POST Login/ResetPassword public',
      'POST Outbox/push signed-in',
      'POST ProductAuthentication/UpdateFeedback public',
      'POST ProductAuthentication/VerifyProduct public',
      'POST User/ChangePassword signed-in',
      'POST User/UpdateProfile signed-in',
      'POST UserPointTransaction/CreateUserPointTransaction public',
      'POST UserPointTransaction/GetUserPoints public',
    ]);
  });
});

describe('a user without the page gets 403', () => {
  it.each(paged.map((r) => [name(r), r] as const))('%s, for a user with no pages', async (_n, r) => {
    const res = await call(r, noPages);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ ResponseCode: '403', ResponseMessage: FORBIDDEN, ResponseData: null });
  });

  // One user per distinct page list, holding every other page there is.
  const lists = [...new Set(paged.map((r) => keysOf(r).sort().join(',')))];
  it.each(lists)('routes of pages %s, for a user holding every other page', async (list) => {
    const token = await signedIn(
      demo.companyId,
      ALL_KEYS.filter((k) => !list.split(',').includes(k)),
      demo.factoryId,
    );
    for (const r of paged.filter((x) => keysOf(x).sort().join(',') === list)) {
      const res = await call(r, token);
      expect(res.status, name(r)).toBe(403);
    }
  });

  it.each(routes.filter((r) => r.access === 'signed-in').map((r) => [name(r), r] as const))(
    '%s (any signed-in user) answers without a crash',
    async (_n, r) => {
      const res = await call(r, noPages);
      expect(res.status).toBeLessThan(500);
    },
  );
});

const snapshot = async () =>
  JSON.stringify(
    await Promise.all([
      t.db.select().from(companies).where(eq(companies.id, demo.companyId)),
      t.db.select().from(sites).where(eq(sites.companyId, demo.companyId)).orderBy(sites.id),
      t.db
        .select()
        .from(users)
        .where(eq(users.companyId, demo.companyId))
        .orderBy(users.id)
        .then((rows) => rows.filter((u) => !madeHere.has(u.id))),
      t.db
        .select()
        .from(userPages)
        .where(inArray(userPages.userId, [demo.userId, demo.distributorId]))
        .orderBy(userPages.pageKey),
      t.db.select().from(products).where(eq(products.companyId, demo.companyId)).orderBy(products.id),
      t.db.select().from(prices).where(eq(prices.productId, demo.productId)),
      t.db.select().from(numberIssues).where(eq(numberIssues.companyId, demo.companyId)).orderBy(numberIssues.id),
      t.db.select().from(mappings).where(eq(mappings.companyId, demo.companyId)).orderBy(mappings.id),
      t.db
        .select()
        .from(damages)
        .where(and(eq(damages.companyId, demo.companyId)))
        .orderBy(damages.id),
    ]),
  );
const before = await snapshot();
const other = await insertCompany(t.db);
const site = await insertSite(t.db, other.id, { prefix: nextPrefix() });
const rival = await signedIn(other.id, ALL_KEYS, site.id);
const probes = await foreignProbes(t.db, demo, other.id);

describe('a user of another company gets a refusal, never the record', () => {
  it('every route with a path parameter is probed or named as taking no company record', () => {
    const probed = new Set(probes.map((p) => p.path));
    const unprobed = routes.filter(
      (r) => r.path.includes(':') && !probed.has(r.path) && !(r.path in NOT_COMPANY_RECORDS),
    );
    expect(unprobed.map(name)).toEqual([]);
  });

  it.each(probes.map((p) => [`${p.method} ${p.url}`, p] as const))('%s', async (_n, p) => {
    const res = p.method === 'GET' ? await t.get(p.url, rival) : await t.post(p.url, p.body, rival);
    const text = JSON.stringify(res.body);
    expect(res.status, text).toBeLessThan(500);
    // A lookup may answer an empty list; anything else naming a foreign record is refused.
    const emptyList = p.method === 'GET' && Array.isArray(res.body.ResponseData) && res.body.ResponseData.length === 0;
    if (!p.creates) expect(res.body.ResponseCode !== '200' || emptyList, text).toBe(true);
    for (const secret of demo.secrets) expect(text, secret).not.toContain(secret);
  });

  // A report's export, asked for its CSV file (what our client asks for); read as text below.
  const exports = new Set(Object.values(REPORTS).map((r) => r.api.export.path));
  const lists = routes.filter((r) => r.method === 'POST' && /\/Get/.test(r.path) && !exports.has(r.path));
  it.each([...exports].map((path) => [path] as const))(
    "POST %s, over the last year, exports none of the demo company's rows",
    async (path) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/API/api/${path}`,
        headers: { authorization: `Bearer ${rival}`, accept: 'text/csv' },
        payload: {
          FromDate: addDays(indiaDate(), -365),
          ToDate: indiaDate(),
          ProductId: demo.productId,
          WareHouseId: demo.factoryId,
        },
      });
      expect(res.statusCode, res.payload).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      for (const secret of demo.secrets) expect(res.payload, secret).not.toContain(secret);
    },
  );
  it.each(lists.map((r) => [name(r), r] as const))(
    "%s, filtered by the demo company's ids, lists none of its rows",
    async (_n, r) => {
      const res = await t.post(
        r.path,
        listBody({ PageSize: -1, ProductId: demo.productId, WareHouseId: demo.factoryId }),
        rival,
      );
      const text = JSON.stringify(res.body);
      expect(res.status, text).toBeLessThan(500);
      for (const secret of demo.secrets) expect(text, secret).not.toContain(secret);
    },
  );

  it("the demo company's rows are unchanged", async () => {
    expect(JSON.parse(await snapshot())).toEqual(JSON.parse(before));
  });

  it("the demo company's own user still sees its records (the probes named real ones)", async () => {
    const own = (await t.signIn(SEED_LOGINS.factory.email, SEED_LOGINS.factory.password)).token;
    const res = await send(t, PRODUCT_LOOKUP_API.life, undefined, own, { productId: demo.productId });
    expect(res.body.ResponseCode).toBe('200');
  });
});
