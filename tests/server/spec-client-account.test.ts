// The spec's own client (tests/helpers/spec-client.ts) on spec 1 section 7's calls of sign-in and
// session, the signed-in user, the dashboard, Role Management, the dropdowns, the address lists and the
// upload: every call with the document's body, each answer read as sections 3 and 7 describe it.
import { beforeAll, expect } from 'vitest';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { USER_TYPE } from '../../src/shared/contracts/auth.js';
import { PAGE } from '../../src/shared/pages.js';
import { insertUser } from '../helpers/factories.js';
import { fixture, filePart, multipart } from '../helpers/factories-products.js';
import { insertReference, REF } from '../helpers/factories-sites.js';
import { useApp } from '../helpers/use-app.js';
import {
  b,
  dataOf,
  holds,
  n,
  playTable,
  rowsOf,
  s,
  specCaller,
  type Row,
  type SpecCaller,
  type TableCall,
} from '../helpers/spec-client.js';

const t = useApp();
let call: SpecCaller;
interface World {
  admin: string;
  adminId: number;
  companyId: number;
  siteId: number;
  clerk: { id: number; email: string; password: string; token: string };
}
const w = {} as World;

beforeAll(async () => {
  call = specCaller(t);
  await insertReference(t.db);
  const signed = await t.signIn(SEED_LOGINS.admin.email, SEED_LOGINS.admin.password);
  w.admin = signed.token;
  w.adminId = signed.login.UserId;
  const [site] = await t.db.query.sites.findMany({ where: (x, { eq }) => eq(x.isFactory, true), limit: 1 });
  w.companyId = site!.companyId;
  w.siteId = site!.id;
  const u = await insertUser(t.db, {
    companyId: site!.companyId,
    siteId: site!.id,
    userType: USER_TYPE.factory,
    pages: [PAGE.productMaster.key],
  });
  w.clerk = { ...u, token: (await t.signIn(u.email, u.password)).token };
}, 120_000);

const admin = (x: World) => x.admin;
const clerk = (x: World) => x.clerk.token;
const NEW_PASSWORD = 'Newpass9';

