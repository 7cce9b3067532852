// The Warehouse Master in Chromium: the spec's columns with state and city names, a warehouse added
// without code or e-mail (its prefix entered like a factory's), and the 'warehouse data.csv' export.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SITE_MSG } from '../../src/shared/contracts/site.js';
import { launchBrowser, newPage, signIn } from '../helpers/browser.js';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const tag = Date.now().toString(36).toUpperCase().slice(-5);
const NAME = `Kolhapur Depot ${tag}`;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, { acceptDownloads: true }));
  await signIn(page);
  await page.goto('/masters/warehouse-master');
  await page.getByText(/^Showing \d+ to \d+ of \d+$/).waitFor();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const dialog = () => page.getByRole('dialog');
const cells = async () => page.locator('table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')));
async function pick(label: RegExp, option: string) {
  await dialog().getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Warehouse Master', () => {
  it('lists warehouses only, with the spec columns and the state and city by name', async () => {
    const heads = (await page.locator('thead th').allTextContents()).map((h) => h.trim());
    expect(heads).toEqual(['Company', 'Warehouse code', 'Warehouse Name', 'Email', 'Mobile No.', 'State', 'City', 'Pincode',
      'Created Date', 'Status', 'Action']);
    const pune = (await cells()).find((r) => r[2] === 'Pune Depot');
    expect(pune?.slice(0, 8)).toEqual(['Green Harvest Agro Ltd', 'PUN01', 'Pune Depot', 'depot@greenharvest.example', '9822000002',
      'Maharashtra', 'Pune', '411019']);
    expect((await cells()).some((r) => r[2] === 'Nashik Plant')).toBe(false);
  });

  it('adds a warehouse without code or e-mail', async () => {
    await page.getByRole('button', { name: 'Add Warehouse' }).click();
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await dialog().getByText(SITE_MSG.warehouseNameRequired).waitFor();
    expect(await dialog().getByText(SITE_MSG.codeRequired).count()).toBe(0);
    await pick(/^Company/, 'Green Harvest Agro Ltd');
    await dialog().getByLabel(/^Warehouse Name/).fill(NAME);
    await dialog().getByLabel(/^GST No/).fill('27AAACG1234F8Z2');
    await dialog().getByLabel(/^Prefix/).fill(`Y${tag.slice(-1)}`);
    await pick(/^Country/, 'India');
    await pick(/^State/, 'Maharashtra');
    await pick(/^City/, 'Kolhapur');
    await dialog().getByLabel(/^Pincode/).fill('416001');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await page.getByText(SITE_MSG.warehouseCreated).last().waitFor();
    await expect.poll(async () => (await cells())[0]?.slice(2, 8)).toEqual([NAME, '', '', 'Maharashtra', 'Kolhapur', '416001']);
  });

  it("exports the warehouses to 'warehouse data.csv'", async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe('warehouse data.csv');
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    expect(csv.split(/\r\n/)[0]).toBe('Company,Warehouse code,Warehouse Name,Email,Mobile No.,State,City,Pincode,Created Date,Status');
    expect(csv).toContain(`,${NAME},,,Maharashtra,Kolhapur,416001,`);
    expect(csv).not.toContain('Nashik Plant');
  });
});
