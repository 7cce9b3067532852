// Issue 27 items 4 and 9 in Chromium at 360 x 740 touch, as the factory user (prefix KA): a slip never
// reserved for the site is refused offline in the slip dialog; a reload with a full carton opens the
// slip dialog again; the history is not asked for while offline and is read again once back online; a
// scan that is not a pack's code says what it is; the longest red message leaves the count and Submit
// in sight; Return From Transit is a 48 px target, its words included.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { codeUrl, makeSlipId } from '../../src/shared/codes.js';
import { MAPPING_API } from '../../src/shared/contracts/numbers/mapping.js';
import { DAMAGE_API } from '../../src/shared/contracts/numbers/damage.js';
import { PACKING_API, PACKING_MSG } from '../../src/shared/contracts/floor/packing.js';
import { RETURN_MSG } from '../../src/shared/contracts/floor/carton-return.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api } from '../helpers/api-client.js';
import { screenshot } from '../helpers/browser.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const codes = codeMac(inject('codeSecret'));
const url = (n: number) => codeUrl(inject('baseUrl'), codes.make({ kind: 'S', prefix: 'KA' }, n));
// This file's own band of KA: FROM.. mapped by floorSetup, DAMAGED in a mapping of its own.
const FROM = 611_001;
const DAMAGED = FROM + 150;
/** The longest refusal a pack can get: a damage reason of the most characters a reason may have. */
const LONG_REASON = `Crushed under a pallet ${'and soaked through by the rain on the loading bay '.repeat(4)}`
  .slice(0, 200)
  .trim();

const b = useBrowser();
let page: Page;
let context: BrowserContext;
let floor: FloorSetup;

beforeAll(async () => {
  floor = await floorSetup({ from: FROM, to: FROM + 99, size: 3, slips: 10 });
  const mapped = await api(
    MAPPING_API.save,
    {
      MappingId: 0,
      ProductId: floor.productId,
      FromNo: DAMAGED,
      ToNo: DAMAGED + 4,
      Qty: 5,
      MFGDate: '2026-02-01',
      EXPDate: '',
      BatchNo: `FL-${DAMAGED}`,
      Mrp: '',
      Remark: '',
      isPreprinted: false,
    },
    floor.token,
  );
  expect(mapped.body.ResponseCode).toBe('200');
  const damaged = await api(
    DAMAGE_API.create,
    {
      MappingId: mapped.body.ResponseData.MappingId,
      FromNo: DAMAGED,
      Qty: 1,
      Reason: LONG_REASON,
      isPreprinted: false,
    },
    floor.token,
  );
  expect(damaged.body.ResponseCode).toBe('200');
  ({ page, context } = await b.open({ device: 'handheld', as: floor.factory }));
});

const scanBox = () => page.getByLabel('Scan items', { exact: true });
const verdict = () => page.getByRole('status').first();
const count = () => page.getByTestId('packed-count').innerText();
const slipDialog = () => page.getByRole('dialog', { name: PACKING_MSG.secondarySlipTitle });
/** A wedge scanner: the characters a few ms apart, then Enter, into whatever has focus. */
async function wedge(text: string) {
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}
async function scan(text: string) {
  await scanBox().focus();
  await wedge(text);
}
async function openPacking() {
  await page.goto('/transaction/secondary-packing');
  await page.getByText(/^Data as of/).waitFor();
  const select = page.getByLabel('Carton Size', { exact: true }).first();
  if (!(await select.isDisabled())) {
    await select.click();
    await page.getByRole('option', { name: floor.sizeLabel }).click();
  }
}
/** The API cut off as well as the browser's offline switch: the page and its service worker alike. */
async function goOffline() {
  await context.setOffline(true);
  await context.route('**/API/**', (route) => route.abort('internetdisconnected'));
}
async function goOnline() {
  await context.unroute('**/API/**');
  await context.setOffline(false);
}

