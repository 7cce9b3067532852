// Replace in Chromium on a 360 x 740 touch handheld, as the factory user (prefix KA), on cartons the
// factory packed through the API: the spec's messages for bad scans; a packed pack code (PID) loads
// its details from the device cache (its Secondary Carton) and the dialog takes the new code of the
// same batch; the form resets; once the outbox has sent it the old code resolves as replaced (naming
// the new one) and the new one is in the carton. Then a torn carton slip (SID) is replaced with the
// network off, and reaches the server once the device is back online. Last, the screen on a desktop.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { codeUrl, makeSlipId } from '../../src/shared/codes.js';
import { PACKING_API, PACKING_MSG } from '../../src/shared/contracts/floor/packing.js';
import { REPLACE_API, REPLACE_MSG } from '../../src/shared/contracts/floor/replace.js';
import { MAPPING_API } from '../../src/shared/contracts/numbers/mapping.js';
import { QR_SCAN_MSG, STATIC_PAIR_API } from '../../src/shared/contracts/numbers/static-pair.js';
import { PRODUCT_API } from '../../src/shared/contracts/product.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api, ok } from '../helpers/api-client.js';
import { screenshot } from '../helpers/browser.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { boxFocused, goOffline, goOnline, wedgeScan } from '../helpers/floor-page.js';
import { useBrowser } from '../helpers/use-browser.js';

const codes = codeMac(inject('codeSecret'));
const uid = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const url = (n: number) => codeUrl(inject('baseUrl'), uid(n));
const FROM = 482_001; // a band of its own: FROM..FROM+99 mapped, FROM+200.. another batch, FROM+900 never
const OTHER_BATCH = FROM + 200;
const shown = (n: number) => `KA${n}`;
const WAIT = { timeout: 30_000 };

const b = useBrowser();
let context: BrowserContext;
let page: Page;
let floor: FloorSetup;
/** The packed cartons: codes FROM..FROM+2 and FROM+20..FROM+22. */
let sidA: string;
let sidB: string;

const pack = (first: number, sid: string) =>
  ok(
    'pack',
    api(
      PACKING_API.secondarySave,
      {
        cartonMasterId: floor.sizeId,
        scanned: [0, 1, 2].map((i) => ({ UID: uid(first + i) })),
        reason: '',
        CartonName: sid,
      },
      floor.token,
    ),
  );
const details = (FistQrCode: string, Type: 'PID' | 'SID') =>
  api(REPLACE_API.details, { FistQrCode, Type }, floor.token);

beforeAll(async () => {
  floor = await floorSetup({ from: FROM, to: FROM + 99, size: 3, slips: 10 });
  const products = await ok('products', api(PRODUCT_API.dropdown, undefined, floor.token));
  await ok(
    'other batch',
    api(
      MAPPING_API.save,
      {
        MappingId: 0,
        ProductId: products[0]!.ProductId,
        FromNo: OTHER_BATCH,
        ToNo: OTHER_BATCH + 9,
        Qty: 10,
        MFGDate: '2026-03-01',
        EXPDate: '',
        BatchNo: `FL-${OTHER_BATCH}`,
        Mrp: '',
        Remark: '',
        isPreprinted: false,
      },
      floor.token,
    ),
  );
  sidA = floor.sid(0);
  sidB = floor.sid(1);
  await pack(FROM, sidA);
  await pack(FROM + 20, sidB);
  // A tertiary carton of three: the device cache lists loose cartons only, so its SIDs are the server's to tell.
  for (const i of [2, 3, 4]) await pack(FROM + 20 * i, floor.sid(i));
  await ok(
    'tertiary',
    api(
      PACKING_API.tertiarySave,
      {
        cartonMasterId: floor.sizeId,
        scanned: [2, 3, 4].map((i) => ({ CartonId: floor.sid(i) })),
        reason: '',
        remark: '',
        CartonName: floor.tid(1),
      },
      floor.token,
    ),
  );
  // Signed in after the packing, so the device's first cache fill holds those cartons.
  ({ context, page } = await b.open({ device: 'handheld', as: floor.factory }));
});

const box = () => page.getByLabel('QR Code', { exact: true });
/** The main scan box's verdict (an offline banner is a status too). */
const verdict = () => page.locator('.ft-replace').getByRole('status').first();
const dialog = () => page.getByRole('dialog', { name: REPLACE_MSG.dialogTitle });
const table = () => page.getByRole('table', { name: 'Code to replace' });
const replaceButton = () => page.locator('.ft-replace__bar').getByRole('button', { name: 'Replace' });
const radio = (name: string) => page.getByRole('radio', { name });

