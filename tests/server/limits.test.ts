// Sign-in rate limits per address (per account: sign-in-limits.test.ts) and the request body limit,
// over real HTTP where the socket matters and through inject with a chosen remote address elsewhere.
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { MSG } from '../../src/shared/contracts/auth.js';
import { freshWindow } from '../helpers/rate-window.js';
import { parseEnvelope, type Answer } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';

const PER_ADDRESS = 4;
const BODY_LIMIT = 4096;
let base: string;

const t = useApp({ loginLimitPerAddress: PER_ADDRESS, bodyLimitBytes: BODY_LIMIT });

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

const tooMany = { status: 429, body: { ResponseCode: '429', ResponseMessage: MSG.tooMany, ResponseData: null } };

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
    const forgot = await t.raw({
      method: 'POST',
      url: '/API/api/Login/ForgotPassword',
      payload: { Email: good.Email },
      remoteAddress: addr,
    });
    expect(forgot).toMatchObject(tooMany);
    // Another address is unaffected.
    expect((await signInFrom('10.1.0.2', good)).body.ResponseCode).toBe('200');
  });

  it('counts the real socket address over HTTP', async () => {
    await freshWindow(60);
    const send = async () => {
      const res = await fetch(`${base}/API/api/Login/CheckUser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
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

describe('body limit', () => {
  const post = async (body: BodyInit, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/API/api/Login/CheckUser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      duplex: 'half',
    } as RequestInit);
    return { status: res.status, body: parseEnvelope(await res.text()) };
  };

  it('a body over the limit answers 413 with the envelope', async () => {
    const res = await post(JSON.stringify({ Email: 'a@b.co', Password: 'x'.repeat(BODY_LIMIT) }));
    expect(res).toEqual({
      status: 413,
      body: { ResponseCode: '413', ResponseMessage: 'The request body is too large.', ResponseData: null },
    });
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
