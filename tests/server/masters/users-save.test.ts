// User/CreateUpdateUser for every people master (spec 1 sections 5.2, 5.6-5.8, 5.11): the spec's
// message for the failing field, address ids checked against the reference data, e-mail and user
// name uniqueness, passwords hashed (blank on update keeps the old), nothing half-saved.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_LOGINS } from '../../../src/server/db/seed.js';
import { users } from '../../../src/server/db/schema.js';
import { PASSWORD_MESSAGE } from '../../../src/shared/contracts/fields.js';
import { USERS_MSG, USERS_API } from '../../../src/shared/contracts/users/common.js';
import { DEALER_BILL_MSG, DEALER_MSG, DEALER_SHIP_MSG } from '../../../src/shared/contracts/users/dealer.js';
import { DISTRIBUTOR_BILL_MSG, DISTRIBUTOR_MSG } from '../../../src/shared/contracts/users/distributor.js';
import { LIST_MSG } from '../../../src/shared/contracts/users/list-entry.js';
import { SALESPERSON_MSG } from '../../../src/shared/contracts/users/salesperson.js';
import { USER_MSG } from '../../../src/shared/contracts/users/user.js';
import { countRows, insertCompany, insertSite } from '../../helpers/factories.js';
import {
  dealerBody,
  distributorBody,
  listEntryBody,
  place,
  salespersonBody,
  siteUserBody,
  type Place,
} from '../../helpers/factories-people.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let token: string;
let companyId: number;
let factoryId: number;
let warehouseId: number;
let nashik: Place;
let belgaum: Place;

beforeAll(async () => {
  token = await t.token('admin');
  companyId = (await insertCompany(t.db)).id;
  factoryId = (await insertSite(t.db, companyId, { isFactory: true })).id;
  warehouseId = (await insertSite(t.db, companyId, { isFactory: false })).id;
  nashik = await place(t.db, 'Maharashtra', 'Nashik');
  belgaum = await place(t.db, 'Karnataka', 'Belgaum');
});

const save = (body: Record<string, unknown>) => t.send(USERS_API.save, body, token);

async function refused(body: Record<string, unknown>, message: string) {
  const before = await countRows(t.db, users);
  const res = await save(body);
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: message });
  expect(await countRows(t.db, users)).toBe(before);
}

async function saved(body: Record<string, unknown>) {
  const res = await save(body);
  expect(res.body.ResponseMessage).toBe(body.ReferenceID ? USERS_MSG.updated : USERS_MSG.created);
  expect(res.body.ResponseCode).toBe('200');
  const [row] = await t.db
    .select()
    .from(users)
    .where(eq(users.email, String(body.Email)));
  return row!;
}

describe('User Master (types 4 and 5)', () => {
  const body = (o: Record<string, unknown> = {}) => siteUserBody(companyId, factoryId, o);

  it.each([
    [{ UserName: '  ' }, USER_MSG.userNameRequired],
    [{ FirstName: 'Ravi2' }, USER_MSG.firstNameAlpha],
    [{ LastName: '' }, USER_MSG.lastNameAlpha],
    [{ Email: '' }, USERS_MSG.emailRequired],
    [{ Email: 'ravi@' }, USERS_MSG.emailInvalid],
    [{ MobileNo: '5876543210' }, USERS_MSG.mobileInvalid],
    [{ MobileNo: '987654321' }, USERS_MSG.mobileInvalid],
    [{ Password: 'abc123', ConfirmPassword: 'abc123' }, PASSWORD_MESSAGE],
    [{ Password: '', ConfirmPassword: '' }, USER_MSG.passwordRequired],
    [{ ConfirmPassword: 'Abc124' }, USER_MSG.confirmMismatch],
    [{ CompanyId: null }, USERS_MSG.companyRequired],
    [{ WareHouseId: 0 }, USER_MSG.siteRequired],
  ])('%o answers the spec message', async (o, message) => {
    await refused(body(o), message);
  });

  it('the site must be of the chosen kind and company', async () => {
    await refused(body({ UserType: 5 }), USER_MSG.siteRequired);
    const other = await insertCompany(t.db);
    await refused(body({ CompanyId: other.id }), USER_MSG.siteRequired);
    await saved(body({ UserType: 5, WareHouseId: warehouseId }));
  });

  it('saves a hashed password the user signs in with; a blank one on update keeps it', async () => {
    const b = body({ Password: 'Plant9', ConfirmPassword: 'Plant9' });
    const row = await saved(b);
    expect(row.passwordHash).not.toContain('Plant9');
    expect(row.userType).toBe(4);
    await t.signIn(String(b.Email), 'Plant9');
    await saved({ ...b, ReferenceID: row.id, FirstName: 'Ravindra', Password: '', ConfirmPassword: '' });
    await t.signIn(String(b.Email), 'Plant9');
    await saved({ ...b, ReferenceID: row.id, Password: 'New9pw', ConfirmPassword: 'New9pw' });
    await t.signIn(String(b.Email), 'New9pw');
    await expect(t.signIn(String(b.Email), 'Plant9')).rejects.toThrow();
  });

  it('keeps user names unique case-insensitively, and e-mails unique across every master', async () => {
    const first = body({ UserName: 'Line Supervisor' });
    await saved(first);
    await refused(body({ UserName: 'line SUPERVISOR' }), USERS_MSG.userNameTaken);
    await refused(body({ Email: String(first.Email).toUpperCase() }), USERS_MSG.emailTaken);
    await refused(salespersonBody(companyId, { Email: first.Email }), USERS_MSG.emailTaken);
    await refused(body({ Email: SEED_LOGINS.admin.email }), USERS_MSG.emailTaken);
  });

  it('an update keeps its own name and e-mail; an unknown id is not found', async () => {
    const row = await saved(body());
    const again = siteUserBody(companyId, factoryId, {
      ReferenceID: row.id,
      UserName: row.userName,
      Email: row.email,
      Password: '',
      ConfirmPassword: '',
    });
    await saved(again);
    await refused({ ...again, ReferenceID: 999_999 }, USERS_MSG.notFound);
  });
});

