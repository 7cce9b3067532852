// The page the server answers a path with, for the public verification page (issue 13 items 1 and 5):
// /P in any case with its U parameter, and a GS1 Digital Link path (/01/{gtin}/10/{batch}/21/{uid}),
// get p.html, the page's own small entry, never the admin app's index.html or shell. The other pages'
// choices are tested on the whole app in tests/server/shell-page.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPages, isVerifyPath, pageFor, serveClient } from '../../../src/server/http/static-client.js';

const INDEX = '<!doctype html><title>Fieldtrace</title><!-- index -->';
const SHELL = '<!doctype html><title>Fieldtrace</title><!-- shell -->';
const VERIFY = '<!doctype html><title>Product Verification Detail</title><!-- p -->';

const VERIFY_URLS = [
  '/P?U=SKA0000001ABCDEFGH',
  '/p?U=SKA0000001ABCDEFGH',
  '/P',
  '/P/',
  '/p?u=abc',
  // The resolver's redirect of a Digital Link (docs/resolver.md): the link, dots and all, in U.
  '/P?U=https%3A%2F%2Fexample.com%2F01%2F08901234567897%2F10%2FB.12%2F21%2FAB.CD',
];

describe('isVerifyPath', () => {
  it.each(['/P', '/p', '/P/'])('%s is the verification page', (path) => {
    expect(isVerifyPath(path)).toBe(true);
  });
  // A Digital Link path is the resolver's (src/server/resolver/), which redirects to /P?U={link}.
  it.each(['/', '/Pa', '/home', '/login', '/p/x', '/01/08901234567897/10/B/21/X', '/masters/product-master'])(
    '%s is not',
    (path) => {
      expect(isVerifyPath(path)).toBe(false);
    },
  );
});

describe('pageFor', () => {
  const withPage = { shell: true, verify: true, screens: new Set(['cartonMaster']) };
  it('answers /P with p.html when the build has it', () => {
    for (const path of ['/P', '/p']) expect(pageFor(path, withPage), path).toBe('p.html');
    expect(pageFor('/P', { ...withPage, shell: false })).toBe('p.html');
  });
  it('leaves the other pages as they were', () => {
    expect(pageFor('/login', withPage)).toBe('index.html');
    expect(pageFor('/home', withPage)).toBe('index.html');
    expect(pageFor('/masters/carton-master', withPage)).toBe('screens/cartonMaster.html');
    expect(pageFor('/dashboard', withPage)).toBe('shell.html');
  });
  it('falls back to index.html for /P on a build without p.html', () => {
    expect(pageFor('/P', { shell: true, screens: new Set() })).toBe('index.html');
  });
});

describe('serving the built client', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ft-static-client-'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'shell.html'), SHELL);
    writeFileSync(join(dir, 'p.html'), VERIFY);
    mkdirSync(join(dir, 'screens'));
    expect(clientPages(dir)).toMatchObject({ shell: true, verify: true });
    app = Fastify();
    await serveClient(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(VERIFY_URLS)('GET %s: the verification page, not cached', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.payload).toBe(VERIFY);
  });

  it.each([
    ['/login', INDEX],
    ['/home', INDEX],
    ['/dashboard', SHELL],
    ['/reports/verification-report', SHELL],
  ])('GET %s: not the verification page', async (url, page) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.payload).toBe(page);
  });

  it('a missing file is still a 404, and the API is never the page', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/API/api/P' })).statusCode).toBe(404);
  });
});
