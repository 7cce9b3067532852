// Secondary Packing with the camera, in Chromium on a 360 x 740 touch handheld, as the factory user:
// Chromium's fake camera films the QR of a mapped KA pack (its whole URL, as printed), ZXing reads it,
// and the pack lands in the carton once however long the camera keeps seeing it. The carton is then
// finished from the scan box and closed with its slip, so no draft is left behind. Its own KA range
// (420001-420100) and carton size keep it apart from the other floor tests on the same server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { PACKING_API, PACKING_MSG } from '../../src/shared/contracts/floor/packing.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api } from '../helpers/api-client.js';
import { screenshot, signIn } from '../helpers/browser.js';
import { fakeCameraArgs, qrVideo } from '../helpers/fake-camera.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const codes = codeMac(inject('codeSecret'));
const url = (n: number) => codeUrl(inject('baseUrl'), codes.make({ kind: 'S', prefix: 'KA' }, n));
const FROM = 420_001;
const SIZE = 3;
const WAIT = { timeout: 30_000 };

let videoDir: string;
const b = useBrowser({
  args: async () => {
    videoDir = mkdtempSync(join(tmpdir(), 'fieldtrace-packing-camera-'));
    // The camera films the first pack of the range for as long as it is open (the video loops).
    return fakeCameraArgs(await qrVideo(url(FROM), videoDir, 'ka-420001'));
  },
});
let page: Page;
let floor: FloorSetup;
/** Uncaught errors in the page: the camera and the screen must never throw. */
const pageErrors: string[] = [];

beforeAll(async () => {
  floor = await floorSetup({ from: FROM, to: FROM + 99, size: SIZE, slips: 5 });
  ({ page } = await b.open({ device: 'handheld', permissions: ['camera'] }));
  page.on('pageerror', (e) => pageErrors.push(e.message));
  // Signed in once the listener is on, so an error on the sign-in screen counts too.
  await signIn(page, floor.factory.email, floor.factory.password);
});
afterAll(() => {
  if (videoDir) rmSync(videoDir, { recursive: true, force: true });
});

const scanBox = () => page.getByLabel('Scan items', { exact: true });
const count = () => page.getByTestId('packed-count').innerText();
/** The scanned list's rows, by their visible numbers. */
const rows = () => page.getByRole('list', { name: 'Scanned' }).locator('li .ft-packing__main').allInnerTexts();
/** A wedge scanner: the code's characters a few ms apart, then Enter. */
async function scan(text: string) {
  await scanBox().focus();
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}

describe('Secondary Packing with the camera on a handheld', () => {
  it('adds the pack the camera films once, shows its verdict, and the carton closes with its slip after the camera', async () => {
    await page.goto('/transaction/secondary-packing');
    await page.getByText(/^Data as of/).waitFor();
    await page.getByLabel('Carton Size', { exact: true }).first().click();
    await page.getByRole('option', { name: floor.sizeLabel }).click();
    await expect.poll(count, WAIT).toBe(`0 / ${SIZE}`);

    await page.getByRole('button', { name: 'Scan with the camera' }).tap();
    const camera = page.getByRole('dialog', { name: 'Scan with the camera' });
    await camera.waitFor();
    // The verdict, shown in the camera panel too so the operator need not look away from the pack.
    await camera.getByText(`KA${FROM} added`, { exact: true }).waitFor();
    await expect.poll(count, WAIT).toBe(`1 / ${SIZE}`);
    await expect.poll(() => camera.locator('.ft-camera__view').getAttribute('data-status'), WAIT).toBe('on');
    await screenshot(page, 'secondary-packing-camera-360');
    const panel = (await page.locator('.ft-camera').boundingBox())!;
    expect([panel.width, panel.height]).toEqual([360, 740]);

    // The code stays in view for 2.5 s more: the same pack, never a second row or 'already Scanned'.
    await page.waitForTimeout(2500);
    expect(await camera.getByText(PACKING_MSG.alreadyScanned).count()).toBe(0);
    expect(await camera.getByText(`KA${FROM} added`, { exact: true }).isVisible()).toBe(true);

    await camera.getByRole('button', { name: 'Close camera' }).tap();
    await camera.waitFor({ state: 'detached' });
    // The screen under it: the row once, its count, and the verdict in the scan box.
    expect(await rows()).toEqual([`KA${FROM}`]);
    expect(await page.getByText(`KA${FROM}`, { exact: true }).count()).toBe(1);
    expect(await count()).toBe(`1 / ${SIZE}`);
    await page.getByRole('status').first().getByText(`KA${FROM} added`, { exact: true }).waitFor();
    await expect
      .poll(
        () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? ''),
        WAIT,
      )
      .toBe('Scan items');
    await screenshot(page, 'secondary-packing-after-camera-360');

    // The rest from the scan box: the carton fills, the slip dialog opens by itself, the slip closes it.
    await scan(url(FROM));
    await page.getByRole('status').first().getByText(PACKING_MSG.alreadyScanned).waitFor();
    await scan(url(FROM + 1));
    await scan(url(FROM + 2));
    const slip = page.getByRole('dialog', { name: PACKING_MSG.secondarySlipTitle });
    await slip.waitFor();
    expect(await rows()).toEqual([`KA${FROM + 2}`, `KA${FROM + 1}`, `KA${FROM}`]);
    const sid = floor.sid(0);
    await page.keyboard.type(sid, { delay: 5 });
    await page.keyboard.press('Enter');
    await slip.waitFor({ state: 'detached' });
    await expect.poll(count, WAIT).toBe(`0 / ${SIZE}`);

    // The outbox sends it; the server holds the carton once, with the camera's pack in it.
    await expect
      .poll(async () => {
        const list = await api(PACKING_API.secondaryList, { First: 1, PageSize: 50, SearchValue: sid }, floor.token);
        return list.body.ResponseData.map((r) => `${r.CartonId}:${r.TotalQty}`);
      }, WAIT)
      .toEqual([`${sid}:${SIZE}`]);
    expect(pageErrors).toEqual([]);
  });
});
