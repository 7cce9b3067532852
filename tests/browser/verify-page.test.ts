// The public verification page (/P?U=) on a 360 x 740 touch phone, against the real server, as a
// farmer meets it: a genuine pack shows its details and plays its sound only after a tap; a second
// verification of that pack warns with the first's date and place; a forged code says so; a pack a
// farmer scheme pays for opens the 'Details Form', whose details then earn the points, which show in
// the farmer's ledger; the redemption request reaches the admin (desktop), who accepts it with a remark;
// a pack of a carton damaged on Damage Carton answers '-1' with the damage's reason (issue 25).
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { POINTS_MSG } from '../../src/shared/contracts/loyalty/points-words.js';
import { SCHEME_API } from '../../src/shared/contracts/loyalty/scheme.js';
import { VERIFY_MSG } from '../../src/shared/contracts/public/verify-rules.js';
import { addDays } from '../../src/shared/contracts/numbers/fields.js';
import { MAPPING_API } from '../../src/shared/contracts/numbers/mapping.js';
import { PRODUCT_API } from '../../src/shared/contracts/product.js';
import { indiaDate } from '../../src/shared/today.js';
import { CARTON_DAMAGE_API } from '../../src/shared/contracts/floor/carton-damage.js';
import { PACKING_API } from '../../src/shared/contracts/floor/packing.js';
import { api, apiSignIn, ok } from '../helpers/api-client.js';
import { ADMIN, listShown, screenshot } from '../helpers/browser.js';
import { FACTORY, floorSetup } from '../helpers/floor-browser.js';
import { useBrowser, type OpenOptions } from '../helpers/use-browser.js';

// This file's own band of KA (no other browser test maps 492_001..492_100).
const FROM = 492_001;
const codes = codeMac(inject('codeSecret'));
const uid = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const NASHIK = { latitude: 19.9975, longitude: 73.7898 };
const INDORE = { latitude: 22.7196, longitude: 75.8577 };
const phone = (at: { latitude: number; longitude: number }): OpenOptions => ({
  device: 'handheld',
  geolocation: at,
  permissions: ['geolocation'],
  locale: 'en-IN',
});

const b = useBrowser();
let genuineProduct: string;
let schemeProduct: string;

async function verifyOn(at: { latitude: number; longitude: number }, code: string): Promise<Page> {
  const { page } = await b.open(phone(at));
  await page.goto(`/P?U=${code}`);
  await page.getByRole('heading', { name: 'Product Verification Detail' }).waitFor();
  return page;
}

beforeAll(async () => {
  const factory = await apiSignIn(FACTORY.email, FACTORY.password);
  const products = await ok('products', api(PRODUCT_API.dropdown, undefined, factory));
  // Not BioGrow: the loyalty admin test designs a farmer scheme on the first product it is offered.
  const neem = products.find((p) => p.ProductName.startsWith('NeemShield'))!;
  const root = products.find((p) => p.ProductName.startsWith('RootMax'))!;
  [genuineProduct, schemeProduct] = [neem.ProductName, root.ProductName];
  for (const [p, from, to] of [
    [neem, FROM, FROM + 9],
    [root, FROM + 10, FROM + 19],
  ] as const) {
    await ok(
      'mapping',
      api(
        MAPPING_API.save,
        {
          MappingId: 0,
          ProductId: p.ProductId,
          FromNo: from,
          ToNo: to,
          Qty: to - from + 1,
          MFGDate: '2026-03-01',
          EXPDate: '',
          BatchNo: `VP-${from}`,
          Mrp: '',
          Remark: '',
          isPreprinted: false,
        },
        factory,
      ),
    );
  }
  const admin = await apiSignIn(ADMIN.email, ADMIN.password);
  await ok(
    'scheme',
    api(
      SCHEME_API.save,
      {
        SchemeId: 0,
        ProductId: root.ProductId,
        Utype: 3,
        SchemeName: `Verify page ${Date.now().toString(36)}`,
        Schemedescription: '',
        StartDate: indiaDate(),
        EndDate: addDays(indiaDate(), 30),
        LoyaltyPoints: 25,
        IsActive: true,
      },
      admin,
    ),
  );
}, 120_000);

