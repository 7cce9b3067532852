// User/GetUsers and User/DeleteUser (spec 1 sections 2.9, 2.10, 2.15-2.17, 2.20, 4, 7): each master
// sees its own rows, paging and sort, export with PageSize -1, the page each master needs (403
// without it), company scoping both ways, and the delete rules.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema.js';
import { USERS_API, USERS_MSG, type UserRow } from '../../../src/shared/contracts/users/common.js';
import { PAGE } from '../../../src/shared/pages.js';
import { insertCompany, insertSite, insertUser, listBody, unique } from '../../helpers/factories.js';
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
import { send } from '../../helpers/endpoint-call.js';

const t = useApp();
let admin: string;
let a: number; // company A, of the scoped caller
let b: number; // company B
let nashik: Place;
let clerk: string; // a non-admin of A with every people master page
const ALL_PAGES = [
  PAGE.userMaster,
  PAGE.dealerMaster,
  PAGE.distributorMaster,
  PAGE.listMaster,
  PAGE.salepersonMaster,
].map((p) => p.key);

beforeAll(async () => {
  admin = await t.token('admin');
  a = (await insertCompany(t.db)).id;
  b = (await insertCompany(t.db)).id;
  nashik = await place(t.db, 'Maharashtra', 'Nashik');
  const u = await insertUser(t.db, { userType: 5, companyId: a, pages: ALL_PAGES });
  clerk = (await t.signIn(u.email, u.password)).token;
});

async function create(body: Record<string, unknown>, token = admin): Promise<number> {
  const res = await t.send(USERS_API.save, body, token);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  const [row] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, String(body.Email)));
  return row!.id;
}
async function list(req: Record<string, unknown>, token = admin): Promise<UserRow[]> {
  const res = await send(t, USERS_API.list, listBody(req), token);
  expect(res.status).toBe(200);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as UserRow[];
}

describe('each master lists its own rows', () => {
  it('dealers, distributors, list entries, salespeople and site users are kept apart', async () => {
    const site = await insertSite(t.db, b, { isFactory: false });
    const ids = {
      dealer: await create(dealerBody(b, nashik)),
      distributor: await create(distributorBody(b, nashik)),
      list: await create(listEntryBody(b, nashik)),
      sales: await create(salespersonBody(b)),
      user: await create(siteUserBody(b, site.id, { UserType: 5 })),
    };
    const of = async (req: Record<string, unknown>) => (await list({ ...req, PageSize: -1 })).map((r) => r.ReferenceID);
    const dealers = await of({ UserType: 1 });
    expect(dealers).toContain(ids.dealer);
    expect(dealers).not.toContain(ids.distributor);
    const distributors = await of({ UserType: 2 });
    expect(distributors).toContain(ids.distributor);
    expect(distributors).not.toContain(ids.list);
    expect(await of({ UserType: 2, IsList: true })).toEqual(expect.arrayContaining([ids.list]));
    expect(await of({ UserType: 2, IsList: true })).not.toContain(ids.distributor);
    expect(await of({ UserType: 6 })).toContain(ids.sales);
    const siteUsers = await of({});
    expect(siteUsers).toContain(ids.user);
    expect(siteUsers).not.toContain(1); // the admin is on no master
    expect(siteUsers).not.toContain(ids.sales);
    expect(await of({ UserType: 4 })).not.toContain(ids.user);
    const [row] = await list({ UserType: 5, SearchValue: site.name });
    expect(row).toMatchObject({ ReferenceID: ids.user, FirmName: site.name, UserType: 5 });
  });
});

describe('paging, sort, search and export', () => {
  const names = [
    'Amrut Agro',
    'Bhumi Traders',
    'Chetak Krishi',
    'Dhanlaxmi Seeds',
    'Ekta Fertilisers',
    'Farmers Choice',
    'Gaurav Agencies',
  ];
  let mine: number[] = [];
  let tag = '';
  beforeAll(async () => {
    const c = (await insertCompany(t.db)).id;
    tag = unique('T');
    mine = [];
    // Created out of name order, so name order and creation order differ.
    for (const i of [3, 0, 6, 1, 5, 2, 4])
      mine.push(await create(dealerBody(c, nashik, { FirstName: names[i], LastName: tag })));
  });
  const search = (o: Record<string, unknown> = {}) => list({ UserType: 1, SearchValue: tag, ...o });

  it('pages with a 1-based First; TotalRows counts before paging; newest first by default', async () => {
    const p1 = await search({ First: 1, PageSize: 5 });
    const p2 = await search({ First: 6, PageSize: 5 });
    expect(p1.map((r) => r.ReferenceID).concat(p2.map((r) => r.ReferenceID))).toEqual([...mine].reverse());
    expect([...p1, ...p2].every((r) => r.TotalRows === 7)).toBe(true);
  });

  it('sorts by dealer name both ways and refuses an unknown column', async () => {
    const asc = await search({ PageSize: 20, SortColumn: 'FullName', SortOrder: 'ASC' });
    expect(asc.map((r) => r.FirstName)).toEqual(names);
    const desc = await search({ PageSize: 20, SortColumn: 'FullName', SortOrder: 'DESC' });
    expect(desc.map((r) => r.FirstName)).toEqual([...names].reverse());
    const res = await t.send(USERS_API.list, listBody({ UserType: 1, SortColumn: 'passwordHash' }), admin);
    expect(res.body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: "The list cannot be sorted by 'passwordHash'.",
    });
  });

  it('export: PageSize -1 with the spec request gives every row oldest first, without password hashes', async () => {
    const rows = await search({ PageSize: -1, First: 1, IsActive: true, SortColumn: 'CreatedDt', SortOrder: 'ASC' });
    expect(rows.map((r) => r.ReferenceID)).toEqual(mine);
    expect(JSON.stringify(rows)).not.toMatch(/scrypt|password/i);
    expect(rows[0]).toMatchObject({ bill_City: nashik.city, ship_State: nashik.state, MobileNo: '9876543210' });
  });
});

