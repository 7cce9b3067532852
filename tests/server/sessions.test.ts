// Ending sessions: a password change or reset refuses the access tokens already handed out, not
// only the refresh tokens; and the small protocol courtesies of the bearer header and API paths.
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MSG, ACCESS_RIGHT_API } from '../../src/shared/contracts/access-right.js';
import { insertCompany, insertUser, type TestUser } from '../helpers/factories.js';
import { useApp } from '../helpers/use-app.js';
import { ME_API, LOGIN_API } from '../../src/shared/contracts/auth.js';

const t = useApp();
let user: TestUser;

beforeAll(async () => {
  const company = await insertCompany(t.db);
  user = await insertUser(t.db, { password: 'Start123', userType: 5, companyId: company.id });
});

describe('ending sessions', () => {
  it('a password change refuses access tokens issued before it, on every device', async () => {
    const phone = await t.signIn(user.email, 'Start123');
    const tablet = await t.signIn(user.email, 'Start123');
    const changed = await t.send(
      ME_API.changePassword,
      { OldPassword: 'Start123', NewPassword: 'Next1234' },
      phone.token,
    );
    expect(changed.body.ResponseCode).toBe('200');
    for (const s of [phone, tablet]) {
      const res = await t.fetch(ME_API.getUser, s.token);
      expect(res.status).toBe(401);
      expect(res.body.ResponseCode).toBe('401');
      expect((await t.send(LOGIN_API.refresh, { RefreshToken: s.refreshToken })).status).toBe(401);
    }
    const fresh = await t.signIn(user.email, 'Next1234');
    expect((await t.fetch(ME_API.getUser, fresh.token)).status).toBe(200);
  });
});

describe('protocol courtesies', () => {
  it('accepts the bearer scheme in any case, as HTTP says', async () => {
    const admin = await t.signIn('admin@example.com', 'Admin123');
    const res = await t.raw({
      method: 'GET',
      url: '/API/api/User/getUser',
      headers: { authorization: `bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
  });

  it('answers a mis-cased API path with the 404 envelope, not the app page', async () => {
    for (const url of ['/api/api/User/getUser', '/Api/whatever']) {
      const res = await t.raw({ method: 'GET', url });
      expect(res.status, url).toBe(404);
      expect(res.body.ResponseCode, url).toBe('404');
    }
  });

  it('Role Management answers an unknown user as not found, and shows an admin every page', async () => {
    const admin = await t.signIn('admin@example.com', 'Admin123');
    expect((await t.fetch(ACCESS_RIGHT_API.read, { id: 999999 }, admin.token)).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: ACCESS_MSG.unknownUser,
      ResponseData: null,
    });
    const tree = (await t.fetch(ACCESS_RIGHT_API.read, { id: 1 }, admin.token)).body.ResponseData as {
      children: { Status: boolean }[];
    }[];
    expect(tree.flatMap((g) => g.children).every((c) => c.Status)).toBe(true);
  });
});
