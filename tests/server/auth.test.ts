// Sign-in (spec 1 sections 3.2, 5.1): messages, the answer's fields, inactive accounts, stored hashes,
// and which bearer tokens the API refuses.
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { appSecrets, refreshTokens, sites, users } from '../../src/server/db/schema.js';
import { LOGIN_API, ME_API, MSG, type LoginResult } from '../../src/shared/contracts/auth.js';
import { insertUser } from '../helpers/factories.js';
import type { Session } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';
import { send } from '../helpers/endpoint-call.js';

const t = useApp();
let admin: Session;
let factory: Session;

beforeAll(async () => {
  admin = await t.session('admin');
  factory = await t.session('factory');
});

const checkUser = (body: unknown) => send(t, LOGIN_API.checkUser, body);

describe('sign-in validation (spec 5.1)', () => {
  it.each([
    ['no fields', {}, 'Please enter your email-id.'],
    ['an empty e-mail', { Email: '', Password: 'Admin123' }, 'Please enter your email-id.'],
    ['a blank e-mail', { Email: '   ', Password: 'Admin123' }, 'Please enter your email-id.'],
    ['a null e-mail', { Email: null, Password: 'Admin123' }, 'Please enter your email-id.'],
    ['an e-mail that is a number', { Email: 123, Password: 'Admin123' }, 'Please enter your email-id.'],
    ['an e-mail without @', { Email: 'admin.example.com', Password: 'Admin123' }, 'Please enter valid email-id.'],
    ['an e-mail without a domain', { Email: 'admin@', Password: 'Admin123' }, 'Please enter valid email-id.'],
    ['no password', { Email: 'admin@example.com' }, 'Please enter password'],
    ['an empty password', { Email: 'admin@example.com', Password: '' }, 'Please enter password'],
    [
      'an unknown field',
      { Email: 'admin@example.com', Password: 'Admin123', Remember: true },
      'Unknown field: Remember',
    ],
  ])('%s answers the spec message', async (_name, body, message) => {
    const res = await checkUser(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
  });

  it('the messages are the contract constants', () => {
    expect([MSG.emailRequired, MSG.emailInvalid, MSG.passwordRequired]).toEqual([
      'Please enter your email-id.',
      'Please enter valid email-id.',
      'Please enter password',
    ]);
  });

  it('a wrong password and an unknown e-mail give the same answer', async () => {
    const wrong = await checkUser({ Email: SEED_LOGINS.admin.email, Password: 'Wrong123' });
    const unknown = await checkUser({ Email: 'nobody@example.com', Password: 'Wrong123' });
    expect(wrong).toMatchObject({
      status: 200,
      body: { ResponseCode: '400', ResponseMessage: MSG.badLogin, ResponseData: null },
    });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('the password is case-sensitive', async () => {
    const res = await checkUser({ Email: SEED_LOGINS.admin.email, Password: 'admin123' });
    expect(res.body.ResponseMessage).toBe(MSG.badLogin);
  });
});

describe('sign-in answer (spec 3.2)', () => {
  it('the admin gets the list with Token, RefreshToken, UserType 0, UserId 1 and no site', async () => {
    const res = await checkUser({ Email: SEED_LOGINS.admin.email, Password: SEED_LOGINS.admin.password });
    expect(res.status).toBe(200);
    expect(res.body.ResponseCode).toBe('200');
    const list = res.body.ResponseData as LoginResult[];
    expect(list).toHaveLength(1);
    const r = list[0]!;
    expect(r.Token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(r.RefreshToken.length).toBeGreaterThanOrEqual(32);
    expect(r.RefreshToken).not.toBe(r.Token);
    expect(r).toMatchObject({ UserType: 0, UserId: 1, WareHouseId: 0, CompanyId: 0, Prefix: '' });
  });

  it('the factory user gets its site, company and prefix KA', async () => {
    const [site] = await t.db.select().from(sites).where(eq(sites.prefix, 'KA'));
    const r = factory.login;
    expect(r).toMatchObject({ UserType: 4, WareHouseId: site!.id, CompanyId: site!.companyId, Prefix: 'KA' });
    expect(r.UserId).toBeGreaterThan(2);
  });

  it('e-mail is matched without regard to case and surrounding spaces', async () => {
    const res = await checkUser({ Email: '  ADMIN@Example.COM ', Password: SEED_LOGINS.admin.password });
    expect(res.body.ResponseCode).toBe('200');
    expect((res.body.ResponseData as LoginResult[])[0]!.UserId).toBe(1);
  });

  it("the access token opens the caller's own record", async () => {
    const res = await send(t, ME_API.getUser, undefined, factory.token);
    expect(res.status).toBe(200);
    expect((res.body.ResponseData as { UserId: number }[])[0]!.UserId).toBe(factory.login.UserId);
  });

  it('an inactive account is refused and gets no tokens', async () => {
    const u = await insertUser(t.db, { isActive: false, password: 'Idle123' });
    const res = await checkUser({ Email: u.email, Password: u.password });
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: MSG.inactive, ResponseData: null });
    expect(await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, u.id))).toHaveLength(0);
  });
});