describe('a genuine pack', () => {
  it('shows its details, plays its sound only after a tap, and a second verification warns with the first date and place', async () => {
    const page = await verifyOn(NASHIK, uid(FROM));
    await page.getByRole('heading', { name: 'Genuine product' }).waitFor();
    await page.getByText(VERIFY_MSG.genuine).waitFor();
    await page.getByRole('heading', { name: genuineProduct }).waitFor();
    for (const text of ['VP-492001', '8901030793929', 'Azadirachtin 1500 ppm', 'Green Harvest Agro Ltd'])
      await page.getByText(text).first().waitFor();
    const audio = page.locator('audio');
    expect(await audio.evaluate((a: HTMLAudioElement) => ({ paused: a.paused, at: a.currentTime }))).toEqual({
      paused: true,
      at: 0,
    });
    await page.getByRole('button', { name: 'Play sound' }).tap();
    await page.getByRole('button', { name: 'Pause sound' }).waitFor();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.1);
    await screenshot(page, 'verify-genuine-360');
    await page.context().close();

    const again = await verifyOn(INDORE, uid(FROM));
    await again.getByRole('heading', { name: 'Warning: verified before' }).waitFor();
    const message = (await again.locator('.status .message').textContent()) ?? '';
    const firstDay = new Intl.DateTimeFormat('en-IN', {
      timeZone: 'Asia/Kolkata',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(new Date());
    expect(message).toBe(VERIFY_MSG.verifiedBefore(1, firstDay, 'Nashik, Maharashtra'));
    await again.getByRole('heading', { name: genuineProduct }).waitFor();
    await screenshot(again, 'verify-second-360');
  });

  it('a forged code says it is not genuine', async () => {
    const real = uid(FROM + 1);
    const forged = `${real.slice(0, -1)}${real.endsWith('0') ? '1' : '0'}`;
    const page = await verifyOn(NASHIK, forged);
    await page.getByRole('heading', { name: 'Not genuine' }).waitFor();
    await page.getByText(VERIFY_MSG.forged).waitFor();
    expect(await page.getByRole('heading', { name: genuineProduct }).count()).toBe(0);
  });
});

describe('loyalty', () => {
  it("'-3' opens the Details Form, the details earn the points, the ledger shows them, and the admin accepts the redemption", async () => {
    const mobile = `9${String(Date.now()).slice(-9)}`;
    const page = await verifyOn(NASHIK, uid(FROM + 10));
    const form = page.getByRole('dialog', { name: 'Details Form' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Submit' }).tap();
    await form.getByText(VERIFY_MSG.name).waitFor();
    await form.getByText(VERIFY_MSG.mobile).waitFor();
    await form.getByLabel('Name').fill('Sita Devi');
    await form.getByLabel('Mobile No').fill('12345');
    await form.getByRole('button', { name: 'Submit' }).tap();
    await form.getByText(VERIFY_MSG.mobileValid).waitFor();
    await form.getByLabel('Mobile No').fill(mobile);
    await screenshot(page, 'verify-details-form-360');
    await form.getByRole('button', { name: 'Submit' }).tap();

    await page.getByText('You earned 25 points').waitFor();
    await page.getByRole('heading', { name: schemeProduct }).waitFor();
    const points = page.getByRole('region', { name: 'My Points' });
    await points.locator('.balance-value', { hasText: '25' }).waitFor();
    await points.getByText('+25').waitFor();
    await points.getByLabel('Points to redeem').fill('20');
    await points.getByRole('button', { name: 'Redeem' }).tap();
    await points.getByText(POINTS_MSG.requested(20)).waitFor();
    await points.locator('.balance-value', { hasText: /^5$/ }).waitFor();
    await points.getByText('waiting for approval').waitFor();
    await screenshot(page, 'verify-points-360');
    await page.context().close();

    // The admin, on a desktop.
    const { page: desk } = await b.open({ device: 'desktop', as: ADMIN });
    await desk.goto('/transaction/redemption-requests');
    await listShown(desk);
    const row = desk.locator('tbody tr', { hasText: mobile });
    await row.getByText('Sita Devi').waitFor();
    await row.getByText('20', { exact: true }).waitFor();
    await row.getByRole('button', { name: /Accept/ }).click();
    const remark = desk.getByRole('dialog', { name: 'Enter Remark(If any)' });
    await remark.getByRole('textbox').fill('Paid by Paytm');
    await remark.getByRole('button', { name: /Submit|Accept|Save/ }).click();
    await desk.getByText(POINTS_MSG.accepted).first().waitFor();
    const accepted = desk.locator('tbody tr', { hasText: mobile }).filter({ hasText: 'Paid by Paytm' });
    await accepted.waitFor();
    await screenshot(desk, 'redemption-accepted-desktop');
  });
});

describe('a pack written off with its carton', () => {
  it("answers '-1' with the damage's reason, headed written off (neither 'genuine' nor 'not genuine')", async () => {
    // Codes FROM+50.. of this file's band, packed two to a SID and the SID damaged, through the API.
    const floor = await floorSetup({ from: FROM + 50, to: FROM + 59, size: 2, slips: 1 });
    const sid = floor.sid(0);
    await ok(
      sid,
      api(
        PACKING_API.secondarySave,
        {
          cartonMasterId: floor.sizeId,
          scanned: [{ UID: uid(FROM + 50) }, { UID: uid(FROM + 51) }],
          reason: '',
          CartonName: sid,
        },
        floor.token,
      ),
    );
    const reason = 'Crushed under a fallen pallet';
    await ok('damage', api(CARTON_DAMAGE_API.damage, { DamageCid: sid, Reason: reason }, floor.token));

    const page = await verifyOn(NASHIK, uid(FROM + 51));
    await page.getByRole('heading', { name: 'Written off: do not use' }).waitFor();
    expect(await page.locator('.status.refused .message').textContent()).toBe(VERIFY_MSG.damaged(reason));
    expect(await page.getByRole('heading', { name: 'Not genuine' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Genuine product' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: floor.productName }).count()).toBe(0);
    await screenshot(page, 'verify-damaged-carton-360');
  });
});
