// Number Issued and Stock Management in Chromium (band 10,000,001–10,999,999): the admin issues
// 10000001–10001000 to the demo company in the 'Add Number Issue' dialog (Quantity and To No. follow
// each other), the factory user accepts it in 'Accept Stock' and sees Accepted; the admin can delete
// only a pending issue. Each test makes its own issues (through the API where the dialog is not what
// it shows) and opens its own screen, so none needs another to run first.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { COMPANY_API } from '../../src/shared/contracts/company.js';
import { alreadyIssued, ISSUE_API, ISSUE_MSG } from '../../src/shared/contracts/numbers/issue.js';
import { STOCK_API, STOCK_MSG } from '../../src/shared/contracts/numbers/stock.js';
import { api, apiSignIn } from '../helpers/api-client.js';
import { ADMIN, emptyTable } from '../helpers/browser.js';
import { useBrowser, type Who } from '../helpers/use-browser.js';

const FACTORY = { email: 'factory@example.com', password: 'Factory123' };
const COMPANY = 'Green Harvest Agro Ltd';
const RUN = Date.now().toString(36).toUpperCase();
const SO = `SO-BT-${RUN}`;
const PENDING_SO = `PO-BT-${RUN}`;

const b = useBrowser();

/** A fresh page signed in as `who`, its list at `path` shown; closed after the test. */
async function screenAs(who: Who, path: string): Promise<Page> {
  const { page } = await b.open({ as: who, timeout: 60_000 });
  await page.goto(path);
  await page
    .getByText(/^Showing \d+ to \d+ of \d+$|^No Data found$/)
    .first()
    .waitFor();
  return page;
}

const cells = (page: Page) =>
  page.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')));
async function findOne(page: Page, term: string) {
  await page.getByRole('textbox', { name: 'Search' }).fill(term);
  await page.getByText('Showing 1 to 1 of 1').waitFor();
}
const value = (dialog: Locator, label: RegExp) => dialog.getByLabel(label).inputValue();

let adminToken = '';
let companyId = 0;

/** An issue made through the API (the test's own data); accepted by the factory user when asked. */
async function issued(from: number, to: number, so: string, accept = false): Promise<void> {
  const made = await api(
    ISSUE_API.create,
    {
      CompanyId: companyId,
      FrmNo: from,
      ToNo: to,
      IssueQty: to - from + 1,
      SalesOrderNo: so,
    },
    adminToken,
  );
  if (made.body.ResponseCode !== '200') throw new Error(`issue failed: ${made.body.ResponseMessage}`);
  if (!accept) return;
  const factory = await apiSignIn(FACTORY.email, FACTORY.password);
  const rows = await api(
    STOCK_API.list,
    {
      First: 1,
      PageSize: 10,
      SearchValue: String(from),
    },
    factory,
  );
  const done = await api(
    STOCK_API.accept,
    {
      StockId: rows.body.ResponseData[0]!.StockId,
      FrmNo: from,
      ToNo: to,
      IssueQty: to - from + 1,
    },
    factory,
  );
  if (done.body.ResponseCode !== '200') throw new Error(`accept failed: ${done.body.ResponseMessage}`);
}

beforeAll(async () => {
  adminToken = await apiSignIn(ADMIN.email, ADMIN.password);
  const companies = await api(COMPANY_API.dropdown, undefined, adminToken);
  companyId = companies.body.ResponseData.find((c) => c.CompanyName === COMPANY)!.CompId;
});

