// The outbox as a factory user sees it on a 360 x 740 handheld, against the real app with a probe
// floor save (idempotent, declared as the real ones are): offline, the header says so and counts the
// waiting entries; online, they are sent once each and the count goes to 0; a refusal shows as
// rejected with its reason and items, one that names none resends under a new key, and one is
// discarded only after a confirmation; sign-out with an entry waiting warns, and the entry goes after
// the next sign-in.
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ok, warn } from '../../src/shared/contracts/envelope.js';
import { PUSH_API } from '../../src/shared/contracts/floor/push.js';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { screenshot, signIn } from '../helpers/browser.js';
import { startApp, type TestApp } from '../helpers/server-app.js';
import { useBrowser } from '../helpers/use-browser.js';

const FACTORY = SEED_LOGINS.factory;
/** The outbox's push, as a route glob. */
const PUSH = `**/API/api/${PUSH_API.push.path}`;
let t: TestApp;
let url: string;
/** What the probe applied, in order: one row per save that committed. */
const applied: string[][] = [];
/** Items the probe refuses, naming them, while this holds them (a carton another device packed first). */
const taken = new Set<string>();
/** Items the probe refuses without naming any while this holds them (what they wait on is not there yet). */
const waitsOn = new Set<string>();
/** The Idempotency-Keys the probe was called with. */
const keys: string[] = [];

beforeAll(async () => {
  t = await startApp({
    clientDir: inject('clientDir'),
    routes(r) {
      r.post(
        'Probe/pack',
        { access: 'signed-in', body: z.object({ Items: z.array(z.string()) }), idempotent: true },
        async ({ body, device }) => {
          keys.push(String(device?.entryId));
          if (body.Items.some((i) => waitsOn.has(i))) return warn('Carton Full');
          const refused = body.Items.filter((i) => taken.has(i));
          if (refused.length > 0)
            return warn('Carton Full', {
              Items: refused.map((Code) => ({ Code, Reason: 'already packed in SID26KA00042' })),
            });
          applied.push(body.Items);
          return ok(null, 'Saved');
        },
      );
    },
  });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});
// After the app's hooks: the pages and Chromium close before the app does.
const b = useBrowser();

const header = (page: Page) => page.getByRole('banner');
const pendingLink = (page: Page) => header(page).getByRole('link', { name: /^Pending work:/ });
const pendingName = (page: Page) => pendingLink(page).getAttribute('aria-label');

/** Queues entries as a floor screen does, straight into the device's outbox, for the signed-in user. */
function enqueue(page: Page, entries: Array<{ label: string; items: string[] }>) {
  return page.evaluate(
    (list) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('fieldtrace');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['kv', 'outbox'], 'readwrite');
          const get = tx.objectStore('kv').get('session');
          get.onsuccess = () => {
            const userId = (get.result as { value: { UserId: number } }).value.UserId;
            list.forEach((e, i) =>
              tx.objectStore('outbox').add({
                id: crypto.randomUUID(),
                endpoint: 'Probe/pack',
                payload: { Items: e.items },
                label: e.label,
                deviceTime: Date.now() + i,
                userId,
                status: 'pending',
                attempts: 0,
                notBefore: 0,
              }),
            );
          };
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    entries,
  );
}

/** The outbox's rows as label:status, read without the app. */
function outboxRows(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('fieldtrace');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as Array<{ label: string; status: string }>).map((e) => `${e.label}:${e.status}`));
          };
        };
      }),
  );
}

/** Waits until a dialog has finished appearing (its transitions), so a screenshot shows it as a user does. */
async function shown(dialog: ReturnType<Page['getByRole']>) {
  await dialog.waitFor();
  await dialog.evaluate((el) => {
    const root = el.closest('.mantine-Modal-root') ?? el;
    return Promise.all(root.getAnimations({ subtree: true }).map((a) => a.finished)).then(() => undefined);
  });
}

/** Waits until the service worker controls the page, so it reopens with the network off. */
async function waitForController(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
}