describe('the floor, small misses and slips known offline', () => {
  it('a scan that is not a pack says what it is; the longest red message leaves the count and Submit in sight', async () => {
    await openPacking();
    await scan(floor.sid(9));
    await verdict()
      .getByText(PACKING_MSG.notCodeSid(floor.sid(9)))
      .waitFor();
    await scan(`KA${FROM}`);
    await verdict()
      .getByText(PACKING_MSG.notCodeNumber(`KA${FROM}`))
      .waitFor();
    await scan('%%garbage%%');
    await verdict().getByText(PACKING_MSG.notCodeOther).waitFor();
    await scan(url(FROM));
    await scan(url(FROM + 1));
    await expect.poll(count).toBe('2 / 3');
    await scan(url(DAMAGED));
    await verdict().getByText(PACKING_MSG.damaged(LONG_REASON)).waitFor();
    await screenshot(page, 'floor-misses-long-message');

    // Within the viewport and not under the Submit bar: the count, the bar's button, the whole message.
    const viewport = page.viewportSize()!;
    const bar = (await page.getByRole('button', { name: 'Submit' }).boundingBox())!;
    const shown = (await page.getByTestId('packed-count').boundingBox())!;
    const message = (await verdict().boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(viewport.height);
    expect(shown.y).toBeGreaterThanOrEqual(0);
    expect(shown.y + shown.height).toBeLessThanOrEqual(bar.y);
    expect(message.y + message.height).toBeLessThanOrEqual(bar.y);
  });

  it('a reload with a full carton opens the slip dialog again', async () => {
    await scan(url(FROM + 2));
    await slipDialog().waitFor();
    await page.reload();
    await slipDialog().waitFor();
    await expect.poll(count).toBe('3 / 3');
    await screenshot(page, 'floor-misses-reload-full');
    // Cancel keeps it closed; Submit opens it.
    await slipDialog().getByRole('button', { name: 'Cancel' }).click();
    await slipDialog().waitFor({ state: 'detached' });
  });

  it('offline: a slip never reserved for the site is refused; the history waits for the network', async () => {
    let listCalls = 0;
    const onRequest = (r: { url: () => string }) => {
      if (r.url().includes(PACKING_API.secondaryList.path)) listCalls += 1;
    };
    context.on('request', onRequest);
    try {
      await goOffline();
      await page.getByRole('button', { name: 'Submit' }).click();
      await slipDialog().waitFor();
      const unreserved = makeSlipId('SID', new Date().getFullYear() % 100, 'KA', 99_999_000);
      await wedge(unreserved);
      await slipDialog().getByText(`${unreserved} was never reserved for this site: use a printed slip.`).waitFor();
      await screenshot(page, 'floor-misses-unreserved-offline');
      expect(await count()).toBe('3 / 3');

      // A printed slip closes it; two more cartons, all queued, and not one call for the history.
      await wedge(floor.sid(0));
      await slipDialog().waitFor({ state: 'detached' });
      await expect.poll(count).toBe('0 / 3');
      for (const [i, n] of [
        [1, FROM + 3],
        [2, FROM + 6],
      ] as const) {
        for (let k = 0; k < 3; k++) await scan(url(n + k));
        await slipDialog().waitFor();
        await wedge(floor.sid(i));
        await slipDialog().waitFor({ state: 'detached' });
      }
      await page.waitForTimeout(1_000);
      expect(listCalls).toBe(0);

      // Back online: the cartons go, and the history is read again and lists them.
      await goOnline();
      await page.getByRole('cell', { name: floor.sid(2) }).waitFor({ timeout: 30_000 });
      expect(listCalls).toBeGreaterThanOrEqual(1);
      expect(listCalls).toBeLessThanOrEqual(3);
    } finally {
      context.off('request', onRequest);
      await goOnline();
    }
  });

  it('Return From Transit is a 48 px target, its words included', async () => {
    await page.goto('/transaction/carton-return');
    const box = page.getByLabel(RETURN_MSG.transit);
    await box.waitFor();
    const target = page.locator('label', { has: box });
    const rect = (await target.boundingBox())!;
    expect(rect.height).toBeGreaterThanOrEqual(48);
    expect(rect.width).toBeGreaterThanOrEqual(48);
    // A tap on the words, away from the box, ticks it.
    await page.getByText(RETURN_MSG.transit, { exact: true }).tap();
    await expect.poll(() => box.isChecked()).toBe(true);
    await page.getByText(RETURN_MSG.transit, { exact: true }).tap();
    await expect.poll(() => box.isChecked()).toBe(false);
    await screenshot(page, 'floor-misses-return-flag');
  });
});
