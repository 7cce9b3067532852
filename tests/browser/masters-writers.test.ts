// Who may change what on the master screens: carton sizes are read-only to a company's factory user
// (only the admin changes shared reference data), and the people forms show the 'blank keeps the
// current password' hint only when updating (a new user needs a password).
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../helpers/browser.js';
import { REPORT_TEXT } from '../helpers/master-screen.js';
import { useBrowser } from '../helpers/use-browser.js';

const FACTORY = { email: 'factory@example.com', password: 'Factory123' };
const HINT = 'Blank on update keeps the current one';
const b = useBrowser();

describe('master screens by writer', () => {
  it('a factory user reads carton sizes with no Add or edit', async () => {
    const { page } = await b.open({ as: FACTORY });
    await page.goto('/masters/carton-master');
    await page.getByText(REPORT_TEXT).waitFor();
    expect(await page.getByRole('row').count()).toBeGreaterThan(1);
    await expect.poll(() => page.getByRole('button', { name: 'Add Carton' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
  });

  it('the admin sees the password hint only when updating a user', async () => {
    const { page } = await b.open({ as: ADMIN });
    await page.goto('/masters/user-master');
    await page.getByText(REPORT_TEXT).waitFor();
    const dialog = page.getByRole('dialog');
    await page.getByRole('button', { name: 'Add User' }).click();
    const addPassword = dialog.getByLabel(/^Password/);
    await addPassword.waitFor();
    expect(await addPassword.getAttribute('placeholder')).not.toBe(HINT);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Edit' }).first().click();
    const editPassword = dialog.getByLabel(/^Password/);
    await editPassword.waitFor();
    expect(await editPassword.getAttribute('placeholder')).toBe(HINT);
  });
});