describe('stored passwords', () => {
  it('are slow salted hashes, never the text', async () => {
    const rows = await t.db.select({ email: users.email, hash: users.passwordHash }).from(users);
    const plain = Object.fromEntries(Object.values(SEED_LOGINS).map((l) => [l.email, l.password]));
    for (const r of rows) {
      const pw = plain[r.email];
      if (!pw) continue;
      expect(r.hash).not.toContain(pw);
      expect(r.hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]{16,}\$[\w-]{32,}$/);
    }
    expect(new Set(rows.map((r) => r.hash)).size).toBe(rows.length);
  });

  it('two accounts with the same password store different hashes', async () => {
    const a = await insertUser(t.db, { password: 'Same123' });
    const b = await insertUser(t.db, { password: 'Same123' });
    const hashes = await t.db.select({ id: users.id, h: users.passwordHash }).from(users);
    expect(hashes.find((r) => r.id === a.id)!.h).not.toBe(hashes.find((r) => r.id === b.id)!.h);
    // And both sign in through the API.
    expect((await checkUser({ Email: a.email, Password: 'Same123' })).body.ResponseCode).toBe('200');
  });
});

describe('bearer tokens the API refuses', () => {
  const secret = async () => {
    const [row] = await t.db.select().from(appSecrets).where(eq(appSecrets.name, 'jwt'));
    return new TextEncoder().encode(row!.value);
  };
  const jwt = async (sub: string, opts: { exp?: number; key?: Uint8Array; alg?: string } = {}) =>
    new SignJWT({})
      .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(opts.key ?? (await secret()));
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

  it('a token made with the server secret works (control for the cases below)', async () => {
    const res = await t.fetch(ME_API.getUser, await jwt('1'));
    expect(res.status).toBe(200);
  });

  it.each([
    ['expired', async () => jwt('1', { exp: Math.floor(Date.now() / 1000) - 60 })],
    ['signed with another secret', async () => jwt('1', { key: new TextEncoder().encode('x'.repeat(43)) })],
    ['signed with another algorithm', async () => jwt('1', { alg: 'HS512' })],
    [
      'unsigned (alg none)',
      async () => `${b64({ alg: 'none' })}.${b64({ sub: '1', exp: Math.floor(Date.now() / 1000) + 600 })}.`,
    ],
    ['for a user that does not exist', async () => jwt('999999')],
    ['with a subject that is not a user id', async () => jwt('admin')],
    ['a refresh token used as bearer', async () => admin.refreshToken],
    ['with its signature cut', async () => admin.token.split('.').slice(0, 2).join('.') + '.'],
  ])('%s: 401', async (_name, make) => {
    const res = await t.fetch(ME_API.getUser, await make());
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ ResponseCode: '401', ResponseMessage: 'Please sign in again.', ResponseData: null });
  });

  it('a valid token of an account deactivated since is refused at once', async () => {
    const u = await insertUser(t.db, { password: 'Soon123' });
    const s = await t.signIn(u.email, u.password);
    expect((await t.fetch(ME_API.getUser, s.token)).status).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
    expect((await t.fetch(ME_API.getUser, s.token)).status).toBe(401);
    const refreshed = await t.send(LOGIN_API.refresh, { RefreshToken: s.refreshToken });
    expect(refreshed.status).toBe(401);
  });
});