describe('issue numbers, accept them as stock', () => {
  it('admin: the spec columns, the messages, the linked quantity, an issue saved and listed', async () => {
    const admin = await screenAs(ADMIN, '/transaction/number-issued');
    await admin.getByRole('heading', { name: 'Number Issued' }).waitFor();
    expect((await admin.locator('thead th').allTextContents()).map((h) => h.trim())).toEqual([
      'Company',
      'From No.',
      'To No.',
      'Quantity',
      'Sales Order No',
      'Created Date',
      'Action',
    ]);

    await admin.getByRole('button', { name: 'Create Number Issued' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add Number Issue' });
    // From No. arrives from IssueNumber/GetFromNumbers: one past the highest issued.
    await expect.poll(() => value(dialog, /^From No\./), { timeout: 60_000 }).toMatch(/^\d+$/);
    await dialog.getByLabel(/^From No\./).fill('');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    for (const m of [
      ISSUE_MSG.companyRequired,
      ISSUE_MSG.fromRequired,
      ISSUE_MSG.toRequired,
      ISSUE_MSG.qtyRequired,
      ISSUE_MSG.salesOrderRequired,
    ]) {
      await dialog.getByText(m).waitFor();
    }

    await dialog.getByLabel(/^Company/).click();
    await admin.getByRole('option', { name: COMPANY, exact: true }).click();
    // From above To: the spec's message, not the quantity's (issue 10 item 11).
    await dialog.getByLabel(/^From No\./).fill('10000010');
    await dialog.getByLabel(/^To No\./).fill('10000001');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await dialog.getByText(ISSUE_MSG.fromBeforeTo).waitFor();
    expect(await dialog.getByText(ISSUE_MSG.qtyRequired).count()).toBe(0);
    await dialog.getByLabel(/^From No\./).fill('10000001');
    await dialog.getByLabel(/^Quantity/).fill('500');
    expect(await value(dialog, /^To No\./)).toBe('10000500');
    await dialog.getByLabel(/^To No\./).fill('10001000');
    expect(await value(dialog, /^Quantity/)).toBe('1000');
    await dialog.getByLabel(/^Sales Order No/).fill(SO);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await admin.getByText(ISSUE_MSG.created).last().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await findOne(admin, SO);
    const [row] = await cells(admin);
    expect(row!.slice(0, 5)).toEqual([COMPANY, '10000001', '10001000', '1000', SO]);
    expect(await admin.locator('tbody tr').getByRole('button', { name: 'Delete' }).count()).toBe(1);
  });

  it('admin: an overlapping issue is refused with the clash named, and the dialog stays open', async () => {
    const so = `OV-BT-${RUN}`;
    await issued(10_003_001, 10_003_100, so);
    const admin = await screenAs(ADMIN, '/transaction/number-issued');
    await admin.getByRole('button', { name: 'Create Number Issued' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add Number Issue' });
    await dialog.getByLabel(/^Company/).click();
    await admin.getByRole('option', { name: COMPANY, exact: true }).click();
    await dialog.getByLabel(/^From No\./).fill('10003051');
    await dialog.getByLabel(/^Quantity/).fill('100');
    await dialog.getByLabel(/^Sales Order No/).fill(`OX-BT-${RUN}`);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await admin
      .getByText(alreadyIssued(10_003_051, 10_003_100, COMPANY, so, 10_003_001, 10_003_100))
      .last()
      .waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('factory user: Accept opens Accept Stock with the range read-only, then the row reads Accepted', async () => {
    await issued(10_004_001, 10_005_000, `AC-BT-${RUN}`);
    const stock = await screenAs(FACTORY, '/transaction/stock-management');
    expect((await stock.locator('thead th').allTextContents()).map((h) => h.trim())).toEqual([
      'From No.',
      'To No.',
      'IssueQty',
      'Action',
    ]);
    await findOne(stock, '10004001');
    expect((await cells(stock))[0]!.slice(0, 3)).toEqual(['10004001', '10005000', '1000']);
    await stock.getByRole('button', { name: 'Accept', exact: true }).click();
    const dialog = stock.getByRole('dialog', { name: 'Accept Stock' });
    expect([
      await value(dialog, /^From No\./),
      await value(dialog, /^To No\./),
      await value(dialog, /^Quantity/),
    ]).toEqual(['10004001', '10005000', '1000']);
    expect(await dialog.getByLabel(/^Quantity/).getAttribute('readonly')).not.toBeNull();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await stock.getByText(STOCK_MSG.accepted).last().waitFor();
    const accepted = stock.getByRole('button', { name: 'Accepted' });
    await accepted.waitFor();
    expect(await accepted.isDisabled()).toBe(true);
  });

  it('admin: an accepted issue has no delete; a pending one is deleted after confirmation', async () => {
    const acceptedSo = `DA-BT-${RUN}`;
    await issued(10_005_001, 10_005_010, acceptedSo, true);
    await issued(10_002_001, 10_002_010, PENDING_SO);
    const admin = await screenAs(ADMIN, '/transaction/number-issued');
    await findOne(admin, acceptedSo);
    expect(await admin.locator('tbody tr').getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await findOne(admin, PENDING_SO);
    await admin.locator('tbody tr').getByRole('button', { name: 'Delete' }).click();
    await admin.getByRole('button', { name: 'Yes' }).click();
    await admin.getByText(ISSUE_MSG.deleted).last().waitFor();
    await emptyTable(admin).waitFor();
  });
});
