// Carton Slip in Chromium as the factory user (prefix KA): print secondary slips as a PDF sheet and
// read every QR back with pdftoppm + zbarimg, then a CSV, tertiary slips and a single 90 x 70 mm
// label; From moves to the old To after each print, so the next block follows on. Each test opens the
// screen afresh (its choices at their defaults) and reads its own From, so none needs another first.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { makeSlipId, type SlipType } from '../../src/shared/codes.js';
import { SLIP_API, SLIP_MSG } from '../../src/shared/contracts/numbers/slip-ids.js';
import { endpointPath } from '../../src/shared/endpoint.js';
import { decodeLabels, pdfPageCount } from '../helpers/decode-pdf.js';
import { useBrowser } from '../helpers/use-browser.js';

const FACTORY = { email: 'factory@example.com', password: 'Factory123' };
const YY = new Date().getFullYear() % 100;
const ids = (type: SlipType, from: number, count: number) =>
  Array.from({ length: count }, (_, i) => makeSlipId(type, YY, 'KA', from + i));

const b = useBrowser();
let page: Page;

beforeAll(async () => {
  ({ page } = await b.open({ acceptDownloads: true, as: FACTORY, timeout: 60_000 }));
});

const WAIT = { timeout: 60_000 };
async function openScreen(): Promise<void> {
  await page.goto('/transaction/Carton-Slip');
  await page.getByRole('heading', { name: 'Carton Slip' }).waitFor();
}

const field = (label: RegExp) => page.getByLabel(label);
const fromNumber = () => field(/^From Number/).inputValue();
/** The From Number once GetIds has answered. */
async function currentFrom(): Promise<number> {
  await expect.poll(fromNumber, WAIT).toMatch(/^\d+$/);
  return Number(await fromNumber());
}
/** Types a quantity, submits, and answers the saved file's name and bytes. */
async function print(qty: number): Promise<{ name: string; bytes: Buffer }> {
  await field(/^Quantity/).fill(String(qty));
  const [download] = await Promise.all([
    page.waitForEvent('download', WAIT),
    page.getByRole('button', { name: 'Submit' }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync((await download.path())!) };
}

describe('Carton Slip', () => {
  it("says 'Invalid Arguments' when the quantity is missing", async () => {
    await openScreen();
    await currentFrom();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(SLIP_MSG.invalid).last().waitFor();
    expect(await field(/^To Number \(Included\)/).isDisabled()).toBe(true);
  });

  it('prints 40 secondary slips as an A4 PDF that decodes to exactly those ids over two pages', async () => {
    await openScreen();
    const from = await currentFrom();
    await field(/^Quantity/).fill('40');
    expect(await field(/^To Number \(Included\)/).inputValue()).toBe(String(from + 40));
    const expected = ids('SID', from + 1, 40);
    const file = await print(40);
    expect(file.name).toBe(`${expected[0]}-${expected[39]}.pdf`);
    expect(pdfPageCount(file.bytes)).toBe(2);
    expect(decodeLabels(file.bytes)).toEqual(expected);
    // From moves to the old To and the quantity is cleared.
    await expect.poll(fromNumber, WAIT).toBe(String(from + 40));
    expect(await field(/^Quantity/).inputValue()).toBe('');
  });

  it('prints the next 5 as a CSV of Carton Id and Type', async () => {
    await openScreen();
    const from = await currentFrom();
    await page.getByRole('radio', { name: 'CSV' }).check();
    const file = await print(5);
    const expected = ids('SID', from + 1, 5);
    expect(file.name).toBe(`${expected[0]}-${expected[4]}.csv`);
    const lines = file.bytes
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual(['Carton Id,Type', ...expected.map((id) => `${id},Secondary Carton`)]);
    await expect.poll(fromNumber, WAIT).toBe(String(from + 5));
  });

  it('prints 3 tertiary slips from the TID counter', async () => {
    await openScreen();
    await page.getByRole('radio', { name: 'Tertiary Carton Slips' }).check();
    await page.getByRole('radio', { name: 'PDF' }).check();
    const from = await currentFrom();
    const file = await print(3);
    expect(decodeLabels(file.bytes)).toEqual(ids('TID', from + 1, 3));
    await expect.poll(fromNumber, WAIT).toBe(String(from + 3));
  });

  it('prints single 90 x 70 mm landscape labels, one id per page', async () => {
    await openScreen();
    await page.getByRole('radio', { name: 'Secondary Carton Slips' }).check();
    await page.getByRole('radio', { name: /^Single label/ }).check();
    const from = await currentFrom();
    const file = await print(2);
    expect(pdfPageCount(file.bytes)).toBe(2);
    const info = execFileSync('pdfinfo', ['-'], { input: file.bytes }).toString();
    // 90 x 70 mm is 255.118 x 198.425 pt.
    expect(
      /Page size:\s+([\d.]+) x ([\d.]+) pts/
        .exec(info)
        ?.slice(1, 3)
        .map((v) => Math.round(Number(v))),
    ).toEqual([255, 198]);
    expect(decodeLabels(file.bytes, 'single')).toEqual(ids('SID', from + 1, 2));
  });

  it('warns when the last-ids lookup fails, and then prints nothing', async () => {
    // The last-ids lookup of any prefix.
    const lastIds = `**/API/api/${endpointPath(SLIP_API.lastIds, { prefix: '**' })}`;
    await page.route(lastIds, (route) => route.fulfill({ status: 500, body: 'down' }));
    try {
      await openScreen();
      await page.getByText(SLIP_MSG.lookupFailed).last().waitFor();
      expect(await fromNumber()).toBe('');
      await field(/^Quantity/).fill('3');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText(SLIP_MSG.invalid).last().waitFor();
    } finally {
      await page.unroute(lastIds);
    }
  });
});
