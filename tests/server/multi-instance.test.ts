// Several instances on one PostgreSQL (DESIGN section 2): no session state in memory, so a token
// from one instance works on another; refresh rotation, its grace, the token version and rate limits
// hold across them; migrations and seed are safe to run by both. PGlite is one process's database:
// PostgreSQL only.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/connect.js';
import { sha256 } from '../../src/server/auth/tokens.js';
import { refreshTokens } from '../../src/server/db/schema.js';
import { seed, SEED_LOGINS } from '../../src/server/db/seed.js';
import { seedDemo } from '../../src/server/demo/index.js';
import { MSG, type TokenPair, LOGIN_API, ME_API } from '../../src/shared/contracts/auth.js';
import { parseEnvelope } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  const one = useApp({ loginLimitPerAccount: 2 });
  let twoDb: Database;
  let two: FastifyInstance;

  beforeAll(async () => {
    twoDb = await openDatabase({ databaseUrl: one.databaseUrl });
    await Promise.all([twoDb.migrate(), twoDb.migrate()]);
    expect(await seed(twoDb.db, { demo: seedDemo })).toBe('present');
    two = await buildApp({ config: one.config, database: twoDb, logger: false });
  });
  afterAll(async () => {
    await two.close();
    await twoDb.close();
  });

  const onTwo = async (method: 'GET' | 'POST', path: string, body?: object, token?: string) => {
    const res = await two.inject({
      method,
      url: `/API/api/${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, body: parseEnvelope(res.payload) };
  };

  it('an access token made by one instance is accepted by the other', async () => {
    const s = await one.signIn(SEED_LOGINS.admin.email, SEED_LOGINS.admin.password);
    expect((await onTwo('GET', 'User/getUser', undefined, s.token)).status).toBe(200);
  });

  it('one refresh token spent on both instances at once gives both the same new pair', async () => {
    const s = await one.signIn(SEED_LOGINS.warehouse.email, SEED_LOGINS.warehouse.password);
    const [a, b] = await Promise.all([
      onTwo('POST', 'Login/RefreshToken', { RefreshToken: s.refreshToken }),
      one.send(LOGIN_API.refresh, { RefreshToken: s.refreshToken }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [pa, pb] = [a.body.ResponseData as TokenPair, b.body.ResponseData as TokenPair];
    expect(pa.RefreshToken).toBe(pb.RefreshToken);
    expect((await one.fetch(ME_API.getUser, pa.Token)).status).toBe(200);
    expect((await onTwo('GET', 'User/getUser', undefined, pb.Token)).status).toBe(200);
  });

  it('a refresh spent on one instance and reused after the grace on the other ends the family', async () => {
    const s = await one.signIn(SEED_LOGINS.warehouse.email, SEED_LOGINS.warehouse.password);
    const r = await onTwo('POST', 'Login/RefreshToken', { RefreshToken: s.refreshToken });
    expect(r.status).toBe(200);
    await one.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - (one.config.refreshGraceSeconds + 1) * 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(s.refreshToken)));
    expect((await one.send(LOGIN_API.refresh, { RefreshToken: s.refreshToken })).status).toBe(401);
    const newest = (r.body.ResponseData as TokenPair).RefreshToken;
    expect((await onTwo('POST', 'Login/RefreshToken', { RefreshToken: newest })).status).toBe(401);
  });

  it('a password changed on one instance ends at once a token the other has just issued', async () => {
    const { email, password } = SEED_LOGINS.factory;
    const s = await one.signIn(email, password);
    const changed = await onTwo(
      'POST',
      'User/ChangePassword',
      { OldPassword: password, NewPassword: 'Moved123' },
      s.token,
    );
    expect(changed.body.ResponseCode).toBe('200');
    expect((await one.fetch(ME_API.getUser, s.token)).status).toBe(401);
    await onTwo(
      'POST',
      'User/ChangePassword',
      { OldPassword: 'Moved123', NewPassword: password },
      (await one.signIn(email, 'Moved123')).token,
    );
  });

  it('the per-account limit counts tries made on either instance', async () => {
    const { email, password } = SEED_LOGINS.factory;
    expect((await one.send(LOGIN_API.checkUser, { Email: email, Password: 'Wrong123' })).body.ResponseMessage).toBe(
      MSG.badLogin,
    );
    expect((await onTwo('POST', 'Login/CheckUser', { Email: email, Password: 'Wrong123' })).body.ResponseMessage).toBe(
      MSG.badLogin,
    );
    expect(await onTwo('POST', 'Login/CheckUser', { Email: email, Password: password })).toMatchObject({ status: 429 });
    expect(await one.send(LOGIN_API.checkUser, { Email: email, Password: password })).toMatchObject({ status: 429 });
  });
});
