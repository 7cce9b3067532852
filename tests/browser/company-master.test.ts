// The Company Master in Chromium: the spec's messages, a company added with an uploaded logo shown
// back as a thumbnail, and 'Update Company' with the status as a checkbox.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMPANY_MSG } from '../../src/shared/contracts/company.js';
import { masterScreen } from '../helpers/master-screen.js';

const LOGO = fileURLToPath(new URL('../fixtures/uploads/sample.png', import.meta.url));
const CODE = `BT${Date.now().toString(36).toUpperCase().slice(-6)}`;

const screen = masterScreen('/masters/company-master');
const { dialog, rows, report } = screen;

describe('Company Master', () => {
  it("shows the spec's code and pincode messages", async () => {
    await screen.page.getByRole('button', { name: 'Add Company' }).click();
    await dialog()
      .getByLabel(/^Pincode/)
      .fill('4220');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await dialog().getByText(COMPANY_MSG.codeRequired, { exact: true }).waitFor();
    await dialog().getByText(COMPANY_MSG.pincodeInvalid, { exact: true }).waitFor();
    await dialog().getByText('GTI No', { exact: false }).first().waitFor();
    await screen.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  });

  it("adds a company with an uploaded logo, shows the logo in its row, and saves a change in 'Update Company'", async () => {
    await screen.page.getByRole('button', { name: 'Add Company' }).click();
    await dialog()
      .getByLabel(/^Company Code/)
      .fill(CODE);
    await dialog()
      .getByLabel(/^Company Name/)
      .fill('Blue Tide Crop Care Ltd');
    await dialog()
      .getByLabel(/^Display Name/)
      .fill('Blue Tide');
    await dialog()
      .getByLabel(/^Mobile/)
      .fill('9823000000');
    await dialog()
      .getByLabel(/^GTI No/)
      .fill('8901234000013');
    await dialog()
      .getByLabel(/^Email/)
      .fill('care@bluetide.example');
    await dialog()
      .getByLabel(/^Address/)
      .fill('Survey 12, Hadapsar');
    await dialog().getByLabel(/^City/).fill('Pune');
    await dialog()
      .getByLabel(/^Pincode/)
      .fill('411028');
    const [chooser] = await Promise.all([
      screen.page.waitForEvent('filechooser'),
      dialog().getByRole('button', { name: 'Upload Company Logo' }).click(),
    ]);
    await chooser.setFiles(LOGO);
    // The form shows the stored image back before it is saved.
    await expect
      .poll(async () => (await dialog().getByRole('img', { name: 'Company Logo' }).getAttribute('src')) ?? '')
      .toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await screen.page.getByText(COMPANY_MSG.created).last().waitFor();
    await dialog().waitFor({ state: 'hidden' });

    await screen.page.getByRole('textbox', { name: 'Search' }).fill(CODE);
    await expect.poll(report).toBe('Showing 1 to 1 of 1');
    const logo = rows().first().getByRole('img', { name: 'Blue Tide Crop Care Ltd logo' });
    expect(await logo.getAttribute('src')).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    // The image really loads from the server.
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await rows().first().getByRole('checkbox').isChecked()).toBe(true);

    // 'Update Company' opens from the row and saves a change.
    await rows().first().getByRole('button', { name: 'Edit' }).click();
    await dialog().getByText('Update Company').first().waitFor();
    expect(
      await dialog()
        .getByLabel(/^Company Code/)
        .inputValue(),
    ).toBe(CODE);
    await dialog()
      .getByLabel(/^Is Active/)
      .uncheck();
    await dialog().getByRole('button', { name: 'Update' }).click();
    await screen.page.getByText(COMPANY_MSG.updated).last().waitFor();
    await expect.poll(() => rows().first().getByRole('checkbox').isChecked()).toBe(false);
  });
});
