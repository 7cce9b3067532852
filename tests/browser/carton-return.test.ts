// Carton Return in Chromium on a 360 x 740 touch handheld, as the factory (Nashik Plant, KA), which
// sent the cartons and so takes them back. Made through the API first, as the floor would: cartons
// packed, two dispatches to the warehouse (Pune Depot), one of them received there through the API.
// On the screen: the spec's messages for bad scans; Return From Transit takes back a carton on the
// way (and is locked once one is listed) and refuses a received one; a DID lists its cartons; the list
// survives a reload; delete asks first; the return remarks; unticked, the received cartons come back;
// offline, the device cache alone decides. The server's own lookup proves each return arrived.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { RETURN_API, RETURN_MSG } from '../../src/shared/contracts/floor/carton-return.js';
import { DISPATCH_API } from '../../src/shared/contracts/floor/dispatch.js';
import { RECEIVE_API, RECEIVE_STATUS } from '../../src/shared/contracts/floor/dispatch-receive.js';
import { FLOOR_CACHE_API } from '../../src/shared/contracts/floor/cache.js';
import { PACKING_API } from '../../src/shared/contracts/floor/packing.js';
import { CONFIRM_DELETE } from '../../src/client/kit/confirm-delete.js';
import { RETURN_DEVICE_MSG } from '../../src/client/features/floor/return/return-scan.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api, apiSignIn, ok } from '../helpers/api-client.js';
import { screenshot } from '../helpers/browser.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const codes = codeMac(inject('codeSecret'));
const uid = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const FROM = 487_001;
const WAREHOUSE = { email: 'warehouse@example.com', password: 'Store123', site: 'Pune Depot' } as const;

const b = useBrowser();
let context: BrowserContext;
let page: Page;
let floor: FloorSetup;
/** t0 = s0 + s1 and loose s2 on dispatch A (in transit); t1 = s3 + s4 and loose s5 on dispatch B
 *  (received by the warehouse); s6 never dispatched. */
let sid: string[];
let tid: string[];
let didA: string;
let didB: string;

async function dispatch(token: string, siteId: number, modeId: number, cartons: string[]): Promise<string> {
  const invoice = await ok(
    'dispatch',
    api(
      DISPATCH_API.save,
      {
        SendTo: 0,
        WareHouseId: siteId,
        scanned: cartons.map((CartonId) => ({ CartonId })),
        TransportModeId: modeId,
        LR: `LR-${FROM}`,
        // Older stock of the product may wait at the plant (other tests' cartons): the approval remark.
        Remark: 'Carton return browser test',
      },
      token,
    ),
  );
  return invoice.CartonId;
}

beforeAll(async () => {
  floor = await floorSetup({ from: FROM, to: FROM + 99, size: 2, slips: 10 });
  const token = floor.token;
  sid = Array.from({ length: 7 }, (_, i) => floor.sid(i));
  tid = [floor.tid(0), floor.tid(1)];
  for (const [i, s] of sid.entries()) {
    await ok(
      s,
      api(
        PACKING_API.secondarySave,
        {
          cartonMasterId: floor.sizeId,
          scanned: [{ UID: uid(FROM + 2 * i) }, { UID: uid(FROM + 2 * i + 1) }],
          reason: '',
          CartonName: s,
        },
        token,
      ),
    );
  }
  for (const [i, t] of tid.entries()) {
    await ok(
      t,
      api(
        PACKING_API.tertiarySave,
        {
          cartonMasterId: floor.sizeId,
          scanned: [{ CartonId: sid[3 * i]! }, { CartonId: sid[3 * i + 1]! }],
          reason: '',
          remark: 'Browser test',
          CartonName: t,
        },
        token,
      ),
    );
  }
  const data = await ok('dispatch data', api(FLOOR_CACHE_API.dispatch, undefined, token));
  const warehouse = data.Sites.find((s) => s.Name === WAREHOUSE.site)!.SiteId;
  const mode = data.Modes[0]!.TransportModeId;
  didA = await dispatch(token, warehouse, mode, [tid[0]!, sid[2]!]);
  didB = await dispatch(token, warehouse, mode, [tid[1]!, sid[5]!]);
  const store = await apiSignIn(WAREHOUSE.email, WAREHOUSE.password);
  await ok('receive', api(RECEIVE_API.save, { DispatchId: didB }, store));

  // Signed in after the API work: the device cache loads at sign-in and knows both dispatches.
  ({ context, page } = await b.open({ device: 'handheld', as: floor.factory }));
});

