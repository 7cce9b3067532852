// Dispatch in Chromium on a 360 x 740 touch handheld, as the factory user (prefix KA): three tertiary
// cartons (packed through the API) dispatched to the warehouse with the network cut, the spec's
// messages on the way, the invoice downloaded at once with the DID as its QR (read back with zbar);
// back online the dispatch reaches the server once. Then the older-stock flow: the dialog, its
// Older Stock List, going on with the newer carton, the approval remark stored on the dispatch. Then
// the scan table: the spec's headers and its 1/10/50/200/500 page sizes, on the handheld and a desktop.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { DISPATCH_API, DISPATCH_MSG, type DispatchRow } from '../../src/shared/contracts/floor/dispatch.js';
import { PACKING_API } from '../../src/shared/contracts/floor/packing.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api, ok } from '../helpers/api-client.js';
import { HANDHELD, screenshot } from '../helpers/browser.js';
import { floorSetup, FACTORY, type FloorSetup } from '../helpers/floor-browser.js';
import {
  boxFocused,
  cacheSince,
  workerInControl,
  goOffline,
  goOnline,
  readPdfDownload,
  storedKv,
  unsent,
  wedgeScan,
} from '../helpers/floor-page.js';
import { secondaryBody, tertiaryBody } from '../helpers/factories-floor.js';
import { useBrowser } from '../helpers/use-browser.js';

const codes = codeMac(inject('codeSecret'));
const url = (n: number) => codeUrl(inject('baseUrl'), codes.make({ kind: 'S', prefix: 'KA' }, n));
const FROM = 474_001;
const OLD_FROM = 476_001;
const TABLE_FROM = 477_001;
const WAREHOUSE = 'Pune Depot';

const b = useBrowser();
let context: BrowserContext;
let page: Page;

/** Secondary carton `i` of `f` holding codes from+2i and from+2i+1, packed through the API. */
const packSecondary = (f: FloorSetup, from: number, i: number) =>
  ok(
    'secondary',
    api(
      PACKING_API.secondarySave,
      secondaryBody(f.sizeId, [url(from + 2 * i), url(from + 2 * i + 1)], f.sid(i)),
      f.token,
    ),
  );

async function pastDispatches(token: string): Promise<DispatchRow[]> {
  return ok(
    'dispatch list',
    api(DISPATCH_API.list, { PageSize: 50, SortColumn: 'CreatedDt', SortOrder: 'DESC' }, token),
  );
}

/** The scan box's answer (the header's OFFLINE badge is a status too). */
const verdict = () => page.locator('.ft-scan__message[role="status"]').first();
const scanBox = () => page.getByLabel('Scan items', { exact: true });
async function scan(text: string) {
  await scanBox().focus();
  await wedgeScan(page, text);
}
async function pick(label: string, option: string) {
  await page.getByLabel(label, { exact: true }).first().click();
  await page.getByRole('option', { name: option }).click();
}

/** Opens Dispatch once the device's cache was refreshed after `since` (what the test made before it
 *  through the API is then on the device). */
