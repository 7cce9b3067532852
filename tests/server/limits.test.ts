// Sign-in rate limits (per address, per account) and the request body limit, over real HTTP where
// the socket matters and through inject with a chosen remote address elsewhere.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { MSG } from '../../src/shared/contracts/auth.js';
import { parseEnvelope, startApp, type Answer, type TestApp } from '../helpers/server-app.js';

const PER_ADDRESS = 4;
const PER_ACCOUNT = 2;
const BODY_LIMIT = 4096;
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startApp({ loginLimitPerAddress: PER_ADDRESS, loginLimitPerAccount: PER_ACCOUNT, bodyLimitBytes: BODY_LIMIT });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const tooMany = { status: 429, body: { ResponseCode: '429', ResponseMessage: MSG.tooMany, ResponseData: null } };

/** Limits use fixed windows; start a counting test well inside one so it cannot straddle a boundary. */
async function freshWindow(windowSeconds: number, marginSeconds = 10) {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < marginSeconds) await new Promise((r) => setTimeout(r, left * 1000 + 200));
}

const signInFrom = (remoteAddress: string, body: object, headers: Record<string, string> = {}): Promise<Answer> =>
  t.raw({ method: 'POST', url: '/API/api/Login/CheckUser', payload: body, remoteAddress, headers });

describe('per address', () => {
  it(`allows ${PER_ADDRESS} tries a minute from one address, then answers 429 even for good credentials`, async () => {
    await freshWindow(60);
    const addr = '10.1.0.1';
    for (let i = 0; i < PER_ADDRESS; i++) {
      // Each try names a different unknown account, so only the address counter can trip.
      const res = await signInFrom(addr, { Email: `probe${i}@example.com`, Password: 'Nope123' });
      expect(res.body.ResponseMessage).toBe(MSG.badLogin);
    }
    const good = { Email: SEED_LOGINS.admin.email, Password: SEED_LOGINS.admin.password };
    expect(await signInFrom(addr, good)).toMatchObject(tooMany);
    // A spoofed X-Forwarded-For does not reset the count (no proxy is trusted by default).
    expect(await signInFrom(addr, good, { 'x-forwarded-for': '203.0.113.9' })).toMatchObject(tooMany);
    // The forgot-password call shares the address budget.
    const forgot = await t.raw({ method: 'POST', url: '/API/api/Login/ForgotPassword', payload: { Email: good.Email }, remoteAddress: addr });
    expect(forgot).toMatchObject(tooMany);
    // Another address is unaffected.
    expect((await signInFrom('10.1.0.2', good)).body.ResponseCode).toBe('200');
  });

  it('counts the real socket address over HTTP', async () => {
    await freshWindow(60);
    const send = async () => {
      const res = await fetch(`${base}/API/api/Login/CheckUser`, {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Email: `http${Math.random()}@example.com`, Password: 'Nope123' }),
      });
      return { status: res.status, body: parseEnvelope(await res.text()) };
    };
    const answers = [];
    for (let i = 0; i <= PER_ADDRESS; i++) answers.push(await send());
    expect(answers.slice(0, PER_ADDRESS).map((a) => a.status)).toEqual(Array(PER_ADDRESS).fill(200));
    expect(answers[PER_ADDRESS]).toMatchObject(tooMany);
  });
});

describe('per account', () => {
  it(`after ${PER_ACCOUNT} wrong passwords the account answers 429 from any address, others are unaffected`, async () => {
    await freshWindow(900);
    const { email, password } = SEED_LOGINS.factory;
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const res = await signInFrom(`10.2.0.${i + 1}`, { Email: email, Password: 'Wrong123' });
      expect(res.body.ResponseMessage).toBe(MSG.badLogin);
    }
    expect(await signInFrom('10.2.1.1', { Email: email, Password: password })).toMatchObject(tooMany);
    // The same account spelled in capitals is the same account.
    expect(await signInFrom('10.2.1.2', { Email: email.toUpperCase(), Password: password })).toMatchObject(tooMany);
    const other = await signInFrom('10.2.1.3', { Email: SEED_LOGINS.warehouse.email, Password: SEED_LOGINS.warehouse.password });
    expect(other.body.ResponseCode).toBe('200');
  });

  it('successful sign-ins do not use up the account budget', async () => {
    const { email, password } = SEED_LOGINS.warehouse;
    for (let i = 0; i <= PER_ACCOUNT; i++) {
      const res = await signInFrom(`10.3.0.${i + 1}`, { Email: email, Password: password });
      expect(res.body.ResponseCode).toBe('200');
    }
  });
});

describe('body limit', () => {
  const post = async (body: BodyInit, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/API/api/Login/CheckUser`, {
      method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, duplex: 'half',
    } as RequestInit);
    return { status: res.status, body: parseEnvelope(await res.text()) };
  };

  it('a body over the limit answers 413 with the envelope', async () => {
    const res = await post(JSON.stringify({ Email: 'a@b.co', Password: 'x'.repeat(BODY_LIMIT) }));
    expect(res).toEqual({ status: 413, body: { ResponseCode: '413', ResponseMessage: 'The request body is too large.', ResponseData: null } });
  });

  it('a chunked body (no length given) over the limit also answers 413', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent++ < 8) c.enqueue(chunk);
        else c.close();
      },
    });
    const res = await post(stream as unknown as BodyInit);
    expect(res.status).toBe(413);
    expect(res.body.ResponseCode).toBe('413');
  });

  it('a body under the limit is read (and validated) as usual', async () => {
    const res = await post(JSON.stringify({ Email: 'a@b.co', Password: 'x'.repeat(300) }));
    expect(res.status).toBe(200);
    expect(res.body.ResponseCode).toBe('400');
    expect(res.body.ResponseMessage).toBe('Password must be at most 200 characters.');
  });
});
