// The dashboard in Chromium against the real server. The factory maps, packs and dispatches through
// the real API a band of its own (498_001..498_040) and the Pune Depot receives it; then the admin's
// entity picker picks the first factory by itself after about 2 s and draws its totals, monthly bars
// and the factory's three pie charts, the switch shows preprinted figures (en-IN: 2,00,000), and a
// warehouse picked shows the warehouse's two; the warehouse clerk on a 360 px handheld sees its own
// receipt charts; a dealer sees only the picture and no figures are asked for.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DASHBOARD_API } from '../../src/shared/contracts/dashboard.js';
import { FLOOR_CACHE_API } from '../../src/shared/contracts/floor/cache.js';
import { DISPATCH_API } from '../../src/shared/contracts/floor/dispatch.js';
import { RECEIVE_API } from '../../src/shared/contracts/floor/dispatch-receive.js';
import { PACKING_API } from '../../src/shared/contracts/floor/packing.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { PICTURE_LABEL } from '../../src/client/features/dashboard/static-picture.js';
import { api, apiSignIn, ok } from '../helpers/api-client.js';
import { ADMIN, screenshot, signIn } from '../helpers/browser.js';
import { floorSetup, type FloorSetup } from '../helpers/floor-browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const codes = codeMac(inject('codeSecret'));
const uid = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const FROM = 498_001;
const WAREHOUSE = { email: 'warehouse@example.com', password: 'Store123' } as const;
const DEALER = { email: 'samarth.krishi@example.in', password: 'Trade123' } as const;
const REMARK = 'Newer stock for the dashboard test';
const FACTORY_PIES = ['Mapped vs Packed', 'Packed vs Dispatched', 'Cartons Packed vs Cartons Dispatched'];
const WAREHOUSE_PIES = ['Received vs Dispatched', 'Cartons Received vs Cartons Dispatched'];

const b = useBrowser();
let floor: FloorSetup;

/** Secondary carton i: packs FROM + 2i and FROM + 2i + 1. */
const packSecondary = (i: number) =>
  ok(
    'secondary',
    api(
      PACKING_API.secondarySave,
      {
        cartonMasterId: floor.sizeId,
        scanned: [{ UID: uid(FROM + 2 * i) }, { UID: uid(FROM + 2 * i + 1) }],
        reason: '',
        CartonName: floor.sid(i),
      },
      floor.token,
    ),
  );

beforeAll(async () => {
  // The newest batch at the factory, so its cartons never hold back another test's older stock.
  floor = await floorSetup({ from: FROM, to: FROM + 39, size: 2, slips: 6, mfgDate: '2026-11-02' });
  for (let i = 0; i < 4; i++) await packSecondary(i);
  await ok(
    'tertiary',
    api(
      PACKING_API.tertiarySave,
      {
        cartonMasterId: floor.sizeId,
        scanned: [{ CartonId: floor.sid(0) }, { CartonId: floor.sid(1) }],
        reason: '',
        remark: REMARK,
        CartonName: floor.tid(0),
      },
      floor.token,
    ),
  );
  const data = await ok('dispatch data', api(FLOOR_CACHE_API.dispatch, undefined, floor.token));
  const depotId = data.Sites.find((s) => s.Name === 'Pune Depot')!.SiteId;
  const sent = await ok(
    'dispatch',
    api(
      DISPATCH_API.save,
      {
        SendTo: 0,
        WareHouseId: depotId,
        scanned: [{ CartonId: floor.tid(0) }, { CartonId: floor.sid(2) }],
        TransportModeId: data.Modes[0]!.TransportModeId,
        LR: 'LR-DASH-1',
        Remark: REMARK,
      },
      floor.token,
    ),
  );
  const clerk = await apiSignIn(WAREHOUSE.email, WAREHOUSE.password);
  await ok(
    'receive',
    api(RECEIVE_API.save, { DispatchId: sent.CartonId, Cartons: [floor.tid(0), floor.sid(2)] }, clerk),
  );
}, 180_000);

/** A figure as the screen shows it (en-IN grouping), as a number. */
const figure = (text: string | null) => Number((text ?? '').replace(/,/g, ''));
const totalOf = (page: Page, label: string) => page.getByLabel(label, { exact: true }).textContent().then(figure);
/** The figure beside a pie's part, e.g. 'Received: 6'. */
const partOf = async (page: Page, pie: string, part: string) =>
  figure(
    ((await page.getByRole('region', { name: pie }).getByText(`${part}:`).textContent()) ?? '')
      .replace(`${part}:`, '')
      .trim(),
  );

async function piesShown(page: Page, titles: string[]) {
  for (const title of titles) {
    const pie = page.getByRole('region', { name: title });
    await pie.getByRole('heading', { name: title }).waitFor();
    await pie.locator('svg.recharts-surface').first().waitFor();
  }
}