describe('page rights', () => {
  it('answers 403 for a master whose page the caller lacks, for list, save and delete', async () => {
    const u = await insertUser(t.db, { userType: 5, companyId: a, pages: [PAGE.dealerMaster.key] });
    const only = (await t.signIn(u.email, u.password)).token;
    expect((await t.send(USERS_API.list, listBody({ UserType: 1 }), only)).body.ResponseCode).toBe('200');
    for (const req of [{ UserType: 2 }, { UserType: 6 }, {}, { UserType: 2, IsList: true }]) {
      expect((await t.send(USERS_API.list, listBody(req), only)).status).toBe(403);
    }
    expect((await t.send(USERS_API.save, distributorBody(a, nashik), only)).status).toBe(403);
    expect((await t.send(USERS_API.save, dealerBody(a, nashik), only)).body.ResponseCode).toBe('200');
    const dist = await create(distributorBody(a, nashik));
    expect((await t.fetch(USERS_API.remove, { id: dist }, only)).status).toBe(403);
    const none = await insertUser(t.db, { userType: 5, companyId: a });
    const nobody = (await t.signIn(none.email, none.password)).token;
    expect((await t.send(USERS_API.list, listBody({ UserType: 1 }), nobody)).status).toBe(403);
  });
});

describe('company scoping', () => {
  it("a non-admin sees only their company's rows, and saves into it whatever company is sent", async () => {
    const theirs = await create(dealerBody(b, nashik));
    const ours = await create(dealerBody(a, nashik, { CompanyId: b }), clerk);
    const [row] = await t.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, ours));
    expect(row!.companyId).toBe(a);
    const seen = (await list({ UserType: 1, PageSize: -1 }, clerk)).map((r) => r.ReferenceID);
    expect(seen).toContain(ours);
    expect(seen).not.toContain(theirs);
    expect((await list({ UserType: 1, PageSize: -1 }, clerk)).every((r) => r.CompanyId === a)).toBe(true);
  });

  it("another company's record answers as not found to update and delete", async () => {
    const body = distributorBody(b, nashik);
    const theirs = await create(body);
    const res = await t.send(
      USERS_API.save,
      { ...body, ReferenceID: theirs, FirstName: 'Taken Over', Password: '', ConfirmPassword: '' },
      clerk,
    );
    expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: USERS_MSG.notFound });
    expect((await t.fetch(USERS_API.remove, { id: theirs }, clerk)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: USERS_MSG.notFound,
    });
    const [row] = await t.db.select({ firstName: users.firstName }).from(users).where(eq(users.id, theirs));
    expect(row!.firstName).toBe(body.FirstName);
  });

  it('a site of another company is refused to a non-admin', async () => {
    // The clerk is warehouse staff (type 5), so it makes a warehouse user.
    const site = await insertSite(t.db, b, { isFactory: false });
    const res = await t.send(USERS_API.save, siteUserBody(a, site.id, { UserType: 5 }), clerk);
    expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: 'Please select WareHouse / Factory' });
  });
});

describe('delete', () => {
  it('deletes a distributor and a list entry; the row is gone', async () => {
    for (const body of [distributorBody(a, nashik), listEntryBody(a, nashik)]) {
      const id = await create(body, clerk);
      expect((await t.fetch(USERS_API.remove, { id }, clerk)).body).toMatchObject({
        ResponseCode: '200',
        ResponseMessage: USERS_MSG.deleted,
      });
      expect(await t.db.select().from(users).where(eq(users.id, id))).toEqual([]);
      expect((await t.fetch(USERS_API.remove, { id }, clerk)).body.ResponseMessage).toBe(USERS_MSG.notFound);
    }
  });

  it('refuses dealers and other masters, oneself, admins and a malformed id', async () => {
    const dealer = await create(dealerBody(a, nashik));
    expect((await t.fetch(USERS_API.remove, { id: dealer }, admin)).body.ResponseMessage).toBe(USERS_MSG.deleteKind);
    expect((await t.fetch(USERS_API.remove, { id: 1 }, admin)).body.ResponseMessage).toBe(USERS_MSG.deleteSelf);
    const other = await insertUser(t.db, { userType: 0 });
    expect((await t.fetch(USERS_API.remove, { id: other.id }, admin)).body.ResponseMessage).toBe(USERS_MSG.deleteAdmin);
    expect((await t.fetch(USERS_API.remove, { id: 1 }, clerk)).body.ResponseMessage).toBe(USERS_MSG.notFound);
    expect((await t.fetch(USERS_API.remove, { id: 'x1' }, admin)).body.ResponseMessage).toBe('Invalid Arguments');
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, dealer))).toHaveLength(1);
  });
});