/** Spec 1 section 7's table, in the order a user meets the calls. */
const CALLS: TableCall<World>[] = [
  {
    method: 'POST',
    path: 'Login/CheckUser',
    spec: 'Email, Password',
    page: 'login',
    token: () => '',
    body: () => ({ Email: SEED_LOGINS.admin.email, Password: SEED_LOGINS.admin.password }),
    read: (res) => {
      // Section 3.2: a list holding Token, RefreshToken, UserType, WareHouseId, UserId, CompanyId, Prefix; UserId 1 is admin.
      const [login] = rowsOf(res, 'CheckUser', false);
      holds(
        login!,
        { Token: s, RefreshToken: s, UserType: n, WareHouseId: n, UserId: n, CompanyId: n, Prefix: 'text?' },
        'CheckUser',
      );
      expect(login).toMatchObject({ UserType: 0, UserId: 1 });
    },
  },
  {
    method: 'POST',
    path: 'Login/ForgotPassword',
    spec: 'Email',
    page: 'login',
    token: () => '',
    body: (x) => ({ Email: x.clerk.email }),
    read: (res) => {
      dataOf(res, 'ForgotPassword');
    },
  },
  {
    method: 'GET',
    path: 'GetUserMenu',
    spec: 'none',
    page: 'dashboard',
    token: clerk,
    url: () => 'User/GetUserMenu',
    read: (res) => {
      // Section 2.5: each entry has a name, an icon, a target path and optional children with name and path.
      const menu = rowsOf(res, 'GetUserMenu', false);
      for (const e of menu) holds(e, { name: s, icon: s, path: s }, 'menu entry');
      const children = menu.flatMap((e) => (e.children ?? []) as Row[]);
      for (const c of children) holds(c, { name: s, path: s }, 'menu child');
      expect(children.map((c) => c.path)).toContain(PAGE.productMaster.path);
    },
  },
  {
    method: 'GET',
    path: 'getUser',
    spec: 'none',
    page: 'profile',
    token: clerk,
    url: () => 'User/getUser',
    read: (res, x) => {
      // Section 3.4's current-user record: Username, UserId, WareHouseId, IsResetPassword.
      const data = dataOf<Row | Row[]>(res, 'getUser');
      const me = Array.isArray(data) ? data[0]! : data;
      holds(me, { Username: s, UserId: n, WareHouseId: n, IsResetPassword: b }, 'getUser');
      expect(me.UserId).toBe(x.clerk.id);
    },
  },
  {
    method: 'POST',
    path: 'UpdateProfile',
    spec: 'MobileNo, Email',
    page: 'profile',
    token: clerk,
    url: () => 'User/UpdateProfile',
    body: (x) => ({ MobileNo: '9123456780', Email: x.clerk.email }),
    read: (res) => {
      dataOf(res, 'UpdateProfile');
    },
  },
  {
    method: 'POST',
    path: 'ChangePassword',
    spec: 'UserName, OldPassword, NewPassword, UserId',
    page: 'change-password',
    token: clerk,
    url: () => 'User/ChangePassword',
    body: (x) => ({ UserName: 'clerk', OldPassword: x.clerk.password, NewPassword: NEW_PASSWORD, UserId: x.clerk.id }),
    read: async (res, x) => {
      dataOf(res, 'ChangePassword');
      const again = await call('POST', 'Login/CheckUser', '', 'login', {
        Email: x.clerk.email,
        Password: NEW_PASSWORD,
      });
      x.clerk.token = (rowsOf(again, 'CheckUser with the new password', false)[0] as { Token: string }).Token;
    },
  },
  {
    method: 'POST',
    path: 'GetDashboardData',
    spec: 'Id, isPreprinted',
    page: 'dashboard',
    token: admin,
    url: () => 'Dashboard/GetDashboardData',
    // Section 2.7: the admin's picker lists factories first and auto-selects the first; a factory sends user type 4's view.
    body: (x) => ({ Id: x.siteId, isPreprinted: false }),
    read: (res) => {
      // Section 3.13: DashboardCount with eleven totals, MonthName and four monthly series.
      const data = dataOf<Row>(res, 'GetDashboardData');
      const totals = [
        'TotalMapping',
        'TotalDeMapping',
        'TotalDamage',
        'TotalGenerate',
        'TotalPacked',
        'TotalDispatched',
        'TotalCartonsPacked',
        'TotalCartonsDispatched',
        'TotalReceived',
        'TotalCartonsReceived',
        'TotalIssue',
      ];
      holds(data.DashboardCount as Row, Object.fromEntries(totals.map((k) => [k, n])), 'DashboardCount');
      holds(
        data,
        { MonthName: 'array', MappingList: 'array', NumberList: 'array', DeMappingList: 'array', DamageList: 'array' },
        'dashboard',
      );
      expect((data.MappingList as unknown[]).length).toBe((data.MonthName as unknown[]).length);
    },
  },
  {
    method: 'GET',
    path: 'AccessRight/GetAccessRight/{userId}',
    spec: 'none (0 gives the default tree)',
    page: 'access-right',
    token: admin,
    url: () => 'AccessRight/GetAccessRight/0',
    read: (res) => {
      // Section 3.14: a tree of groups with children; each child has a key, a page label and a Status flag.
      const tree = rowsOf(res, 'GetAccessRight/0', false);
      const children = tree.flatMap((g) => g.children as Row[]);
      expect(children.length).toBeGreaterThan(20);
      for (const c of children) {
        holds(c, { key: s, label: s, Status: b }, 'access-right child');
        expect(c.Status).toBe(false);
      }
    },
  },
  {
    method: 'POST',
    path: 'AccessRight/CreateUpdateAccessRight',
    spec: 'UserId, PageList',
    page: 'access-right',
    token: admin,
    // Section 4: the saved list always includes '1', and a parent group key when any of its children is ticked.
    body: (x) => ({ UserId: x.clerk.id, PageList: ['1', '2', PAGE.productMaster.key, PAGE.cartonMaster.key] }),
    read: async (res, x) => {
      dataOf(res, 'CreateUpdateAccessRight');
      const tree = rowsOf(
        await call('GET', `AccessRight/GetAccessRight/${x.clerk.id}`, x.admin, 'access-right'),
        'GetAccessRight',
        false,
      );
      const ticked = tree
        .flatMap((g) => g.children as Row[])
        .filter((c) => c.Status)
        .map((c) => c.key);
      expect(ticked.sort()).toEqual([PAGE.productMaster.key, PAGE.cartonMaster.key].sort());
    },
  },
  {
    method: 'GET',
    path: 'GetUsersDDL',
    spec: 'none',
    page: 'access-right',
    token: admin,
    url: () => 'User/GetUsersDDL',
    read: (res, x) => {
      const rows = rowsOf(res, 'GetUsersDDL', false);
      const mine = rows.find((r) => r.UserId === x.clerk.id)!;
      holds(mine, { UserId: n, UserName: s, UserType: n }, 'GetUsersDDL');
    },
  },
  {
    method: 'GET',
    path: 'GetAllActiveUsers',
    spec: 'none',
    page: 'access-right',
    token: admin,
    url: () => 'User/GetAllActiveUsers',
    read: (res, x) => {
      const rows = rowsOf(res, 'GetAllActiveUsers', false);
      holds(
        rows.find((r) => r.UserId === x.clerk.id)!,
        { UserId: n, FirstName: s, UserType: n, IsFactory: b },
        'GetAllActiveUsers',
      );
    },
  },
  {
    method: 'GET',
    path: 'WareHouser/GetWareHouseDDL?CompId={companyId}',
    spec: 'none',
    page: 'user-master',
    token: admin,
    url: (x) => `WareHouser/GetWareHouseDDL?CompId=${x.companyId}`,
    read: (res, x) => {
      // Section 3.9's dropdown row: ID, FirmName, IsFactory, CompId.
      const rows = rowsOf(res, 'GetWareHouseDDL', false);
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        holds(r, { ID: n, FirmName: s, IsFactory: b, CompId: n }, 'GetWareHouseDDL');
        expect(r.CompId).toBe(x.companyId);
      }
    },
  },
  {
    method: 'GET',
    path: 'CompanyMaster/GetCompanyDDL',
    spec: 'none; returns CompId, CompanyName',
    page: 'user-master',
    token: admin,
    read: (res, x) => {
      const rows = rowsOf(res, 'GetCompanyDDL', false);
      for (const r of rows) holds(r, { CompId: n, CompanyName: s }, 'GetCompanyDDL');
      expect(rows.map((r) => r.CompId)).toContain(x.companyId);
    },
  },
  {
    method: 'POST',
    path: 'Country/GetCountries?cCode={code}',
    spec: 'code 101',
    page: 'dealer-master',
    token: admin,
    url: () => 'Country/GetCountries?cCode=101',
    read: (res) => {
      const rows = rowsOf(res, 'GetCountries', false);
      expect(rows).toContainEqual(expect.objectContaining({ CountryId: 101 }));
      for (const r of rows) holds(r, { CountryId: n, Country: s }, 'GetCountries');
    },
  },
  {
    method: 'POST',
    path: 'Country/GetStates?cCode={id}',
    spec: '0 for all',
    page: 'dealer-master',
    token: admin,
    url: () => 'Country/GetStates?cCode=0',
    read: (res) => {
      const rows = rowsOf(res, 'GetStates', false);
      expect(rows.map((r) => r.StateId)).toEqual(expect.arrayContaining([REF.stateA, REF.stateB]));
      for (const r of rows) holds(r, { StateId: n, State: s, CountryId: n }, 'GetStates');
    },
  },
  {
    method: 'POST',
    path: 'Country/GetCities?sCode={id}',
    spec: '0 for all',
    page: 'dealer-master',
    token: admin,
    url: () => `Country/GetCities?sCode=${REF.stateA}`,
    read: (res) => {
      const rows = rowsOf(res, 'GetCities', false);
      expect(rows.map((r) => r.CityId).sort()).toEqual([REF.cityA1, REF.cityA2]);
      for (const r of rows) holds(r, { CityId: n, City: s, StateId: n }, 'GetCities');
    },
  },
];

playTable(
  'spec 1 section 7: sign-in, the signed-in user, dashboard, rights, dropdowns, address lists',
  CALLS,
  () => w,
  () => call,
);

playTable(
  'spec 1 section 7: Upload/FileUpload',
  [
    {
      method: 'POST',
      path: 'Upload/FileUpload',
      spec: 'multipart, field productfile; answers ResponseCode and Source',
      page: 'product-master',
      token: clerk,
      form: () => multipart([filePart(fixture('sample.png'), 'logo.png', 'image/png')]),
      read: async (res) => {
        // Section 3.15: ResponseCode and Source (the file path); ours carries Source in ResponseData.
        const data = dataOf<Row>(res, 'FileUpload');
        holds(data, { Source: s }, 'FileUpload');
        expect((await t.app.inject({ method: 'GET', url: String(data.Source) })).statusCode).toBe(200);
      },
    },
  ],
  () => w,
  () => call,
);
