// Rights are never a way up (issue 10 item 2): a non-admin with a people master or Role Management
// cannot change, take over or delete someone who holds more than they do, cannot make a user of a
// higher type, and cannot hand out or take away pages they do not hold. Only the admin sets passwords.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { userPages, users } from '../../src/server/db/schema.js';
import { ACCESS_MSG, ACCESS_RIGHT_API } from '../../src/shared/contracts/access-right.js';
import { MSG, LOGIN_API } from '../../src/shared/contracts/auth.js';
import { USERS_MSG, USERS_API } from '../../src/shared/contracts/users/common.js';
import { normalisePageList, PAGE, PAGES } from '../../src/shared/pages.js';
import { insertCompany, insertSite, insertUser, setPages, type TestUser } from '../helpers/factories.js';
import { distributorBody, place, siteUserBody } from '../helpers/factories-people.js';
import { useApp } from '../helpers/use-app.js';

const t = useApp();
let adminToken: string;
let companyId: number;
let factoryId: number;
let warehouseId: number;
let factory2Id: number;
const ALL = normalisePageList(PAGES.map((p) => p.key));

beforeAll(async () => {
  adminToken = await t.token('admin');
  companyId = (await insertCompany(t.db)).id;
  factoryId = (await insertSite(t.db, companyId, { isFactory: true })).id;
  warehouseId = (await insertSite(t.db, companyId, { isFactory: false })).id;
  factory2Id = (await insertSite(t.db, companyId, { isFactory: true })).id;
});

const siteOf = (type: number) => (type === 4 ? factoryId : warehouseId);
/** A user of the test company with the given type and stored pages, and a signed-in token. */
async function person(userType: number, pages: string[]) {
  const u = await insertUser(t.db, { userType, companyId, siteId: siteOf(userType), pages });
  return { ...u, token: (await t.signIn(u.email, u.password)).token };
}
const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;
const pagesOf = async (id: number) =>
  (await t.db.select({ k: userPages.pageKey }).from(userPages).where(eq(userPages.userId, id))).map((r) => r.k).sort();
/** The User Master body that updates `u` as it is stored, with `o` changed. */
async function updateBody(u: TestUser, o: Record<string, unknown> = {}) {
  const r = await row(u.id);
  return siteUserBody(companyId, r.siteId!, {
    ReferenceID: u.id,
    UserType: r.userType,
    UserName: r.userName,
    FirstName: r.firstName,
    LastName: r.lastName ?? 'User',
    Email: r.email,
    Password: '',
    ConfirmPassword: '',
    IsActive: r.isActive,
    ...o,
  });
}
const saveUser = (body: unknown, token: string) => t.send(USERS_API.save, body, token);
const saveRights = (body: unknown, token: string) => t.send(ACCESS_RIGHT_API.save, body, token);
const warning = (message: string) => ({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });

describe('the takeover', () => {
  it('a User Master clerk cannot set the password of a colleague holding every page, so cannot sign in as them', async () => {
    const clerk = await person(4, ['1', '2', PAGE.userMaster.key]);
    const boss = await person(4, ALL);
    const before = await row(boss.id);
    const res = await saveUser(await updateBody(boss, { Password: 'Hack12', ConfirmPassword: 'Hack12' }), clerk.token);
    expect(res.body).toEqual(warning(USERS_MSG.aboveYou));
    expect((await row(boss.id)).passwordHash).toBe(before.passwordHash);
    const login = await t.send(LOGIN_API.checkUser, { Email: boss.email, Password: 'Hack12' });
    expect(login.body.ResponseMessage).toBe(MSG.badLogin);
    // Had it worked, the boss's session would now grant the clerk everything; the clerk holds what it held.
    expect(await pagesOf(clerk.id)).toEqual(['1', '2', PAGE.userMaster.key]);
  });
});

