// Labels that carry the law (issue 28 item 5), in Chromium from the real Number Generation screen, on a
// server of its own started with LABEL_LINK=gs1 and a long public address: a GS1 label of a product
// named in Devanagari prints text a reader gets back as typed (pdftotext), with the batch, dates,
// registration number and maker beside the code, and zbarimg reads every code at 72 dpi; and a batch
// GS1's AI (10) cannot hold is mapped with a notice that its labels keep the short link.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { COMPANY_API } from '../../src/shared/contracts/company.js';
import { batchNotInDigitalLink, MAPPING_API, MAPPING_MSG } from '../../src/shared/contracts/numbers/mapping.js';
import { PRODUCT_API } from '../../src/shared/contracts/product.js';
import { digitalLink } from '../../src/shared/digital-link.js';
import { api, apiSignIn, ok } from '../helpers/api-client.js';
import { ADMIN } from '../helpers/browser.js';
import { decodeLabels, pdfText } from '../helpers/decode-pdf.js';
import { productBody } from '../helpers/factories-products.js';
import { freePort, startServerProcess, type ServerProcess } from '../helpers/server-process.js';
import { useBrowser } from '../helpers/use-browser.js';

const FACTORY = { email: 'factory@example.com', password: 'Factory123' };
const CODE_SECRET = 'label-law-code-secret';
const PUBLIC_BASE = 'https://trace.example-agro.in';
const GTIN = '08901234567890';
const NAME = 'जैविक खाद';
const BATCH = 'ABCD1234567890123456'; // 20 characters: as long as AI (10) allows
const REG_NO = 'CIR-40,123/2020';
const MAKER = 'कृषि रसायन प्रा. लि.';
const FROM = 500_001;
const WAIT = { timeout: 60_000 };

const b = useBrowser();
let server: ServerProcess;
let dataDir: string;
let page: Page;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fieldtrace-labels-'));
  const before = process.env.LABEL_LINK;
  process.env.LABEL_LINK = 'gs1'; // the child server reads its settings from the environment it is given
  try {
    server = await startServerProcess({
      port: await freePort(),
      dataDir,
      codeSecret: CODE_SECRET,
      publicBaseUrl: PUBLIC_BASE,
    });
  } finally {
    if (before === undefined) delete process.env.LABEL_LINK;
    else process.env.LABEL_LINK = before;
  }
  const origin = server.baseUrl;
  const admin = await apiSignIn(ADMIN.email, ADMIN.password, origin);
  const factory = await apiSignIn(FACTORY.email, FACTORY.password, origin);
  const [company] = await ok('company', api(COMPANY_API.dropdown, undefined, factory, undefined, origin));
  const body = productBody(company!.CompId, {
    ProductName: NAME,
    gtin: GTIN,
    RegistrationNo: REG_NO,
    ManufactureName: MAKER,
  });
  await ok('product', api(PRODUCT_API.save, body, admin, undefined, origin));
  const products = await ok('products', api(PRODUCT_API.dropdown, undefined, factory, undefined, origin));
  const product = products.find((p) => p.ProductName === NAME)!;
  const mapping = {
    MappingId: 0,
    ProductId: product.ProductId,
    FromNo: FROM,
    ToNo: FROM + 99,
    Qty: 100,
    MFGDate: '2026-01-01',
    EXPDate: '2027-12-31',
    BatchNo: BATCH,
    Mrp: '450',
    Remark: '',
    isPreprinted: false,
  };
  await ok('mapping', api(MAPPING_API.save, mapping, factory, undefined, origin));
  ({ page } = await b.open({ acceptDownloads: true, as: FACTORY, baseURL: origin, timeout: WAIT.timeout }));
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('prints a GS1 label of a Devanagari product: its text reads back and every code reads at 72 dpi', async () => {
  await page.goto('/transaction/number-generation');
  await page.getByRole('heading', { name: 'Number Generation' }).waitFor();
  await page.getByRole('textbox', { name: 'Search' }).fill(BATCH);
  await page.locator('table tbody tr', { hasText: BATCH }).getByRole('button', { name: 'Generate' }).click();
  const dialog = page.getByRole('dialog');
  const field = (label: string) => dialog.getByLabel(new RegExp(`^${label.replace('.', '\\.')}`));
  await expect.poll(() => field('From No.').inputValue(), WAIT).toBe(String(FROM));
  await field('Quantity').fill('10');
  await expect.poll(() => field('To No.').inputValue(), WAIT).toBe(String(FROM + 9));
  const download = page.waitForEvent('download', WAIT);
  await dialog.getByRole('button', { name: 'Print' }).click();
  const pdf = new Uint8Array(readFileSync((await (await download).path())!));

  // The first label's text, beside its 33 mm code, as a reader copies it.
  expect(pdfText(pdf, [8 + 33, 8, 30, 35])).toEqual([
    `KA${FROM}`,
    NAME,
    `Batch: ${BATCH}`,
    'MFG: 2026-01-01 EXP: 2027-12-31',
    `Reg. No: ${REG_NO}`,
    `Mfd. by: ${MAKER}`,
  ]);
  const codes = codeMac(CODE_SECRET);
  const want = Array.from({ length: 10 }, (_, i) =>
    digitalLink(PUBLIC_BASE, {
      gtin: GTIN,
      batch: BATCH,
      uid: codes.make({ kind: 'S', prefix: 'KA' }, FROM + i),
      mfg: '260101',
      exp: '271231',
    }),
  );
  expect(want.every((url) => url?.startsWith(`${PUBLIC_BASE}/01/${GTIN}/10/${BATCH}/21/`))).toBe(true);
  expect(decodeLabels(pdf, 'a4-3x8', 72)).toEqual(want);
});

it("tells the clerk at Mapping that a batch GS1's AI 10 cannot hold keeps the short link on its labels", async () => {
  const batch = 'GH/26 11&A%';
  await page.goto('/transaction/mapping');
  await page.getByRole('button', { name: 'Product Mapping' }).click();
  const dialog = page.getByRole('dialog');
  const field = (label: RegExp) => dialog.getByLabel(label);
  await expect.poll(() => field(/^From No/).inputValue(), WAIT).toMatch(/^\d+$/);
  await field(/^Product/).click();
  await page.getByRole('option', { name: NAME }).click();
  await field(/^From No/).fill(String(FROM + 200));
  await field(/^Quantity/).fill('10');
  await field(/^Batch No/).fill(batch);
  await field(/^MFG Date/).fill('2026-01-01');
  await field(/^MRP/).fill('450');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await page.getByText(MAPPING_MSG.created).last().waitFor(WAIT);
  await page.getByText(batchNotInDigitalLink(batch, PUBLIC_BASE)).waitFor(WAIT);
});
