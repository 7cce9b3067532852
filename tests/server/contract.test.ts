// The API contract every caller relies on: the envelope on every answer, protocol failures on
// their HTTP status, the 500 that tells nothing, and the SPA fallback for non-API paths.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CRASH_MESSAGE } from '../../src/server/http/errors.js';
import { FORBIDDEN } from '../../src/server/http/route.js';
import { TEXT_UNSTORABLE } from '../../src/shared/contracts/text.js';
import { ME_API } from '../../src/shared/contracts/auth.js';
import { ACCESS_RIGHT_API } from '../../src/shared/contracts/access-right.js';
import { CARTON_API } from '../../src/shared/contracts/carton.js';
import { USERS_API } from '../../src/shared/contracts/users/common.js';
import { endpointPath } from '../../src/shared/endpoint.js';
import { INDEX_HTML, parseEnvelope, startApp } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';

let factoryToken: string;
let warehouseToken: string;
const SECRET_DETAIL = 'secret-detail-7f3a in /srv/app/src/server/internal.ts';

const t = useApp({
  beforeReady(app) {
    // A handler that crashes the way a bug would: its message and stack must not reach the caller.
    app.get('/API/api/__boom', async () => {
      throw new Error(SECRET_DETAIL);
    });
    // A write outside the Router that reaches the database with a NUL: the driver's refusal is a '400'.
    app.get('/API/api/__nul', async () => t.db.execute(sql`select ${'a\u0000b'}::text as v`));
  },
});

beforeAll(async () => {
  factoryToken = await t.token('factory');
  warehouseToken = await t.token('warehouse');
});

