// The loyalty schemes in Chromium as the admin, against the real server: Scheme Master refuses a start
// before today with the spec's message and then saves; Scheme Design goes through 'Design Scheme' and
// 'Select the Product Group to exclude', and its edit extends the scheme and changes its status. Each
// scheme's name carries the test's tag, so searches find only this run's rows.
import dayjs from 'dayjs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { SCHEME_API, SCHEME_MSG } from '../../src/shared/contracts/loyalty/scheme.js';
import { addDays } from '../../src/shared/contracts/numbers/fields.js';
import { MAPPING_API } from '../../src/shared/contracts/numbers/mapping.js';
import { PRODUCT_API } from '../../src/shared/contracts/product.js';
import { indiaDate } from '../../src/shared/today.js';
import { api, apiSignIn } from '../helpers/api-client.js';
import { ADMIN, listShown, screenshot } from '../helpers/browser.js';
import { FACTORY } from '../helpers/floor-browser.js';
import { useBrowser } from '../helpers/use-browser.js';

// This file's own band of KA (no other browser test maps 493_001..493_100): a batch of the product the
// design picks (the first offered: BioGrow), so the exclude popup has a row to tick.
const FROM = 493_001;

const b = useBrowser();
let page: Page;

beforeAll(async () => {
  const factory = await apiSignIn(FACTORY.email, FACTORY.password);
  const products = (await api(PRODUCT_API.dropdown, undefined, factory)).body.ResponseData;
  const bioGrow = products.find((p) => p.ProductName.startsWith('BioGrow'))!;
  const mapped = await api(
    MAPPING_API.save,
    {
      MappingId: 0,
      ProductId: bioGrow.ProductId,
      FromNo: FROM,
      ToNo: FROM + 9,
      Qty: 10,
      MFGDate: '2026-04-01',
      EXPDate: '',
      BatchNo: `LA-${FROM}`,
      Mrp: '',
      Remark: '',
      isPreprinted: false,
    },
    factory,
  );
  if (mapped.body.ResponseCode !== '200') throw new Error(mapped.body.ResponseMessage);
});
beforeEach(async () => {
  // Opened in beforeEach, so useBrowser closes it after the test.
  ({ page } = await b.open({ session: ADMIN, timeout: 60_000 }));
});

const tagOf = () => Math.random().toString(36).slice(2, 7);
const today = indiaDate();
/** How the tables show a 'YYYY-MM-DD' date. */
const shown = (iso: string) => dayjs(iso).format('DD-MM-YYYY');
const heads = async () => (await page.locator('thead th').allTextContents()).map((h) => h.trim()).filter(Boolean);
const cells = () =>
  page.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')));

async function open(path: string): Promise<void> {
  await page.goto(path);
  await listShown(page);
}

/** Picks the first option a select offers and answers its text. */
async function pickFirst(field: Locator): Promise<string> {
  await field.click();
  const option = page.getByRole('option').first();
  const text = ((await option.textContent()) ?? '').trim();
  await option.click();
  return text;
}

async function search(text: string, rows: number): Promise<void> {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await page.getByText(`Showing 1 to ${rows} of ${rows}`).waitFor();
}

describe('Scheme Master', () => {
  it('refuses a start before today with the spec message, then adds the scheme', async () => {
    await open('/masters/scheme-master');
    expect(await heads()).toEqual([
      'Product Name',
      'Scheme Name',
      'Scheme Description',
      'Loyalty Points',
      'Valid From',
      'Valid To',
      'User Type',
      'Is Active',
      'Action',
    ]);
    await page.getByRole('button', { name: 'Add Scheme' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Scheme' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    for (const m of [
      SCHEME_MSG.product,
      SCHEME_MSG.userType,
      SCHEME_MSG.name,
      SCHEME_MSG.fromRequired,
      SCHEME_MSG.toRequired,
      SCHEME_MSG.points,
    ]) {
      await dialog.getByText(m, { exact: true }).waitFor();
    }

    const tag = tagOf();
    const product = await pickFirst(dialog.getByLabel(/^Product/));
    const userType = await pickFirst(dialog.getByLabel(/^User Type/));
    await dialog.getByLabel(/^Scheme Name/).fill(`Monsoon ${tag}`);
    await dialog.getByLabel(/^Scheme Description/).fill('Five points a pack');
    await dialog.getByLabel(/^Valid From/).fill(addDays(today, -1));
    await dialog.getByLabel(/^Valid To/).fill(addDays(today, 30));
    await dialog.getByLabel(/^Loyalty Points/).fill('5');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText(SCHEME_MSG.fromToday).waitFor();
    expect(await page.getByText('Success Message').count()).toBe(0);

    await dialog.getByLabel(/^Valid From/).fill(today);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(SCHEME_MSG.created).last().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await search(tag, 1);
    const [row] = await cells();
    expect(row!.slice(0, 7)).toEqual([
      product,
      `Monsoon ${tag}`,
      'Five points a pack',
      '5',
      shown(today),
      shown(addDays(today, 30)),
      userType,
    ]);
    expect(await page.locator('tbody tr').first().getByRole('checkbox').isChecked()).toBe(true);
  });
});

