// Admin Number Download in Chromium as the admin (static band 560,001–569,999 of prefix KA): the
// same columns, newest numbers first, and a row's Download streams its whole print file; a mapping
// holding damaged numbers says how many are left out and its file leaves them out. Each test finds its
// own row from the list it opens.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, inject, it } from 'vitest';
import { DAMAGE_API } from '../../src/shared/contracts/numbers/damage.js';
import { MAPPING_API } from '../../src/shared/contracts/numbers/mapping.js';
import type { Page } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { GEN_MSG } from '../../src/shared/contracts/numbers/generation.js';
import { PRODUCT_API } from '../../src/shared/contracts/product.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api, apiSignIn } from '../helpers/api-client.js';
import { ADMIN } from '../helpers/browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const BATCH = `ADL-${Date.now().toString(36).toUpperCase()}`;
const base = 560_001; // a band of its own (the server is fresh each run)
const codes = codeMac(inject('codeSecret'));

const b = useBrowser();
let page: Page;

let token = '';
let productId = 0;

async function mapped(from: number, to: number, batch: string): Promise<number> {
  const res = await api(
    MAPPING_API.save,
    {
      MappingId: 0,
      ProductId: productId,
      FromNo: from,
      ToNo: to,
      Qty: to - from + 1,
      MFGDate: '2026-03-01',
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
  token = await apiSignIn('factory@example.com', 'Factory123');
  productId = (await api(PRODUCT_API.dropdown, undefined, token)).body.ResponseData[0]!.ProductId;
  await mapped(base, base + 49, BATCH);
  ({ page } = await b.open({ acceptDownloads: true, as: ADMIN, timeout: 60_000 }));
});

it("lists every factory's ranges by From No. descending and downloads a row's whole print file", async () => {
  await page.goto('/transaction/admin-number-download');
  await page.getByRole('heading', { name: 'Admin Number Download' }).waitFor();
  await page.locator('table tbody tr').first().waitFor();
  const heads = (await page.locator('thead th').allTextContents()).map((h) => h.trim());
  expect(heads).toEqual([
    'Product Name',
    'From No.',
    'Batch No.',
    'Quantity',
    'MFG Date',
    'EXP Date',
    'Firm Name',
    'Action',
  ]);
  const froms = (await page.locator('table tbody tr td:nth-child(2)').allTextContents()).map((t) =>
    Number(t.replace(/^\D+/, '')),
  );
  expect(froms).toEqual([...froms].sort((a, b) => b - a));

  await page.getByRole('textbox', { name: 'Search' }).fill(BATCH);
  const row = page.locator('table tbody tr', { hasText: BATCH });
  await row.waitFor();
  const wait = page.waitForEvent('download', { timeout: 60_000 });
  await row.getByRole('button', { name: 'Download' }).click();
  const d = await wait;
  expect(d.suggestedFilename()).toBe(`KA${base}-${base + 49}.csv`);
  const lines = readFileSync((await d.path())!, 'utf8')
    .split('\r\n')
    .slice(0, -1);
  expect(lines).toHaveLength(51);
  expect(lines[50]!.split(',').slice(0, 3)).toEqual([
    String(base + 49),
    `KA${base + 49}`,
    codeUrl(inject('baseUrl'), codes.make({ kind: 'S', prefix: 'KA' }, base + 49)),
  ]);
  await page.getByRole('dialog').getByText('50 of 50 rows').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'DownLoad Generated FIle' }).waitFor();
});

it('a mapping holding damaged numbers downloads without them, and the dialog says how many', async () => {
  const batch = BATCH.replace('ADL-', 'ADD-');
  const id = await mapped(base + 100, base + 119, batch);
  const damaged = await api(
    DAMAGE_API.create,
    {
      MappingId: id,
      FromNo: base + 110,
      Qty: 4,
      Reason: 'Torn labels',
      isPreprinted: false,
    },
    token,
  );
  expect(damaged.body.ResponseCode).toBe('200');
  await page.goto('/transaction/admin-number-download');
  await page.getByRole('textbox', { name: 'Search' }).fill(batch);
  const row = page.locator('table tbody tr', { hasText: batch });
  const wait = page.waitForEvent('download', { timeout: 60_000 });
  await row.getByRole('button', { name: 'Download' }).click();
  const d = await wait;
  const serials = readFileSync((await d.path())!, 'utf8')
    .split('\r\n')
    .slice(1, -1)
    .map((l) => Number(l.split(',')[0]));
  expect(serials).toEqual(
    Array.from({ length: 20 }, (_, i) => base + 100 + i).filter((n) => n < base + 110 || n > base + 113),
  );
  await page.getByRole('dialog').getByText(GEN_MSG.leftOut(4), { exact: true }).waitFor();
  await page.getByRole('dialog').getByText('16 of 16 rows').waitFor();
});
