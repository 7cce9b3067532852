// A code retired by Replace on one device, refused by another that is offline: the factory replaces a
// torn pack code through the API (as a second handheld's outbox would send it); the factory's handheld
// signs in afterwards, so its cache refresh carries the retired code, then the network goes. On
// Secondary Packing at 360 x 740 touch the retired code is refused with the server's message and packs
// nothing; the code that took its place packs.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { REPLACE_API, REPLACE_MSG } from '../../src/shared/contracts/floor/replace.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api, ok } from '../helpers/api-client.js';
import { screenshot } from '../helpers/browser.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { packingOffline, wedgeScan } from '../helpers/floor-page.js';
import { useBrowser } from '../helpers/use-browser.js';

// This file's own band of KA (no other browser test maps 491_001..491_020).
const FROM = 491_001;
const OLD = FROM + 4;
const NEW = FROM + 5;
const codes = codeMac(inject('codeSecret'));
const uid = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);

const b = useBrowser();
let floor: FloorSetup;

beforeAll(async () => {
  floor = await floorSetup({ from: FROM, to: FROM + 19, size: 3, slips: 2 });
}, 120_000);

describe('a code retired on another device', () => {
  it("is refused offline on Secondary Packing with the server's message; its successor packs", async () => {
    await ok(
      'replace',
      api(REPLACE_API.replace, { FistQrCode: uid(OLD), Type: 'PID', SecondQrCode: uid(NEW) }, floor.token),
    );
    const replacedAt = Date.now();

    // Signed in by packingOffline, after the replace.
    const { context, page } = await b.open({ device: 'handheld' });
    try {
      await packingOffline(page, context, floor.factory, floor.sizeLabel, replacedAt);
      await wedgeScan(page, uid(OLD));
      await page.getByText(REPLACE_MSG.retired, { exact: true }).waitFor();
      expect(await page.getByTestId('packed-count').innerText()).toBe('0 / 3');
      await screenshot(page, 'retired-code-refused-offline-360');
      await wedgeScan(page, uid(NEW));
      await page.getByText(`KA${NEW} added`, { exact: true }).waitFor();
      expect(await page.getByTestId('packed-count').innerText()).toBe('1 / 3');
    } catch (e) {
      await screenshot(page, 'retired-code-failed').catch(() => undefined);
      throw e;
    }
  });
});
