// De Mapping and Product Damage in Chromium as the factory user (prefix KA, band 300,001–399,999):
// de-map 300091–300100 of 300001–300100 on the De Mapping screen, damage 300281–300290 of
// 300201–300290 on the Product Damage screen, and export 'Damaged Product.csv'. Each test maps its
// own range (and the export its own damage) through the API, so none needs another to run first.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAPPING_API } from '../../src/shared/contracts/numbers/mapping.js';
import type { Locator, Page } from 'playwright-core';
import { formatDate } from '../../src/shared/cell-format.js';
import { DAMAGE_API, DAMAGE_MSG } from '../../src/shared/contracts/numbers/damage.js';
import { DEMAP_MSG } from '../../src/shared/contracts/numbers/demap.js';
import { PRODUCT_API } from '../../src/shared/contracts/product.js';
import { api, apiSignIn } from '../helpers/api-client.js';
import { useBrowser } from '../helpers/use-browser.js';

const FACTORY = { email: 'factory@example.com', password: 'Factory123' };
const RUN = Date.now().toString(36).toUpperCase();
const MFG = '2026-01-15';

const b = useBrowser();
let page: Page;
let product = '';
let productId = 0;
let token = '';

/** A static mapping of from..to made through the API: the test's own data. */
async function mapped(from: number, to: number, batch: string): Promise<number> {
  const res = await api(
    MAPPING_API.save,
    {
      MappingId: 0,
      ProductId: productId,
      FromNo: from,
      ToNo: to,
      Qty: to - from + 1,
      MFGDate: MFG,
      EXPDate: '',
      BatchNo: batch,
      Mrp: '',
      Remark: '',
      isPreprinted: false,
    },
    token,
  );
  if (res.body.ResponseCode !== '200') throw new Error(`mapping failed: ${res.body.ResponseMessage}`);
  return res.body.ResponseData.MappingId;
}

beforeAll(async () => {
  token = await apiSignIn(FACTORY.email, FACTORY.password);
  const products = await api(PRODUCT_API.dropdown, undefined, token);
  ({ ProductName: product, ProductId: productId } = products.body.ResponseData[0]!);
  ({ page } = await b.open({ acceptDownloads: true, as: FACTORY, timeout: 60_000 }));
});

const dialog = () => page.getByRole('dialog');
const heads = async (section: Locator) => (await section.locator('thead th').allTextContents()).map((h) => h.trim());
const cells = (section: Locator) =>
  section.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')));
/** Narrows a section's list to `term` and waits for exactly one row. */
async function findOne(section: Locator, term: string) {
  await section.getByRole('textbox', { name: 'Search' }).fill(term);
  await section.getByText('Showing 1 to 1 of 1').waitFor();
}
async function fillRange(from: string, qty: string) {
  await dialog()
    .getByLabel(/^From No\./)
    .fill(from);
  await dialog()
    .getByLabel(/^Quantity/)
    .fill(qty);
}

