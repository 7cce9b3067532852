// The PWA promise: after one visit the app shell opens with the network off, and the worker and
// manifest that make it installable are served as a browser expects them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, baseUrl, signIn } from '../helpers/browser.js';
import { useBrowser } from '../helpers/use-browser.js';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const b = useBrowser();

/** Waits until the service worker controls the page; a page loaded before it activated needs one reload. */
async function waitForController(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
}

describe('PWA shell', () => {
  it('serves the service worker and the web manifest with their content types', async () => {
    const sw = await fetch(`${baseUrl()}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toContain('no-cache');
    expect(await sw.text()).toContain('index.html');

    const res = await fetch(`${baseUrl()}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/manifest\+json/);
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: ManifestIcon[];
    };
    expect(manifest).toMatchObject({
      name: 'Fieldtrace',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: '#2f9e44',
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of manifest.icons) {
      const png = await fetch(new URL(icon.src, baseUrl()));
      expect(png.status, icon.src).toBe(200);
      expect(png.headers.get('content-type'), icon.src).toBe('image/png');
    }
  });

  it('sends sign-in without the signed-in shell, and a signed-in page with the shell preloaded', async () => {
    const preloads = async (path: string) => {
      const html = await (await fetch(`${baseUrl()}${path}`)).text();
      return [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="([^"]+)"/g)].map(
        (m) => m[1] as string,
      );
    };
    const loginPreloads = await preloads('/login');
    const shellPreloads = await preloads('/masters/carton-master');
    const shellOnly = shellPreloads.filter((f) => !loginPreloads.includes(f));
    expect(shellOnly.some((f) => /^\/assets\/app-[\w-]+\.js$/.test(f))).toBe(true);
    expect(shellOnly.some((f) => /^\/assets\/app-[\w-]+\.css$/.test(f))).toBe(true);
    // The screen's own chunk too, and only on its own path.
    expect(shellOnly.some((f) => /^\/assets\/carton-[\w-]+\.js$/.test(f))).toBe(true);
    expect((await preloads('/masters/warehouse-master')).some((f) => /^\/assets\/carton-[\w-]+\.js$/.test(f))).toBe(
      false,
    );

    // Opening a master screen uses every file named, and sign-in none of them.
    const { page } = await b.open();
    const fetched = new Set<string>();
    page.on('request', (r) => fetched.add(new URL(r.url()).pathname));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(shellOnly.filter((f) => fetched.has(f))).toEqual([]);
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect.poll(() => page.getByText(/^Welcome/).isVisible()).toBe(true);
    fetched.clear();
    await page.goto('/masters/carton-master');
    await page.getByRole('heading', { name: 'Carton Size Master' }).waitFor({ timeout: 60_000 });
    for (const f of shellOnly)
      expect(
        fetched.has(f) ||
          (await page.evaluate((u) => performance.getEntriesByName(new URL(u, location.href).href).length > 0, f)),
        f,
      ).toBe(true);
  });

  it('opens the signed-in shell with the network off after one visit', async () => {
    const { context, page } = await b.open({ as: ADMIN });
    await expect.poll(() => page.getByText(/^Welcome/).isVisible()).toBe(true);
    await waitForController(page);

    await context.setOffline(true);
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByText(/^Welcome/).waitFor({ state: 'visible', timeout: 60_000 });
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'visible' });
    // The API is never answered from a cache: offline, a call fails instead of returning stale data.
    const apiOffline = await page.evaluate(() =>
      fetch('/API/health').then(
        (r) => `HTTP ${r.status}`,
        () => 'network error',
      ),
    );
    expect(apiOffline).toBe('network error');

    // A deep link that was never visited opens from the cache too (navigation fallback).
    await page.goto('/profile');
    await page.getByText(/^Welcome/).waitFor({ state: 'visible', timeout: 60_000 });
  });

  it('offers a new version once it is deployed, and Reload switches to it', async () => {
    const { page } = await b.open();
    const swFile = join(inject('clientDir'), 'sw.js');
    const original = readFileSync(swFile, 'utf8');
    // The server sends the build's brotli and gzip copies when the browser takes them: a deploy writes all three.
    const compressed = ['.br', '.gz']
      .map((ext) => `${swFile}${ext}`)
      .filter((f) => existsSync(f))
      .map((f) => [f, readFileSync(f)] as const);
    const deploy = (text: string) => {
      writeFileSync(swFile, text);
      writeFileSync(`${swFile}.br`, brotliCompressSync(text));
      writeFileSync(`${swFile}.gz`, gzipSync(text));
    };
    try {
      await page.goto('/login');
      await waitForController(page);

      // A deploy changes sw.js; the browser notices on the next navigation and installs it beside the old one.
      deploy(`${original}\n// deployed by the update-prompt test at ${Date.now()}\n`);
      await page.reload();
      const prompt = page.getByText('A new version of Fieldtrace is available.');
      await prompt.waitFor({ state: 'visible', timeout: 60_000 });
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(
        true,
      );

      await Promise.all([
        page.waitForEvent('load', { timeout: 60_000 }),
        page.getByRole('button', { name: 'Reload', exact: true }).click(),
      ]);
      // The waiting worker took over: nothing waits any more, and the page is controlled again.
      await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting === null);
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await expect.poll(() => prompt.isVisible()).toBe(false);
    } finally {
      writeFileSync(swFile, original);
      for (const [file, bytes] of compressed) writeFileSync(file, bytes);
    }
  });
});
