// The user pickers (User/GetUsersDDL, User/GetAllActiveUsers) and company scoping of user data:
// DESIGN section 3 says non-admin users only see and change their own company's data, and ids from
// another company answer as not found.
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN } from '../../src/server/http/route.js';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { users } from '../../src/server/db/schema.js';
import { ACCESS_MSG, ACCESS_RIGHT_API } from '../../src/shared/contracts/access-right.js';
import { insertCompany, insertSite, insertUser, setPages, userIdByEmail, type TestUser } from '../helpers/factories.js';
import type { Session } from '../helpers/server-app.js';
import type { Endpoint } from '../../src/shared/endpoint.js';
import { useApp } from '../helpers/use-app.js';
import { USERS_API } from '../../src/shared/contracts/users/common.js';
import { CARTON_API } from '../../src/shared/contracts/carton.js';

interface PickerRow {
  UserId: number;
  UserName: string;
  Email: string;
  UserType: number;
}

const t = useApp();
let admin: Session;
let factory: Session;
let warehouse: Session;
let idle: TestUser;
let outsider: TestUser;
let ownCompanyId: number;

beforeAll(async () => {
  // A known set of accounts: the demo's retailers, distributors and salespeople are left out.
  await t.db.delete(users).where(inArray(users.userType, [1, 2, 6]));
  const warehouseId = await userIdByEmail(t.db, SEED_LOGINS.warehouse.email);
  const [w] = (await t.db.select().from(users)).filter((u) => u.id === warehouseId);
  ownCompanyId = w!.companyId!;
  idle = await insertUser(t.db, { userName: 'Aaron Idle', isActive: false, companyId: ownCompanyId, userType: 5 });
  const other = await insertCompany(t.db, { name: 'Other Agro' });
  const otherSite = await insertSite(t.db, other.id, { prefix: 'OT' });
  outsider = await insertUser(t.db, {
    userName: 'Zed Outsider',
    companyId: other.id,
    siteId: otherSite.id,
    userType: 4,
    pages: ['1', '2', '215'],
  });
  admin = await t.session('admin');
  factory = await t.session('factory');
  warehouse = await t.session('warehouse');
});

const rows = async (e: Endpoint, token: string) => {
  const res = await t.fetch(e, token);
  expect(res.status).toBe(200);
  expect(res.body.ResponseCode).toBe('200');
  return res.body.ResponseData as PickerRow[];
};

describe('for the admin', () => {
  it('GetUsersDDL lists every non-admin account by name, inactive ones included', async () => {
    const list = await rows(USERS_API.pickerAll, admin.token);
    expect(list.map((r) => r.UserName)).toEqual(['Aaron Idle', 'Factory Operator', 'Warehouse Clerk', 'Zed Outsider']);
    // Spec 2 section 3's active user option: names, SAP code, IsFactory and the billing address.
    const bill = [
      'Address1',
      'Address2',
      'City',
      'CityName',
      'Country',
      'CountryName',
      'Pincode',
      'State',
      'StateName',
    ].map((k) => `bill_${k}`);
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'Email',
        'FirstName',
        'IsFactory',
        'LastName',
        'SAPCustomerCode',
        'UserId',
        'UserName',
        'UserType',
        ...bill,
      ].sort(),
    );
    expect(list.find((r) => r.UserName === 'Factory Operator')).toMatchObject({
      Email: SEED_LOGINS.factory.email,
      UserType: 4,
    });
    expect(list.map((r) => r.UserId)).not.toContain(1);
  });

  it('GetAllActiveUsers leaves inactive accounts out', async () => {
    const list = await rows(USERS_API.pickerActive, admin.token);
    expect(list.map((r) => r.UserId)).not.toContain(idle.id);
    expect(list.map((r) => r.UserName)).toEqual(['Factory Operator', 'Warehouse Clerk', 'Zed Outsider']);
  });
});

describe('for other users', () => {
  it('without Role Management, User Master or Item Ledger the pickers answer 403 (GetAllActiveUsers also opens to Dispatch)', async () => {
    expect(await t.fetch(USERS_API.pickerAll, factory.token)).toMatchObject({
      status: 403,
      body: { ResponseMessage: FORBIDDEN },
    });
    const cartonsOnly = (await t.signIn(outsider.email, outsider.password)).token;
    expect(await t.fetch(USERS_API.pickerActive, cartonsOnly)).toMatchObject({
      status: 403,
      body: { ResponseMessage: FORBIDDEN },
    });
  });

  it("with Item Ledger the warehouse user lists only its own company's accounts", async () => {
    const list = await rows(USERS_API.pickerAll, warehouse.token); // the seed gives the warehouse Item Ledger
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((r) => r.UserName)).not.toContain('Zed Outsider');
  });

  it("Role Management of a non-admin cannot read or change another company's user", async () => {
    const warehouseId = await userIdByEmail(t.db, SEED_LOGINS.warehouse.email);
    await setPages(t.db, warehouseId, ['1', '2', '201']);
    try {
      const read = await t.fetch(ACCESS_RIGHT_API.read, { id: outsider.id }, warehouse.token);
      expect(read.body.ResponseCode).toBe('400');
      const res = await t.send(ACCESS_RIGHT_API.save, { UserId: outsider.id, PageList: [] }, warehouse.token);
      expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: ACCESS_MSG.unknownUser, ResponseData: null });
      // The outsider keeps the carton master page.
      const s = await t.signIn(outsider.email, outsider.password);
      expect((await t.send(CARTON_API.list, {}, s.token)).status).toBe(200);
    } finally {
      await setPages(t.db, warehouseId, []);
    }
  });
});
