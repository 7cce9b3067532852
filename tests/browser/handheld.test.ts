// A 360 x 740 handheld (touch, coarse pointer) and a 1366 px desktop: row actions sit inside the
// viewport without sideways scrolling, touch targets are at least 44 px, toasts leave the header free.
// Each test signs in on a fresh context and makes its own data (preprinted band 20,000,001–20,000,999).
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { COMPANY_API } from '../../src/shared/contracts/company.js';
import { ISSUE_API, ISSUE_MSG } from '../../src/shared/contracts/numbers/issue.js';
import { STOCK_MSG } from '../../src/shared/contracts/numbers/stock.js';
import { api, apiSignIn } from '../helpers/api-client.js';
import { ADMIN, listShown, screenshot } from '../helpers/browser.js';
import { useBrowser, type OpenOptions, type Who } from '../helpers/use-browser.js';

const FACTORY = { email: 'factory@example.com', password: 'Factory123' };
const COMPANY = 'Green Harvest Agro Ltd';
const WAIT = { timeout: 30_000 };

const b = useBrowser();

async function screenAs(path: string, options: OpenOptions, who: Who = ADMIN): Promise<Page> {
  const { page } = await b.open({ ...options, as: who });
  await page.goto(path);
  await listShown(page);
  return page;
}

/** The button's box lies wholly inside 0..width, with the page itself not scrolled sideways. */
async function expectReachable(page: Page, button: Locator, width: number, minHeight = 0) {
  await expect.poll(() => button.isVisible(), WAIT).toBe(true);
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.height).toBeGreaterThanOrEqual(minHeight);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('at 360 x 740 on a touch screen', () => {
  it('Carton Master: the Edit button is on screen, 44 px tall, and opens the row for update', async () => {
    const page = await screenAs('/masters/carton-master', { device: 'handheld' });
    const edit = page.locator('table tbody tr').first().getByRole('button', { name: 'Edit' });
    await expectReachable(page, edit, 360, 44);
    await expectReachable(page, page.getByRole('button', { name: 'Add Carton' }), 360, 44);
    await expectReachable(page, page.getByRole('button', { name: 'Toggle main menu' }), 360, 44);
    await screenshot(page, 'carton-master-360');
    await edit.tap();
    await expect.poll(() => page.getByRole('dialog', { name: 'Update Carton' }).isVisible(), WAIT).toBe(true);
  });

  it('Warehouse Master: the table scrolls sideways under a finger, and Edit stays in view', async () => {
    const page = await screenAs('/masters/warehouse-master', { device: 'handheld' });
    const row = page.locator('table tbody tr').first();
    const viewport = page.locator('.mantine-datatable [data-scrollarea-viewport]');
    expect(await viewport.evaluate((v) => v.scrollWidth > v.clientWidth)).toBe(true);
    const start = (await row.locator('td').nth(1).boundingBox())!;
    // A swipe to the left: the browser's own scrolling (a wheel event stands in for the finger).
    await viewport.hover();
    await page.mouse.wheel(300, 0);
    await expect.poll(() => viewport.evaluate((v) => v.scrollLeft), WAIT).toBeGreaterThan(0);
    await expect.poll(async () => (await row.locator('td').nth(1).boundingBox())!.x, WAIT).toBeLessThan(start.x);
    await expectReachable(page, row.getByRole('button', { name: 'Edit' }), 360, 44);
    await screenshot(page, 'warehouse-master-360-scrolled');
  });

  it('the account menu opens on the first tap and offers Profile, Change Password and Logout', async () => {
    const page = await screenAs('/masters/carton-master', { device: 'handheld' });
    const opener = page.getByRole('button', { name: /^Welcome/ });
    await expectReachable(page, opener, 360, 44);
    await opener.tap();
    for (const item of ['Profile', 'Change Password', 'Logout']) {
      await expect.poll(() => page.getByRole('menuitem', { name: item }).isVisible(), WAIT).toBe(true);
    }
    await page.getByRole('menuitem', { name: 'Profile' }).tap();
    await page.waitForURL('**/profile', WAIT);
  });

  it('User Master: the Edit button is on screen and 44 px tall', async () => {
    const page = await screenAs('/masters/user-master', { device: 'handheld' });
    await expectReachable(page, page.locator('table tbody tr').first().getByRole('button', { name: 'Edit' }), 360, 44);
    await screenshot(page, 'user-master-360');
  });

  it('Stock Management: the factory user reaches Accept, accepts, and the toast leaves the header free', async () => {
    const token = await apiSignIn(ADMIN.email, ADMIN.password);
    const companies = await api(COMPANY_API.dropdown, undefined, token);
    const companyId = companies.body.ResponseData.find((c) => c.CompanyName === COMPANY)!.CompId;
    const from = 20_000_001 + Math.floor(Math.random() * 90) * 10;
    const made = await api(
      ISSUE_API.create,
      {
        CompanyId: companyId,
        FrmNo: from,
        ToNo: from + 9,
        IssueQty: 10,
        SalesOrderNo: `SO-HH-${from}`,
      },
      token,
    );
    expect(made.body.ResponseMessage).toBe(ISSUE_MSG.created);

    const page = await screenAs('/transaction/stock-management', { device: 'handheld' }, FACTORY);
    await page.getByRole('textbox', { name: 'Search' }).fill(String(from));
    await expect.poll(() => page.getByText('Showing 1 to 1 of 1').isVisible(), WAIT).toBe(true);
    const accept = page.locator('table tbody tr').first().getByRole('button', { name: 'Accept', exact: true });
    await expectReachable(page, accept, 360, 44);
    await screenshot(page, 'stock-management-360');

    await accept.tap();
    const dialog = page.getByRole('dialog', { name: 'Accept Stock' });
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    // A read-only field looks it: a muted background, unlike the white of a field one types in.
    const background = await dialog.getByLabel(/^Quantity/).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await screenshot(page, 'accept-stock-360');
    await dialog.getByRole('button', { name: 'Submit' }).tap();

    const toast = page.getByRole('alert').filter({ hasText: STOCK_MSG.accepted });
    await expect.poll(() => toast.isVisible(), WAIT).toBe(true);
    const box = (await toast.boundingBox())!;
    expect(box.y).toBeGreaterThan(740 / 2); // at the bottom on a handheld, clear of the header and its menu button
    await screenshot(page, 'accepted-toast-360');
    await expect.poll(() => page.getByRole('button', { name: 'Accepted' }).isDisabled(), WAIT).toBe(true);
  });
});