async function openDispatch(since: number) {
  await goOnline(context);
  await page.goto('/transaction/dispatch');
  await workerInControl(page);
  await cacheSince(page, since);
  await page.getByText(/^Data as of/).waitFor();
  // The DID block is reserved while online: a dispatch made offline takes its DID from it.
  await expect
    .poll(
      async () => {
        const userId = ((await storedKv(page, 'session')) as { UserId: number }).UserId;
        return ((await storedKv(page, `did-block:${userId}`)) as { ranges: unknown[] } | null)?.ranges.length ?? 0;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
}

beforeAll(async () => {
  ({ context, page } = await b.open({ device: 'handheld', as: FACTORY }));
}, 120_000);

describe('Dispatch on a handheld', () => {
  it('dispatches three tertiary cartons offline, downloads the invoice whose QR is the DID, and sends it once online', async () => {
    // Its own product and the oldest batch, so no other file's cartons are older stock here.
    const f = await floorSetup({ from: FROM, to: FROM + 19, size: 2, slips: 6, mfgDate: '2020-01-15', product: 3 });
    for (let i = 0; i < 6; i++) await packSecondary(f, FROM, i);
    const tids = [0, 1, 2].map((j) => f.tid(j));
    for (const [j, tid] of tids.entries()) {
      await ok(
        'tertiary',
        api(PACKING_API.tertiarySave, tertiaryBody(f.sizeId, [f.sid(2 * j), f.sid(2 * j + 1)], tid), f.token),
      );
    }
    await openDispatch(Date.now());
    await goOffline(context);

    await scan(tids[0]!);
    await verdict().getByText(DISPATCH_MSG.selectSendTo, { exact: true }).waitFor();
    await pick('Send To', WAREHOUSE);
    await page.getByLabel('Billing address').getByText('Gat 220, Chakan Road').waitFor();
    await scan('hello');
    await verdict().getByText(DISPATCH_MSG.invalidScan, { exact: true }).waitFor();
    for (const tid of tids) {
      await scan(tid);
      await verdict().getByText(`${tid} added`).waitFor();
    }
    await scan(tids[1]!);
    await verdict().getByText(DISPATCH_MSG.alreadyScanned, { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('dispatch-count').innerText()).toBe('3');
    // The target is locked once a carton is on the list.
    expect(await page.getByLabel('Send To', { exact: true }).first().isDisabled()).toBe(true);

    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    await submit.click();
    await page.getByRole('alert').getByText(DISPATCH_MSG.selectTransport, { exact: true }).waitFor();
    await pick('Transport Mode', 'By Road');
    await submit.click();
    await page.getByRole('alert').getByText(DISPATCH_MSG.enterLr, { exact: true }).waitFor();
    await page.getByLabel('LR No', { exact: true }).fill('MH12AB1234');
    await screenshot(page, 'dispatch-ready-offline');
    const [download] = await Promise.all([page.waitForEvent('download'), submit.click()]);
    const invoice = await readPdfDownload(download);
    expect(invoice.qr).toHaveLength(1);
    const did = invoice.qr[0]!;
    expect(did).toMatch(/^DID\d{2}KA\d{5}$/);
    expect(invoice.fileName).toBe(`${did}.pdf`);
    for (const t of [WAREHOUSE, 'By Road', 'MH12AB1234', ...tids]) expect(invoice.text).toContain(t);
    await verdict().getByText(DISPATCH_MSG.queued(did, 3)).waitFor();
    await expect.poll(() => page.getByTestId('dispatch-count').innerText()).toBe('0');
    expect(await unsent(page)).toBe(1);
    await screenshot(page, 'dispatch-queued-offline');

    await goOnline(context);
    await expect.poll(() => unsent(page), { timeout: 60_000 }).toBe(0);
    const sent = (await pastDispatches(f.token)).filter((r) => r.DispatchId === did);
    expect(sent).toEqual([
      expect.objectContaining({ DispatchId: did, TotalCarton: 3, userName: WAREHOUSE, Remark: '' }),
    ]);
    // The screen's own past dispatches show it too, and the cartons are gone from this site.
    await page.getByRole('cell', { name: did, exact: true }).waitFor();
    await pick('Send To', WAREHOUSE);
    await scan(tids[0]!);
    await verdict()
      .getByText(new RegExp(`^${tids[0]} is (not a packed carton at your site|already dispatched on ${did})\\.$`))
      .waitFor();
  }, 180_000);

  it('asks before newer stock goes while older waits: the Older Stock List, then the approval remark stored on the dispatch', async () => {
    const old = await floorSetup({
      from: OLD_FROM,
      to: OLD_FROM + 9,
      size: 2,
      slips: 2,
      mfgDate: '2021-01-10',
      product: 2,
    });
    const newer = await floorSetup({
      from: OLD_FROM + 10,
      to: OLD_FROM + 19,
      size: 2,
      slips: 2,
      mfgDate: '2021-06-10',
      product: 2,
    });
    await packSecondary(old, OLD_FROM, 0);
    await packSecondary(newer, OLD_FROM + 10, 0);
    await openDispatch(Date.now());
    await pick('Send To', WAREHOUSE);
    await scan(newer.sid(0));
    const dialog = page.getByRole('dialog');
    await dialog.getByText(DISPATCH_MSG.olderStock, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: DISPATCH_MSG.olderStockTitle }).click();
    await dialog.getByRole('cell', { name: old.sid(0), exact: true }).waitFor();
    await screenshot(page, 'dispatch-older-stock-list');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await verdict()
      .getByText(`${newer.sid(0)} added`)
      .waitFor();

    await pick('Transport Mode', 'Courier');
    await page.getByLabel('LR No', { exact: true }).fill('CR-778');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const remark = page.getByRole('dialog', { name: DISPATCH_MSG.approvalTitle });
    await remark.waitFor();
    await remark.getByRole('button', { name: 'OK' }).click();
    await remark.getByText(DISPATCH_MSG.approvalRequired).waitFor();
    await remark.getByLabel('Approval remark').fill('Older lot held for quality check');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      remark.getByRole('button', { name: 'OK' }).click(),
    ]);
    const did = (await readPdfDownload(download)).qr[0]!;
    await expect.poll(() => unsent(page), { timeout: 60_000 }).toBe(0);
    const row = (await pastDispatches(newer.token)).find((r) => r.DispatchId === did);
    expect(row).toMatchObject({ TotalCarton: 1, Remark: 'Older lot held for quality check' });
    await boxFocused(page);
  }, 180_000);

  it("lists the scanned cartons under the spec's headers, 1, 10, 50, 200 or 500 a page, on the handheld and a desktop", async () => {
    // The newest batch of its product, so none of these is another carton's older stock.
    const f = await floorSetup({
      from: TABLE_FROM,
      to: TABLE_FROM + 9,
      size: 2,
      slips: 4,
      mfgDate: '2026-10-15',
      product: 3,
    });
    for (let i = 0; i < 4; i++) await packSecondary(f, TABLE_FROM, i);
    await openDispatch(Date.now());
    await pick('Send To', WAREHOUSE);
    const table = page.getByRole('region', { name: 'Scanned cartons' });
    const heads = () => table.getByRole('columnheader').allInnerTexts();
    const ids = () => table.locator('tbody .ft-scan-table__id').allInnerTexts();
    const showing = (text: string) => table.getByText(text, { exact: true }).waitFor();
    const size = (n: string) => table.getByRole('radiogroup').getByText(n, { exact: true }).click();
    await table.getByText('No Data found', { exact: true }).waitFor();
    for (let i = 0; i < 3; i++) {
      await scan(f.sid(i));
      await verdict()
        .getByText(`${f.sid(i)} added`)
        .waitFor();
    }

    // A handheld: the id and its delete are the columns, the rest reads under the id; 10 a page first.
    expect(await heads()).toEqual(['Carton Id', 'Action']);
    expect(await table.getByRole('radio').evaluateAll((rs) => rs.map((r) => (r as HTMLInputElement).value))).toEqual([
      '1',
      '10',
      '50',
      '200',
      '500',
    ]);
    expect(await table.getByRole('radio', { name: '10' }).isChecked()).toBe(true);
    await showing('Showing 1 to 3 of 3');
    expect(await ids()).toEqual([f.sid(2), f.sid(1), f.sid(0)]);
    expect(await table.locator('tbody tr').first().innerText()).toContain(`${f.productName} · Batch FL-${TABLE_FROM}`);
    await size('1');
    await showing('Showing 1 to 1 of 3');
    await table.getByRole('button', { name: 'Next page' }).click();
    await showing('Showing 2 to 2 of 3');
    expect(await ids()).toEqual([f.sid(1)]);
    await screenshot(page, 'dispatch-scan-table-handheld');
    // A new scan goes back to the first page, where it is.
    await scan(f.sid(3));
    await showing('Showing 1 to 1 of 4');
    expect(await ids()).toEqual([f.sid(3)]);
    await table.getByRole('button', { name: `Delete ${f.sid(3)}` }).click();
    await showing('Showing 1 to 1 of 3');
    await expect.poll(() => page.getByTestId('dispatch-count').innerText()).toBe('3');

    // A desktop: every column of the spec under its header.
    await page.setViewportSize({ width: 1366, height: 900 });
    await size('50');
    await showing('Showing 1 to 3 of 3');
    expect(await heads()).toEqual([
      'Carton Id',
      'Product Name',
      'Batch No.',
      'Carton Name',
      'MFG Date',
      'Expire Date',
      'Action',
    ]);
    const first = await table.locator('tbody tr').first().getByRole('cell').allInnerTexts();
    expect(first.slice(0, 3)).toEqual([f.sid(2), f.productName, `FL-${TABLE_FROM}`]);
    expect(first[4]).toMatch(/2026/);
    await screenshot(page, 'dispatch-scan-table-desktop');
    await page.setViewportSize(HANDHELD.viewport!);
    for (let i = 0; i < 3; i++) await table.getByRole('button', { name: `Delete ${f.sid(i)}` }).click();
    await table.getByText('No Data found', { exact: true }).waitFor();
  }, 180_000);
});
