// The floor's scan box in Chromium at 360 x 740 on a touch screen, on its harness (no floor screen
// draws it yet: tests/helpers/scan-box-harness.ts): a keyboard-wedge scanner's burst with Enter, with
// Tab and with no suffix, a person typing, the handheld's keyboard and focus rules, and the camera,
// Chromium's fake one filming a QR code, read by ZXing (fetched only when the camera opens) and
// handed to onScan once however long it stays in view.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { codeUrl } from '../../src/shared/codes.js';
import { screenshot } from '../helpers/browser.js';
import { fakeCameraArgs, qrVideo } from '../helpers/fake-camera.js';
import { serveScanBoxHarness, type Harness } from '../helpers/scan-box-harness.js';
import { useBrowser } from '../helpers/use-browser.js';

const codes = codeMac('scan box browser test');
const UID = codes.make({ kind: 'S', prefix: 'KA' }, 4217); // the code the fake camera films
const OTHER = codes.make({ kind: 'P', prefix: '' }, 90001);
const url = (uid: string) => codeUrl('https://trace.example.in', uid);
const packed = (uid: string) => `Packed ${uid.slice(0, 4)}…${uid.slice(-4)}`;
const WAIT = { timeout: 30_000 };

let harness: Harness;
let videoDir: string;
const b = useBrowser({
  args: async () => {
    videoDir = mkdtempSync(join(tmpdir(), 'fieldtrace-fake-camera-'));
    return fakeCameraArgs(await qrVideo(url(UID), videoDir));
  },
});
/** Uncaught errors in the page (a tone, a vibration or the camera must never throw). */
const pageErrors: string[] = [];

beforeAll(async () => {
  harness = await serveScanBoxHarness();
});
afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await harness?.close();
  if (videoDir) rmSync(videoDir, { recursive: true, force: true });
});

/** A fresh handheld (or `device`) with the camera allowed, on the harness; `init` runs in the page first. */
async function open(init?: string, device: 'handheld' | 'desktop' = 'handheld'): Promise<Page> {
  const { context, page } = await b.open({ device, baseURL: harness.url, permissions: ['camera'] });
  // Counts the camera tracks stopped, to see the camera released (from the first navigation on).
  await context.addInitScript(`window.stoppedTracks = 0;
    const stop = MediaStreamTrack.prototype.stop;
    MediaStreamTrack.prototype.stop = function () { window.stoppedTracks++; return stop.call(this); };
    ${init ?? ''}`);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto('/');
  await expect.poll(() => focusedLabel(page), WAIT).toBe('Scan a pack');
  return page;
}

const box = (page: Page) => page.getByRole('textbox', { name: 'Scan a pack' });
const status = (page: Page) => page.getByRole('status');
const area = (page: Page) => page.locator('.ft-scan');
/** What onScan was given, in order. */
const scans = (page: Page) => page.evaluate(() => (window as unknown as { scans: string[] }).scans);
/** The label of the focused field, or its tag. */
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.labels?.[0]?.textContent ?? el?.tagName ?? '';
  });