describe('at 1366 px on a desktop', () => {
  const DESKTOP = { viewport: { width: 1366, height: 768 } };
  it('the account menu opens from the keyboard, and on the first click of a mouse that moved over it', async () => {
    const page = await screenAs('/masters/carton-master', DESKTOP);
    const opener = page.getByRole('button', { name: /^Welcome/ });
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('menuitem', { name: 'Logout' }).isVisible(), WAIT).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menuitem', { name: 'Logout' }).isVisible(), WAIT).toBe(false);

    const fresh = await screenAs('/masters/carton-master', DESKTOP);
    // Playwright's click moves the mouse over the button, presses and releases at once.
    await fresh.getByRole('button', { name: /^Welcome/ }).click();
    await expect.poll(() => fresh.getByRole('menuitem', { name: 'Change Password' }).isVisible(), WAIT).toBe(true);
  });

  for (const [name, path] of [
    ['User Master', '/masters/user-master'],
    ['Warehouse Master', '/masters/warehouse-master'],
  ]) {
    it(`${name}: the Edit button is on screen`, async () => {
      const page = await screenAs(path!, DESKTOP);
      await expectReachable(page, page.locator('table tbody tr').first().getByRole('button', { name: 'Edit' }), 1366);
      await screenshot(page, `${path!.split('/').pop()}-1366`);
    });
  }
});