/** A wedge scanner into the box that has focus (the dialog's when `inDialog`). */
async function scan(text: string, inDialog = false) {
  await boxFocused(page, inDialog);
  await wedgeScan(page, text);
}
async function choose(name: string) {
  await radio(name).check();
  await boxFocused(page);
}

const offline = () => goOffline(context);
const online = () => goOnline(context);

describe('Replace on a handheld', () => {
  it("refuses bad scans with the spec's messages; a packed code gives way to a new one of its batch", async () => {
    const before = await ok('details', details(uid(FROM + 1), 'PID'));
    const batch = await ok('batch', api(STATIC_PAIR_API.qrScan, { UID: uid(FROM + 1) }, floor.token));

    await page.goto('/transaction/replace');
    await page.getByText(/^Data as of/).waitFor();
    expect(await replaceButton().isDisabled()).toBe(true);
    await box().focus();
    // No type chosen: a code that is neither a pack code nor a carton slip asks for the type.
    await scan('hello');
    await verdict().getByText(REPLACE_MSG.chooseType).waitFor();
    await screenshot(page, 'replace-empty');

    await choose('Primary Qr Code (PID)');
    expect(await replaceButton().isDisabled()).toBe(false);
    await replaceButton().click();
    await verdict().getByText(REPLACE_MSG.firstScan).waitFor();
    await scan(url(FROM + 900)); // never mapped
    await verdict()
      .getByText(REPLACE_MSG.notMapped(shown(FROM + 900)))
      .waitFor();

    await choose('Secondary Carton Slips (SID)');
    await scan(url(FROM + 1));
    await verdict().getByText(REPLACE_MSG.pidNotSid).waitFor();
    await screenshot(page, 'replace-refused');

    // The packed code: its details from the device cache, its carton named; the dialog opens.
    await choose('Primary Qr Code (PID)');
    await scan(url(FROM + 1));
    await dialog().waitFor();
    await table().getByRole('cell', { name: sidA, exact: true }).waitFor();
    await table()
      .getByRole('cell', { name: shown(FROM + 1), exact: true })
      .waitFor();
    await table().getByRole('cell', { name: before[0]!.ProductName, exact: true }).waitFor();
    await boxFocused(page, true);
    await dialog().getByRole('button', { name: 'Replace' }).click();
    await dialog().getByText(REPLACE_MSG.enterQr).waitFor();
    await scan(url(FROM + 1), true);
    await dialog().getByText(REPLACE_MSG.sameCode).waitFor();
    await scan(url(FROM + 2), true);
    await dialog()
      .getByText(REPLACE_MSG.packed(shown(FROM + 2), sidA))
      .waitFor();
    await scan(url(OTHER_BATCH), true);
    const otherBatch = REPLACE_MSG.otherBatch(shown(OTHER_BATCH), batch.BatchNo, batch.MFGDate, batch.EXPDate);
    await dialog().getByText(otherBatch).waitFor();
    // The batch's dates as the label prints them (floorSetup maps MFG 2026-02-01), never ISO.
    expect(otherBatch).toContain(`(${batch.BatchNo}, MFG 01-02-2026, EXP `);
    await screenshot(page, 'replace-dialog');
    // Closed and opened again: the code stays loaded; online, the server added the description.
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
    await table().getByRole('cell', { name: before[0]!.ProductDscrptn, exact: true }).waitFor();
    await screenshot(page, 'replace-loaded');
    await table().scrollIntoViewIfNeeded();
    await screenshot(page, 'replace-loaded-table');
    await replaceButton().click();
    await dialog().waitFor();

    await scan(url(FROM + 10), true);
    await dialog().waitFor({ state: 'detached' });
    await verdict()
      .getByText(`${REPLACE_MSG.doneCode(shown(FROM + 1), shown(FROM + 10))} Queued to send.`)
      .waitFor();
    // The form resets: no type, nothing loaded, Replace disabled again.
    expect(await radio('Primary Qr Code (PID)').isChecked()).toBe(false);
    expect(await replaceButton().isDisabled()).toBe(true);
    await page.locator('.ft-replace').getByText('No Data found', { exact: true }).waitFor();
    expect(await table().count()).toBe(0);
    await screenshot(page, 'replace-done');

    // The outbox sent it: the old code is retired for good, the new one is in the carton.
    await expect
      .poll(
        async () => (await api(STATIC_PAIR_API.qrScan, { UID: uid(FROM + 1) }, floor.token)).body.ResponseMessage,
        WAIT,
      )
      .toBe(QR_SCAN_MSG.replaced(shown(FROM + 1), shown(FROM + 10)));
    expect((await details(uid(FROM + 1), 'PID')).body.ResponseMessage).toBe(REPLACE_MSG.replaced(shown(FROM + 1)));
    expect((await details(uid(FROM + 10), 'PID')).body.ResponseData).toEqual([
      { ...before[0]!, RandomNumber: shown(FROM + 10) },
    ]);

    // On this device too, before any refresh: the old code is refused, the new one is packed.
    await choose('Primary Qr Code (PID)');
    await scan(url(FROM + 1));
    await verdict()
      .getByText(REPLACE_MSG.replaced(shown(FROM + 1)))
      .waitFor();
  });

  it('a torn carton slip is replaced offline; the carton lives on under the new slip once sent', async () => {
    const fresh = floor.sid(5);
    await page.goto('/transaction/replace');
    await page.getByText(/^Data as of/).waitFor();
    await offline();
    await choose('Secondary Carton Slips (SID)');
    await scan(sidB.toLowerCase());
    await dialog().waitFor();
    await table().getByRole('cell', { name: sidB, exact: true }).first().waitFor();
    await scan(makeSlipId('SID', 26, 'NG', 1), true);
    await dialog().getByText(REPLACE_MSG.invalidSlip).waitFor();
    await scan(floor.tid(0), true);
    await dialog().getByText(REPLACE_MSG.onlySid).waitFor();
    await scan(sidA, true);
    await dialog().getByText(PACKING_MSG.slipUsed(sidA)).waitFor();
    await screenshot(page, 'replace-sid-dialog');
    await scan(fresh, true);
    await dialog().waitFor({ state: 'detached' });
    await verdict()
      .getByText(`${REPLACE_MSG.doneSlip(sidB, fresh)} Queued to send.`)
      .waitFor();
    // Nothing reached the server yet.
    expect((await details(sidB, 'SID')).body.ResponseCode).toBe('200');

    await online();
    await expect
      .poll(async () => (await details(sidB, 'SID')).body.ResponseMessage, WAIT)
      .toBe(REPLACE_MSG.cartonReplaced(sidB, fresh));
    expect((await details(fresh, 'SID')).body.ResponseData).toMatchObject([
      { RandomNumber: fresh, SecondaryCarton: fresh },
    ]);
    expect((await details(uid(FROM + 21), 'PID')).body.ResponseData).toMatchObject([{ SecondaryCarton: fresh }]);
  });

  it('a slip inside a tertiary carton here: offline the device places it (its cache lists the SIDs of each TID here); replaced once sent', async () => {
    const inner = floor.sid(3);
    const fresh = floor.sid(6);
    await page.goto('/transaction/replace');
    await page.getByText(/^Data as of/).waitFor();
    await offline();
    await choose('Secondary Carton Slips (SID)');
    await scan(inner);
    await dialog().waitFor();
    await table().getByRole('cell', { name: inner, exact: true }).first().waitFor();
    await scan(fresh, true);
    await dialog().waitFor({ state: 'detached' });
    await verdict()
      .getByText(`${REPLACE_MSG.doneSlip(inner, fresh)} Queued to send.`)
      .waitFor();
    await online();
    await expect
      .poll(async () => (await details(inner, 'SID')).body.ResponseMessage, WAIT)
      .toBe(REPLACE_MSG.cartonReplaced(inner, fresh));
    expect((await details(uid(FROM + 60), 'PID')).body.ResponseData).toMatchObject([{ SecondaryCarton: fresh }]);
  });

  it("on a desktop: the spec's table of the code to replace, and the dialog centred", async () => {
    const { page: p } = await b.open({ device: 'desktop', as: floor.factory });
    await p.goto('/transaction/replace');
    await p.getByText(/^Data as of/).waitFor();
    await p.getByRole('radio', { name: 'Primary Qr Code (PID)' }).check();
    await p.getByLabel('QR Code', { exact: true }).focus();
    await p.keyboard.type(url(FROM + 2), { delay: 4 });
    await p.keyboard.press('Enter');
    await p.getByRole('dialog', { name: REPLACE_MSG.dialogTitle }).waitFor();
    for (const h of ['Visible No', 'Product Name', 'Product Dscrptn', 'Secondary Carton']) {
      await p.getByRole('columnheader', { name: h, exact: true }).waitFor();
    }
    await p.getByRole('cell', { name: sidA, exact: true }).waitFor();
    await screenshot(p, 'replace-desktop');
  });
});
