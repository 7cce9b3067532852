// Secondary Packing in Chromium on a 360 x 740 touch handheld, as the factory user (prefix KA): codes
// typed at wedge speed with Enter, each answered at once from the device's cache; the spec's messages
// for a bad scan; the carton kept across a reload; a full carton opens the slip dialog by itself and
// the slip closes it; the carton reaches the server once and shows in the history.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeUrl, makeSlipId } from '../../src/shared/codes.js';
import { PACKING_API, PACKING_MSG } from '../../src/shared/contracts/floor/packing.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api, apiSignIn } from '../helpers/api-client.js';
import { screenshot } from '../helpers/browser.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const codes = codeMac(inject('codeSecret'));
const url = (n: number) => codeUrl(inject('baseUrl'), codes.make({ kind: 'S', prefix: 'KA' }, n));
const FROM = 410_001;

const b = useBrowser();
let page: Page;
let floor: FloorSetup;

beforeAll(async () => {
  floor = await floorSetup({ from: FROM, to: FROM + 99, size: 3, slips: 20 });
  ({ page } = await b.open({ device: 'handheld', as: floor.factory }));
});

const scanBox = () => page.getByLabel('Scan items', { exact: true });
const verdict = () => page.getByRole('status').first();
/** A wedge scanner: the code's characters a few ms apart, then Enter. */
async function scan(text: string) {
  await scanBox().focus();
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}
const count = () => page.getByTestId('packed-count').innerText();

describe('Secondary Packing on a handheld', () => {
  it('answers every scan at once, keeps the carton across a reload, and closes it with its slip', async () => {
    await page.goto('/transaction/secondary-packing');
    await page.getByText(/^Data as of/).waitFor();
    await scan(url(FROM));
    await verdict().getByText(PACKING_MSG.selectCartonSize).waitFor();

    await page.getByLabel('Carton Size', { exact: true }).first().click();
    await page.getByRole('option', { name: floor.sizeLabel }).click();
    await scan('hello');
    await verdict().getByText(PACKING_MSG.notCode).waitFor();
    await scan(url(FROM));
    await verdict().getByText(`KA${FROM} added`).waitFor();
    await scan(url(FROM));
    await verdict().getByText(PACKING_MSG.alreadyScanned).waitFor();
    await scan(url(FROM + 5000)); // never mapped
    await verdict().getByText(PACKING_MSG.unmapped).waitFor();
    await expect.poll(count).toBe('1 / 3');
    await screenshot(page, 'secondary-packing-scanning');

    // A reload (a battery swap, a crash) keeps the carton on the screen, size locked.
    await page.reload();
    await page.getByText(`KA${FROM}`, { exact: true }).waitFor();
    await expect.poll(count).toBe('1 / 3');
    expect(await page.getByLabel('Carton Size', { exact: true }).first().isDisabled()).toBe(true);

    await scan(url(FROM + 1));
    await scan(url(FROM + 2));
    // Full: the slip dialog opens by itself.
    const dialog = page.getByRole('dialog', { name: PACKING_MSG.secondarySlipTitle });
    await dialog.waitFor();
    await screenshot(page, 'secondary-packing-slip');
    await page.keyboard.type(makeSlipId('SID', 26, 'NG', 1), { delay: 5 });
    await page.keyboard.press('Enter');
    await dialog.getByText(PACKING_MSG.invalidSlip).waitFor();
    const sid = floor.sid(0);
    await page.keyboard.type(sid, { delay: 5 });
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(count).toBe('0 / 3');

    // The outbox sends it; the server holds it once and the history lists it.
    await expect
      .poll(
        async () => {
          const list = await api(
            PACKING_API.secondaryList,
            {
              First: 1,
              PageSize: 50,
              SearchValue: sid,
            },
            floor.token,
          );
          return list.body.ResponseData.map((r) => `${r.CartonId}:${r.TotalQty}`);
        },
        { timeout: 30_000 },
      )
      .toEqual([`${sid}:3`]);
    await page.getByRole('cell', { name: sid }).waitFor();
    await screenshot(page, 'secondary-packing-closed');
  });

  it('a pack already packed here is refused, and a fractional carton asks for its remark first', async () => {
    await page.goto('/transaction/secondary-packing');
    await page.getByText(/^Data as of/).waitFor();
    await page.getByLabel('Carton Size', { exact: true }).first().click();
    await page.getByRole('option', { name: floor.sizeLabel }).click();
    await scan(url(FROM + 1));
    await verdict()
      .getByText(PACKING_MSG.packed(floor.sid(0)))
      .waitFor();
    await scan(url(FROM + 10));
    await page.getByRole('button', { name: 'Submit' }).click();
    const remark = page.getByRole('dialog', { name: PACKING_MSG.fractionalTitle });
    await remark.getByLabel(PACKING_MSG.fractional).fill('abc');
    await remark.getByRole('button', { name: 'OK' }).click();
    await remark.getByText(PACKING_MSG.fractional, { exact: true }).last().waitFor();
    await remark.getByLabel(PACKING_MSG.fractional).fill('End of line');
    await remark.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('dialog', { name: PACKING_MSG.secondarySlipTitle }).waitFor();
    await page.keyboard.type(floor.sid(1), { delay: 5 });
    await page.keyboard.press('Enter');
    await expect
      .poll(
        async () => {
          const list = await api(
            PACKING_API.secondaryList,
            {
              First: 1,
              PageSize: 50,
              SearchValue: floor.sid(1),
            },
            floor.token,
          );
          return list.body.ResponseData.map((r) => `${r.TotalQty}:${r.reason}`);
        },
        { timeout: 30_000 },
      )
      .toEqual(['1:End of line']);
    expect(await apiSignIn(floor.factory.email, floor.factory.password)).toBeTruthy();
  });
});
