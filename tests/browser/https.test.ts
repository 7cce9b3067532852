// The built app as deployed: the server speaking HTTPS with its own certificate (TLS_CERT_FILE,
// TLS_KEY_FILE), Chromium on a 360 x 740 handheld fetching every file of the page over HTTP/2, signing
// in and opening a master screen with its rows.
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { makeCertificate, type Certificate } from '../helpers/certificate.js';
import { startApp, type TestApp } from '../helpers/server-app.js';
import { ADMIN, listShown, screenshot } from '../helpers/browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const b = useBrowser();
let t: TestApp;
let certificate: Certificate;
let origin: string;

beforeAll(async () => {
  certificate = makeCertificate();
  t = await startApp({
    clientDir: inject('clientDir'),
    tlsCertFile: certificate.certFile,
    tlsKeyFile: certificate.keyFile,
  });
  origin = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http:/, 'https:');
});
afterAll(async () => {
  await t?.close();
  certificate?.remove();
});

describe('served over HTTPS', () => {
  it('signs in and opens Carton Size Master on a handheld, every file over HTTP/2', async () => {
    // The certificate is this test's own, made a moment ago: the browser is told not to check it.
    const { page } = await b.open({ device: 'handheld', baseURL: origin, ignoreHTTPSErrors: true, as: ADMIN });
    await page.goto('/masters/carton-master');
    await page.getByRole('heading', { name: 'Carton Size Master' }).waitFor({ timeout: 60_000 });
    await listShown(page);
    await expect.poll(() => page.locator('table tbody tr').count()).toBeGreaterThan(0);
    await screenshot(page, 'https-carton-master-360');

    const protocols = await page.evaluate(() =>
      (performance.getEntriesByType('navigation') as PerformanceResourceTiming[])
        .concat(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .map((e) => `${new URL(e.name).pathname} ${e.nextHopProtocol}`),
    );
    expect(protocols.length).toBeGreaterThan(3);
    expect(protocols.filter((p) => !p.endsWith(' h2'))).toEqual([]);
    expect(protocols).toContainEqual(expect.stringMatching(/^\/masters\/carton-master h2$/));
    expect(protocols).toContainEqual(expect.stringMatching(/^\/assets\/carton-[\w-]+\.js h2$/));
  });
});