describe('a keyboard-wedge scanner', () => {
  it('types a QR URL and Enter: onScan gets the uid, the area flashes green, the message shows large, the box is ready again', async () => {
    const page = await open();
    // Playwright's keys follow each other within a few ms: a scanner's speed.
    await page.keyboard.type(url(UID));
    await page.keyboard.press('Enter');
    await expect.poll(() => scans(page), WAIT).toEqual([UID]);
    await screenshot(page, 'scan-box-ok-360');
    expect(await status(page).innerText()).toBe(packed(UID));
    expect(await area(page).getAttribute('data-verdict')).toBe('ok');
    expect(await page.locator('.ft-scan__flash').getAttribute('data-tone')).toBe('ok');
    expect(await status(page).evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(24);
    expect(await box(page).inputValue()).toBe('');
    expect(await focusedLabel(page)).toBe('Scan a pack');

    // The next scan straight after, a red one, answered in its turn.
    await page.keyboard.type('SIDXX');
    await page.keyboard.press('Enter');
    await expect.poll(() => scans(page), WAIT).toEqual([UID, 'SIDXX']);
    await expect.poll(() => area(page).getAttribute('data-verdict'), WAIT).toBe('error');
    expect(await page.locator('.ft-scan__flash').getAttribute('data-tone')).toBe('error');
    expect(await status(page).innerText()).toBe('Not a Fieldtrace code');
    await screenshot(page, 'scan-box-error-360');
  });

  it('with no suffix, a whole code ends the scan when the keys stop; with Tab, focus stays in the box', async () => {
    const page = await open();
    await page.keyboard.type(url(OTHER));
    await expect.poll(() => scans(page), WAIT).toEqual([OTHER]);
    expect(await status(page).innerText()).toBe(packed(OTHER));
    expect(await box(page).inputValue()).toBe('');

    await page.keyboard.type(UID);
    await page.keyboard.press('Tab');
    await expect.poll(() => scans(page), WAIT).toEqual([OTHER, UID]);
    expect(await focusedLabel(page)).toBe('Scan a pack');
  });

  it('a person types slowly and presses Enter: the same path, answered in red for a wrong code', async () => {
    const page = await open();
    await page.keyboard.type('hello', { delay: 250 });
    // Keys 250 ms apart are no scanner's: nothing is taken until Enter.
    await page.waitForTimeout(400);
    expect(await scans(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => scans(page), WAIT).toEqual(['hello']);
    expect(await area(page).getAttribute('data-verdict')).toBe('error');
    expect(await status(page).innerText()).toBe('Not a Fieldtrace code');
  });
});

describe('on a handheld', () => {
  it('keeps the soft keyboard down until asked, has 48 px targets, and fits 360 px', async () => {
    const page = await open();
    expect(await box(page).getAttribute('inputmode')).toBe('none');
    for (const name of ['Type with the keyboard', 'Scan with the camera']) {
      const rect = (await page.getByRole('button', { name }).boundingBox())!;
      expect(rect.width).toBeGreaterThanOrEqual(48);
      expect(rect.height).toBeGreaterThanOrEqual(48);
      expect(rect.x + rect.width).toBeLessThanOrEqual(360);
    }
    expect((await box(page).boundingBox())!.height).toBeGreaterThanOrEqual(48);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const keyboard = page.getByRole('button', { name: 'Type with the keyboard' });
    await keyboard.tap();
    await expect.poll(() => box(page).getAttribute('inputmode'), WAIT).toBe('text');
    expect(await keyboard.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => focusedLabel(page), WAIT).toBe('Scan a pack');
    await page.keyboard.type('hello', { delay: 200 });
    await page.keyboard.press('Enter');
    await expect.poll(() => scans(page), WAIT).toEqual(['hello']);
    // A scan puts the keyboard away again: the next one comes from the trigger.
    await expect.poll(() => box(page).getAttribute('inputmode'), WAIT).toBe('none');
  });

  it('takes focus back from the page, but not from another field or a dialog', async () => {
    const page = await open();
    await page.touchscreen.tap(180, 720); // empty page below the screen's content
    await expect.poll(() => focusedLabel(page), WAIT).toBe('Scan a pack');

    await page.getByRole('textbox', { name: 'Note' }).tap();
    await page.waitForTimeout(300);
    expect(await focusedLabel(page)).toBe('Note');

    await page.getByRole('button', { name: 'Open a dialog' }).tap();
    const dialog = page.getByRole('dialog', { name: 'A dialog' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'Dialog field' }).tap();
    await page.waitForTimeout(300);
    expect(await focusedLabel(page)).toBe('Dialog field');
  });
  it('is disabled while the screen saves, and takes the focus back when enabled again', async () => {
    const page = await open();
    await page.keyboard.type('SAVE');
    await page.keyboard.press('Enter');
    await expect.poll(() => box(page).isDisabled(), WAIT).toBe(true);
    expect(await page.getByRole('button', { name: 'Scan with the camera' }).isDisabled()).toBe(true);
    await expect.poll(() => box(page).isDisabled(), WAIT).toBe(false);
    await expect.poll(() => focusedLabel(page), WAIT).toBe('Scan a pack');
    await page.keyboard.type(url(UID));
    await page.keyboard.press('Enter');
    await expect.poll(() => scans(page), WAIT).toEqual(['SAVE', UID]);
  });
});

describe('the camera', () => {
  it("opens full screen, reads the fake camera's QR with ZXing fetched only now, hands onScan the uid once, and stops on close", async () => {
    const page = await open();
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(r.url()));
    await page.waitForTimeout(500);
    expect(fetched.filter((u) => u.includes('camera-zxing'))).toEqual([]);

    await page.getByRole('button', { name: 'Scan with the camera' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Scan with the camera' });
    await dialog.waitFor();
    await expect.poll(() => scans(page), WAIT).toEqual([UID]);
    await expect.poll(() => dialog.getByText(packed(UID)).isVisible(), WAIT).toBe(true);
    await screenshot(page, 'scan-box-camera-360');
    const panel = (await page.locator('.ft-camera').boundingBox())!;
    expect(panel.width).toBe(360);
    expect(panel.height).toBe(740);
    expect(fetched.filter((u) => u.includes('camera-zxing'))).toHaveLength(1);

    // The code stays in view for 2.5 s: the same pack, not new scans.
    await page.waitForTimeout(2500);
    expect(await scans(page)).toEqual([UID]);

    await dialog.getByRole('button', { name: 'Close camera' }).tap();
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(false);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { stoppedTracks: number }).stoppedTracks), WAIT)
      .toBeGreaterThan(0);
    await expect.poll(() => focusedLabel(page), WAIT).toBe('Scan a pack');
    expect(await status(page).innerText()).toBe(packed(UID));
    await screenshot(page, 'scan-box-after-camera-360');
  });

  it("uses the browser's BarcodeDetector where it reads QR, and never fetches ZXing", async () => {
    // Chromium on Linux has no BarcodeDetector that reads QR; this stand-in answers for a live frame
    // the way Chrome on Android's does, so the choice and the native path are what is tested.
    const page = await open(`window.BarcodeDetector = class {
      static async getSupportedFormats() { return ['qr_code', 'ean_13']; }
      constructor(o) { window.detectorFormats = o.formats; }
      async detect(video) { return video.videoWidth > 0 ? [{ rawValue: ${JSON.stringify(url(OTHER))} }] : []; }
    };`);
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(r.url()));
    await page.getByRole('button', { name: 'Scan with the camera' }).tap();
    await expect.poll(() => scans(page), WAIT).toEqual([OTHER]);
    expect(await page.evaluate(() => (window as unknown as { detectorFormats: string[] }).detectorFormats)).toEqual([
      'qr_code',
    ]);
    expect(fetched.filter((u) => u.includes('camera-zxing'))).toEqual([]);
  });

  it('on a desktop opens as a dialog over the screen, and reads the code the same way', async () => {
    const page = await open(undefined, 'desktop');
    await page.keyboard.type(url(OTHER));
    await page.keyboard.press('Enter');
    await expect.poll(() => scans(page), WAIT).toEqual([OTHER]);
    await page.getByRole('button', { name: 'Scan with the camera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan with the camera' });
    await expect.poll(() => scans(page), WAIT).toEqual([OTHER, UID]);
    const panel = (await page.locator('.ft-camera').boundingBox())!;
    expect(panel.width).toBeLessThan(1000);
    await expect.poll(() => dialog.getByText(packed(UID)).isVisible(), WAIT).toBe(true);
    await screenshot(page, 'scan-box-camera-desktop');
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedLabel(page), WAIT).toBe('Scan a pack');
  });
});
