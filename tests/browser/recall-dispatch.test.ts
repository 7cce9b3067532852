// A recalled batch refused on Dispatch offline (issue 25, Done when): the factory packs a SID and a TID
// of a batch (through the API, as its handhelds' outboxes would); the admin then recalls the batch.
// The factory's handheld at 360 x 740 touch refreshes its caches after the recall and loses the
// network; on Dispatch with a dealer chosen, scanning the SID and the TID holding the batch shows the
// recall's reason (the lifecycle's text) and adds no row. Failed before the device asked the lifecycle:
// Dispatch took both with a green "added".
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { codeUrl } from '../../src/shared/codes.js';
import { FLOOR_CACHE_API } from '../../src/shared/contracts/floor/cache.js';
import { PACKING_API } from '../../src/shared/contracts/floor/packing.js';
import { RECALL_API } from '../../src/shared/contracts/recall.js';
import { LIFECYCLE_MSG } from '../../src/shared/lifecycle/index.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api, apiSignIn, ok } from '../helpers/api-client.js';
import { ADMIN, screenshot } from '../helpers/browser.js';
import { secondaryBody, tertiaryBody } from '../helpers/factories-floor.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { cacheSince, goOffline, wedgeScan, workerInControl } from '../helpers/floor-page.js';
import { useBrowser } from '../helpers/use-browser.js';

// This file's own band of KA (no other browser test maps 497_001..497_020).
const FROM = 497_001;
const BATCH = `FL-${FROM}`;
const REASON = 'Leaking caps, lot 7';
const codes = codeMac(inject('codeSecret'));
const url = (n: number) => codeUrl(inject('baseUrl'), codes.make({ kind: 'S', prefix: 'KA' }, n));

const b = useBrowser();
let floor: FloorSetup;

beforeAll(async () => {
  floor = await floorSetup({ from: FROM, to: FROM + 19, size: 2, slips: 2 });
  // SID 0 loose; SID 1 inside TID 0: both hold packs of the batch. Other files pack the same product at
  // this factory earlier in the run, so the TID carries an approval remark for the older stock.
  for (const i of [0, 1]) {
    await ok(
      'secondary',
      api(
        PACKING_API.secondarySave,
        secondaryBody(floor.sizeId, [url(FROM + 2 * i), url(FROM + 2 * i + 1)], floor.sid(i)),
        floor.token,
      ),
    );
  }
  await ok(
    'tertiary',
    api(
      PACKING_API.tertiarySave,
      tertiaryBody(floor.sizeId, [floor.sid(1)], floor.tid(0), {
        reason: 'Last carton of the lot',
        remark: 'Older stock held for QC',
      }),
      floor.token,
    ),
  );
}, 120_000);

describe('a recalled batch on Dispatch offline', () => {
  it("refuses its SID and the TID holding it to a dealer with the recall's reason, and adds no row", async () => {
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    await ok('recall', api(RECALL_API.save, { ProductId: floor.productId, BatchNo: BATCH, Reason: REASON }, admin));
    const recalledAt = Date.now();
    const dealer = (await ok('dispatch data', api(FLOOR_CACHE_API.dispatch, undefined, floor.token))).Dealers[0]!;

    // Signed in after the recall, so its cache refresh carries it.
    const { context, page } = await b.open({ device: 'handheld', as: floor.factory });
    const verdict = () => page.locator('.ft-scan__message[role="status"]').first();
    const scan = async (text: string) => {
      await page.getByLabel('Scan items', { exact: true }).focus();
      await wedgeScan(page, text);
    };
    try {
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
    }
  });
});