describe('Dealer (Retailer) Master', () => {
  const body = (o: Record<string, unknown> = {}) => dealerBody(companyId, nashik, o);

  it.each([
    [{ FirstName: '' }, DEALER_MSG.firstNameRequired],
    [{ MobileNo: '' }, DEALER_MSG.mobileRequired],
    [{ MobileNo: '12345' }, USERS_MSG.mobileInvalid],
    [{ Password: '', ConfirmPassword: '' }, DEALER_MSG.passwordRequired],
    [{ ConfirmPassword: 'Other1' }, DEALER_MSG.confirmMismatch],
    [{ bill_Country: null }, DEALER_BILL_MSG.country],
    [{ bill_State: 0 }, DEALER_BILL_MSG.state],
    [{ ship_City: null }, DEALER_SHIP_MSG.city],
    [{ bill_Address1: ' ' }, DEALER_BILL_MSG.address1!],
    [{ ship_Address1: '' }, DEALER_SHIP_MSG.address1!],
    [{ bill_Pincode: '' }, DEALER_BILL_MSG.pincodeRequired],
    [{ ship_Pincode: '42200' }, DEALER_SHIP_MSG.pincodeInvalid],
    [{ CompanyId: 0 }, USERS_MSG.companyRequired],
  ])('%o answers the spec message', async (o, message) => {
    await refused(body(o), message);
  });

  it('refuses a state of another country and a city of another state', async () => {
    await refused(body({ bill_Country: 7 }), DEALER_BILL_MSG.country);
    await refused(body({ ship_City: belgaum.city }), DEALER_SHIP_MSG.city);
    await refused(body({ bill_State: belgaum.state }), DEALER_BILL_MSG.city);
  });

  it('stores both addresses and the dealer name', async () => {
    const row = await saved(
      body({
        ...{ ship_State: belgaum.state, ship_City: belgaum.city, ship_Pincode: '590001' },
        GST: '27ABCPJ4521K1Z3',
      }),
    );
    expect(row).toMatchObject({
      userType: 1,
      companyId,
      billState: nashik.state,
      billCity: nashik.city,
      shipState: belgaum.state,
      shipCity: belgaum.city,
      shipPincode: '590001',
      gst: '27ABCPJ4521K1Z3',
      listType: null,
    });
  });
});

