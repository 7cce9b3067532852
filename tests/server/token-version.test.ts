// Ending sessions by a per-user token version: an access token issued in the same second as a
// password change, a reset or a deactivation dies with it (a timestamp in whole seconds let it live).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { users } from '../../src/server/db/schema.js';
import { insertCompany, insertSite, insertUser, type TestUser } from '../helpers/factories.js';
import { siteUserBody } from '../helpers/factories-people.js';
import type { Session } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';
import { ME_API, LOGIN_API } from '../../src/shared/contracts/auth.js';
import { USERS_API } from '../../src/shared/contracts/users/common.js';

const t = useApp();
let companyId: number;
let siteId: number;

beforeAll(async () => {
  companyId = (await insertCompany(t.db)).id;
  siteId = (await insertSite(t.db, companyId, { isFactory: true })).id;
});

const second = () => Math.floor(Date.now() / 1000);
const nextSecond = () => new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 5));

/** Signs in and runs `end` within one wall-clock second (retrying on a slow machine); the session. */
async function sameSecond(u: TestUser, end: (s: Session) => Promise<void>): Promise<Session> {
  for (let tries = 0; tries < 5; tries++) {
    await nextSecond();
    const started = second();
    const s = await t.signIn(u.email, u.password);
    await end(s);
    if (second() === started) return s;
  }
  throw new Error('Could not sign in and end the session within one second');
}

async function expectEnded(s: Session) {
  const me = await t.fetch(ME_API.getUser, s.token);
  expect(me.status).toBe(401);
  expect(me.body.ResponseCode).toBe('401');
  expect((await t.send(LOGIN_API.refresh, { RefreshToken: s.refreshToken })).status).toBe(401);
}

describe('same-second tokens', () => {
  it('a password change refuses the access token issued in the same second', async () => {
    const u = await insertUser(t.db, { password: 'Start123', companyId, siteId });
    let n = 0;
    const s = await sameSecond(u, async (session) => {
      const next = `Next${++n}234`;
      const res = await t.send(ME_API.changePassword, { OldPassword: u.password, NewPassword: next }, session.token);
      expect(res.body.ResponseCode).toBe('200');
      u.password = next;
    });
    await expectEnded(s);
    expect((await t.fetch(ME_API.getUser, (await t.signIn(u.email, u.password)).token)).status).toBe(200);
  });

  it('an admin setting the password refuses the access token issued in the same second', async () => {
    const admin = await t.signIn(SEED_LOGINS.admin.email, SEED_LOGINS.admin.password);
    const u = await insertUser(t.db, { password: 'Start123', companyId, siteId, userType: 4 });
    let n = 0;
    const s = await sameSecond(u, async () => {
      const next = `Set${++n}abc`;
      const [r] = await t.db.select().from(users).where(eq(users.id, u.id));
      const body = siteUserBody(companyId, siteId, {
        ReferenceID: u.id,
        UserName: r!.userName,
        FirstName: r!.firstName,
        LastName: r!.lastName,
        Email: r!.email,
        Password: next,
        ConfirmPassword: next,
      });
      expect((await t.send(USERS_API.save, body, admin.token)).body.ResponseCode).toBe('200');
      u.password = next;
    });
    await expectEnded(s);
  });
});

describe('deactivation', () => {
  it('a deactivated and reactivated account does not get its old sessions back', async () => {
    const admin = await t.signIn(SEED_LOGINS.admin.email, SEED_LOGINS.admin.password);
    const u = await insertUser(t.db, { password: 'Start123', companyId, siteId, userType: 4 });
    const s = await t.signIn(u.email, u.password);
    const [r] = await t.db.select().from(users).where(eq(users.id, u.id));
    const body = (IsActive: boolean) =>
      siteUserBody(companyId, siteId, {
        ReferenceID: u.id,
        UserName: r!.userName,
        FirstName: r!.firstName,
        LastName: r!.lastName,
        Email: r!.email,
        Password: '',
        ConfirmPassword: '',
        IsActive,
      });
    expect((await t.send(USERS_API.save, body(false), admin.token)).body.ResponseCode).toBe('200');
    expect((await t.send(USERS_API.save, body(true), admin.token)).body.ResponseCode).toBe('200');
    await expectEnded(s);
    expect((await t.fetch(ME_API.getUser, (await t.signIn(u.email, u.password)).token)).status).toBe(200);
  });
});