const scanBox = () => page.getByLabel('Scan items', { exact: true });
/** The scan box's verdict (the header's offline badge is a status too). */
const verdict = () => page.getByRole('status');
const transitBox = () => page.getByLabel(RETURN_MSG.transit);
const count = () => page.getByTestId('return-count').innerText();
const row = (id: string) => page.getByText(id, { exact: true });

/** A wedge scanner: the code's characters a few ms apart, then Enter. */
async function scan(text: string) {
  await scanBox().focus();
  await page.keyboard.type(text, { delay: 5 });
  await page.keyboard.press('Enter');
}
async function says(text: string) {
  await verdict().getByText(text, { exact: true }).waitFor();
}
async function open() {
  await page.goto('/transaction/carton-return');
  await ready();
}
async function ready() {
  // Every part of the device cache loaded (not "(partial)").
  await page.getByText(/^Data as of [^(]+$/).waitFor();
  await expect.poll(async () => scanBox().isDisabled()).toBe(false);
}
async function submitWithRemark(shot?: string) {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: RETURN_MSG.remarkTitle });
  await dialog.waitFor();
  await dialog.getByLabel('Return remarks').fill('abc');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.getByText(RETURN_MSG.remark, { exact: true }).waitFor();
  if (shot) await screenshot(page, shot);
  await dialog.getByLabel('Return remarks').fill('Truck turned back at the gate');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await dialog.waitFor({ state: 'detached' });
}
/** What the server's own lookup (GetReturnInfo) says of a carton: its rows, or its refusal. */
async function info(code: string, isTransit: boolean): Promise<string> {
  const { body } = await api(RETURN_API.info, { code, isTransit }, floor.token);
  return body.ResponseCode === '200'
    ? body.ResponseData.map((r) => `${r.CartonId}:${r.Status}`).join(',')
    : body.ResponseMessage;
}
/** The API cut off as well as the browser's offline switch: the page and its service worker alike. */
async function offline() {
  await context.setOffline(true);
  await context.route('**/API/**', (route) => route.abort('internetdisconnected'));
}
async function online() {
  await context.unroute('**/API/**');
  await context.setOffline(false);
}