describe('Scheme Design', () => {
  it('designs a scheme through both popups, then extends it and turns it off', async () => {
    await open('/transaction/scheme-configuration');
    expect(await heads()).toEqual(['Scheme Name', 'Valid From', 'Valid To', 'Payee', 'Scheme On', 'Status', 'Action']);
    await page.getByRole('button', { name: 'Add Scheme' }).click();
    const design = page.getByRole('dialog', { name: 'Design Scheme' });
    await design.getByRole('button', { name: 'Submit' }).click();
    for (const m of [SCHEME_MSG.name, SCHEME_MSG.type, SCHEME_MSG.beneficiary, SCHEME_MSG.category]) {
      await design.getByText(m, { exact: true }).waitFor();
    }

    const tag = tagOf();
    await design.getByLabel(/^Scheme Name/).fill(`Kharif ${tag}`);
    await design.getByLabel(/^Scheme Type/).click();
    await page.getByRole('option', { name: 'Product Based', exact: true }).click();
    await design.getByLabel(/^Scheme Beneficiary/).click();
    await page.getByRole('option', { name: 'Farmer', exact: true }).click();
    const product = await pickFirst(design.getByLabel(/^Products/));
    // Close the list by clicking the popup's title, not Escape (which would close the popup).
    await design.getByText('Design Scheme').first().click();
    const points = design.getByLabel(new RegExp(`^${product.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} Points`));
    await points.fill('0');
    await design.getByText(SCHEME_MSG.itemPoints).waitFor();
    await points.fill('10');
    await design.getByLabel(/^Valid From/).fill(today);
    await design.getByLabel(/^Valid To/).fill(addDays(today, 30));

    // Submit opens the batches of the chosen product; ticking one leaves it out of the scheme.
    const batches = page.waitForResponse((r) => r.url().includes(SCHEME_API.mappedBatches.path));
    await design.getByRole('button', { name: 'Submit' }).click();
    expect((await batches).status()).toBe(200);
    const exclude = page.getByRole('dialog', { name: 'Select the Product Group to exclude' });
    await exclude.waitFor();
    expect((await exclude.locator('thead th').allTextContents()).map((h) => h.trim()).filter(Boolean)).toEqual([
      'Product Name',
      'Batch No',
      'Qty',
      'MFG Date',
      'EXP Date',
    ]);
    const row = exclude.locator('tbody tr', { hasText: `LA-${FROM}` });
    await row.getByRole('checkbox').check();
    await screenshot(page, 'scheme-design-exclude-1280');
    await exclude.getByRole('button', { name: 'Done' }).click();
    await page.getByText(SCHEME_MSG.created).last().waitFor();
    await exclude.waitFor({ state: 'hidden' });

    await search(tag, 1);
    expect((await cells())[0]!.slice(0, 6)).toEqual([
      `Kharif ${tag}`,
      shown(today),
      shown(addDays(today, 30)),
      'Farmer',
      'Product Based',
      'Active',
    ]);
    // The ticked batch is stored as excluded.
    const admin = await apiSignIn(ADMIN.email, ADMIN.password);
    const listed = await api(
      SCHEME_API.list,
      {
        First: 1,
        PageSize: 10,
        SearchValue: tag,
        SchemeKind: 'design',
      },
      admin,
    );
    const detail = await api(SCHEME_API.byId, undefined, admin, { id: listed.body.ResponseData[0]!.SchemeId });
    expect(detail.body.ResponseData.mappingData.map((m) => m.BatchNo)).toEqual([`LA-${FROM}`]);

    await page.locator('tbody tr').first().getByRole('button', { name: 'Edit' }).click();
    const extend = page.getByRole('dialog', { name: 'Extend or Change Status of Scheme' });
    await extend.waitFor();
    expect(await extend.getByLabel(/^Scheme Name/).inputValue()).toBe(`Kharif ${tag}`);
    for (const locked of [/^Scheme Name/, /^Valid From/])
      expect(await extend.getByLabel(locked).isDisabled()).toBe(true);
    await extend.getByLabel(/^Valid To/).fill(addDays(today, 60));
    await extend.getByLabel('Is Active').uncheck();
    await extend.getByRole('button', { name: 'Update' }).click();
    await page.getByText(SCHEME_MSG.updated).last().waitFor();
    await extend.waitFor({ state: 'hidden' });
    // Extending saves at once: no exclude popup.
    expect(await exclude.isVisible()).toBe(false);
    await expect
      .poll(async () => (await cells())[0]!.slice(2, 6))
      .toEqual([shown(addDays(today, 60)), 'Farmer', 'Product Based', 'Inactive']);
  });
});
