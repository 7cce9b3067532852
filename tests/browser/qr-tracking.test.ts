// QR Code Tracking Report in Chromium, as the admin: on a 360 x 740 touch phone, a pack's code typed into
// the scan box (then Enter) shows each step of its journey on the timeline (mapped, packed into its SID,
// that SID into a TID, dispatched, received, verified twice by the public with the second flagged), a
// code that is not ours answers the warning, and a DID shows its contents, opened row by row down to
// the packs; on a desk the same. The flow is made first through the real API, as the floor makes it:
// the factory (Nashik Plant, KA) maps, packs and dispatches to Pune Depot, whose clerk receives.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { FLOOR_CACHE_API } from '../../src/shared/contracts/floor/cache.js';
import { DISPATCH_API } from '../../src/shared/contracts/floor/dispatch.js';
import { RECEIVE_API } from '../../src/shared/contracts/floor/dispatch-receive.js';
import { PACKING_API } from '../../src/shared/contracts/floor/packing.js';
import { VERIFY_API } from '../../src/shared/contracts/public/verify.js';
import { TRACK_MSG } from '../../src/shared/contracts/tracking.js';
import { PAGE } from '../../src/shared/pages.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api, apiSignIn, ok } from '../helpers/api-client.js';
import { ADMIN, baseUrl, screenshot } from '../helpers/browser.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { useBrowser, type OpenOptions } from '../helpers/use-browser.js';

const codes = codeMac(inject('codeSecret'));
const uid = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const FROM = 495_001;
const WAREHOUSE = { email: 'warehouse@example.com', password: 'Store123' } as const;
const DEPOT = 'Pune Depot';

const b = useBrowser();
let floor: FloorSetup;
let sids: string[];
let tid: string;
let did: string;

async function verify(city: string, state: string) {
  const res = await api(VERIFY_API.verify, {
    UID: uid(FROM),
    qrData: codeUrl(baseUrl(), uid(FROM)),
    verificationMode: 'Web',
    UsrCity: city,
    UsrState: state,
    isFormFilled: true,
    Name: 'Sita Devi',
    email: '',
    MobileNo: '9822012345',
  });
  if (res.body.ResponseCode !== '200') throw new Error(`verify: ${res.body.ResponseMessage}`);
}

