// Several instances on one PostgreSQL (DESIGN section 2): no session state in memory, so a token
// from one instance works on another, refresh rotation and rate limits hold across them, and
// migrations and seed are safe to run by both. PGlite is one process's database: PostgreSQL only.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/connect.js';
import { seed, SEED_LOGINS } from '../../src/server/db/seed.js';
import { MSG, type TokenPair } from '../../src/shared/contracts/auth.js';
import { parseEnvelope, startApp, type TestApp } from '../helpers/server-app.js';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  let one: TestApp;
  let twoDb: Database;
  let two: FastifyInstance;

  beforeAll(async () => {
    one = await startApp({ loginLimitPerAccount: 2 });
    twoDb = await openDatabase({ databaseUrl: one.databaseUrl });
    await Promise.all([twoDb.migrate(), twoDb.migrate()]);
    expect(await seed(twoDb.db, { demo: true })).toBe('present');
    two = await buildApp({ config: one.config, database: twoDb, logger: false });
  });
  afterAll(async () => {
    await two.close();
    await twoDb.close();
    await one.close();
  });

  const onTwo = async (method: 'GET' | 'POST', path: string, body?: object, token?: string) => {
    const res = await two.inject({ method, url: `/API/api/${path}`, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body ? { payload: body } : {}) });
    return { status: res.statusCode, body: parseEnvelope(res.payload) };
  };

  it('an access token made by one instance is accepted by the other', async () => {
    const s = await one.signIn(SEED_LOGINS.admin.email, SEED_LOGINS.admin.password);
    expect((await onTwo('GET', 'User/getUser', undefined, s.token)).status).toBe(200);
  });

  it('a refresh spent on one instance cannot be spent again on the other', async () => {
    const s = await one.signIn(SEED_LOGINS.warehouse.email, SEED_LOGINS.warehouse.password);
    const r = await onTwo('POST', 'Login/RefreshToken', { RefreshToken: s.refreshToken });
    expect(r.status).toBe(200);
    expect((await one.post('Login/RefreshToken', { RefreshToken: s.refreshToken })).status).toBe(401);
    const newest = (r.body.ResponseData as TokenPair).RefreshToken;
    expect((await onTwo('POST', 'Login/RefreshToken', { RefreshToken: newest })).status).toBe(401);
  });

  it('the per-account limit counts tries made on either instance', async () => {
    const { email, password } = SEED_LOGINS.factory;
    expect((await one.post('Login/CheckUser', { Email: email, Password: 'Wrong123' })).body.ResponseMessage).toBe(MSG.badLogin);
    expect((await onTwo('POST', 'Login/CheckUser', { Email: email, Password: 'Wrong123' })).body.ResponseMessage).toBe(MSG.badLogin);
    expect(await onTwo('POST', 'Login/CheckUser', { Email: email, Password: password })).toMatchObject({ status: 429 });
    expect(await one.post('Login/CheckUser', { Email: email, Password: password })).toMatchObject({ status: 429 });
  });
});
