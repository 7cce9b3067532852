// Number Generation in Chromium as the factory user (prefix KA; static band 500,001–559,999): a
// static range mapped through the API is listed; the Generate dialog shows the spec's messages, downloads
// part of the range as the exact print file with the 'DownLoad Generated FIle' link, and prints 10
// codes as a label sheet that decodes to exactly their URLs; more than the print limit is refused; a
// range holding damaged numbers says how many are left out and downloads without them.
// Each test maps its own range through the API and opens the screen itself (no test leans on another's
// state or order), and every wait is for what the user sees, with a generous timeout for a busy machine.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DAMAGE_API } from '../../src/shared/contracts/numbers/damage.js';
import { MAPPING_API } from '../../src/shared/contracts/numbers/mapping.js';
import type { Download, Page } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { GEN_MSG, GENERATION_API, PRINT_LIMIT } from '../../src/shared/contracts/numbers/generation.js';
import { PRODUCT_API } from '../../src/shared/contracts/product.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api, apiSignIn } from '../helpers/api-client.js';
import { decodeLabels } from '../helpers/decode-pdf.js';
import { useBrowser } from '../helpers/use-browser.js';

const FACTORY = { email: 'factory@example.com', password: 'Factory123' };
const RUN = Date.now().toString(36).toUpperCase();
// Each browser run starts a fresh server: fixed numbers keep this file clear of the other files' bands.
const base = 500_001;
const WAIT = { timeout: 60_000 };
const codes = codeMac(inject('codeSecret'));
const staticUrl = (n: number) => codeUrl(inject('baseUrl'), codes.make({ kind: 'S', prefix: 'KA' }, n));

const b = useBrowser();
let page: Page;
let token = '';
let product = { ProductId: 0, ProductName: '' };

/** Maps from..to (its own batch) through the API, as each test's own data; answers the batch and id. */
async function mapped(from: number, to: number, tag: string): Promise<{ batch: string; id: number }> {
  const batch = `GEN-${tag}-${RUN}`;
  const res = await api(
    MAPPING_API.save,
    {
      MappingId: 0,
      ProductId: product.ProductId,
      FromNo: from,
      ToNo: to,
      Qty: to - from + 1,
      MFGDate: '2026-02-01',
      EXPDate: '2027-02-01',
      BatchNo: batch,
      Mrp: '120',
      Remark: '',
      isPreprinted: false,
    },
    token,
  );
  if (res.body.ResponseCode !== '200') throw new Error(`mapping failed: ${res.body.ResponseMessage}`);
  return { batch, id: res.body.ResponseData.MappingId };
}

beforeAll(async () => {
  token = await apiSignIn(FACTORY.email, FACTORY.password);
  product = (await api(PRODUCT_API.dropdown, undefined, token)).body.ResponseData[0]!;
  ({ page } = await b.open({ acceptDownloads: true, as: FACTORY, timeout: WAIT.timeout }));
});

const dialog = () => page.getByRole('dialog');
const field = (label: string) => dialog().getByLabel(new RegExp(`^${label.replace('.', '\\.')}`));
const rowOf = (batch: string) => page.locator('table tbody tr', { hasText: batch });
const saved = async (d: Download) => readFileSync((await d.path())!);
async function downloadBy(click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const wait = page.waitForEvent('download', WAIT);
  await click();
  const d = await wait;
  return { name: d.suggestedFilename(), bytes: await saved(d) };
}

/** Opens the screen afresh, finds the batch's row and waits until its dialog shows From = `from`. */
async function openDialog(batch: string, from: number): Promise<void> {
  await page.goto('/transaction/number-generation');
  await page.getByRole('heading', { name: 'Number Generation' }).waitFor();
  await page.getByRole('textbox', { name: 'Search' }).fill(batch);
  await rowOf(batch).getByRole('button', { name: 'Generate' }).click();
  await dialog().waitFor();
  // The next From arrives from the server after the dialog opens (typing first keeps what was typed).
  await expect.poll(() => field('From No.').inputValue(), WAIT).toBe(String(from));
}

