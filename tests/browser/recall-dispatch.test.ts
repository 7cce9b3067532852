// A recalled batch refused on Dispatch offline (issue 25, Done when): the factory packs a SID and a TID
// of a batch (through the API, as its handhelds' outboxes would); the admin then recalls the batch.
// The factory's handheld at 360 x 740 touch refreshes its caches after the recall and loses the
// network; on Dispatch with a dealer chosen, scanning the SID and the TID holding the batch shows the
// recall's reason (the lifecycle's text) and adds no row. Failed before the device asked the lifecycle:
// Dispatch took both with a green "added".
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { FLOOR_CACHE_API } from '../../src/shared/contracts/floor/cache.js';
import type { DispatchCache } from '../../src/shared/contracts/floor/dispatch-cache.js';
import { PACKING_API } from '../../src/shared/contracts/floor/packing.js';
import { RECALL_API } from '../../src/shared/contracts/recall.js';
import { LIFECYCLE_MSG } from '../../src/shared/lifecycle/index.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { apiSignIn, call, ok } from '../helpers/api-client.js';
import { ADMIN, HANDHELD, launchBrowser, newPage, screenshot, signIn } from '../helpers/browser.js';
import { secondaryBody, tertiaryBody } from '../helpers/factories-floor.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { cacheSince, goOffline, wedgeScan, workerInControl } from '../helpers/floor-page.js';

// This file's own band of KA (no other browser test maps 497_001..497_020).
const FROM = 497_001;
const BATCH = `FL-${FROM}`;
const REASON = 'Leaking caps, lot 7';
const codes = codeMac(inject('codeSecret'));
const url = (n: number) => codeUrl(inject('baseUrl'), codes.make({ kind: 'S', prefix: 'KA' }, n));

let browser: Browser;
let floor: FloorSetup;

beforeAll(async () => {
  floor = await floorSetup({ from: FROM, to: FROM + 19, size: 2, slips: 2 });
  // SID 0 loose; SID 1 inside TID 0: both hold packs of the batch. Other files pack the same product at
  // this factory earlier in the run, so the TID carries an approval remark for the older stock.
  for (const i of [0, 1]) {
    await ok(
      'secondary',
      call(
        'POST',
        PACKING_API.secondarySave.path,
        floor.token,
        secondaryBody(floor.sizeId, [url(FROM + 2 * i), url(FROM + 2 * i + 1)], floor.sid(i)),
      ),
    );
  }
  await ok(
    'tertiary',
    call(
      'POST',
      PACKING_API.tertiarySave.path,
      floor.token,
      tertiaryBody(floor.sizeId, [floor.sid(1)], floor.tid(0), {
        reason: 'Last carton of the lot',
        remark: 'Older stock held for QC',
      }),
    ),
  );
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('a recalled batch on Dispatch offline', () => {
  it("refuses its SID and the TID holding it to a dealer with the recall's reason, and adds no row", async () => {
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    await ok(
      'recall',
      call('POST', RECALL_API.save.path, admin, { ProductId: floor.productId, BatchNo: BATCH, Reason: REASON }),
    );
    const recalledAt = Date.now();
    const dealer = (await ok<DispatchCache>('dispatch data', call('GET', FLOOR_CACHE_API.dispatch.path, floor.token)))
      .Dealers[0]!;

    const { context, page } = await newPage(browser, HANDHELD);
    page.setDefaultTimeout(30_000);
    const verdict = () => page.locator('.ft-scan__message[role="status"]').first();
    const scan = async (text: string) => {
      await page.getByLabel('Scan items', { exact: true }).focus();
      await wedgeScan(page, text);
    };
    try {
      await signIn(page, floor.factory.email, floor.factory.password);
      await page.goto('/transaction/dispatch');
      await workerInControl(page);
      await cacheSince(page, recalledAt);
      await page.goto('/transaction/dispatch');
      await page.getByText(/^Data as of/).waitFor();
      await goOffline(context);

      await page.getByLabel('Send to type').getByText('Dealer', { exact: true }).tap();
      await page.getByLabel('Send To', { exact: true }).first().click();
      await page.getByRole('option', { name: dealer.Name }).first().click();

      await scan(floor.sid(0));
      await verdict()
        .getByText(LIFECYCLE_MSG.cartonRecalled(floor.sid(0), REASON), { exact: true })
        .waitFor();
      expect(await page.getByTestId('dispatch-count').innerText()).toBe('0');
      await screenshot(page, 'recall-dispatch-sid-offline-360');
      await page.screenshot({ path: '/tmp/recall-dispatch-sid-offline-360.png' });

      await scan(floor.tid(0));
      await verdict()
        .getByText(LIFECYCLE_MSG.cartonRecalled(floor.tid(0), REASON), { exact: true })
        .waitFor();
      expect(await page.getByTestId('dispatch-count').innerText()).toBe('0');
      expect(await page.getByText(`${floor.tid(0)} added`).count()).toBe(0);
      await page.screenshot({ path: '/tmp/recall-dispatch-tid-offline-360.png' });
      // Scrolled so the whole verdict clears the Submit bar: the reason in full, and no row below it.
      await page.evaluate(() => window.scrollBy(0, 260));
      await page.screenshot({ path: '/tmp/recall-dispatch-tid-offline-360-scrolled.png' });
    } catch (e) {
      await page.screenshot({ path: '/tmp/recall-dispatch-failed.png' }).catch(() => undefined);
      throw e;
    } finally {
      await context.close();
    }
  });
});