describe('Carton Return on a handheld', () => {
  it('takes back a carton in transit: bad scans, the locked flag, a DID, a reload, delete and the remarks', async () => {
    await open();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await says(RETURN_MSG.scanFirst);
    await scan('hello');
    await says(RETURN_MSG.invalidScanned);

    await transitBox().check();
    // A secondary carton inside a tertiary one: not in the device's list, so the server is asked.
    await scan(sid[0]!);
    await says(RETURN_MSG.packedIn(sid[0]!, tid[0]!));
    await scan(tid[0]!);
    await says(RETURN_DEVICE_MSG.added(tid[0]!));
    await row(tid[0]!).waitFor();
    expect(await transitBox().isDisabled()).toBe(true);
    await scan(tid[0]!);
    await says(RETURN_MSG.alreadyScanned);
    // Received by the warehouse: not in transit any more.
    await scan(tid[1]!);
    await says(RETURN_MSG.received(tid[1]!, didB));
    // The DID lists what of it is still on the way and not listed yet: the loose carton.
    await scan(didA);
    await says(RETURN_DEVICE_MSG.addedOf(1, didA));
    await row(sid[2]!).waitFor();
    await expect.poll(count).toBe('2 scanned');
    await screenshot(page, 'carton-return-transit');

    // A reload keeps the list and the flag, still locked.
    await page.reload();
    await ready();
    await row(sid[2]!).waitFor();
    await row(tid[0]!).waitFor();
    expect(await transitBox().isChecked()).toBe(true);
    expect(await transitBox().isDisabled()).toBe(true);

    // Delete asks first; No keeps the carton.
    await page.getByRole('button', { name: `Delete ${sid[2]!}` }).click();
    const confirm = page.getByRole('dialog', { name: CONFIRM_DELETE.title });
    await confirm.getByText(CONFIRM_DELETE.text).waitFor();
    await page.waitForTimeout(300); // the modal's fade, for the picture
    await screenshot(page, 'carton-return-delete');
    await confirm.getByRole('button', { name: CONFIRM_DELETE.no }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect.poll(count).toBe('2 scanned');
    await page.getByRole('button', { name: `Delete ${sid[2]!}` }).click();
    await confirm.getByRole('button', { name: CONFIRM_DELETE.yes }).click();
    await row(sid[2]!).waitFor({ state: 'detached' });
    await expect.poll(count).toBe('1 scanned');

    await submitWithRemark('carton-return-remarks');
    await says(RETURN_DEVICE_MSG.queued(1, true));
    await expect.poll(count).toBe('0 scanned');
    expect(await transitBox().isDisabled()).toBe(false);
    await screenshot(page, 'carton-return-queued');

    // The outbox sends it: the server has taken t0 back from transit; the deleted s2 is still on the way.
    await expect.poll(() => info(tid[0]!, true)).toBe(RETURN_MSG.returned(tid[0]!, didA));
    expect(await info(sid[2]!, true)).toBe(`${sid[2]!}:${RECEIVE_STATUS.inTransit}`);
  });

  it('unticked, takes back the received cartons of a DID; the desk shows the table', async () => {
    await transitBox().uncheck();
    // Taken back on this device already; still on the way; never dispatched (the server's answer).
    await scan(tid[0]!);
    await says(RETURN_MSG.returned(tid[0]!, didA));
    await scan(sid[2]!);
    await says(RETURN_MSG.inTransit(sid[2]!, didA));
    await scan(sid[6]!);
    await says(RETURN_MSG.notYours(sid[6]!));
    await scan(didB);
    await says(RETURN_DEVICE_MSG.addedOf(2, didB));
    await scan(tid[1]!);
    await says(RETURN_MSG.alreadyScanned);
    await expect.poll(count).toBe('2 scanned');
    await screenshot(page, 'carton-return-received');

    // On a desk the list is the spec's table.
    await page.setViewportSize({ width: 1280, height: 800 });
    const table = page.getByRole('table', { name: 'Scanned cartons' });
    for (const h of ['Carton Id', 'Product Name', 'MFG Date', 'Expire Date'])
      await table.getByRole('columnheader', { name: h }).waitFor();
    await table.getByRole('cell', { name: tid[1]!, exact: true }).waitFor();
    await table.getByRole('cell', { name: floor.productName }).first().waitFor();
    await screenshot(page, 'carton-return-desktop');
    await page.setViewportSize({ width: 360, height: 740 });

    await submitWithRemark();
    await says(RETURN_DEVICE_MSG.queued(2, false));
    await expect.poll(() => info(tid[1]!, false)).toBe(RETURN_MSG.returned(tid[1]!, didB));
    expect(await info(sid[5]!, false)).toBe(RETURN_MSG.returned(sid[5]!, didB));
  });

  it('offline, the device cache decides and the return is sent once the network is back', async () => {
    await offline();
    try {
      await transitBox().check();
      await scan(sid[6]!);
      await says(RETURN_DEVICE_MSG.notInDeviceData(sid[6]!));
      await scan(sid[2]!);
      await says(RETURN_DEVICE_MSG.added(sid[2]!));
      await screenshot(page, 'carton-return-offline');
      await submitWithRemark();
      await says(RETURN_DEVICE_MSG.queued(1, true));
      // Queued on the device only: the server still has it on the way.
      expect(await info(sid[2]!, true)).toBe(`${sid[2]!}:${RECEIVE_STATUS.inTransit}`);
    } catch (e) {
      await screenshot(page, 'carton-return-offline-failed');
      throw e;
    } finally {
      await online();
    }
    await expect.poll(() => info(sid[2]!, true), { timeout: 60_000 }).toBe(RETURN_MSG.returned(sid[2]!, didA));
  });
});