describe('Number Generation', () => {
  it("lists the spec's columns and the mapped range", async () => {
    const { batch } = await mapped(base, base + 99, 'LIST');
    await page.goto('/transaction/number-generation');
    await page.getByRole('textbox', { name: 'Search' }).fill(batch);
    await rowOf(batch).waitFor();
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
    const cells = await rowOf(batch).locator('td').allTextContents();
    expect(cells.slice(0, 7)).toEqual([
      product.ProductName,
      `KA${base}`,
      batch,
      '100',
      '01-02-2026',
      '01-02-2027',
      'Nashik Plant',
    ]);
  });

  it("opens at the range's first number and shows the spec's messages", async () => {
    const from = base + 1000;
    const { batch } = await mapped(from, from + 2099, 'MSG');
    await openDialog(batch, from);
    expect(await field('To No.').inputValue()).toBe(String(from + 2099));
    expect(await field('Quantity').inputValue()).toBe('2100');
    const tryWith = async (f: string, to: string | null, message: string) => {
      await field('From No.').fill(f);
      if (to !== null) await field('To No.').fill(to);
      await dialog().getByRole('button', { name: 'Download' }).click();
      await dialog().getByText(message, { exact: true }).waitFor();
    };
    await tryWith('', null, GEN_MSG.fromRequired);
    await tryWith('12a', null, 'Please enter only number.');
    await tryWith(String(from + 50), String(from + 40), GEN_MSG.fromBeforeTo);
    await tryWith(String(from), '', GEN_MSG.toRequired);
    await tryWith(String(from), String(from + 2100), GEN_MSG.outside('KA', from, from + 2099));
  });

  it('keeps what the user typed when the next From arrives after it', async () => {
    const from = base + 12_000;
    const { batch } = await mapped(from, from + 99, 'LATE');
    // The server's next From held back until the user has typed (as on a slow network).
    let release = () => {};
    const held = new Promise<void>((done) => (release = done));
    const path = `**/API/api/${GENERATION_API.fromNumber.path}`;
    await page.route(path, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto('/transaction/number-generation');
      await page.getByRole('textbox', { name: 'Search' }).fill(batch);
      await rowOf(batch).getByRole('button', { name: 'Generate' }).click();
      await expect.poll(() => field('From No.').inputValue(), WAIT).toBe(String(from));
      await field('From No.').fill(String(from + 7));
      const answered = page.waitForResponse((r) => r.url().endsWith(GENERATION_API.fromNumber.path), WAIT);
      release();
      await answered;
      // Nothing is to happen now: give the late answer time to be applied if it were.
      await page.waitForTimeout(500);
      expect(await field('From No.').inputValue()).toBe(String(from + 7));
      expect(await field('Quantity').inputValue()).toBe('93');
    } finally {
      release();
      await page.unroute(path);
    }
  });

  it('downloads part of the range as the exact print file, then offers it again', async () => {
    const from = base + 4000;
    const { batch } = await mapped(from, from + 99, 'DL');
    await openDialog(batch, from);
    await field('From No.').fill(String(from + 10));
    await field('Quantity').fill('20');
    await expect.poll(() => field('To No.').inputValue(), WAIT).toBe(String(from + 29));
    const file = await downloadBy(() => dialog().getByRole('button', { name: 'Download' }).click());
    expect(file.name).toBe(`KA${from + 10}-${from + 29}.csv`);
    const lines = file.bytes.toString('utf8').split('\r\n').slice(0, -1);
    // For label software: a UTF-8 BOM, and the registration number and maker the label shows.
    expect(lines[0]).toBe(
      '\uFEFFSerial,Visible No,QR,Product Name,Batch No,MFG Date,EXP Date,MRP,Registration No,Manufacturer',
    );
    // The product's registration number and maker close each line; the demo's name both.
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 8).join(','))).toEqual(
      Array.from(
        { length: 20 },
        (_, i) =>
          `${from + 10 + i},KA${from + 10 + i},${staticUrl(from + 10 + i)},${product.ProductName},${batch},2026-02-01,2027-02-01,120.00`,
      ),
    );
    expect(lines.slice(1).filter((l) => /,[^,]+,[^,]+$/.test(l))).toHaveLength(20);
    await dialog().getByText('20 of 20 rows').waitFor();
    const again = await downloadBy(() => dialog().getByRole('button', { name: 'DownLoad Generated FIle' }).click());
    expect(again.bytes.equals(file.bytes)).toBe(true);
  });

  it('prints 10 codes as a label sheet that decodes to exactly their URLs', async () => {
    const from = base + 5000;
    const { batch } = await mapped(from, from + 99, 'PRINT');
    await openDialog(batch, from);
    await field('From No.').fill(String(from + 30));
    await field('Quantity').fill('10');
    const pdf = await downloadBy(() => dialog().getByRole('button', { name: 'Print' }).click());
    expect(pdf.name).toBe(`KA${from + 30}-${from + 39}.pdf`);
    expect(decodeLabels(new Uint8Array(pdf.bytes), 'a4-3x8')).toEqual(
      Array.from({ length: 10 }, (_, i) => staticUrl(from + 30 + i)),
    );
  });

  it('refuses to print more labels than the limit, and sends nothing', async () => {
    const from = base + 6000;
    const { batch } = await mapped(from, from + PRINT_LIMIT + 99, 'LIMIT');
    await openDialog(batch, from);
    await field('Quantity').fill(String(PRINT_LIMIT + 1));
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes(GENERATION_API.generate.path)) calls++;
    });
    await dialog().getByRole('button', { name: 'Print' }).click();
    await dialog().getByText(GEN_MSG.printLimit, { exact: true }).waitFor();
    expect(calls).toBe(0);
  });

  it('a range with damaged numbers says how many are left out, and the file leaves them out', async () => {
    const from = base + 9000;
    const { batch, id } = await mapped(from, from + 19, 'DMG');
    const damaged = await api(
      DAMAGE_API.create,
      {
        MappingId: id,
        FromNo: from + 5,
        Qty: 3,
        Reason: 'Torn labels',
        isPreprinted: false,
      },
      token,
    );
    expect(damaged.body.ResponseCode).toBe('200');
    await openDialog(batch, from);
    await dialog().getByText(GEN_MSG.leftOut(3), { exact: true }).waitFor();
    await field('Quantity').fill('6');
    await dialog().getByText(GEN_MSG.leftOut(1), { exact: true }).waitFor();
    await field('Quantity').fill('20');
    const file = await downloadBy(() => dialog().getByRole('button', { name: 'Download' }).click());
    const serials = file.bytes
      .toString('utf8')
      .split('\r\n')
      .slice(1, -1)
      .map((l) => Number(l.split(',')[0]));
    expect(serials).toEqual(Array.from({ length: 20 }, (_, i) => from + i).filter((n) => n < from + 5 || n > from + 7));
    await dialog().getByText('17 of 17 rows').waitFor();
  });
});
