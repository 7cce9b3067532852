// What a floor browser test does to a page as an operator would: the network cut and back, a wedge
// scan into the focused box, the outbox's unsent count, and the QR of a downloaded invoice read with
// poppler and zbar (an independent reader, as a receiver's phone would).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { signIn } from './browser.js';

/** The service worker installed (its precache complete) and in control of the page, as on a device
 *  that has opened the app before: only then does the app's code load offline. */
export async function workerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
}

/** The API cut off (and the browser's offline switch): the page and its service worker alike. */
export async function goOffline(c: BrowserContext): Promise<void> {
  await c.setOffline(true);
  await c.route('**/API/**', (route) => route.abort('internetdisconnected'));
}

export async function goOnline(c: BrowserContext): Promise<void> {
  await c.unroute('**/API/**');
  await c.setOffline(false);
}

/** Keys typed before a scan box has focus would be lost: wait for one (in a dialog when `inDialog`). */
export const boxFocused = (page: Page, inDialog = false) =>
  page.waitForFunction((d) => {
    const el = document.activeElement;
    return (
      !!el &&
      el.classList.contains('ft-scan__input') &&
      !(el as HTMLInputElement).disabled &&
      !!el.closest('[role="dialog"]') === d
    );
  }, inDialog);

/** A wedge scanner: the characters a few ms apart, then Enter, into the box with focus. */
export async function wedgeScan(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text, { delay: 3 });
  await page.keyboard.press('Enter');
}

/** The outbox entries not yet done, read without the app. */
export const unsent = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('fieldtrace');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('outbox').objectStore('outbox').getAll();
          req.onsuccess = () => {
            resolve((req.result as Array<{ status: string }>).filter((e) => e.status !== 'done').length);
            open.result.close();
          };
        };
      }),
  );

/** A kv row of the device's database (null when absent). */
export const storedKv = (page: Page, key: string) =>
  page.evaluate(
    (k) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('fieldtrace');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('kv').objectStore('kv').get(k);
          req.onsuccess = () => {
            resolve((req.result as { value: unknown } | undefined)?.value ?? null);
            open.result.close();
          };
        };
      }),
    key,
  );

/** A downloaded PDF: its name, its text (pdftotext) and the QR codes on its first page (zbarimg). */
export async function readPdfDownload(d: Download): Promise<{ fileName: string; text: string; qr: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, readFileSync((await d.path())!));
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
    execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', '-f', '1', '-l', '1', file, join(dir, 'p1')]);
    let qr: string[] = [];
    try {
      qr = execFileSync('zbarimg', ['-q', '--raw', '-Sdisable', '-Sqrcode.enable', join(dir, 'p1.png')], {
        stdio: ['ignore', 'pipe', 'ignore'],
      })
        .toString('utf8')
        .split('\n')
        .filter((l) => l !== '');
    } catch {
      qr = []; // zbarimg exits 4 when it finds no code
    }
    return { fileName: d.suggestedFilename(), text, qr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The oldest refresh time (ms) over the device's floor cache parts; 0 while any part has none. */
const oldestPart = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('fieldtrace');
        open.onerror = () => resolve(0);
        open.onsuccess = () => {
          try {
            const req = open.result.transaction('cacheParts').objectStore('cacheParts').getAll();
            req.onsuccess = () => {
              const rows = req.result as Array<{ asOf: number | null }>;
              open.result.close();
              resolve(rows.length < 7 ? 0 : Math.min(...rows.map((r) => r.asOf ?? 0)));
            };
            req.onerror = () => resolve(0);
          } catch {
            resolve(0); // the store is not there yet
          }
        };
      }),
  );

/** Waits until every part of the device's floor cache was refreshed from a snapshot taken after `since`
 *  (ms): what the test made through the API before is then known to the device. */
export async function cacheSince(page: Page, since: number, timeout = 60_000): Promise<void> {
  const end = Date.now() + timeout;
  while ((await oldestPart(page).catch(() => 0)) < since) {
    if (Date.now() > end) throw new Error(`The floor cache was not refreshed after ${new Date(since).toISOString()}`);
    await page.waitForTimeout(300);
  }
}

/** The factory's handheld on Secondary Packing with what was made before `since` in its cache, then the
 *  network off, a carton size chosen and the scan box armed: where an offline scan is answered. */
export async function packingOffline(
  page: Page,
  c: BrowserContext,
  login: { email: string; password: string },
  sizeLabel: string,
  since: number,
): Promise<void> {
  await signIn(page, login.email, login.password);
  await page.goto('/transaction/secondary-packing');
  await workerInControl(page);
  await cacheSince(page, since);
  await page.goto('/transaction/secondary-packing');
  await page.getByText(/^Data as of/).waitFor();
  await goOffline(c);
  await page.getByLabel('Carton Size', { exact: true }).first().click();
  await page.getByRole('option', { name: sizeLabel }).click();
  await page.getByLabel('Scan items', { exact: true }).focus();
  await boxFocused(page);
}
