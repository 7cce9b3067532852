// Bulk mapping in Chromium as the factory user (prefix KA, band 200,001–299,999): the template
// downloads with the headers; a file that is no sheet is refused without a request; a sheet with good
// and bad rows opens 'Number series not valid' listing exactly the bad rows, and maps nothing; the
// same sheet without its bad rows maps every row. Each test opens the screen itself and uses its own
// numbers and batches, so none needs another to run first.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MAPPING_API, MAPPING_MSG } from '../../src/shared/contracts/numbers/mapping.js';
import {
  savedMessage,
  SHEET_API,
  SHEET_HEADERS,
  SHEET_MSG,
  TEMPLATE_FILE_NAME,
} from '../../src/shared/contracts/numbers/mapping-upload.js';
import { api, apiSignIn } from '../helpers/api-client.js';
import { emptyTable } from '../helpers/browser.js';
import { sheetFile, sheetRow } from '../helpers/factories-mapping-upload.js';
import { useBrowser } from '../helpers/use-browser.js';

const FACTORY = { email: 'factory@example.com', password: 'Factory123' };
/** Demo products of the demo company (src/server/demo/products.ts). */
const CODES = ['BGOF1KG', 'NSNO500ML'];
const RUN = Date.now().toString(36).toUpperCase();
const base = 200_001 + (Date.now() % 900) * 100;

const b = useBrowser();
let page: Page;
let token = '';
const dir = mkdtempSync(join(tmpdir(), 'ft-bulk-'));
const file = (name: string, data: Buffer | string) => {
  const p = join(dir, name);
  writeFileSync(p, data);
  return p;
};

/** Two good rows from `from` of batch `batch`-1 and -2. */
const good = (from: number, batch: string) => [
  sheetRow(CODES[0]!, from, from + 9, 10, `${batch}-1`, '2026-02-01'),
  sheetRow(CODES[1]!, from + 20, null, 10, `${batch}-2`, '01-02-2026'),
];
const bad = (from: number, batch: string) => [
  sheetRow('NO-SUCH-CODE', from + 10, from + 19, 10, `${batch}-X`),
  sheetRow(CODES[0]!, from + 50, from + 40, null, `${batch}-Y`),
  sheetRow(CODES[1]!, from + 25, from + 34, 10, `${batch}-Z`),
];

beforeAll(async () => {
  token = await apiSignIn(FACTORY.email, FACTORY.password);
  ({ page } = await b.open({ acceptDownloads: true, as: FACTORY, timeout: 60_000 }));
});

async function openScreen(): Promise<void> {
  await page.goto('/transaction/mapping');
  await page.getByRole('button', { name: 'Bulk Mapping' }).waitFor();
}
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function choose(path: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Bulk Mapping' }).click();
  await (await chooser).setFiles(path);
}
const mappedRows = async (batch: string) => {
  const res = await api(
    MAPPING_API.list,
    {
      First: 1,
      PageSize: 50,
      SearchValue: batch,
      SortColumn: 'FromNo',
      SortOrder: 'ASC',
      isPreprinted: false,
    },
    token,
  );
  return res.body.ResponseData.map((r) => [r.FromNo, r.ToNo, r.BatchNo]);
};

describe('bulk mapping from a sheet', () => {
  it('Download Template saves the .xlsx with the template headers', async () => {
    await openScreen();
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Download Template' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(TEMPLATE_FILE_NAME);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await saved.path())!) as unknown as ArrayBuffer);
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...SHEET_HEADERS]);
  });

  it('a file that is no sheet is refused on the screen, with no request', async () => {
    await openScreen();
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes(SHEET_API.upload.path)) sent++;
    });
    await choose(file('numbers.csv', 'Product Code,From No.\n'));
    await page.getByText(SHEET_MSG.notAcceptable).waitFor();
    expect(sent).toBe(0);
  });

  it('good and bad rows: the error table lists exactly the bad rows and nothing is mapped', async () => {
    const BATCH = `BLK-A-${RUN}`;
    const [fine, wrong] = [good(base, BATCH), bad(base, BATCH)];
    await openScreen();
    await choose(file('bulk.xlsx', await sheetFile([fine[0]!, wrong[0]!, fine[1]!, wrong[1]!, wrong[2]!])));
    const dialog = page.getByRole('dialog', { name: 'Number series not valid' });
    await dialog.waitFor();
    expect((await dialog.locator('thead th').allTextContents()).map((h) => h.trim())).toEqual([
      'Row',
      'Product Code',
      'From No.',
      'To No.',
      'Quantity',
      'Error Message',
      'Batch No',
    ]);
    await expect.poll(() => dialog.locator('tbody tr').count(), { timeout: 60_000 }).toBe(3);
    const rows = await dialog
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')));
    expect(rows.map((r) => [r[0], r[1], r[2], r[5], r[6]])).toEqual([
      ['3', 'NO-SUCH-CODE', String(base + 10), SHEET_MSG.unknownProduct('NO-SUCH-CODE'), `${BATCH}-X`],
      ['5', CODES[0], String(base + 50), MAPPING_MSG.fromBeforeTo, `${BATCH}-Y`],
      [
        '6',
        CODES[1],
        String(base + 25),
        expect.stringContaining(`${base + 25}–${base + 29} are already mapped`),
        `${BATCH}-Z`,
      ],
    ]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await mappedRows(BATCH)).toEqual([]);
    const list = page.locator('section').first();
    await list.getByRole('textbox', { name: 'Search' }).fill(BATCH);
    await emptyTable(list).waitFor();
  });

  it('the same sheet without its bad rows maps every row and the list shows them', async () => {
    const BATCH = `BLK-B-${RUN}`;
    const from = base + 60;
    await openScreen();
    await choose(file('bulk-fixed.xlsx', await sheetFile(good(from, BATCH))));
    await page.getByText(savedMessage(2)).waitFor();
    expect(await mappedRows(BATCH)).toEqual([
      [from, from + 9, `${BATCH}-1`],
      [from + 20, from + 29, `${BATCH}-2`],
    ]);
    const list = page.locator('section').first();
    await list.getByRole('textbox', { name: 'Search' }).fill(BATCH);
    await list.getByText('Showing 1 to 2 of 2').waitFor();
  });
});
