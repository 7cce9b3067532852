// Failures the router or Node's HTTP parser answer before any route runs: each answers the envelope
// with a plain message, never Fastify's own JSON, a stack, or the caller's input echoed back.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { BODY_TOO_DEEP } from '../../../src/shared/contracts/issues.js';
import { parseEnvelope } from '../../helpers/server-app.js';
import { useApp } from '../../helpers/use-app.js';

const MARK = 'probe7q';
const t = useApp();
let admin: string;
let port: number;

beforeAll(async () => {
  admin = await t.token('admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

/** The answer must be the envelope with this status and message, and must not echo the request. */
async function expectEnvelope(res: { statusCode: number; payload: string }, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(parseEnvelope(res.payload)).toEqual({
    ResponseCode: String(status),
    ResponseMessage: message,
    ResponseData: null,
  });
  expect(res.payload).not.toContain(MARK);
  expect(res.payload).not.toMatch(/FST_|statusCode|\bat .*\.(ts|js):\d+/);
}

/** Sends raw bytes over a socket and reads what comes back until the server closes it. */
function rawHttp(request: string): Promise<{ statusCode: number; payload: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (data += c));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      resolve({ statusCode: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), payload: rest.join('\r\n\r\n') });
    });
    socket.end(request);
  });
}

describe('router failures answer the envelope before the auth check', () => {
  it('an over-long path parameter', async () => {
    const url = `/API/api/User/DeleteUser/${MARK}${'x'.repeat(200)}`;
    await expectEnvelope(await t.app.inject({ method: 'GET', url }), 414, 'The request address is too long.');
    await expectEnvelope(
      await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin}` } }),
      414,
      'The request address is too long.',
    );
  });

  it.each([
    `/API/api/User/DeleteUser/${MARK}%E0%A4%A`,
    `/API/api/${MARK}%E0%A4%A/x`,
    `/${MARK}%E0%A4%A`,
    `/uploads/${MARK}%ZZ`,
  ])('bad percent encoding: %s', async (url) => {
    await expectEnvelope(await t.app.inject({ method: 'GET', url }), 400, 'The request address is not valid.');
  });

  it('an unknown API route, however long, does not echo the path', async () => {
    await expectEnvelope(
      await t.app.inject({ method: 'GET', url: `/API/api/${MARK}/${'y'.repeat(3000)}` }),
      404,
      'No such API route.',
    );
  });
});

describe('methods', () => {
  it.each(['PROPFIND', 'DELETE', 'PUT', 'PATCH'] as const)(
    '%s on an API route answers 404 with the envelope',
    async (method) => {
      await expectEnvelope(
        await t.app.inject({ method, url: `/API/api/User/getUser?${MARK}` }),
        404,
        'No such API route.',
      );
    },
  );

  // Issue 26: OPTIONS names the route's methods (tests/server/head-options.test.ts), echoing nothing.
  it('OPTIONS on an API route answers 204 with its methods and no body', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: `/API/api/User/getUser?${MARK}` });
    expect(res.statusCode).toBe(204);
    expect(res.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(res.payload).toBe('');
  });

  it('OPTIONS on an unknown API route answers 404 with the envelope', async () => {
    await expectEnvelope(
      await t.app.inject({ method: 'OPTIONS', url: `/API/api/${MARK}/x?${MARK}` }),
      404,
      'No such API route.',
    );
  });

  it('HEAD on a GET route is checked like GET and sends no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/API/api/User/getUser' });
    expect(res.statusCode).toBe(401);
    expect(res.payload).toBe('');
  });

  it('a method Node does not know answers 400 with the envelope', async () => {
    const res = await rawHttp(`BREW /API/api/User/getUser?${MARK} HTTP/1.1\r\nHost: x\r\n\r\n`);
    await expectEnvelope(res, 400, 'The request could not be read.');
  });
});

describe('bodies', () => {
  const json = (url: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, ...headers },
    });

  it("a JSON body on a GET route is ignored: the answer is the route's envelope", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/API/api/User/getUser',
      payload: JSON.stringify({ UserId: MARK }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(parseEnvelope(res.payload).ResponseCode).toBe('200');
  });

  it.each(['application/xml', 'bogus', `text/${MARK}`])('content-type %s answers 415', async (type) => {
    await expectEnvelope(
      await json('/API/api/CartonMaster/GetCarton', '{}', { 'content-type': type }),
      415,
      'The request body type is not supported.',
    );
  });

  it('a content-length larger than the body answers 400', async () => {
    await expectEnvelope(
      await json('/API/api/CartonMaster/GetCarton', `{"a":"${MARK}"}`, { 'content-length': '500' }),
      400,
      'The request body length is wrong.',
    );
  });

  it('a content-length the parser cannot read, over a socket, answers 400', async () => {
    const res = await rawHttp(
      `POST /API/api/Login/CheckUser HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${MARK}\r\n\r\n{}`,
    );
    await expectEnvelope(res, 400, 'The request could not be read.');
  });

  it('both Content-Length and chunked (a smuggling shape) answer 400', async () => {
    const res = await rawHttp(
      'POST /API/api/Login/CheckUser HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Content-Length: 2\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: ${MARK}\r\n\r\n0\r\n\r\n`,
    );
    await expectEnvelope(res, 400, 'The request could not be read.');
  });

  it('headers too large answer 431', async () => {
    const res = await rawHttp(
      `GET /API/api/User/getUser HTTP/1.1\r\nHost: x\r\nX-Big: ${MARK}${'z'.repeat(20_000)}\r\n\r\n`,
    );
    await expectEnvelope(res, 431, 'The request headers are too large.');
  });

  it.each([
    ['objects', `${'{"a":'.repeat(5000)}"${MARK}"${'}'.repeat(5000)}`],
    ['arrays', `{"a":${'['.repeat(5000)}"${MARK}"${']'.repeat(5000)}}`],
  ])('deeply nested %s answer the envelope', async (_kind, payload) => {
    for (const url of ['/API/api/CartonMaster/GetCarton', '/API/api/Login/CheckUser']) {
      const res = await json(url, payload);
      await expectEnvelope(
        { statusCode: res.statusCode === 200 ? 400 : res.statusCode, payload: res.payload },
        400,
        BODY_TOO_DEEP,
      );
      expect(res.statusCode).toBe(200);
    }
  });

  it.each([
    `{"__proto__": {"isAdmin": true}, "x": "${MARK}"}`,
    `{"constructor": {"prototype": {"isAdmin": true}}, "x": "${MARK}"}`,
    `{"a": [{"__proto__": {"x": "${MARK}"}}]}`,
  ])('a prototype-poisoning key answers 400: %s', async (payload) => {
    const res = await json('/API/api/CartonMaster/GetCarton', payload);
    expect(res.statusCode).toBe(400);
    expect(parseEnvelope(res.payload).ResponseCode).toBe('400');
    expect(res.payload).not.toContain(MARK);
  });
});
