// Scan-first (issue 27, Deliver item 2) in Chromium on a 360 x 740 touch handheld, as the factory user
// (prefix KA): a first packing scan with no carton size picked takes the product's default size, or
// else the size last used on this device, and locks it as a pick would.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { PACKING_API, PACKING_MSG } from '../../src/shared/contracts/floor/packing.js';
import { PRODUCT_CONFIG_API } from '../../src/shared/contracts/product-configuration.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api, apiSignIn, ok } from '../helpers/api-client.js';
import { ADMIN, screenshot } from '../helpers/browser.js';
import { floorSetup, makeCartonSize, type FloorSetup } from '../helpers/floor-browser.js';
import { wedgeScan } from '../helpers/floor-page.js';
import { useBrowser } from '../helpers/use-browser.js';

const codes = codeMac(inject('codeSecret'));
const uid = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const url = (n: number) => codeUrl(inject('baseUrl'), uid(n));
const FROM = 561_001; // a band of its own: FROM..FROM+49 the product with defaults, FROM+100.. one without
const PLAIN = FROM + 100;

const b = useBrowser();
let admin: string;
let floor: FloorSetup;
let plain: FloorSetup;
let tertiarySize: { id: number; label: string };

/** Sets a product's default carton sizes, keeping its flags. */
async function setDefaults(productId: number, SecondaryCartonId: number | null, TertiaryCartonId: number | null) {
  const now = await ok('read', api(PRODUCT_CONFIG_API.read, undefined, admin, { productId }));
  await ok(
    'defaults',
    api(
      PRODUCT_CONFIG_API.save,
      {
        ProductId: productId,
        ProdConfiguration: now.ProdConfiguration,
        BtnType: 'btnsingle',
        SecondaryCartonId,
        TertiaryCartonId,
      },
      admin,
    ),
  );
}

beforeAll(async () => {
  admin = await apiSignIn(ADMIN.email, ADMIN.password);
  // Packs older than any other file's of the product: its cartons here are never held back as newer
  // stock, and the tertiary carton they go into is closed, so they are never another file's older stock.
  floor = await floorSetup({ from: FROM, to: FROM + 49, size: 3, slips: 6, mfgDate: '2019-01-10', product: 1 });
  plain = await floorSetup({ from: PLAIN, to: PLAIN + 19, size: 4, slips: 1, product: 3 });
  tertiarySize = await makeCartonSize(2);
  await setDefaults(floor.productId, floor.sizeId, tertiarySize.id);
  await setDefaults(plain.productId, null, null);
  // Two loose secondary cartons of the product, for the tertiary screen.
  for (const [i, first] of [FROM + 20, FROM + 23].entries())
    await ok(
      'pack',
      api(
        PACKING_API.secondarySave,
        {
          cartonMasterId: floor.sizeId,
          scanned: [0, 1, 2].map((k) => ({ UID: uid(first + k) })),
          reason: '',
          CartonName: floor.sid(i),
        },
        floor.token,
      ),
    );
});

afterAll(async () => {
  // Other files pack these products with a size they pick.
  if (floor) await setDefaults(floor.productId, null, null);
});

const picker = (page: Page) => page.getByLabel('Carton Size', { exact: true }).first();
const verdict = (page: Page) => page.getByRole('status').first();
const count = (page: Page) => page.getByTestId('packed-count').innerText();

async function openPacking(page: Page, path: string, box: string) {
  await page.goto(path);
  await page.getByText(/^Data as of/).waitFor();
  await page.getByLabel(box, { exact: true }).focus();
}

/** Another operator's first carton on this handheld: their draft is empty, the device's memory stays. */
const dropDrafts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('fieldtrace');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('kv', 'readwrite');
          const store = tx.objectStore('kv');
          store.openCursor().onsuccess = (e) => {
            const cursor = (e.target as IDBRequest<IDBCursorWithValue | null>).result;
            if (!cursor) return;
            if (String(cursor.key).startsWith('floor-draft:')) cursor.delete();
            cursor.continue();
          };
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
  );

describe('Scan-first packing on a handheld', () => {
  it("a first scan with no size picked takes the product's default and locks it", async () => {
    const { page } = await b.open({ device: 'handheld', as: floor.factory });
    await openPacking(page, '/transaction/secondary-packing', 'Scan items');
    expect(await picker(page).inputValue()).toBe('');
    await wedgeScan(page, url(FROM));
    await verdict(page).getByText(`KA${FROM} added`).waitFor();
    // The picker shows the size taken, locked by the first row as a picked size is.
    expect(await picker(page).inputValue()).toBe(floor.sizeLabel);
    expect(await picker(page).isDisabled()).toBe(true);
    await expect.poll(() => count(page)).toBe('1 / 3');
    await screenshot(page, 'scan-first-default-size');

    // Tertiary Packing takes the product's tertiary default from the scanned carton's product.
    await openPacking(page, '/transaction/tertiary-packing', 'Scan cartons');
    await wedgeScan(page, floor.sid(0));
    await verdict(page)
      .getByText(`${floor.sid(0)} added`)
      .waitFor();
    expect(await picker(page).inputValue()).toBe(tertiarySize.label);
    expect(await picker(page).isDisabled()).toBe(true);
    await expect.poll(() => count(page)).toBe('1 / 2');
    await wedgeScan(page, floor.sid(1));
    const dialog = page.getByRole('dialog', { name: PACKING_MSG.tertiarySlipTitle });
    await dialog.waitFor();
    await wedgeScan(page, floor.tid(0));
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => count(page)).toBe('0 / 2');
  });

  it('without a default, the size last used on this device; with neither, the refusal as before', async () => {
    const { page } = await b.open({ device: 'handheld', as: floor.factory });
    await openPacking(page, '/transaction/secondary-packing', 'Scan items');
    // A fresh device, a product without a default: nothing to take.
    await wedgeScan(page, url(PLAIN));
    await verdict(page).getByText(PACKING_MSG.selectCartonSize).waitFor();
    expect(await picker(page).inputValue()).toBe('');

    // Picked once here, the size is remembered by the device.
    await picker(page).click();
    await page.getByRole('option', { name: plain.sizeLabel }).click();
    await page.getByLabel('Scan items', { exact: true }).focus();
    await wedgeScan(page, url(PLAIN));
    await verdict(page).getByText(`KA${PLAIN} added`).waitFor();

    await dropDrafts(page);
    await openPacking(page, '/transaction/secondary-packing', 'Scan items');
    await expect.poll(() => count(page)).toBe('0 / –');
    await wedgeScan(page, url(PLAIN + 1));
    await verdict(page)
      .getByText(`KA${PLAIN + 1} added`)
      .waitFor();
    expect(await picker(page).inputValue()).toBe(plain.sizeLabel);
    expect(await picker(page).isDisabled()).toBe(true);
    await expect.poll(() => count(page)).toBe('1 / 4');

    // The product's own default comes before the size last used.
    await dropDrafts(page);
    await openPacking(page, '/transaction/secondary-packing', 'Scan items');
    await wedgeScan(page, url(FROM + 1));
    await verdict(page)
      .getByText(`KA${FROM + 1} added`)
      .waitFor();
    expect(await picker(page).inputValue()).toBe(floor.sizeLabel);
  });
});
