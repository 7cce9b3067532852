// Which page the server answers a path with: the public pages get index.html (sign-in downloads none
// of the signed-in shell), a screen its own page (preloading the shell's chunk and the screen's), every
// other path shell.html (preloading the shell's chunk).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';

const INDEX = '<!doctype html><title>Fieldtrace</title><!-- index -->';
const SHELL =
  '<!doctype html><title>Fieldtrace</title><link rel="modulepreload" href="/assets/app-1.js"><!-- shell -->';
const CARTON = `${SHELL}<link rel="modulepreload" href="/assets/carton-1.js">`;

function clientDir(withShell: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'ft-shell-page-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  if (withShell) {
    writeFileSync(join(dir, 'shell.html'), SHELL);
    mkdirSync(join(dir, 'screens'));
    writeFileSync(join(dir, 'screens', 'cartonMaster.html'), CARTON);
  }
  return dir;
}

describe('the page a path is answered with', () => {
  let dir: string;
  beforeAll(() => {
    dir = clientDir(true);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const t = useApp(() => ({ clientDir: dir }));

  it.each(['/login', '/login/', '/LOGIN', '/reset-password?token=abc', '/home', '/P?c=123', '/privacy-policy'])(
    'public page %s: index.html',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.payload).toBe(INDEX);
    },
  );

  it.each(['/masters/carton-master', '/masters/carton-master/', '/masters/carton-master?x=1'])(
    "screen path %s: the screen's own page, no-cache, with the page headers",
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.payload).toBe(CARTON);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['x-frame-options']).toBe('DENY');
    },
  );

  // A screen without its own page (not built, or a path in another case, which the router does not
  // match either) gets the shell alone.
  it.each([
    '/',
    '/dashboard',
    '/Masters/Carton-Master',
    '/masters/scheme-master',
    '/Transaction/Stock-Management',
    '/no-such-page',
  ])('signed-in path %s: shell.html, no-cache, with the page headers', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.payload).toBe(SHELL);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('a build without shell.html', () => {
  it('answers every page path with index.html', async () => {
    const dir = clientDir(false);
    const t = await startApp({ clientDir: dir });
    try {
      for (const url of ['/login', '/masters/carton-master']) {
        expect((await t.app.inject({ method: 'GET', url })).payload, url).toBe(INDEX);
      }
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