beforeAll(async () => {
  floor = await floorSetup({ from: FROM, to: FROM + 99, size: 2, slips: 4, mfgDate: '2026-11-05' });
  const token = floor.token;
  sids = [floor.sid(0), floor.sid(1)];
  tid = floor.tid(0);
  for (const [i, s] of sids.entries()) {
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
  await ok(
    tid,
    api(
      PACKING_API.tertiarySave,
      {
        cartonMasterId: floor.sizeId,
        scanned: sids.map((CartonId) => ({ CartonId })),
        reason: '',
        remark: 'Tracking test',
        CartonName: tid,
      },
      token,
    ),
  );
  const data = await ok('dispatch data', api(FLOOR_CACHE_API.dispatch, undefined, token));
  const invoice = await ok(
    'dispatch',
    api(
      DISPATCH_API.save,
      {
        SendTo: 0,
        WareHouseId: data.Sites.find((s) => s.Name === DEPOT)!.SiteId,
        scanned: [{ CartonId: tid }],
        TransportModeId: data.Modes[0]!.TransportModeId,
        LR: `LR-${FROM}`,
        Remark: 'QR tracking browser test',
      },
      token,
    ),
  );
  did = invoice.CartonId;
  await ok('receive', api(RECEIVE_API.save, { DispatchId: did }, await apiSignIn(WAREHOUSE.email, WAREHOUSE.password)));
  await verify('Pune', 'Maharashtra');
  await verify('Indore', 'Madhya Pradesh');
});

/** Signed in as the admin on the report, in a context of `options`. */
async function openReport(options: OpenOptions = { device: 'handheld' }): Promise<Page> {
  const { page } = await b.open({ ...options, as: ADMIN });
  await page.goto(PAGE.qrCodeTrackingReport.path);
  await page.getByRole('heading', { name: PAGE.qrCodeTrackingReport.label }).waitFor();
  return page;
}

/** Types a code into the scan box as a person does, then Enter. */
async function scan(page: Page, text: string) {
  await page.getByLabel('Scan code', { exact: true }).focus();
  await page.keyboard.type(text, { delay: 20 });
  await page.keyboard.press('Enter');
}

const journey = (page: Page, code: string) => page.getByRole('list', { name: `Journey of ${code}` });

describe('on a 360 x 740 phone', () => {
  let page: Page;
  beforeAll(async () => {
    page = await openReport();
  });

  it("shows a pack's journey, step by step, with where and who", async () => {
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Breadcrumb' }).innerText())
      .toMatch(/Reports[\s\S]*QR Code Tracking Report/);
    await scan(page, uid(FROM));
    const code = `PIDKA${FROM}`;
    const line = journey(page, code);
    await line.waitFor();
    const activities = [
      `Mapped to ${floor.productName}, batch FL-${FROM}`,
      `Packed into ${sids[0]}`,
      `${sids[0]} packed into ${tid}`,
      `Dispatched on ${did} to ${DEPOT}`,
      `Received at ${DEPOT}`,
    ];
    for (const a of activities) await expect.poll(() => line.getByText(a, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => line.getByText('Verified genuine by the public', { exact: true }).count()).toBe(2);
    await expect.poll(() => line.getByText(/Pune, Maharashtra$/).isVisible()).toBe(true);
    await expect.poll(() => line.getByText(/ · Pune Depot$/).isVisible()).toBe(true);
    await expect.poll(() => line.getByText('By Sita Devi').count()).toBe(2);
    // The second verification carries its risk flag.
    await expect.poll(() => line.getByText('Verified before', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('status').first().innerText()).toContain(`${code}: 7 steps`);
    // Nothing runs off the side of the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'qr-tracking-pack-360');
    await line.getByText('Verified before', { exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'qr-tracking-pack-360-end');
  });

  it('answers a code that is not ours with the warning', async () => {
    await scan(page, 'SID26ZZ99999');
    await expect.poll(() => page.getByRole('status').first().innerText()).toContain(TRACK_MSG.invalid);
    await expect.poll(() => page.getByText('Warning Message').first().isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: /^Journey of/ }).count()).toBe(0);
  });

  it('opens a DID down to its packs', async () => {
    await scan(page, did);
    await journey(page, did).getByText(`Dispatched to ${DEPOT}`, { exact: true }).waitFor();
    await journey(page, did).getByText(`Received at ${DEPOT}`, { exact: true }).waitFor();
    const contents = page.getByRole('table', { name: `Contents of ${did}` });
    await contents.getByRole('button', { name: `Open ${tid}` }).click();
    const inTid = page.getByRole('table', { name: `Contents of ${tid}` });
    await inTid.getByRole('button', { name: `Open ${sids[0]}` }).waitFor();
    await inTid.getByRole('button', { name: `Open ${sids[0]}` }).click();
    const inSid = page.getByRole('table', { name: `Contents of ${sids[0]}` });
    for (const n of [FROM, FROM + 1]) await inSid.getByText(`PIDKA${n}`, { exact: true }).waitFor();
    expect(await inTid.getByRole('button', { name: `Open ${sids[1]}` }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await inSid.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500); // the rows' opening animation, for the picture
    await screenshot(page, 'qr-tracking-did-360');
  });
});

describe('on a desk', () => {
  it('shows the DID journey and its contents', async () => {
    const page = await openReport({ viewport: { width: 1366, height: 900 } });
    await scan(page, did);
    await journey(page, did).getByText(`Dispatched to ${DEPOT}`, { exact: true }).waitFor();
    const contents = page.getByRole('table', { name: `Contents of ${did}` });
    // A tap anywhere on the row opens it.
    await contents.getByRole('cell', { name: 'Received', exact: true }).click();
    await page
      .getByRole('table', { name: `Contents of ${tid}` })
      .getByRole('button', { name: `Open ${sids[1]}` })
      .click();
    const inSid = page.getByRole('table', { name: `Contents of ${sids[1]}` });
    for (const n of [FROM + 2, FROM + 3]) await inSid.getByText(`PIDKA${n}`, { exact: true }).waitFor();
    await inSid.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500); // the rows' opening animation, for the picture
    await screenshot(page, 'qr-tracking-did-desk');
  });
});
