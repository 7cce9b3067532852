// Static Qr Mapping in Chromium as the factory user (prefix KA; static band 400,001–499,999,
// preprinted band 90,001–99,999 of the demo company's accepted stock): map a static range through the
// API, type both codes' QR URLs the way a keyboard-wedge scanner does (text then Enter), see the pair
// in the table and the preprinted code resolve to the static code's batch; wrong scans are told.
// Each test opens the screen itself and pairs its own codes, so none needs another to run first.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAPPING_API } from '../../src/shared/contracts/numbers/mapping.js';
import type { Page } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { PAIR_MSG, STATIC_PAIR_API } from '../../src/shared/contracts/numbers/static-pair.js';
import { PRODUCT_API } from '../../src/shared/contracts/product.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api, apiSignIn } from '../helpers/api-client.js';
import { useBrowser } from '../helpers/use-browser.js';

const FACTORY = { email: 'factory@example.com', password: 'Factory123' };
const BATCH = `SQR-${Date.now().toString(36).toUpperCase()}`;
const codes = codeMac(inject('codeSecret'));
const url = (uid: string) => codeUrl(inject('baseUrl'), uid);
const staticUrl = (n: number) => url(codes.make({ kind: 'S', prefix: 'KA' }, n));
const preprintedUrl = (n: number) => url(codes.make({ kind: 'P', prefix: '' }, n));

const b = useBrowser();
let page: Page;
let token = '';
let product = '';

beforeAll(async () => {
  token = await apiSignIn(FACTORY.email, FACTORY.password);
  const products = await api(PRODUCT_API.dropdown, undefined, token);
  const first = products.body.ResponseData[0]!;
  product = first.ProductName;
  const mapped = await api(
    MAPPING_API.save,
    {
      MappingId: 0,
      ProductId: first.ProductId,
      FromNo: 400001,
      ToNo: 400010,
      Qty: 10,
      MFGDate: '2026-02-01',
      EXPDate: '',
      BatchNo: BATCH,
      Mrp: '',
      Remark: '',
      isPreprinted: false,
    },
    token,
  );
  if (mapped.body.ResponseCode !== '200') throw new Error(`mapping failed: ${mapped.body.ResponseMessage}`);
  ({ page } = await b.open({ as: FACTORY, timeout: 60_000 }));
});

const WAIT = { timeout: 60_000 };
async function openScreen(): Promise<void> {
  await page.goto('/transaction/map-static-number');
  await page.getByRole('heading', { name: 'Static Qr Mapping' }).waitFor();
  await expect.poll(focused, WAIT).toBe('Scan Static Qr');
}

const staticBox = () => page.getByRole('textbox', { name: 'Scan Static Qr' });
const preprintedBox = () => page.getByRole('textbox', { name: 'Scan PrePrinted Qr' });
const focused = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.placeholder ?? '');
/** What a keyboard-wedge scanner does: the code's characters as keystrokes, then Enter. */
async function scanInto(box: ReturnType<typeof staticBox>, text: string) {
  await box.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}
const toast = (message: string) => page.getByText(message, { exact: true }).last().waitFor();

describe('Static Qr Mapping', () => {
  it('pairs a static and a preprinted code scanned as URLs, and lists the pair', async () => {
    await openScreen();
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).innerText()).toContain('Transaction');
    expect((await page.locator('thead th').allTextContents()).map((h) => h.trim())).toEqual([
      'Product Name',
      'Static SeqNo.',
      'Preprinted SeqNo',
      'Prefix',
    ]);
    await expect.poll(focused, WAIT).toBe('Scan Static Qr');

    await page.keyboard.type(staticUrl(400001));
    await page.keyboard.press('Enter');
    await expect.poll(focused, WAIT).toBe('Scan PrePrinted Qr');
    await page.getByText('Static code KA400001').waitFor();
    await page.keyboard.type(preprintedUrl(90001));
    await page.keyboard.press('Enter');

    await toast(PAIR_MSG.saved('KA400001', 90001));
    await expect.poll(() => staticBox().inputValue(), WAIT).toBe('');
    expect(await preprintedBox().inputValue()).toBe('');
    await expect.poll(focused, WAIT).toBe('Scan Static Qr');
    await page.getByRole('textbox', { name: 'Search' }).fill('90001');
    await page.getByText('Showing 1 to 1 of 1').waitFor();
    const cells = await page.locator('tbody tr').first().locator('td').allTextContents();
    expect(cells).toEqual([product, '400001', '90001', 'KA']);

    const scan = await api(STATIC_PAIR_API.qrScan, { UID: preprintedUrl(90001) }, token);
    expect(scan.body.ResponseData).toMatchObject({
      ProductName: product,
      BatchNo: BATCH,
      SeqNo: 90001,
      PairedVisibleNo: 'KA400001',
    });
  });

  it('tells a scan that is no code, a code of the wrong kind, and a forged code; a refusal keeps the static scan', async () => {
    await openScreen();
    await scanInto(staticBox(), 'hello');
    await toast(PAIR_MSG.invalidScan);
    expect(await staticBox().inputValue()).toBe('');
    await scanInto(staticBox(), preprintedUrl(90002));
    await toast(PAIR_MSG.staticIsPreprinted);

    await scanInto(staticBox(), staticUrl(400002));
    await expect.poll(focused, WAIT).toBe('Scan PrePrinted Qr');
    await page.keyboard.type(staticUrl(400003));
    await page.keyboard.press('Enter');
    await toast(PAIR_MSG.preprintedIsStatic);

    // Well formed but not made with the server's secret: only the server can tell.
    const genuine = preprintedUrl(90002);
    const forged = genuine.slice(0, -1) + (genuine.endsWith('0') ? '1' : '0');
    await scanInto(preprintedBox(), forged);
    await toast(PAIR_MSG.preprintedForged);
    expect(await staticBox().inputValue()).toBe(staticUrl(400002));
    await expect.poll(focused, WAIT).toBe('Scan PrePrinted Qr');

    // The static scan kept, the right preprinted code saves the pair.
    await page.keyboard.type(genuine);
    await page.keyboard.press('Enter');
    await toast(PAIR_MSG.saved('KA400002', 90002));
  });
});
