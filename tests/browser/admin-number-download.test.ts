// Admin Number Download in Chromium as the admin (static band 560,001–569,999 of prefix KA): the
// same columns, newest numbers first, and a row's Download streams its whole print file.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { apiSignIn, call } from '../helpers/api-client.js';
import { launchBrowser, newPage, signIn } from '../helpers/browser.js';

const BATCH = `ADL-${Date.now().toString(36).toUpperCase()}`;
const base = 560_001; // a band of its own (the server is fresh each run)
const codes = codeMac(inject('codeSecret'));

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  const token = await apiSignIn('factory@example.com', 'Factory123');
  const products = await call<{ ProductId: number }[]>('GET', 'Product/GetProductsDDL', token);
  const mapped = await call('POST', 'Mapping/CreateMapping', token, {
    MappingId: 0, ProductId: products.body.ResponseData[0]!.ProductId, FromNo: base, ToNo: base + 49, Qty: 50,
    MFGDate: '2026-03-01', EXPDate: '', BatchNo: BATCH, Mrp: '', Remark: '', isPreprinted: false,
  });
  if (mapped.body.ResponseCode !== '200') throw new Error(`mapping failed: ${mapped.body.ResponseMessage}`);
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, { acceptDownloads: true }));
  await signIn(page);
  await page.goto('/transaction/admin-number-download');
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

it("lists every factory's ranges by From No. descending and downloads a row's whole print file", async () => {
  await page.getByRole('heading', { name: 'Admin Number Download' }).waitFor();
  await page.locator('table tbody tr').first().waitFor();
  const heads = (await page.locator('thead th').allTextContents()).map((h) => h.trim());
  expect(heads).toEqual(['Product Name', 'From No.', 'Batch No.', 'Quantity', 'MFG Date', 'EXP Date', 'Firm Name', 'Action']);
  const froms = (await page.locator('table tbody tr td:nth-child(2)').allTextContents()).map((t) => Number(t.replace(/^\D+/, '')));
  expect(froms).toEqual([...froms].sort((a, b) => b - a));

  await page.getByRole('textbox', { name: 'Search' }).fill(BATCH);
  const row = page.locator('table tbody tr', { hasText: BATCH });
  await row.waitFor();
  const wait = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download' }).click();
  const d = await wait;
  expect(d.suggestedFilename()).toBe(`KA${base}-${base + 49}.csv`);
  const lines = readFileSync((await d.path())!, 'utf8').split('\r\n').slice(0, -1);
  expect(lines).toHaveLength(51);
  expect(lines[50]!.split(',').slice(0, 3))
    .toEqual([String(base + 49), `KA${base + 49}`, codeUrl(inject('baseUrl'), codes.make({ kind: 'S', prefix: 'KA' }, base + 49))]);
  await page.getByRole('dialog').getByText('50 of 50 rows').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'DownLoad Generated FIle' }).waitFor();
});
