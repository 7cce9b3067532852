// User Master in Chromium: the Factory/WareHouse choice filters the site picker to that kind in the
// chosen company, and the saved user shows with its site; then the new user can sign in.
import { describe, expect, it } from 'vitest';
import { masterScreen } from '../helpers/master-screen.js';
import { apiSignIn } from '../helpers/api-client.js';

const suffix = Date.now().toString(36).slice(-5);
const USER = `depotclerk${suffix}`;
const EMAIL = `${USER}@example.in`;

const screen = masterScreen('/masters/user-master');
const { dialog, rows, cells } = screen;

async function optionsOf(label: RegExp): Promise<string[]> {
  await dialog().getByLabel(label).click();
  const list = screen.page.getByRole('listbox');
  await list.waitFor();
  const names = await list.getByRole('option').allTextContents();
  await screen.page.keyboard.press('Escape');
  return names;
}

describe('User Master', () => {
  it('offers only the chosen kind of site and saves a warehouse user', async () => {
    await screen.page.getByRole('button', { name: 'Add User' }).click();
    await dialog()
      .getByLabel(/^User Name/)
      .fill(USER);
    await dialog()
      .getByLabel(/^First Name/)
      .fill('Meera');
    await dialog()
      .getByLabel(/^Last Name/)
      .fill('Joshi');
    await dialog()
      .getByLabel(/^Email/)
      .fill(EMAIL);
    await dialog()
      .getByLabel(/^Mobile No/)
      .fill('9765432109');
    await dialog()
      .getByLabel(/^Password/)
      .fill('Depot123');
    await dialog()
      .getByLabel(/^Confirm Password/)
      .fill('Depot123');
    await dialog()
      .getByLabel(/^Company/)
      .click();
    await screen.page.getByRole('option', { name: 'Green Harvest Agro Ltd' }).click();

    expect(await optionsOf(/^WareHouse \/ Factory/)).toContain('Nashik Plant');
    await dialog().getByRole('radio', { name: 'WareHouse' }).check();
    const warehouses = await optionsOf(/^WareHouse \/ Factory/);
    expect(warehouses).toContain('Pune Depot');
    expect(warehouses).not.toContain('Nashik Plant');

    await dialog()
      .getByLabel(/^WareHouse \/ Factory/)
      .click();
    await screen.page.getByRole('option', { name: 'Pune Depot' }).click();
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await dialog().waitFor({ state: 'hidden' });

    await screen.page.getByRole('textbox', { name: 'Search' }).fill(USER);
    await expect
      .poll(async () => (await cells())[0]?.slice(0, 3).join('|'))
      .toBe(`${USER}|Pune Depot|Green Harvest Agro Ltd`);
    await expect.poll(() => rows().count()).toBe(1);
    expect(await apiSignIn(EMAIL, 'Depot123')).toMatch(/^ey/);
  });
});