describe('the admin', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await b.open({ viewport: { width: 1280, height: 1000 }, session: ADMIN }));
  });

  it('gets the first factory picked after about 2 s, with its totals, monthly bars and three pie charts', async () => {
    await page.goto('/dashboard');
    const entity = page.getByRole('combobox', { name: 'Entity' });
    await entity.waitFor();
    // Nothing is picked at first; the first entity (factories first) comes by itself.
    await page.getByText('Select a factory or warehouse to see its figures.').waitFor();
    const asked = Date.now();
    await page.waitForFunction((el) => (el as HTMLInputElement).value !== '', await entity.elementHandle());
    expect(Date.now() - asked).toBeGreaterThan(1000);
    expect(await entity.inputValue()).toBe('Nashik Plant');

    await page.getByText('Monthly Figures').waitFor();
    for (const label of ['Total Number Issued', 'Total Numbers Mapped', 'Total Numbers Damaged'])
      await page.getByText(label, { exact: true }).waitFor();
    await piesShown(page, FACTORY_PIES);
    expect(await page.getByRole('region', { name: WAREHOUSE_PIES[0] }).count()).toBe(0);
    // The bars' legend and this file's 40 mapped, 8 packed and 6 dispatched packs (others' come on top).
    for (const name of ['Number Issued', 'Damage', 'Product Mapping'])
      await page.getByText(name, { exact: true }).first().waitFor();
    expect(await page.locator('svg.recharts-surface').count()).toBeGreaterThanOrEqual(4);
    expect(await totalOf(page, 'Total Numbers Mapped')).toBeGreaterThanOrEqual(40);
    expect(await partOf(page, 'Mapped vs Packed', 'Packed')).toBeGreaterThanOrEqual(8);
    expect(await partOf(page, 'Packed vs Dispatched', 'Dispatched')).toBeGreaterThanOrEqual(6);
    await screenshot(page, 'dashboard-admin-factory');
  });

  it("shows preprinted figures with 'Static Qr Mapping' off, in Indian grouping", async () => {
    const toggle = page.getByRole('switch', { name: 'Static Qr Mapping' });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    expect(await toggle.isChecked()).toBe(false);
    // The demo company holds 2,00,000 preprinted numbers issued (1-100000 accepted, 100001-200000 not).
    await page.waitForFunction(
      () =>
        Number((document.querySelector('[aria-label="Total Number Issued"]')?.textContent ?? '').replace(/,/g, '')) >=
        200_000,
    );
    expect(await page.getByLabel('Total Number Issued', { exact: true }).textContent()).toMatch(
      /^\d{1,2}(,\d\d)*,\d{3}$/,
    );
    await screenshot(page, 'dashboard-admin-preprinted');
    await toggle.click();
  });

  it("shows a warehouse's two receipt charts once one is picked", async () => {
    await page.getByRole('combobox', { name: 'Entity' }).click();
    await page.getByRole('option', { name: 'Pune Depot' }).click();
    await piesShown(page, WAREHOUSE_PIES);
    expect(await page.getByRole('region', { name: FACTORY_PIES[0] }).count()).toBe(0);
    expect(await partOf(page, 'Received vs Dispatched', 'Received')).toBeGreaterThanOrEqual(6);
    expect(await partOf(page, 'Cartons Received vs Cartons Dispatched', 'Cartons Received')).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'dashboard-admin-warehouse');
  });
});

describe('the warehouse clerk on a handheld', () => {
  it('sees its own receipt charts, with no entity picker', async () => {
    const { page } = await b.open({ device: 'handheld', as: WAREHOUSE });
    await page.getByText('Pune Depot', { exact: true }).waitFor();
    await piesShown(page, WAREHOUSE_PIES);
    expect(await page.getByRole('combobox', { name: 'Entity' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: FACTORY_PIES[0] }).count()).toBe(0);
    expect(await partOf(page, 'Received vs Dispatched', 'Received')).toBeGreaterThanOrEqual(6);
    await page.getByText('Total Numbers Mapped', { exact: true }).waitFor();
    // Nothing wider than the handheld's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'dashboard-warehouse-handheld');
    await page.getByRole('region', { name: WAREHOUSE_PIES[1] }).scrollIntoViewIfNeeded();
    await screenshot(page, 'dashboard-warehouse-handheld-pies');
  });
});

describe('a dealer', () => {
  it('sees only the picture: no figures are asked for', async () => {
    const { page } = await b.open();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes(DASHBOARD_API.data.path)) calls.push(r.url());
    });
    await signIn(page, DEALER.email, DEALER.password);
    await page.getByRole('img', { name: PICTURE_LABEL }).waitFor();
    expect(await page.getByText('Total Numbers Mapped').count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Static Qr Mapping' }).count()).toBe(0);
    expect(calls).toEqual([]);
    await screenshot(page, 'dashboard-dealer');
  });
});
