// The signed-in user's own record, profile and password (spec 1 sections 2.2, 3.4, 5.14).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN } from '../../src/server/routes/account/me.js';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { users } from '../../src/server/db/schema.js';
import { MSG, type CurrentUser, ME_API, LOGIN_API } from '../../src/shared/contracts/auth.js';
import { PASSWORD_MESSAGE } from '../../src/shared/contracts/fields.js';
import { insertCompany, insertSite, insertUser, type TestUser } from '../helpers/factories.js';
import type { Session } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';

const t = useApp();
let user: TestUser;
let session: Session;
let siteId: number;
let companyId: number;

beforeAll(async () => {
  const company = await insertCompany(t.db);
  const site = await insertSite(t.db, company.id, { prefix: 'ZQ' });
  companyId = company.id;
  siteId = site.id;
  user = await insertUser(t.db, {
    password: 'Start123',
    userName: 'Asha Kulkarni',
    firstName: 'Asha',
    lastName: 'Kulkarni',
    mobile: '9123456780',
    userType: 5,
    companyId,
    siteId,
    isResetPassword: true,
  });
  session = await t.signIn(user.email, user.password);
});

const me = async (token = session.token) => {
  const res = await t.fetch(ME_API.getUser, token);
  expect(res.status).toBe(200);
  return (res.body.ResponseData as CurrentUser[])[0]!;
};

describe('User/getUser', () => {
  it("answers the caller's own record with IsResetPassword", async () => {
    expect(await me()).toEqual({
      UserId: user.id,
      Username: 'Asha Kulkarni',
      FirstName: 'Asha',
      LastName: 'Kulkarni',
      Email: user.email,
      MobileNo: '9123456780',
      UserType: 5,
      WareHouseId: siteId,
      CompanyId: companyId,
      IsResetPassword: true,
    });
  });

  it('IsResetPassword follows the stored flag', async () => {
    const admin = await t.signIn(SEED_LOGINS.admin.email, SEED_LOGINS.admin.password);
    expect((await me(admin.token)).IsResetPassword).toBe(false);
    await t.db.update(users).set({ isResetPassword: true }).where(eq(users.id, 1));
    expect((await me(admin.token)).IsResetPassword).toBe(true);
    await t.db.update(users).set({ isResetPassword: false }).where(eq(users.id, 1));
  });
});

describe('User/UpdateProfile (spec 5.14)', () => {
  const update = (body: object) => t.send(ME_API.updateProfile, body, session.token);

  it.each([
    ['no e-mail', { MobileNo: '9123456780' }, MSG.emailRequired],
    ['an empty e-mail', { Email: '', MobileNo: '9123456780' }, MSG.emailRequired],
    ['a bad e-mail', { Email: 'asha@', MobileNo: '9123456780' }, MSG.emailInvalid],
    ['no mobile', { Email: 'asha@example.test' }, MSG.mobileRequired],
    ['an empty mobile', { Email: 'asha@example.test', MobileNo: '' }, MSG.mobileRequired],
    ['a mobile starting with 5', { Email: 'asha@example.test', MobileNo: '5123456780' }, MSG.mobileInvalid],
    ['a 9-digit mobile', { Email: 'asha@example.test', MobileNo: '912345678' }, MSG.mobileInvalid],
    ['a mobile with letters', { Email: 'asha@example.test', MobileNo: '91234567a0' }, MSG.mobileInvalid],
    [
      'an unknown field',
      { Email: 'asha@example.test', MobileNo: '9123456780', UserType: 0 },
      'Unknown field: UserType',
    ],
  ])('%s is refused with its message and changes nothing', async (_name, body, message) => {
    const res = await update(body);
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
    const now = await me();
    expect([now.Email, now.MobileNo, now.UserType]).toEqual([user.email, '9123456780', 5]);
  });

  it('the spec wording is what the contract holds', () => {
    expect([MSG.emailRequired, MSG.emailInvalid, MSG.mobileRequired, MSG.mobileInvalid]).toEqual([
      'Please enter your email-id.',
      'Please enter valid email-id.',
      'Please enter your mobile no.',
      'Please enter valid mobile no.',
    ]);
  });

  it('an 11-digit mobile is refused (max length 10)', async () => {
    const res = await update({ Email: user.email, MobileNo: '91234567801' });
    expect(res.body.ResponseCode).toBe('400');
  });

  it('an e-mail another account uses is refused, whatever its case', async () => {
    for (const email of [SEED_LOGINS.factory.email, SEED_LOGINS.factory.email.toUpperCase()]) {
      const res = await update({ Email: email, MobileNo: '9123456780' });
      expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: EMAIL_TAKEN, ResponseData: null });
    }
    expect((await me()).Email).toBe(user.email);
  });

  it('saves e-mail and mobile; the new e-mail signs in', async () => {
    const email = `asha.k.${Date.now()}@example.test`;
    const res = await update({ Email: email, MobileNo: '6000000001' });
    expect(res.body).toEqual({ ResponseCode: '200', ResponseMessage: MSG.profileSaved, ResponseData: null });
    const now = await me();
    expect([now.Email, now.MobileNo]).toEqual([email, '6000000001']);
    expect((await t.send(LOGIN_API.checkUser, { Email: email, Password: 'Start123' })).body.ResponseCode).toBe('200');
    // Keeping one's own address (in another case) is not a clash.
    expect((await update({ Email: email.toUpperCase(), MobileNo: '6000000001' })).body.ResponseCode).toBe('200');
    user = { ...user, email: email.toUpperCase() };
    await update({ Email: user.email, MobileNo: '9123456780' });
  });
});