describe('map, de-map and damage a range: the three tables agree', () => {
  it('De Mapping: the spec columns, the dialog, a refused last number, then 300091–300100 de-mapped', async () => {
    const BATCH = `DMA-${RUN}`;
    await mapped(300_001, 300_100, BATCH);
    await page.goto('/transaction/de-mapping');
    const list = page.locator('section').first();
    await findOne(list, BATCH);
    expect(await heads(list)).toEqual([
      'Product Name',
      'From No.',
      'To No.',
      'Quantity',
      'WareHouse',
      'MFG Date',
      'Batch No',
      'Action',
    ]);
    expect(await cells(list)).toEqual([
      [product, '300001', '300100', '100', 'Nashik Plant', '15-01-2026', BATCH, 'De-map'],
    ]);

    await list.getByRole('button', { name: 'De-map' }).click();
    await dialog().getByText('Demap Numbers').waitFor();
    expect(
      await dialog()
        .getByLabel(/^Product Name/)
        .inputValue(),
    ).toBe(product);
    expect(
      await dialog()
        .getByLabel(/^Product Name/)
        .getAttribute('readonly'),
    ).not.toBeNull();
    expect(
      await dialog()
        .getByLabel(/^To No\./)
        .getAttribute('readonly'),
    ).not.toBeNull();
    await fillRange('300100', '1');
    await dialog().getByRole('button', { name: 'Demap' }).click();
    await dialog().getByText(DEMAP_MSG.fromBeforeTo).waitFor();
    await fillRange('300091', '11');
    expect(
      await dialog()
        .getByLabel(/^To No\./)
        .inputValue(),
    ).toBe('300101');
    await dialog().getByRole('button', { name: 'Demap' }).click();
    await dialog().getByText(DEMAP_MSG.toPast(300100)).waitFor();

    await fillRange('300091', '10');
    expect(
      await dialog()
        .getByLabel(/^To No\./)
        .inputValue(),
    ).toBe('300100');
    await dialog().getByRole('button', { name: 'Demap' }).click();
    await page.getByText(DEMAP_MSG.done('300091–300100')).last().waitFor();
    await dialog().waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await cells(list))[0]?.slice(1, 4), { timeout: 60_000 })
      .toEqual(['300001', '300090', '90']);
  });

  it('Product Damage: the dialog refuses a short reason, then damages 300281–300290 and both tables reload', async () => {
    const BATCH = `DMB-${RUN}`;
    await mapped(300_201, 300_290, BATCH);
    await page.goto('/transaction/product-damage');
    const top = page.locator('section').first();
    const damaged = page.getByRole('region', { name: 'Damaged Product' });
    await findOne(top, BATCH);
    expect(await heads(top)).toEqual([
      'Product Name',
      'From No.',
      'To No.',
      'Quantity',
      'MFG Date',
      'Batch No',
      'Action',
    ]);
    expect(await heads(damaged)).toEqual(['From No.', 'To No.', 'Quantity', 'Reason', 'Created Date']);
    expect((await cells(top))[0]).toEqual([product, '300201', '300290', '90', '15-01-2026', BATCH, 'Damage']);
    expect(await page.getByRole('switch', { name: 'Static Qr Mapping' }).isChecked()).toBe(true);

    await top.getByRole('button', { name: 'Damage' }).click();
    await dialog().getByText('Add Product Damage').waitFor();
    await fillRange('300281', '10');
    expect(
      await dialog()
        .getByLabel(/^To No\./)
        .inputValue(),
    ).toBe('300290');
    await dialog()
      .getByLabel(/^Reason/)
      .fill('Bad');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await dialog().getByText(DAMAGE_MSG.reasonLength).waitFor();
    await dialog()
      .getByLabel(/^Reason/)
      .fill('Crushed in transit');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await page.getByText(DAMAGE_MSG.done('300281–300290')).last().waitFor();
    await dialog().waitFor({ state: 'hidden' });

    await findOne(damaged, '300281');
    const today = formatDate(new Date());
    expect(await cells(damaged)).toEqual([['300281', '300290', '10', 'Crushed in transit', today]]);
    // The damaged numbers stay inside their mapping.
    expect((await cells(top))[0]?.slice(1, 4)).toEqual(['300201', '300290', '90']);
  });

  it("exports 'Damaged Product.csv' with FromNo, ToNo, Qty, Reason, CreatedDate and the new row", async () => {
    const id = await mapped(300_301, 300_400, `DMC-${RUN}`);
    const made = await api(
      DAMAGE_API.create,
      {
        MappingId: id,
        FromNo: 300_381,
        Qty: 10,
        Reason: 'Crushed in transit',
        isPreprinted: false,
      },
      token,
    );
    expect(made.body.ResponseCode).toBe('200');
    await page.goto('/transaction/product-damage');
    const damaged = page.getByRole('region', { name: 'Damaged Product' });
    await damaged.getByText(/^Showing \d+ to \d+ of \d+$/).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      damaged.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Damaged Product.csv');
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('FromNo,ToNo,Qty,Reason,CreatedDate');
    expect(lines).toContain(`300381,300390,10,Crushed in transit,${formatDate(new Date())}`);
  });
});