describe('health', () => {
  it('GET /API/health answers 200 ready with the database kind', async () => {
    const res = await t.raw({ method: 'GET', url: '/API/health' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ResponseCode: '200', ResponseMessage: 'ready', ResponseData: { db: t.kind } });
    expect(t.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('GET /API/live answers a constant live', async () => {
    const res = await t.raw({ method: 'GET', url: '/API/live' });
    expect(res).toMatchObject({
      status: 200,
      body: { ResponseCode: '200', ResponseMessage: 'live', ResponseData: null },
    });
  });
});

describe('health without a database', () => {
  it('answers 503 with the envelope once the database is gone, so a load balancer stops sending traffic', async () => {
    const lone = await startApp();
    try {
      await lone.database.close();
      const res = await lone.raw({ method: 'GET', url: '/API/health' });
      expect(res.status).toBe(503);
      expect(res.body.ResponseCode).toBe('503');
    } finally {
      await lone.close();
    }
  });
});

describe('unknown API routes', () => {
  it.each([
    ['GET', '/API/api/NoSuch/Thing'],
    ['POST', '/API/api/NoSuch/Thing'],
    ['GET', '/API'],
    ['GET', '/API/unknown'],
    ['POST', '/API/api/User/getUser'], // a GET route called with POST
    ['GET', '/API/api/cartonmaster/getcarton'], // paths are case-sensitive
  ] as const)('%s %s answers 404 with the envelope', async (method, url) => {
    const res = await t.raw({ method, url });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ ResponseCode: '404', ResponseMessage: 'No such API route.', ResponseData: null });
  });
});

describe('unreadable bodies', () => {
  const send = (payload: string, contentType: string, url = '/API/api/Login/CheckUser') =>
    t.raw({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('malformed JSON answers HTTP 400 with the envelope', async () => {
    const res = await send('{"Email": "a@b.co", ', 'application/json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      ResponseCode: '400',
      ResponseMessage: 'The request body is not valid JSON.',
      ResponseData: null,
    });
  });

  it('malformed JSON on a protected route is still a 400 envelope', async () => {
    const res = await t.raw({
      method: 'POST',
      url: '/API/api/CartonMaster/GetCarton',
      payload: '{nope',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${factoryToken}` },
    });
    expect(res.status).toBe(400);
    expect(res.body.ResponseCode).toBe('400');
  });

  it('an empty JSON body answers 400 with the envelope', async () => {
    const res = await send('', 'application/json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      ResponseCode: '400',
      ResponseMessage: 'The request body is empty.',
      ResponseData: null,
    });
  });

  it('a prototype-poisoning key is refused as unreadable', async () => {
    const res = await send('{"__proto__": {"isAdmin": true}, "Email": "a@b.co", "Password": "x"}', 'application/json');
    expect(res.status).toBe(400);
    expect(res.body.ResponseCode).toBe('400');
    expect(['The request body is not valid JSON.', 'The request could not be read.']).toContain(
      res.body.ResponseMessage,
    );
  });

  it('an unsupported body type answers 415 with the envelope', async () => {
    const res = await send('<a/>', 'application/xml');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      ResponseCode: '415',
      ResponseMessage: 'The request body type is not supported.',
      ResponseData: null,
    });
  });

  it('a body that is not a JSON object is refused with a message meant for people', async () => {
    const cases: [string, string][] = [
      ['[1,2]', 'application/json'],
      ['"hello"', 'application/json'],
      ['42', 'application/json'],
      ['Email=a@b.co', 'text/plain'],
    ];
    for (const [payload, type] of cases) {
      const res = await send(payload, type);
      expect([200, 400, 415], payload).toContain(res.status);
      expect(res.body.ResponseCode, payload).toBe(String(res.status === 200 ? 400 : res.status));
      // zod's own wording ("Invalid input: expected object, received array") is not a message for a user.
      expect(res.body.ResponseMessage, payload).not.toMatch(/Invalid input|expected|received/i);
    }
  });
});

describe('crashes', () => {
  it('an unexpected error answers 500 with a generic message and no detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/API/api/__boom' });
    expect(res.statusCode).toBe(500);
    const body = parseEnvelope(res.payload);
    expect(body).toEqual({ ResponseCode: '500', ResponseMessage: CRASH_MESSAGE, ResponseData: null });
    expect(res.payload).not.toContain('secret-detail');
    expect(res.payload).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(res.payload).not.toContain('/srv/');
  });
});

describe('text the database cannot store', () => {
  it("a NUL that slips past the Router still answers the text rule's 400, not a crash", async () => {
    const res = await t.get('__nul');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: TEXT_UNSTORABLE, ResponseData: null });
  });
});

describe('authentication on protected routes', () => {
  const PROTECTED = [
    ME_API.getUser,
    ME_API.updateProfile,
    ME_API.changePassword,
    ME_API.menu,
    USERS_API.pickerAll,
    USERS_API.pickerActive,
    ACCESS_RIGHT_API.read,
    ACCESS_RIGHT_API.save,
    CARTON_API.list,
    CARTON_API.save,
    CARTON_API.dropdown,
  ].map((e) => [e.method, endpointPath(e, { id: 0 })] as const);
  const call = (method: 'GET' | 'POST', path: string, authorization?: string) =>
    t.raw({
      method,
      url: `/API/api/${path}`,
      headers: authorization ? { authorization } : {},
      ...(method === 'POST' ? { payload: {} } : {}),
    });

  it.each(PROTECTED)('%s %s without a token answers 401', async (method, path) => {
    const res = await call(method, path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ ResponseCode: '401', ResponseMessage: 'Please sign in again.', ResponseData: null });
  });

  it.each(PROTECTED)('%s %s with a garbage token answers 401', async (method, path) => {
    const res = await call(method, path, 'Bearer not.a.jwt');
    expect(res.status).toBe(401);
    expect(res.body.ResponseCode).toBe('401');
  });

  it('a signed-in user without the page gets 403 with the envelope', async () => {
    const res = await t.send(CARTON_API.list, {}, warehouseToken);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ ResponseCode: '403', ResponseMessage: FORBIDDEN, ResponseData: null });
  });

  it('the page header is informational: naming a permitted page does not open a route', async () => {
    const res = await t.raw({
      method: 'POST',
      url: '/API/api/CartonMaster/GetCarton',
      payload: {},
      headers: { authorization: `Bearer ${warehouseToken}`, page: 'carton-master' },
    });
    expect(res.status).toBe(403);
  });

  it('a trailing slash reaches the same route', async () => {
    const res = await t.raw({
      method: 'POST',
      url: '/API/api/CartonMaster/GetCarton/',
      payload: {},
      headers: { authorization: `Bearer ${factoryToken}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.ResponseCode).toBe('200');
  });

  it('403 is decided before the body is read (bad body, no page: still 403)', async () => {
    const res = await t.send(CARTON_API.save, { Nonsense: true }, warehouseToken);
    expect(res.status).toBe(403);
  });
});

describe('SPA fallback and static files', () => {
  it.each(['/', '/login', '/masters/carton-master', '/transaction/dispatch/extra'])(
    'GET %s answers the app shell',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.payload).toBe(INDEX_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('a missing file with an extension is a plain 404, not the shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/missing-1234.js' });
    expect(res.statusCode).toBe(404);
    expect(res.payload).not.toContain('<html');
  });

  it('a POST to a non-API path is a 404, not the shell', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/masters/carton-master', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.payload).not.toContain('<html');
  });
});