describe('User/CreateUpdateUser by a non-admin', () => {
  it.each([
    ['e-mail', (e: string) => ({ Email: `x${e}` })],
    ['status', () => ({ IsActive: false })],
    ['site', () => ({ WareHouseId: factory2Id })],
    ['type', () => ({ UserType: 5, WareHouseId: warehouseId })],
  ])('may not change the %s of a user holding a page it lacks', async (_what, change) => {
    const clerk = await person(4, ['1', '2', PAGE.userMaster.key]);
    const other = await person(4, ['1', '3', PAGE.userMaster.key, PAGE.mapping.key]);
    const before = await row(other.id);
    const res = await saveUser(await updateBody(other, change(before.email)), clerk.token);
    expect(res.body).toEqual(warning(USERS_MSG.aboveYou));
    expect(await row(other.id)).toEqual(before);
  });

  it('may change a colleague holding no page it lacks, but not set their password', async () => {
    const clerk = await person(4, ['1', '2', PAGE.userMaster.key, PAGE.cartonMaster.key]);
    const peer = await person(4, ['1', '2', PAGE.cartonMaster.key]);
    const res = await saveUser(await updateBody(peer, { FirstName: 'Renamed' }), clerk.token);
    expect(res.body.ResponseMessage).toBe(USERS_MSG.updated);
    expect((await row(peer.id)).firstName).toBe('Renamed');
    const before = (await row(peer.id)).passwordHash;
    const pw = await saveUser(await updateBody(peer, { Password: 'Hack12', ConfirmPassword: 'Hack12' }), clerk.token);
    expect(pw.body).toEqual(warning(USERS_MSG.passwordAdminOnly));
    expect((await row(peer.id)).passwordHash).toBe(before);
  });

  it('may not set its own password here (that is Change Password)', async () => {
    const clerk = await person(4, ['1', '2', PAGE.userMaster.key]);
    const before = (await row(clerk.id)).passwordHash;
    const res = await saveUser(await updateBody(clerk, { Password: 'Mine12', ConfirmPassword: 'Mine12' }), clerk.token);
    expect(res.body).toEqual(warning(USERS_MSG.passwordAdminOnly));
    expect((await row(clerk.id)).passwordHash).toBe(before);
  });

  it("the admin sets anyone's password, and that user signs in with it", async () => {
    const boss = await person(4, ALL);
    const res = await saveUser(await updateBody(boss, { Password: 'Admn12', ConfirmPassword: 'Admn12' }), adminToken);
    expect(res.body.ResponseMessage).toBe(USERS_MSG.updated);
    expect((await t.send(LOGIN_API.checkUser, { Email: boss.email, Password: 'Admn12' })).body.ResponseCode).toBe(
      '200',
    );
  });

  it('a warehouse user may not create a factory user, nor make a warehouse user one; a factory user may', async () => {
    const keeper = await person(5, ['1', '2', PAGE.userMaster.key]);
    const created = siteUserBody(companyId, factoryId, { UserType: 4 });
    expect((await saveUser(created, keeper.token)).body).toEqual(warning(USERS_MSG.typeAbove));
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.email, String(created.Email))),
    ).toEqual([]);
    const peer = await person(5, ['1']);
    const before = await row(peer.id);
    const raise = await saveUser(await updateBody(peer, { UserType: 4, WareHouseId: factoryId }), keeper.token);
    expect(raise.body).toEqual(warning(USERS_MSG.typeAbove));
    expect(await row(peer.id)).toEqual(before);
    const own = await saveUser(await updateBody(keeper, { UserType: 4, WareHouseId: factoryId }), keeper.token);
    expect(own.body).toEqual(warning(USERS_MSG.typeAbove));

    const foreman = await person(4, ['1', '2', PAGE.userMaster.key]);
    const ok = await saveUser(siteUserBody(companyId, warehouseId, { UserType: 5 }), foreman.token);
    expect(ok.body.ResponseMessage).toBe(USERS_MSG.created);
  });
});

describe('User/DeleteUser by a non-admin', () => {
  it('may not delete an entry holding a page it lacks; may delete one that does not', async () => {
    const nashik = await place(t.db, 'Maharashtra', 'Nashik');
    const clerk = await person(4, ['1', '2', PAGE.distributorMaster.key]);
    const add = async () => {
      const body = distributorBody(companyId, nashik);
      expect((await saveUser(body, adminToken)).body.ResponseCode).toBe('200');
      return (
        await t.db
          .select()
          .from(users)
          .where(eq(users.email, String(body.Email)))
      )[0]!.id;
    };
    const strong = await add();
    await setPages(t.db, strong, ['1', '3', PAGE.mapping.key]);
    const res = await t.fetch(USERS_API.remove, { id: strong }, clerk.token);
    expect(res.body).toEqual(warning(USERS_MSG.aboveYou));
    expect((await row(strong)).id).toBe(strong);
    const plain = await add();
    expect((await t.fetch(USERS_API.remove, { id: plain }, clerk.token)).body.ResponseMessage).toBe(USERS_MSG.deleted);
  });
});

describe('AccessRight/CreateUpdateAccessRight by a non-admin', () => {
  it('keeps the pages the target holds that the saver does not, whatever the list sends', async () => {
    const saver = await person(4, ['1', '2', PAGE.accessRight.key, PAGE.cartonMaster.key, PAGE.priceMaster.key]);
    const target = await person(
      4,
      normalisePageList([PAGE.cartonMaster.key, PAGE.productMaster.key, PAGE.mapping.key]),
    );
    const res = await saveRights({ UserId: target.id, PageList: [PAGE.priceMaster.key] }, saver.token);
    expect(res.body.ResponseCode).toBe('200');
    expect(await pagesOf(target.id)).toEqual(
      normalisePageList([PAGE.priceMaster.key, PAGE.productMaster.key, PAGE.mapping.key]).sort(),
    );
  });

  it('refuses to add a page the saver does not hold, naming it, and changes nothing', async () => {
    const saver = await person(4, ['1', '2', PAGE.accessRight.key, PAGE.cartonMaster.key]);
    const target = await person(4, ['1', '2', PAGE.cartonMaster.key]);
    const res = await saveRights(
      { UserId: target.id, PageList: [PAGE.cartonMaster.key, PAGE.productMaster.key] },
      saver.token,
    );
    expect(res.body).toEqual(warning(ACCESS_MSG.notHeld(PAGE.productMaster.label)));
    expect(await pagesOf(target.id)).toEqual(['1', '2', PAGE.cartonMaster.key]);
  });

  it('the saver cannot grant itself anything (its own rights are not its to save)', async () => {
    const saver = await person(4, ['1', '2', PAGE.accessRight.key]);
    const res = await saveRights({ UserId: saver.id, PageList: [PAGE.accessRight.key, PAGE.mapping.key] }, saver.token);
    expect(res.body).toEqual(warning(ACCESS_MSG.unknownUser));
    expect(await pagesOf(saver.id)).toEqual(['1', '2', PAGE.accessRight.key]);
  });
});
