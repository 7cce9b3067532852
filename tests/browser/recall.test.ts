// A recalled batch, end to end in Chromium at 360 x 740 touch: the admin traces the batch on the
// Recall Trace screen and recalls it (reason, confirmation); the factory user's Secondary Packing,
// with its caches refreshed and then the network off, refuses a pack of that batch with the recall
// message; the public page (/P?U=) for a pack of that batch tells the farmer not to use it.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RECALL_MSG } from '../../src/shared/contracts/recall.js';
import { VERIFY_MSG } from '../../src/shared/contracts/public/verify-rules.js';
import { PAGE } from '../../src/shared/pages.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { ADMIN, screenshot, SHOTS_DIR } from '../helpers/browser.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { packingOffline, wedgeScan } from '../helpers/floor-page.js';
import { useBrowser, type OpenOptions } from '../helpers/use-browser.js';
import { schemaErrors } from '../helpers/factories-epcis.js';

// This file's own band of KA (no other browser test maps 494_001..494_100).
const FROM = 494_001;
const BATCH = `FL-${FROM}`;
const REASON = 'Seal failure in line 2';
const codes = codeMac(inject('codeSecret'));
const uid = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const phone: OpenOptions = {
  device: 'handheld',
  geolocation: { latitude: 19.9975, longitude: 73.7898 },
  permissions: ['geolocation'],
  locale: 'en-IN',
};

const b = useBrowser();
let floor: FloorSetup;

beforeAll(async () => {
  // Codes 494_001..494_100 mapped to the factory's first product as batch FL-494001.
  floor = await floorSetup({ from: FROM, to: FROM + 99, size: 3, slips: 2 });
}, 120_000);

async function recallOnScreen(page: Page) {
  await page.goto(PAGE.recallTrace.path);
  await page.getByRole('heading', { name: PAGE.recallTrace.label }).waitFor();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Reports').waitFor();
  // Labels of required fields end in an asterisk ('Product *').
  await page
    .getByLabel(/^Product\b/)
    .first()
    .click();
  await page.getByRole('option', { name: floor.productName, exact: true }).first().click();
  await page.getByLabel(/^Batch No\b/).fill(BATCH.toLowerCase());
  await page.getByRole('button', { name: 'Submit' }).tap();
  await expect.poll(() => page.getByTestId('total-Mapped').innerText()).toBe('100');
  await page
    .getByRole('region', { name: 'Mapped ranges' })
    .getByText(`KA${FROM} – KA${FROM + 99}`)
    .waitFor();
  await screenshot(page, 'recall-trace-360');

  await page.getByRole('button', { name: 'Recall this batch' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Recall this batch' });
  await dialog.getByRole('button', { name: 'Recall', exact: true }).tap();
  await dialog.getByText(RECALL_MSG.reason).waitFor();
  await dialog.getByLabel(/^Reason\b/).fill(REASON);
  await dialog.getByRole('button', { name: 'Recall', exact: true }).tap();
  const confirm = page.getByRole('dialog', { name: 'Confirm the recall' });
  await confirm.getByText(`Recall batch ${BATCH} of ${floor.productName}?`, { exact: false }).waitFor();
  await confirm.getByRole('button', { name: 'Yes' }).tap();
  await page.getByText(RECALL_MSG.saved).first().waitFor();
  await page.getByRole('alert').filter({ hasText: REASON }).waitFor();
  expect(await page.getByRole('button', { name: 'Recall this batch' }).count()).toBe(0);
  await screenshot(page, 'recall-trace-recalled-360');

  // Export: the whole trace as one CSV.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).tap(),
  ]);
  expect(download.suggestedFilename()).toBe(`Recall Trace ${floor.productName} ${BATCH}.csv`);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text).toContain(`Recall Trace,${floor.productName},${BATCH}`);
  expect(text).toContain(REASON);
  expect(text).toContain(`KA${FROM} – KA${FROM + 99},100,0,0`);

  // EPCIS: the batch's events for a partner or a regulator, the recall among them.
  const [epcis] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'EPCIS' }).tap()]);
  const doc = JSON.parse(readFileSync((await epcis.path())!, 'utf8')) as {
    epcisBody: { eventList: { bizStep?: string; disposition?: string; quantityList?: { quantity: number }[] }[] };
  };
  expect(schemaErrors(doc)).toEqual([]);
  const held = doc.epcisBody.eventList.filter((e) => e.bizStep === 'holding' && e.disposition === 'recalled');
  expect(held.map((e) => e.quantityList?.[0]?.quantity)).toEqual([100]);
}

describe('a recalled batch', () => {
  it('is recalled on Recall Trace, refused offline on Secondary Packing, and warned on the public page', async () => {
    const admin = await b.open({ device: 'handheld', as: ADMIN });
    await recallOnScreen(admin.page);
    await admin.context.close();
    const recalledAt = Date.now();

    // The factory's handheld: its caches refreshed after the recall, then the network goes.
    const { context, page } = await b.open({ device: 'handheld' });
    try {
      await packingOffline(page, context, floor.factory, floor.sizeLabel, recalledAt);
      await wedgeScan(page, uid(FROM + 5));
      await page.getByText(RECALL_MSG.onFloor(REASON), { exact: true }).waitFor();
      expect(await page.getByTestId('packed-count').innerText()).toBe('0 / 3');
      await screenshot(page, 'recall-secondary-packing-offline-360');
    } catch (e) {
      await screenshot(page, 'recall-secondary-packing-failed').catch(() => undefined);
      throw e;
    }
    await context.close();

    // A farmer scans a pack of the batch.
    const farmer = await b.open(phone);
    await farmer.page.goto(`/P?U=${uid(FROM + 7)}`);
    await farmer.page.getByRole('heading', { name: 'Product Verification Detail' }).waitFor();
    await farmer.page.getByRole('alert').getByText(VERIFY_MSG.recalled(REASON)).waitFor();
    await farmer.page.getByRole('alert').getByRole('heading', { name: 'Recalled: do not use' }).waitFor();
    await screenshot(farmer.page, 'recall-public-page-360');
  });

  it('on a desktop the trace shows its sections and the recall', async () => {
    const { page } = await b.open({ viewport: { width: 1280, height: 900 }, as: ADMIN });
    await page.goto(PAGE.recallTrace.path);
    await page
      .getByLabel(/^Product\b/)
      .first()
      .click();
    await page.getByRole('option', { name: floor.productName, exact: true }).first().click();
    await page.getByLabel(/^Batch No\b/).fill(BATCH);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alert').filter({ hasText: REASON }).waitFor();
    for (const name of ['Still at', 'Mapped ranges', 'Cartons', 'Dispatches', 'Verifications'])
      await page.getByRole('region', { name }).waitFor();
    // The farmer's scan above is on the trace.
    await page
      .getByRole('region', { name: 'Verifications' })
      .getByText(`KA${FROM + 7}`)
      .waitFor();
    await page.screenshot({ path: `${SHOTS_DIR}/recall-trace-desktop.png`, fullPage: true });
  });
});
