// Scan-first (issue 27, Deliver item 2) in Chromium on a 360 x 740 touch handheld, as the factory user
// (prefix KA): a first packing scan with no carton size picked takes the product's default size, or
// else the size last used on this device, and locks it as a pick would; Replace sets PID or SID from
// the code scanned; Damage Carton's quick reasons fill the reason in one tap; Dispatch's Send To tiles
// put the targets this device sends to most first.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { PACKING_API, PACKING_MSG } from '../../src/shared/contracts/floor/packing.js';
import { PRODUCT_CONFIG_API } from '../../src/shared/contracts/product-configuration.js';
import { FLOOR_CACHE_API } from '../../src/shared/contracts/floor/cache.js';
import { REPLACE_MSG } from '../../src/shared/contracts/floor/replace.js';
import { CARTON_DAMAGE_MSG } from '../../src/shared/contracts/floor/carton-damage.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api, apiSignIn, ok } from '../helpers/api-client.js';
import { ADMIN, screenshot } from '../helpers/browser.js';
import { floorSetup, makeCartonSize, type FloorSetup } from '../helpers/floor-browser.js';
import { unsent, wedgeScan } from '../helpers/floor-page.js';
import { useBrowser } from '../helpers/use-browser.js';
import { en } from '../../src/client/floor/words/en.js';

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
  // Loose secondary cartons of the product: two for the tertiary screen, one for Replace, one to damage.
  for (const [i, first] of [FROM + 20, FROM + 23, FROM + 26, FROM + 40].entries())
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

describe('Scan-first Replace, Damage Carton and Dispatch on a handheld', () => {
  it('Replace takes PID or SID from the code scanned, and says so when the other kind is chosen', async () => {
    const { page } = await b.open({ device: 'handheld', as: floor.factory });
    await page.goto('/transaction/replace');
    await page.getByText(/^Data as of/).waitFor();
    const radio = (name: string) => page.getByRole('radio', { name });
    const dialog = page.getByRole('dialog', { name: REPLACE_MSG.dialogTitle });
    await page.getByLabel('QR Code', { exact: true }).focus();

    // No type chosen: a pack's code is a PID.
    await wedgeScan(page, url(FROM + 30));
    await dialog.waitFor();
    await verdict(page)
      .getByText(`KA${FROM + 30}: scan the new code.`)
      .waitFor();
    expect(await radio('Primary Qr Code (PID)').isChecked()).toBe(true);
    await screenshot(page, 'scan-first-replace-pid');
    await dialog.getByRole('button', { name: 'Cancel' }).tap();
    await dialog.waitFor({ state: 'detached' });

    // PID chosen, a carton slip scanned: refused, saying what it is.
    await page.getByLabel('QR Code', { exact: true }).focus();
    await wedgeScan(page, floor.sid(2));
    await verdict(page)
      .getByText(REPLACE_MSG.sidNotPid(floor.sid(2)))
      .waitFor();

    // A fresh form: a carton slip is a SID.
    await page.reload();
    await page.getByText(/^Data as of/).waitFor();
    await page.getByLabel('QR Code', { exact: true }).focus();
    await wedgeScan(page, floor.sid(2));
    await dialog.waitFor();
    await verdict(page)
      .getByText(`${floor.sid(2)}: scan the new slip.`)
      .waitFor();
    expect(await radio('Secondary Carton Slips (SID)').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).tap();
    await dialog.waitFor({ state: 'detached' });
    // SID chosen, a pack's code scanned: refused, with the spec's words first.
    await page.getByLabel('QR Code', { exact: true }).focus();
    await wedgeScan(page, url(FROM + 31));
    await verdict(page).getByText(REPLACE_MSG.pidNotSid).waitFor();
  });

  it('Damage Carton: a quick reason fills the reason in one tap and the damage goes through', async () => {
    const { page } = await b.open({ device: 'handheld', as: floor.factory });
    await page.goto('/transaction/Damage-carton');
    await page.getByText(/^Data as of/).waitFor();
    const quick = page.getByRole('group', { name: 'Quick reasons' });
    for (const name of ['Torn carton', 'Wet / water damage', 'Crushed', 'Pack leaking']) {
      const box = await quick.getByRole('button', { name, exact: true }).boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(48);
    }
    await quick.getByRole('button', { name: 'Wet / water damage', exact: true }).tap();
    expect(await page.getByLabel('Reason of damage').inputValue()).toBe('Wet / water damage');
    // The hint moves on from the reason to the carton.
    await page.getByText(en.reasonGiven, { exact: true }).waitFor();
    await screenshot(page, 'scan-first-damage-reasons');
    // The tap left focus in the scan box: the scanner's next code is the carton.
    await wedgeScan(page, floor.sid(3));
    const confirm = page.getByRole('dialog', { name: CARTON_DAMAGE_MSG.confirmTitle });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).tap();
    await verdict(page)
      .getByText(`${floor.sid(3)} damaged: queued to send.`)
      .waitFor();
    // Sent, and taken by the server (the outbox holds nothing unsent).
    await expect.poll(() => unsent(page), { timeout: 60_000 }).toBe(0);
    expect(await page.getByLabel('Reason of damage').inputValue()).toBe('');
  });

  it("Dispatch shows the targets as large tiles, this device's most used first", async () => {
    const { page } = await b.open({ device: 'handheld', as: floor.factory });
    const sites = (await ok('dispatch cache', api(FLOOR_CACHE_API.dispatch, undefined, floor.token))).Sites;
    expect(sites.length).toBeGreaterThan(1);
    await page.goto('/transaction/dispatch');
    await page.getByText(/^Data as of/).waitFor();
    const tiles = page.getByRole('group', { name: 'Send To targets' }).getByRole('button');
    const labels = () => tiles.allInnerTexts();
    await expect.poll(async () => (await labels()).length).toBeGreaterThan(1);
    const before = await labels();
    for (const t of await tiles.all()) expect((await t.boundingBox())!.height).toBeGreaterThanOrEqual(48);

    // This device has sent three dispatches to the last tile's site and one to the first's.
    const last = sites.find((s) => s.Name === before[before.length - 1])!;
    const second = sites.find((s) => s.Name === before[0])!;
    await page.evaluate(
      (value) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('fieldtrace');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('kv', 'readwrite');
            tx.objectStore('kv').put({ key: 'device:send-to-uses', value });
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
          };
        }),
      { [`WareHouse:${last.SiteId}`]: 3, [`WareHouse:${second.SiteId}`]: 1 },
    );
    await page.reload();
    await page.getByText(/^Data as of/).waitFor();
    await expect.poll(async () => (await labels()).slice(0, 2)).toEqual([last.Name, second.Name]);
    await screenshot(page, 'scan-first-dispatch-tiles');

    // A tile is the target picked: the Send To list shows it, its billing address below.
    await tiles.first().tap();
    expect(await page.getByLabel('Send To', { exact: true }).first().inputValue()).toBe(last.Name);
    await page.getByLabel('Billing address').waitFor();
    expect(await tiles.first().getAttribute('aria-pressed')).toBe('true');
  });
});