describe('pending work on a handheld', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await b.open({ device: 'handheld', baseURL: url, as: FACTORY }));
    await waitForController(page);
  });

  it('counts waiting entries in the header while offline, and sends each once when the network is back', async () => {
    await expect.poll(() => pendingName(page)).toBe('Pending work: 0 waiting');
    expect(await header(page).getByRole('img', { name: 'Online' }).isVisible()).toBe(true);
    await screenshot(page, 'pending-work-header-online-360');

    await context.setOffline(true);
    await enqueue(page, [
      { label: 'Secondary carton SID-A, 2 items', items: ['PID-A1', 'PID-A2'] },
      { label: 'Secondary carton SID-B, 1 item', items: ['PID-B1'] },
    ]);
    await page.reload();
    await expect.poll(() => header(page).getByText('Offline', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => pendingName(page)).toBe('Pending work: 2 waiting');
    await screenshot(page, 'pending-work-header-offline-360');

    await pendingLink(page).click();
    await page.waitForURL('**/pending-work');
    const list = page.getByRole('list', { name: 'Waiting and rejected entries' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    expect(await list.getByRole('listitem').first().getAttribute('aria-label')).toBe('Secondary carton SID-A, 2 items');
    expect(await list.getByRole('listitem').first().getByText('Waiting', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'pending-work-offline-360');

    await context.setOffline(false);
    await expect.poll(() => pendingName(page)).toBe('Pending work: 0 waiting');
    expect(applied).toEqual([['PID-A1', 'PID-A2'], ['PID-B1']]);
    await expect
      .poll(() => page.getByText('Nothing waits: all your work has reached the server.').isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Show sent entries (2)' }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Sent entries' }).getByText('Sent', { exact: true }).count())
      .toBe(2);
    await screenshot(page, 'pending-work-sent-360');
  });

  it('shows a refusal with its reason and items, resends one that names none under a new key, and discards only after a confirmation', async () => {
    waitsOn.add('PID-C1');
    taken.add('PID-D1');
    await enqueue(page, [
      { label: 'Secondary carton SID-C, 2 items', items: ['PID-C1', 'PID-C2'] },
      { label: 'Secondary carton SID-D, 1 item', items: ['PID-D1'] },
    ]);
    await page.reload();
    await expect.poll(() => pendingName(page)).toBe('Pending work: 0 waiting, 2 rejected');
    const card = page.getByRole('listitem', { name: 'Secondary carton SID-C, 2 items' });
    await expect.poll(() => card.getByText('Rejected', { exact: true }).isVisible()).toBe(true);
    expect(await card.getByText('Server: Carton Full').isVisible()).toBe(true);
    const other = page.getByRole('listitem', { name: 'Secondary carton SID-D, 1 item' });
    expect(await other.getByRole('list', { name: 'Items at fault' }).innerText()).toBe(
      'PID-D1: already packed in SID26KA00042',
    );
    // The same items sent again get the same refusal: a refusal that names them offers no Resend.
    expect(await other.getByRole('button', { name: 'Resend' }).count()).toBe(0);
    await screenshot(page, 'pending-work-rejected-360');

    // What the first waited on is there now: sent again, the entry goes (under a key of its own).
    waitsOn.delete('PID-C1');
    const refusedKey = keys.at(-2);
    await card.getByRole('button', { name: 'Resend' }).click();
    await expect.poll(() => pendingName(page)).toBe('Pending work: 0 waiting, 1 rejected');
    expect(applied.at(-1)).toEqual(['PID-C1', 'PID-C2']);
    expect(keys.at(-1)).not.toBe(refusedKey);

    await other.getByRole('button', { name: 'Discard' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard this entry?' });
    await shown(dialog);
    expect(await dialog.getByText('The server refused it: Carton Full.').isVisible()).toBe(true);
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(360); // full screen on a handheld
    await screenshot(page, 'pending-work-discard-confirm-360');
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await other.isVisible()).toBe(true);

    await other.getByRole('button', { name: 'Discard' }).click();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => other.count()).toBe(0);
    await expect.poll(() => pendingName(page)).toBe('Pending work: 0 waiting');
    expect(await outboxRows(page)).not.toContain('Secondary carton SID-D, 1 item:rejected');
  });

  it('warns before a sign-out leaves an entry waiting, keeps it, and sends it after the next sign-in', async () => {
    await context.setOffline(true);
    await enqueue(page, [{ label: 'Secondary carton SID-E, 1 item', items: ['PID-E1'] }]);
    await page.reload();
    await expect.poll(() => pendingName(page)).toBe('Pending work: 1 waiting');
    await page.getByTestId('welcome').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out with work waiting?' });
    await shown(dialog);
    expect(await dialog.getByText('1 entry has not reached the server.').isVisible()).toBe(true);
    await screenshot(page, 'pending-work-sign-out-warning-360');
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(page.url()).toMatch(/\/pending-work$/);

    await page.getByTestId('welcome').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login', { timeout: 30_000 });
    expect(await outboxRows(page)).toContain('Secondary carton SID-E, 1 item:pending');

    await context.setOffline(false);
    await signIn(page, FACTORY.email, FACTORY.password);
    await expect.poll(() => outboxRows(page)).toContain('Secondary carton SID-E, 1 item:done');
    expect(applied.at(-1)).toEqual(['PID-E1']);
  });

  it('the service worker sends the entries on a Background Sync event, as the page would', async () => {
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on(
        'ServiceWorker.workerRegistrationUpdated',
        (e: { registrations: Array<{ registrationId: string; isDeleted: boolean }> }) => {
          const live = e.registrations.find((r) => !r.isDeleted);
          if (live) resolve(live.registrationId);
        },
      );
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    // The page's own pushes fail (page.route does not see the worker's requests), so only the worker
    // can be the one that sends it.
    let pageTried = 0;
    await page.route(PUSH, (route) => {
      pageTried += 1;
      return route.abort('internetdisconnected');
    });
    await enqueue(page, [{ label: 'Secondary carton SID-F, 1 item', items: ['PID-F1'] }]);
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: url,
      registrationId,
      tag: 'fieldtrace-outbox',
      lastChance: false,
    });
    await expect.poll(() => outboxRows(page)).toContain('Secondary carton SID-F, 1 item:done');
    expect(applied.at(-1)).toEqual(['PID-F1']);
    expect(pageTried).toBe(0);
    await page.unroute(PUSH);
    await cdp.detach();
  });

  it('a full shift queued offline shows 50 entries a page, in queue order, with 48 px page arrows', async () => {
    await context.setOffline(true);
    const labels = Array.from({ length: 51 }, (_, i) => `Secondary carton SID-P${i + 1}, 1 item`);
    await enqueue(
      page,
      labels.map((label, i) => ({ label, items: [`PID-P${i + 1}`] })),
    );
    await page.goto('/dashboard');
    await pendingLink(page).click();
    const list = page.getByRole('list', { name: 'Waiting and rejected entries' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(50);
    await page.getByText('Showing 1 to 50 of 51', { exact: true }).waitFor();
    expect(await list.getByRole('listitem').first().getAttribute('aria-label')).toBe(labels[0]);
    const next = page.getByRole('button', { name: 'Next page', exact: true });
    expect((await next.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    await screenshot(page, 'pending-work-paged-360');
    await next.click();
    await page.getByText('Showing 51 to 51 of 51', { exact: true }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(1);
    expect(await list.getByRole('listitem').first().getAttribute('aria-label')).toBe(labels[50]);
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous page', exact: true }).click();
    await page.getByText('Showing 1 to 50 of 51', { exact: true }).waitFor();
    await context.setOffline(false);
    await expect.poll(() => pendingName(page), { timeout: 60_000 }).toBe('Pending work: 0 waiting');
  });

  it('on a desktop, the header shows the count beside the welcome and the screen reads the same', async () => {
    const desk = await b.open({ viewport: { width: 1366, height: 768 }, baseURL: url, as: FACTORY });
    await expect.poll(() => pendingName(desk.page)).toBe('Pending work: 0 waiting');
    await pendingLink(desk.page).click();
    await desk.page.getByRole('heading', { name: 'Pending work' }).waitFor();
    await screenshot(desk.page, 'pending-work-1366');
  });
});