describe('User/UpdateProfile under concurrency', () => {
  it('accounts taking the same new e-mail at once: one wins, the others are told it is taken (no 500)', async () => {
    const sessions: Session[] = [];
    for (let i = 0; i < 6; i++) {
      const u = await insertUser(t.db);
      sessions.push(await t.signIn(u.email, u.password));
    }
    const email = `race.${Date.now()}@example.test`;
    const answers = await Promise.all(
      sessions.map((s) => t.send(ME_API.updateProfile, { Email: email, MobileNo: '9000000001' }, s.token)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    const messages = answers.map((r) => r.body.ResponseMessage);
    expect(messages.filter((m) => m === MSG.profileSaved)).toHaveLength(1);
    expect(messages.filter((m) => m === EMAIL_TAKEN)).toHaveLength(5);
  });
});

describe('User/ChangePassword (spec 5.14)', () => {
  it.each([
    ['no old password', { NewPassword: 'Next123' }, MSG.oldRequired],
    ['an empty old password', { OldPassword: '', NewPassword: 'Next123' }, MSG.oldRequired],
    ['no new password', { OldPassword: 'Start123' }, MSG.newRequired],
    ['an empty new password', { OldPassword: 'Start123', NewPassword: '' }, MSG.newRequired],
    ['a new password breaking the rule', { OldPassword: 'Start123', NewPassword: 'weak' }, PASSWORD_MESSAGE],
    ['the same old and new', { OldPassword: 'Start123', NewPassword: 'Start123' }, MSG.newSameAsOld],
  ])('%s is refused with its message', async (_name, body, message) => {
    const res = await t.send(ME_API.changePassword, body, session.token);
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
  });

  it('the spec wording is what the contract holds', () => {
    expect([MSG.oldRequired, MSG.newRequired]).toEqual(['Please enter old password.', 'Please enter new password.']);
    expect([
      'Old password and new password should not be same.',
      'New password and old password should not be same.',
    ]).toContain(MSG.newSameAsOld);
  });

  it('a wrong old password is refused and the password stays', async () => {
    const res = await t.send(ME_API.changePassword, { OldPassword: 'Wrong123', NewPassword: 'Next123' }, session.token);
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: MSG.oldWrong, ResponseData: null });
    expect((await t.send(LOGIN_API.checkUser, { Email: user.email, Password: 'Start123' })).body.ResponseCode).toBe(
      '200',
    );
  });

  it('changes the password: old fails, new works, refresh tokens revoked, IsResetPassword cleared', async () => {
    const other = await t.signIn(user.email, 'Start123');
    expect((await me()).IsResetPassword).toBe(true);
    const res = await t.send(
      ME_API.changePassword,
      { UserName: 'Asha Kulkarni', UserId: user.id, OldPassword: 'Start123', NewPassword: 'Next123' },
      session.token,
    );
    expect(res.body).toEqual({ ResponseCode: '200', ResponseMessage: MSG.passwordChanged, ResponseData: null });

    expect((await t.send(LOGIN_API.checkUser, { Email: user.email, Password: 'Start123' })).body.ResponseMessage).toBe(
      MSG.badLogin,
    );
    const fresh = await t.signIn(user.email, 'Next123');
    expect((await me(fresh.token)).IsResetPassword).toBe(false);
    for (const s of [session, other]) {
      expect((await t.send(LOGIN_API.refresh, { RefreshToken: s.refreshToken })).status).toBe(401);
    }
    // The new sign-in's refresh token works.
    expect((await t.send(LOGIN_API.refresh, { RefreshToken: fresh.refreshToken })).status).toBe(200);
  });

  it("UserId in the body cannot change someone else's password", async () => {
    const victim = await insertUser(t.db, { password: 'Victim123' });
    const attacker = await insertUser(t.db, { password: 'Attack123' });
    const s = await t.signIn(attacker.email, attacker.password);
    const res = await t.send(
      ME_API.changePassword,
      { UserId: victim.id, OldPassword: 'Attack123', NewPassword: 'Owned123' },
      s.token,
    );
    expect(res.body.ResponseCode).toBe('200');
    expect((await t.send(LOGIN_API.checkUser, { Email: victim.email, Password: 'Victim123' })).body.ResponseCode).toBe(
      '200',
    );
    expect((await t.send(LOGIN_API.checkUser, { Email: attacker.email, Password: 'Owned123' })).body.ResponseCode).toBe(
      '200',
    );
  });
});
