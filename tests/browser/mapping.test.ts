// Mapping in Chromium as the factory user (prefix KA, band 100,001–199,999): map 100001–100050 through
// the form (To and Quantity kept in step, the expiry filled from the product's shelf life), see the
// row, then change only the expiry; an unchanged Update sends nothing. Each test opens the screen
// itself and the expiry test maps its own range through the API, so no test needs another first.
import dayjs from 'dayjs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MAPPING_API, MAPPING_MSG, PRODUCT_LOOKUP_API } from '../../src/shared/contracts/numbers/mapping.js';
import { PRODUCT_API } from '../../src/shared/contracts/product.js';
import { api, apiSignIn } from '../helpers/api-client.js';
import { useBrowser } from '../helpers/use-browser.js';

const FACTORY = { email: 'factory@example.com', password: 'Factory123' };
const BATCH = `MAP-${Date.now().toString(36).toUpperCase()}`;
const MFG = '2026-01-15';

const b = useBrowser();
let page: Page;
let token = '';
const saves: string[] = [];

beforeAll(async () => {
  token = await apiSignIn(FACTORY.email, FACTORY.password);
  // No service worker, so each save the page sends is counted once.
  ({ page } = await b.open({ serviceWorkers: 'block', as: FACTORY, timeout: 60_000 }));
  page.on('request', (r) => {
    if (r.url().includes(MAPPING_API.save.path)) saves.push(r.method());
  });
});

const dialog = () => page.getByRole('dialog');
const field = (label: RegExp) => dialog().getByLabel(label);
const WAIT = { timeout: 60_000 };
async function openScreen(): Promise<void> {
  await page.goto('/transaction/mapping');
  await page.getByRole('button', { name: 'Product Mapping' }).waitFor();
}
const cells = () =>
  page.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')));

describe('Mapping', () => {
  it("shows the spec's columns and the Static Qr Mapping switch", async () => {
    await openScreen();
    const heads = (await page.locator('thead th').allTextContents()).map((h) => h.trim());
    expect(heads).toEqual([
      'Product Name',
      'From No.',
      'To No.',
      'Quantity',
      'Created Date',
      'MFG Date',
      'EXP Date',
      'Batch No',
      'MRP',
      'Remarks',
      'Action',
    ]);
    expect(await page.getByLabel('Static Qr Mapping').isChecked()).toBe(true);
  });

  it('maps 100001–100050 through the form and lists it with the computed expiry', async () => {
    await openScreen();
    await page.getByRole('button', { name: 'Product Mapping' }).click();
    await expect.poll(() => field(/^From No/).inputValue(), WAIT).toMatch(/^\d+$/); // prefilled by GetFromNumberMap
    await field(/^Product/).click();
    const option = page.getByRole('option').first();
    const product = (await option.textContent()) ?? '';
    await option.click();
    await field(/^From No/).fill('100001');
    await field(/^To No/).fill('100060');
    expect(await field(/^Quantity/).inputValue()).toBe('60');
    await field(/^Quantity/).fill('50');
    expect(await field(/^To No/).inputValue()).toBe('100050');
    await field(/^Batch No/).fill(BATCH);
    // From above To: the spec's message, not the emptied quantity's (issue 10 item 11).
    await field(/^From No/).fill('100060');
    await field(/^To No/).fill('100050');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await dialog().getByText(MAPPING_MSG.fromBeforeTo).waitFor();
    await field(/^From No/).fill('100001');
    await field(/^Quantity/).fill('50');
    expect(await field(/^To No/).inputValue()).toBe('100050');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await dialog().getByText(MAPPING_MSG.mfgRequired).waitFor();

    const products = await api(PRODUCT_API.dropdown, undefined, token);
    const id = products.body.ResponseData.find((p) => p.ProductName === product)!.ProductId;
    const life = await api(PRODUCT_LOOKUP_API.life, undefined, token, { productId: id });
    const exp = dayjs(MFG).add(life.body.ResponseData.BestBeforeDays, 'day');
    await field(/^MFG Date/).fill(MFG);
    await expect.poll(() => field(/^EXP Date/).inputValue(), WAIT).toBe(exp.format('YYYY-MM-DD'));
    await field(/^MRP/).fill('150');
    await field(/^Remarks/).fill('browser lot');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await page.getByText(MAPPING_MSG.created).last().waitFor();
    await dialog().waitFor({ state: 'hidden' });

    await page.getByRole('textbox', { name: 'Search' }).fill(BATCH);
    await page.getByText('Showing 1 to 1 of 1').waitFor();
    const [row] = await cells();
    expect([...row!.slice(0, 4), ...row!.slice(5, 10)]).toEqual([
      product,
      '100001',
      '100050',
      '50',
      '15-01-2026',
      exp.format('DD-MM-YYYY'),
      BATCH,
      '150',
      'browser lot',
    ]);
  });

  it('updates only the expiry; an unchanged Update just closes', async () => {
    const batch = BATCH.replace('MAP-', 'EXP-'); // not found by a search for BATCH
    const products = await api(PRODUCT_API.dropdown, undefined, token);
    const made = await api(
      MAPPING_API.save,
      {
        MappingId: 0,
        ProductId: products.body.ResponseData[0]!.ProductId,
        FromNo: 100_101,
        ToNo: 100_150,
        Qty: 50,
        MFGDate: MFG,
        EXPDate: '2027-01-15',
        BatchNo: batch,
        Mrp: '',
        Remark: '',
        isPreprinted: false,
      },
      token,
    );
    expect(made.body.ResponseCode).toBe('200');
    await openScreen();
    await page.getByRole('textbox', { name: 'Search' }).fill(batch);
    await page.getByText('Showing 1 to 1 of 1').waitFor();
    await page.locator('tbody tr').first().getByRole('button', { name: 'Edit' }).click();
    await dialog().getByText('Update Mapping').first().waitFor();
    expect(await field(/^From No/).getAttribute('readonly')).not.toBeNull();
    expect(await field(/^Batch No/).getAttribute('readonly')).not.toBeNull();
    const before = saves.length;
    await dialog().getByRole('button', { name: 'Update' }).click();
    await dialog().waitFor({ state: 'hidden' });
    expect(saves.length).toBe(before);

    await page.locator('tbody tr').first().getByRole('button', { name: 'Edit' }).click();
    await field(/^EXP Date/).fill('2028-12-31');
    await dialog().getByRole('button', { name: 'Update' }).click();
    await page.getByText(MAPPING_MSG.updated).last().waitFor();
    expect(saves.length).toBe(before + 1);
    await expect.poll(async () => (await cells())[0]?.[6], WAIT).toBe('31-12-2028');
    expect((await cells())[0]!.slice(1, 4)).toEqual(['100101', '100150', '50']);
  });
});
