// Device health in the real app (issue 27 item 5): a handheld at 360 x 740 whose store loses work the
// server never got (rows deleted from its IndexedDB, as a browser short of space may do) shows the red
// screen naming that work after a reload, and not again once confirmed; the administrator's Devices
// screen then shows the handheld with its user, its waiting work (an earlier shift's, waiting for that
// user's sign-in) and the warning that it holds work older than the configured 8 hours.
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEVICE_WARNING } from '../../src/shared/contracts/device.js';
import { ok } from '../../src/shared/contracts/envelope.js';
import { SEED_LOGINS } from '../../src/server/db/seed.js';
import { ADMIN, screenshot } from '../helpers/browser.js';
import { startApp, type TestApp } from '../helpers/server-app.js';
import { useBrowser } from '../helpers/use-browser.js';
import { hi } from '../../src/client/floor/words/hi.js';

const FACTORY = SEED_LOGINS.factory;
const HOUR = 3_600_000;
let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await startApp({
    clientDir: inject('clientDir'),
    routes(r) {
      // A floor save in miniature.
      r.post(
        'Probe/pack',
        { access: 'signed-in', body: z.object({ Items: z.array(z.string()) }), idempotent: true },
        async () => ok(null, 'Saved'),
      );
    },
  });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});
const b = useBrowser();

/** Reads a kv row of the device's store without the app. */
const kv = (page: Page, key: string) =>
  page.evaluate(
    (k) =>
      new Promise<unknown>((resolve, reject) => {
        const open = indexedDB.open('fieldtrace');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('kv').objectStore('kv').get(k);
          get.onsuccess = () => {
            db.close();
            resolve((get.result as { value?: unknown } | undefined)?.value);
          };
        };
      }),
    key,
  );

/** Queues entries as a floor screen does (each numbered, the highest number noted beside them), made
 *  `hoursAgo` ago, for the signed-in user or (`earlierShift`) another user of the handheld, whose work
 *  waits for that user's own sign-in; answers their sequence numbers. */
const enqueue = (page: Page, entries: Array<{ items: string[]; hoursAgo: number; earlierShift?: boolean }>) =>
  page.evaluate(
    ({ list, hour }) =>
      new Promise<number[]>((resolve, reject) => {
        const open = indexedDB.open('fieldtrace');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['kv', 'outbox'], 'readwrite');
          const seqs: number[] = [];
          const get = tx.objectStore('kv').get('session');
          get.onsuccess = () => {
            const userId = (get.result as { value: { UserId: number } }).value.UserId;
            for (const e of list) {
              const add = tx.objectStore('outbox').add({
                id: crypto.randomUUID(),
                endpoint: 'Probe/pack',
                payload: { Items: e.items },
                label: `Secondary carton ${e.items.join(', ')}`,
                deviceTime: Date.now() - e.hoursAgo * hour,
                userId: e.earlierShift ? userId + 1000 : userId,
                status: 'pending',
                attempts: 0,
                notBefore: 0,
              });
              add.onsuccess = () => {
                seqs.push(add.result as number);
                tx.objectStore('kv').put({ key: 'outbox-created', value: add.result });
              };
            }
          };
          tx.oncomplete = () => {
            db.close();
            resolve(seqs);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { list: entries, hour: HOUR },
  );

/** Deletes outbox rows straight from IndexedDB: the store losing them. */
const lose = (page: Page, seqs: number[]) =>
  page.evaluate(
    (keys) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('fieldtrace');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('outbox', 'readwrite');
          for (const k of keys) tx.objectStore('outbox').delete(k);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    seqs,
  );

describe('device health', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await b.open({ device: 'handheld', baseURL: url, as: FACTORY }));
  });

  it('shows a red screen naming the work the store lost before the server got it, until confirmed', async () => {
    // The device has its id once the app has started, and keeps the server's answer to its report.
    await expect.poll(() => kv(page, 'device'), { timeout: 30_000 }).toMatchObject({ id: expect.any(String) });
    await expect.poll(() => kv(page, 'device-acked'), { timeout: 30_000 }).toMatchObject({ AckedSeq: 0 });
    await context.setOffline(true);
    const [held, lostA, lostB, kept] = await enqueue(page, [
      { items: ['PID-E1'], hoursAgo: 10, earlierShift: true },
      { items: ['PID-L1'], hoursAgo: 3 },
      { items: ['PID-L2', 'PID-L3'], hoursAgo: 2 },
      { items: ['PID-K1'], hoursAgo: 1 },
    ]);
    expect([held, lostA, lostB, kept].every((s) => typeof s === 'number')).toBe(true);
    await lose(page, [lostA!, lostB!]);
    await context.setOffline(false);
    await page.reload();

    const red = page.getByRole('alertdialog', { name: 'Work lost on this device' });
    await red.waitFor({ timeout: 30_000 });
    expect(
      await red
        .getByText('2 entries of work done on this device never reached the server and are no longer on it.')
        .isVisible(),
    ).toBe(true);
    expect(await red.getByText(`Entry numbers: ${lostA}–${lostB}`).isVisible()).toBe(true);
    expect(await red.getByText(/^Done after \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/).isVisible()).toBe(true);
    expect(await red.getByText(/^Done before \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/).isVisible()).toBe(true);
    const confirm = red.getByRole('button', { name: 'I have told the office' });
    expect((await confirm.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    await screenshot(page, 'device-health-lost-work-360');

    await confirm.click();
    await red.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('banner').waitFor();
    // Given time to check again, it stays away: the loss was confirmed.
    await expect.poll(() => kv(page, 'device-acked')).toBeTruthy();
    await page.waitForTimeout(1000);
    expect(await red.count()).toBe(0);
  });

  it('lists the handheld on Devices for the administrator, with the warning that it holds old work', async () => {
    const { page: desk } = await b.open({ device: 'desktop', baseURL: url, as: ADMIN });
    await desk.goto('/reports/devices');
    const table = desk.getByRole('table');
    const warning = table.getByText(DEVICE_WARNING.oldWork(8), { exact: true });
    await expect
      .poll(async () => {
        if (await warning.isVisible()) return true;
        await desk.reload();
        await table.waitFor();
        return warning.isVisible();
      })
      .toBe(true);
    const row = table.getByRole('row').filter({ hasText: DEVICE_WARNING.oldWork(8) });
    const cells = await row.getByRole('cell').allInnerTexts();
    // The earlier shift's entry waits (10 h old); this user's own went.
    expect(cells).toEqual(expect.arrayContaining(['1', '0.1.0']));
    expect(cells.some((c) => /^10 h \d+ min$/.test(c))).toBe(true);
    expect(cells.some((c) => / MB \/ /.test(c))).toBe(true);
    // The warning is in sight without scrolling the table sideways.
    const box = await warning.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(desk.viewportSize()!.width);
    await screenshot(desk, 'device-health-devices-desktop');

    // A device switched to Hindi reads the screen's title and the warning in Hindi.
    await desk.evaluate(() => localStorage.setItem('fieldtrace:floor-lang', 'hi'));
    await desk.reload();
    await desk.getByRole('heading', { name: hi.devices, exact: true }).waitFor();
    await table.getByText(hi.deviceOldWork(8), { exact: true }).waitFor();
    await desk.evaluate(() => localStorage.removeItem('fieldtrace:floor-lang'));
  });
});
