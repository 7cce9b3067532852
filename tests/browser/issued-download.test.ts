// Number Issued's Download in Chromium as the admin (preprinted band 590,001–590,999): the preprinted
// print file of an issued range for the outside printer, Serial, Visible No and genuine QR URLs only.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, inject, it } from 'vitest';
import { COMPANY_API } from '../../src/shared/contracts/company.js';
import { ISSUE_API } from '../../src/shared/contracts/numbers/issue.js';
import type { Page } from 'playwright-core';
import { codeUrl } from '../../src/shared/codes.js';
import { codeMac } from '../../src/server/domain/code-mac.js';
import { api, apiSignIn } from '../helpers/api-client.js';
import { ADMIN } from '../helpers/browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const SO = `SO-DL-${Date.now().toString(36).toUpperCase()}`;
const base = 590_001; // a band of its own (the server is fresh each run)
const codes = codeMac(inject('codeSecret'));

const b = useBrowser();
let page: Page;

beforeAll(async () => {
  const token = await apiSignIn(ADMIN.email, ADMIN.password);
  const companies = await api(COMPANY_API.dropdown, undefined, token);
  const companyId = companies.body.ResponseData.find((c) => c.CompanyName === 'Green Harvest Agro Ltd')!.CompId;
  const made = await api(
    ISSUE_API.create,
    {
      CompanyId: companyId,
      FrmNo: base,
      ToNo: base + 9,
      IssueQty: 10,
      SalesOrderNo: SO,
    },
    token,
  );
  if (made.body.ResponseCode !== '200') throw new Error(`issue failed: ${made.body.ResponseMessage}`);
  ({ page } = await b.open({ acceptDownloads: true, as: ADMIN, timeout: 60_000 }));
});

it("an issued row's Download gives the preprinted print file and the 'DownLoad Generated FIle' link", async () => {
  await page.goto('/transaction/number-issued');
  await page.getByRole('textbox', { name: 'Search' }).fill(SO);
  const row = page.locator('table tbody tr', { hasText: SO });
  await row.waitFor();
  const wait = page.waitForEvent('download', { timeout: 60_000 });
  await row.getByRole('button', { name: 'Download' }).click();
  const d = await wait;
  expect(d.suggestedFilename()).toBe(`Preprinted${base}-${base + 9}.csv`);
  const lines = readFileSync((await d.path())!, 'utf8')
    .split('\r\n')
    .slice(0, -1);
  expect(lines).toEqual([
    '\uFEFFSerial,Visible No,QR', // a UTF-8 BOM first, for the printer's label software
    ...Array.from(
      { length: 10 },
      (_, i) =>
        `${base + i},${base + i},${codeUrl(inject('baseUrl'), codes.make({ kind: 'P', prefix: '' }, base + i))}`,
    ),
  ]);
  await page.getByRole('dialog').getByText('10 of 10 rows').waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'DownLoad Generated FIle' }).waitFor();
});
