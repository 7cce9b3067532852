// A client written to the spec's call table (spec 1 section 7) saves people unchanged: no
// ConfirmPassword (the spec's form checks it), the base fields on every form (UserName, WareHouseId),
// and ids as JSON numbers or numeric text. A ConfirmPassword that is sent must still match.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema.js';
import { USERS_MSG } from '../../../src/shared/contracts/users/common.js';
import { DEALER_MSG } from '../../../src/shared/contracts/users/dealer.js';
import { DISTRIBUTOR_MSG } from '../../../src/shared/contracts/users/distributor.js';
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
let siteId: number;
let nashik: Place;

beforeAll(async () => {
  token = await t.token('admin');
  companyId = (await insertCompany(t.db)).id;
  siteId = (await insertSite(t.db, companyId, { isFactory: true })).id;
  nashik = await place(t.db, 'Maharashtra', 'Nashik');
});

type Body = Record<string, unknown>;
const without = (b: Body, ...keys: string[]) =>
  Object.fromEntries(Object.entries(b).filter(([k]) => !keys.includes(k)));
const save = (body: Body) => t.post('User/CreateUpdateUser', body, token);
const stored = async (email: unknown) =>
  (
    await t.db
      .select()
      .from(users)
      .where(eq(users.email, String(email)))
  )[0];

const FORMS: [string, () => Body, string][] = [
  ['User Master', () => siteUserBody(companyId, siteId), USER_MSG.confirmMismatch],
  ['Dealer Master', () => dealerBody(companyId, nashik), DEALER_MSG.confirmMismatch],
  ['Distributor Master', () => distributorBody(companyId, nashik), DISTRIBUTOR_MSG.confirmMismatch],
  ['List Master', () => listEntryBody(companyId, nashik), LIST_MSG.confirmMismatch],
  ['Salesperson Master', () => salespersonBody(companyId), SALESPERSON_MSG.confirmMismatch],
];

describe.each(FORMS)('%s', (_name, body, mismatch) => {
  it('saves without ConfirmPassword, and the user signs in with the password', async () => {
    const b = without(body(), 'ConfirmPassword');
    const res = await save(b);
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseMessage: USERS_MSG.created });
    expect((await t.post('Login/CheckUser', { Email: b.Email, Password: b.Password })).body.ResponseCode).toBe('200');
  });

  it("refuses a ConfirmPassword that differs, with the form's message, and saves nothing", async () => {
    const before = await countRows(t.db, users);
    const res = await save({ ...body(), ConfirmPassword: 'Other12' });
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: mismatch, ResponseData: null });
    expect(await countRows(t.db, users)).toBe(before);
  });

  it("takes the spec's base payload: UserName and WareHouseId on every form, ids as numeric text", async () => {
    const b = body();
    const spec: Body = {
      UserName: '',
      WareHouseId: 0,
      ...b,
      ReferenceID: '0',
      CompanyId: String(companyId),
      UserType: String(b.UserType),
    };
    if (b.UserType === 4) spec.WareHouseId = String(siteId);
    for (const p of ['bill', 'ship']) {
      for (const part of ['Country', 'State', 'City'])
        if (b[`${p}_${part}`] !== undefined) spec[`${p}_${part}`] = String(b[`${p}_${part}`]);
    }
    const res = await save(spec);
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseMessage: USERS_MSG.created });
    const row = await stored(b.Email);
    expect(row).toMatchObject({ companyId, userType: b.UserType });
  });
});

it('a dealer may carry the SAPCustomerCode the spec lists for dealers and distributors', async () => {
  const b: Body = { ...dealerBody(companyId, nashik), SAPCustomerCode: 'SAP-77' };
  expect((await save(b)).body.ResponseCode).toBe('200');
  expect((await stored(b.Email))!.sapCustomerCode).toBe('SAP-77');
});
