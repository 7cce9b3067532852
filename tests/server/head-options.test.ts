// HEAD and OPTIONS on every page and API path, over real HTTP (the app listening, fetch): HEAD answers
// as GET does (status and headers) with no body, for the client's pages (the SPA fallback: index.html,
// the shell, p.html for /P and a Digital Link), its static files and the API's GET and POST routes.
// OPTIONS answers 204 with Allow naming the path's methods, and no CORS headers; where nothing
// answers, it gets GET's 404.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/shared/api-prefix.js';
import { LOGIN_API } from '../../src/shared/contracts/auth.js';
import { PRODUCT_LOOKUP_API } from '../../src/shared/contracts/numbers/mapping.js';
import { endpointPath } from '../../src/shared/endpoint.js';
import { useApp } from '../helpers/use-app.js';

const INDEX = '<!doctype html><title>Fieldtrace</title><!-- index -->';
const SHELL = '<!doctype html><title>Fieldtrace</title><!-- shell -->';
const VERIFY = '<!doctype html><title>Verify</title><!-- p -->';
const ASSET = 'console.log("the app chunk");'.repeat(20);

let base: string;
let admin: string;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'ft-head-options-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), INDEX);
  writeFileSync(join(clientDir, 'shell.html'), SHELL);
  writeFileSync(join(clientDir, 'p.html'), VERIFY);
  writeFileSync(join(clientDir, 'assets', 'app-1a2b.js'), ASSET);
  // The build's brotli copy: HEAD must pick the same one GET does.
  writeFileSync(join(clientDir, 'assets', 'app-1a2b.js.br'), brotliCompressSync(ASSET));
  writeFileSync(join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
});
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

// Started after the set-up above, closed before its clean-up.
const t = useApp(() => ({ clientDir }));
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await t.token('admin');
});

const api = (path: string) => API_PREFIX + path;
/** The headers that differ between any two answers. */
const PER_ANSWER = new Set(['date', 'keep-alive', 'connection']);

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
  bytes: number;
}

async function call(method: string, url: string, token?: string): Promise<Seen> {
  const res = await fetch(base + url, {
    method,
    headers: { 'accept-encoding': 'br, gzip', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    redirect: 'manual',
  });
  const headers = Object.fromEntries([...res.headers].filter(([name]) => !PER_ANSWER.has(name)));
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers, body: bytes.toString('utf8'), bytes: bytes.length };
}

const PAGES: Array<[string, string, string]> = [
  ['a public page', '/login', INDEX],
  ['a signed-in page (the shell)', '/dashboard', SHELL],
  ['the verification page', '/P?U=0A1B2C3D4E5F6G', VERIFY],
  // A GS1 Digital Link path is the resolver's, not a page: tests/server/public/resolver.test.ts.
];

describe('HEAD answers as GET does, without the body', () => {
  it.each(PAGES)('%s (%s)', async (_what, url, page) => {
    const get = await call('GET', url);
    const head = await call('HEAD', url);
    expect(get.status).toBe(200);
    expect(get.body).toBe(page);
    expect(head.status).toBe(200);
    expect(head.headers).toEqual(get.headers);
    expect(head.headers['content-length']).toBe(String(page.length));
    expect(head.body).toBe('');
  });

  it.each([
    ['a hashed asset, as its brotli copy', '/assets/app-1a2b.js'],
    ['the service worker', '/sw.js'],
  ])('a static file: %s', async (_what, url) => {
    const get = await call('GET', url);
    const head = await call('HEAD', url);
    expect(get.status).toBe(200);
    expect(head.status).toBe(200);
    expect(head.headers).toEqual(get.headers);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body).toBe('');
  });

  it('the asset is sent as its brotli copy to both', async () => {
    expect((await call('HEAD', '/assets/app-1a2b.js')).headers['content-encoding']).toBe('br');
  });

  it.each([
    ['the health route', '/API/health', undefined],
    ['a signed-in GET route', api(endpointPath(PRODUCT_LOOKUP_API.size, { productId: 1 })), 'admin'],
    ['a POST route (GET gets the 404 envelope)', api(LOGIN_API.checkUser.path), undefined],
    ['no route at all', api('NoSuch/Route'), undefined],
  ] as const)('an API path: %s', async (_what, url, who) => {
    const token = who ? admin : undefined;
    const get = await call('GET', url, token);
    const head = await call('HEAD', url, token);
    expect(head.status).toBe(get.status);
    expect(head.headers).toEqual(get.headers);
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(head.headers['content-length']).toBe(String(get.bytes));
    expect(head.body).toBe('');
  });
});

describe('OPTIONS answers 204 with the methods of the path', () => {
  it.each([
    ...PAGES.map(([what, url]): [string, string, string] => [what, url, 'GET, HEAD, OPTIONS']),
    ['a static file', '/assets/app-1a2b.js', 'GET, HEAD, OPTIONS'],
    ['the health route', '/API/health', 'GET, HEAD, OPTIONS'],
    [
      'a GET route with a path parameter',
      api(endpointPath(PRODUCT_LOOKUP_API.size, { productId: 7 })),
      'GET, HEAD, OPTIONS',
    ],
    ['a POST route', api(LOGIN_API.checkUser.path), 'POST, OPTIONS'],
    ['a POST route, with a trailing slash', `${api(LOGIN_API.checkUser.path)}/`, 'POST, OPTIONS'],
  ])('%s (%s): %s', async (_what, url, allow) => {
    const res = await call('OPTIONS', url);
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe(allow);
    expect(res.body).toBe('');
    // Same-origin app: no cross-origin permission in the answer.
    expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
  });

  it('wears the headers of what it answers for: an API path is never cached, a page may not be framed', async () => {
    const apiPath = await call('OPTIONS', api(LOGIN_API.checkUser.path));
    const page = await call('OPTIONS', '/login');
    expect([apiPath.status, page.status]).toEqual([204, 204]);
    expect(apiPath.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it.each([
    ['an unknown API path', api('NoSuch/Route')],
    ['another spelling of /api', '/api/api/Login/CheckUser'],
    ['a missing file', '/favicon.ico'],
  ])('%s: the 404 GET gets', async (_what, url) => {
    const get = await call('GET', url);
    const options = await call('OPTIONS', url);
    expect(get.status).toBe(404);
    expect(options.status).toBe(404);
    expect(options.headers.allow).toBeUndefined();
    expect(options.body).toBe(get.body);
  });
});
