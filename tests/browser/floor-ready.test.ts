// A scan is judged on all the facts (issue 27 item 1), in Chromium at 360 x 740 touch as the factory
// with the network off: a carton closed offline waits in the outbox; after a reload its packs are
// refused. Then Secondary Packing opens while this device's queue cannot be read yet (a write holds
// it, as a long read of the outbox does at start on a slow handheld): the scans typed meanwhile wait,
// the box says it is getting ready and how many wait, and once the queue is read they are answered
// in the order they came: a new pack added, the queued carton's pack refused. Judged at once, on half
// the facts, that pack was taken again.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { PACKING_MSG } from '../../src/shared/contracts/floor/packing.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { gettingReadyText } from '../../src/client/floor/scan-feedback.js';
import { screenshot } from '../helpers/browser.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { boxFocused, packingOffline, wedgeScan } from '../helpers/floor-page.js';
import { useBrowser } from '../helpers/use-browser.js';

const codes = codeMac(inject('codeSecret'));
const url = (n: number) => codeUrl(inject('baseUrl'), codes.make({ kind: 'S', prefix: 'KA' }, n));
// This file's own band of KA (no other browser test maps 534_001..534_019).
const FROM = 534_001;

const b = useBrowser();
let page: Page;
let floor: FloorSetup;

beforeAll(async () => {
  floor = await floorSetup({ from: FROM, to: FROM + 19, size: 2, slips: 2 });
  const since = Date.now();
  const opened = await b.open({ device: 'handheld' });
  page = opened.page;
  await packingOffline(page, opened.context, floor.factory, floor.sizeLabel, since);
});

const verdict = () => page.locator('.ft-packing .ft-scan__message').first();
const count = () => page.getByTestId('packed-count').innerText();
const pendingLink = () => page.getByRole('link', { name: 'Pending work: 1 waiting' });

/** Holds the device's outbox in a write transaction, kept open by a request after each answer, until
 *  releaseOutbox: the app's reads of the outbox wait behind it. */
const holdOutbox = () =>
  page.evaluate(
    () =>
      new Promise<void>((held, fail) => {
        const open = indexedDB.open('fieldtrace');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const store = db.transaction('outbox', 'readwrite').objectStore('outbox');
          let holding = true;
          (window as unknown as { releaseOutbox: () => void }).releaseOutbox = () => {
            holding = false;
          };
          const again = () => {
            if (holding) store.count().onsuccess = again;
            else db.close();
          };
          store.count().onsuccess = () => {
            held();
            again();
          };
        };
      }),
  );
const releaseOutbox = () => page.evaluate(() => (window as unknown as { releaseOutbox: () => void }).releaseOutbox());

describe('a scan judged on all the facts', () => {
  it('waits while the queue is read, then refuses the pack of a carton queued offline', async () => {
    await wedgeScan(page, url(FROM));
    await verdict().getByText(`KA${FROM} added`).waitFor();
    await wedgeScan(page, url(FROM + 1));
    const slip = page.getByRole('dialog', { name: PACKING_MSG.secondarySlipTitle });
    await boxFocused(page, true);
    await wedgeScan(page, floor.sid(0));
    await slip.waitFor({ state: 'detached' });
    await verdict()
      .getByText(PACKING_MSG.closed(floor.sid(0), 2))
      .waitFor();
    await pendingLink().waitFor();

    // A reload (a crash, a battery swap), still offline: the carton waits in the queue, its packs are refused.
    await page.reload();
    await page.getByText(/^Data as of/).waitFor();
    await boxFocused(page);
    await wedgeScan(page, url(FROM));
    await verdict()
      .getByText(PACKING_MSG.packed(floor.sid(0)))
      .waitFor();

    // Away and back while the queue is held: the screen opens before its queued work can be read.
    await pendingLink().click();
    await page.waitForURL('**/pending-work');
    await page
      .getByText(`${floor.sid(0)}`)
      .first()
      .waitFor();
    await holdOutbox();
    await page.goBack();
    const box = page.locator('.ft-packing .ft-scan');
    await expect.poll(() => box.getAttribute('data-getting-ready')).toBe('true');
    await verdict().getByText(gettingReadyText(0)).waitFor();
    await boxFocused(page);
    await wedgeScan(page, url(FROM + 2));
    await wedgeScan(page, url(FROM));
    await verdict().getByText(gettingReadyText(2)).waitFor();
    expect(await count()).toBe('0 / 2');
    await screenshot(page, 'floor-getting-ready');

    await releaseOutbox();
    await verdict()
      .getByText(PACKING_MSG.packed(floor.sid(0)))
      .waitFor();
    await expect.poll(count).toBe('1 / 2');
    await page.getByText(`KA${FROM + 2}`, { exact: true }).waitFor();
    expect(await box.getAttribute('data-getting-ready')).toBeNull();
  });
});
