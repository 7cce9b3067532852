// Role Management end to end: the admin sees every page, gives the warehouse clerk one page, and
// the clerk's menu, route guard and API access all follow; then the clerk signs out.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACCESS_RIGHT_API } from '../../src/shared/contracts/access-right.js';
import { CARTON_API } from '../../src/shared/contracts/carton.js';
import { PAGES } from '../../src/shared/pages.js';
import { api, apiSignIn } from '../helpers/api-client.js';
import { ADMIN, signIn } from '../helpers/browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const CLERK = { email: 'warehouse@example.com', password: 'Store123' };
const b = useBrowser();

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** Opens a group's panel and clears every box in it through its select-all box. */
async function clearGroup(page: Page, group: string) {
  const selectAll = page.getByRole('checkbox', { name: `Select All ${group}` });
  if (!(await selectAll.isVisible()))
    await page.getByRole('main').getByRole('button', { name: group, exact: true }).click();
  await selectAll.waitFor({ state: 'visible' });
  if (!(await selectAll.isChecked())) await selectAll.click(); // partial or empty: tick all first
  await selectAll.click();
  await expect.poll(() => selectAll.isChecked()).toBe(false);
}

describe('Role Management', () => {
  it('shows the admin every page of the registry in the menu', async () => {
    const { page } = await b.open({ as: ADMIN });
    const nav = menu(page);
    await nav.getByText('Masters', { exact: true }).waitFor();
    // From the dashboard every group starts closed: open each once.
    for (const group of ['Masters', 'Transactions', 'Reports']) await nav.getByText(group, { exact: true }).click();
    for (const p of PAGES) await nav.getByText(p.label, { exact: true }).first().waitFor();
  });

  it("grants one page and the clerk's menu, guard and API access follow", async () => {
    const admin = await b.open({ as: ADMIN });
    await admin.page.goto('/masters/access-right');
    await admin.page.getByRole('button', { name: 'Submit' }).click();
    await admin.page.getByText('Please select user.').waitFor();

    await admin.page.getByPlaceholder('Select User').click();
    await admin.page.getByRole('option', { name: 'Warehouse Clerk' }).click();
    // The clerk's seeded rights load: Dispatch Receive is ticked.
    await admin.page.getByRole('main').getByRole('button', { name: 'Transactions', exact: true }).click();
    await expect.poll(() => admin.page.getByRole('checkbox', { name: 'Dispatch Receive' }).isChecked()).toBe(true);
    for (const g of ['Masters', 'Transactions', 'Reports']) await clearGroup(admin.page, g);
    await admin.page.getByRole('checkbox', { name: 'Carton Size Master' }).check();
    await admin.page.getByRole('button', { name: 'Submit' }).click();
    await admin.page.getByText('Access rights saved successfully.').waitFor();
    await admin.context.close();

    const clerk = await b.open({ as: CLERK });
    const nav = menu(clerk.page);
    await nav.getByText('Masters', { exact: true }).click();
    await nav.getByText('Carton Size Master').waitFor();
    expect(await nav.getByText('Transactions', { exact: true }).count()).toBe(0);
    expect(await nav.getByText('Reports', { exact: true }).count()).toBe(0);
    expect(await nav.getByText('Role Management').count()).toBe(0);

    await nav.getByText('Carton Size Master').click();
    await clerk.page.waitForURL('**/masters/carton-master');
    await clerk.page.getByText(/^Showing 1 to \d+ of \d+$/).waitFor();

    const token = await apiSignIn(CLERK.email, CLERK.password);
    expect((await api(CARTON_API.list, { First: 1, PageSize: 5 }, token)).status).toBe(200);
    const denied = await api(ACCESS_RIGHT_API.read, undefined, token, { id: 0 });
    expect(denied.status).toBe(403);
    expect(denied.body.ResponseCode).toBe('403');

    // A page the menu does not hold ends the session (spec 1 section 2.5).
    await clerk.page.goto('/transaction/dispatch-receive');
    await clerk.page.waitForURL('**/login');

    await signIn(clerk.page, CLERK.email, CLERK.password);
    await clerk.page.getByText(/^Welcome/).click();
    await clerk.page.getByRole('menuitem', { name: 'Logout' }).click();
    await clerk.page.waitForURL('**/login');
    await clerk.page.goto('/masters/carton-master');
    await clerk.page.waitForURL('**/login');
  });
});