describe('Distributor (Dealer) Master', () => {
  const body = (o: Record<string, unknown> = {}) => distributorBody(companyId, nashik, o);
  it.each([
    [{ SAPCustomerCode: '' }, DISTRIBUTOR_MSG.sapRequired],
    [{ FirstName: '' }, DISTRIBUTOR_MSG.firstNameRequired],
    [{ MobileNo: '' }, DISTRIBUTOR_MSG.mobileRequired],
    [{ Password: '', ConfirmPassword: '' }, DISTRIBUTOR_MSG.passwordRequired],
    [{ ConfirmPassword: 'x' }, DISTRIBUTOR_MSG.confirmMismatch],
    [{ bill_Country: null }, DISTRIBUTOR_BILL_MSG.country],
    [{ bill_State: null }, DISTRIBUTOR_BILL_MSG.state],
    [{ bill_City: null }, DISTRIBUTOR_BILL_MSG.city],
    [{ bill_Pincode: '' }, DISTRIBUTOR_BILL_MSG.pincodeRequired],
  ])('%o answers the spec message', async (o, message) => {
    await refused(body(o), message);
  });

  it('saves with no shipping address and no user name of its own', async () => {
    const row = await saved(body({ FirstName: 'Deccan Agri', LastName: 'Sanjay' }));
    expect(row).toMatchObject({ userType: 2, listType: null, userName: 'Deccan Agri Sanjay', shipCity: null });
  });
});

describe('List Master', () => {
  const body = (o: Record<string, unknown> = {}) => listEntryBody(companyId, nashik, o);
  it.each([
    [{ ListType: '' }, LIST_MSG.listTypeRequired],
    [{ ListType: 'Friends' }, LIST_MSG.listTypeRequired],
    [{ UserName: '' }, USER_MSG.userNameRequired],
    [{ FirstName: 'A1' }, USER_MSG.firstNameAlpha],
    [{ LastName: '-' }, USER_MSG.lastNameAlpha],
    [{ ConfirmPassword: 'Abc12' }, LIST_MSG.confirmMismatch],
  ])('%o answers the spec message', async (o, message) => {
    await refused(body(o), message);
  });

  it('keeps List Ids unique among list entries only', async () => {
    await saved(body({ UserName: 'KVSS-Ozar' }));
    await refused(body({ UserName: 'kvss-ozar' }), USERS_MSG.userNameTaken);
    // A factory user may carry the same name: another master.
    await saved(siteUserBody(companyId, factoryId, { UserName: 'KVSS-Ozar' }));
  });
});

describe('Salesperson Master', () => {
  const body = (o: Record<string, unknown> = {}) => salespersonBody(companyId, o);
  it.each([
    [{ CompanyId: null }, USERS_MSG.companyRequired],
    [{ FirstName: '' }, SALESPERSON_MSG.firstNameRequired],
    [{ MobileNo: '' }, SALESPERSON_MSG.mobileRequired],
    [{ Password: '', ConfirmPassword: '' }, SALESPERSON_MSG.passwordRequired],
    [{ ConfirmPassword: '' }, SALESPERSON_MSG.confirmRequired],
    [{ ConfirmPassword: 'Abc124' }, SALESPERSON_MSG.confirmMismatch],
  ])('%o answers the spec message', async (o, message) => {
    await refused(body(o), message);
  });

  it('saves the employee id', async () => {
    expect(await saved(body({ EmpId: 'GH-S-099' }))).toMatchObject({ userType: 6, empId: 'GH-S-099' });
  });
});

describe('bad requests', () => {
  it('refuses an admin or unknown user type, unknown fields and a non-object body', async () => {
    await refused({ ...salespersonBody(companyId), UserType: 0 }, USERS_MSG.invalidType);
    await refused({ ...salespersonBody(companyId), UserType: 3 }, USERS_MSG.invalidType);
    await refused({ ...salespersonBody(companyId), IsAdmin: true }, 'Unknown field: IsAdmin');
    await refused({ ...dealerBody(companyId, nashik), EmpId: 'E1' }, 'Unknown field: EmpId');
    const res = await t.raw({
      method: 'POST',
      url: '/API/api/User/CreateUpdateUser',
      headers: { authorization: `Bearer ${token}` },
      payload: [1],
    });
    expect(res.body.ResponseCode).toBe('400');
  });

  it('an update may not turn a record of one master into another', async () => {
    const dealer = await saved(dealerBody(companyId, nashik));
    await refused(
      distributorBody(companyId, nashik, {
        ReferenceID: dealer.id,
        Email: dealer.email,
        Password: '',
        ConfirmPassword: '',
      }),
      USERS_MSG.notFound,
    );
    await refused(
      salespersonBody(companyId, { ReferenceID: 1, Email: SEED_LOGINS.admin.email, Password: '', ConfirmPassword: '' }),
      USERS_MSG.notFound,
    );
  });
});
