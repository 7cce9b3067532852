// Number Generation in Chromium as the factory user (prefix KA; static band 500,001–599,999): a
// static range mapped through the API is listed; the Generate dialog shows the spec's messages, downloads
// part of the range as the exact print file with the 'DownLoad Generated FIle' link, and prints 10
// codes as a label sheet that decodes to exactly their URLs; more than the print limit is refused.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { GEN_MSG, PRINT_LIMIT } from '../../src/shared/contracts/numbers/generation.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { apiSignIn, call } from '../helpers/api-client.js';
import { launchBrowser, newPage, signIn } from '../helpers/browser.js';
import { decodeLabels } from '../helpers/decode-pdf.js';

const FACTORY = { email: 'factory@example.com', password: 'Factory123' };
const BATCH = `GEN-${Date.now().toString(36).toUpperCase()}`;
// Each browser run starts a fresh server: fixed numbers keep this file clear of the other files' bands.
const base = 500_001;
const codes = codeMac(inject('codeSecret'));
const staticUrl = (n: number) => codeUrl(inject('baseUrl'), codes.make({ kind: 'S', prefix: 'KA' }, n));

let browser: Browser;
let context: BrowserContext;
let page: Page;
let product = '';

beforeAll(async () => {
  const token = await apiSignIn(FACTORY.email, FACTORY.password);
  const products = await call<{ ProductId: number; ProductName: string }[]>('GET', 'Product/GetProductsDDL', token);
  const first = products.body.ResponseData[0]!;
  product = first.ProductName;
  const mapped = await call('POST', 'Mapping/CreateMapping', token, {
    MappingId: 0, ProductId: first.ProductId, FromNo: base, ToNo: base + 2099, Qty: 2100, MFGDate: '2026-02-01', EXPDate: '2027-02-01',
    BatchNo: BATCH, Mrp: '120', Remark: '', isPreprinted: false,
  });
  if (mapped.body.ResponseCode !== '200') throw new Error(`mapping failed: ${mapped.body.ResponseMessage}`);
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, { acceptDownloads: true }));
  await signIn(page, FACTORY.email, FACTORY.password);
  await page.goto('/transaction/number-generation');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const dialog = () => page.getByRole('dialog');
const field = (label: string) => dialog().getByLabel(new RegExp(`^${label.replace('.', '\\.')}`));
const saved = async (d: Download) => readFileSync((await d.path())!);
async function downloadBy(click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const wait = page.waitForEvent('download');
  await click();
  const d = await wait;
  return { name: d.suggestedFilename(), bytes: await saved(d) };
}

describe('Number Generation', () => {
  it("lists the spec's columns and the mapped range", async () => {
    await page.getByRole('heading', { name: 'Number Generation' }).waitFor();
    await page.getByRole('textbox', { name: 'Search' }).fill(BATCH);
    await page.locator('table tbody tr', { hasText: BATCH }).waitFor();
    const heads = (await page.locator('thead th').allTextContents()).map((h) => h.trim());
    expect(heads).toEqual(['Product Name', 'From No.', 'Batch No.', 'Quantity', 'MFG Date', 'EXP Date', 'Firm Name', 'Action']);
    const cells = await page.locator('table tbody tr', { hasText: BATCH }).locator('td').allTextContents();
    expect(cells.slice(0, 7)).toEqual([product, `KA${base}`, BATCH, '2100', '01-02-2026', '01-02-2027', 'Nashik Plant']);
  });

  it("opens at the range's first number and shows the spec's messages", async () => {
    await page.locator('table tbody tr', { hasText: BATCH }).getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => field('From No.').inputValue()).toBe(String(base));
    expect(await field('To No.').inputValue()).toBe(String(base + 2099));
    expect(await field('Quantity').inputValue()).toBe('2100');
    const tryWith = async (from: string, to: string | null, message: string) => {
      await field('From No.').fill(from);
      if (to !== null) await field('To No.').fill(to);
      await dialog().getByRole('button', { name: 'Download' }).click();
      await dialog().getByText(message, { exact: true }).waitFor();
    };
    await tryWith('', null, GEN_MSG.fromRequired);
    await tryWith('12a', null, 'Please enter only number.');
    await tryWith(String(base + 50), String(base + 40), GEN_MSG.fromBeforeTo);
    await tryWith(String(base), '', GEN_MSG.toRequired);
    await tryWith(String(base), String(base + 2100), GEN_MSG.outside('KA', base, base + 2099));
  });

  it('downloads part of the range as the exact print file, then offers it again', async () => {
    await field('From No.').fill(String(base + 10));
    await field('Quantity').fill('20');
    expect(await field('To No.').inputValue()).toBe(String(base + 29));
    const file = await downloadBy(() => dialog().getByRole('button', { name: 'Download' }).click());
    expect(file.name).toBe(`KA${base + 10}-${base + 29}.csv`);
    const lines = file.bytes.toString('utf8').split('\r\n').slice(0, -1);
    expect(lines[0]).toBe('Serial,Visible No,QR,Product Name,Batch No,MFG Date,EXP Date,MRP');
    expect(lines.slice(1)).toEqual(Array.from({ length: 20 }, (_, i) =>
      `${base + 10 + i},KA${base + 10 + i},${staticUrl(base + 10 + i)},${product},${BATCH},2026-02-01,2027-02-01,120.00`));
    await dialog().getByText('20 of 20 rows').waitFor();
    const again = await downloadBy(() => dialog().getByRole('button', { name: 'DownLoad Generated FIle' }).click());
    expect(again.bytes.equals(file.bytes)).toBe(true);
  });

  it('prints 10 codes as a label sheet that decodes to exactly their URLs', async () => {
    await field('From No.').fill(String(base + 30));
    await field('Quantity').fill('10');
    const pdf = await downloadBy(() => dialog().getByRole('button', { name: 'Print' }).click());
    expect(pdf.name).toBe(`KA${base + 30}-${base + 39}.pdf`);
    expect(decodeLabels(new Uint8Array(pdf.bytes))).toEqual(Array.from({ length: 10 }, (_, i) => staticUrl(base + 30 + i)));
  });

  it('refuses to print more labels than the limit, and sends nothing', async () => {
    await field('From No.').fill(String(base));
    await field('Quantity').fill(String(PRINT_LIMIT + 1));
    let calls = 0;
    page.on('request', (r) => { if (r.url().includes('CreateGeneratedNumber')) calls++; });
    await dialog().getByRole('button', { name: 'Print' }).click();
    await dialog().getByText(GEN_MSG.printLimit, { exact: true }).waitFor();
    expect(calls).toBe(0);
  });
});
