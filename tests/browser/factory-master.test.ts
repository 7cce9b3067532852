// The Factory Master in Chromium against the real server: the spec's messages, adding a factory with
// its prefix and address, the prefix locked on update, search, and the exported 'Factory Data.csv'.
// Each test opens the screen afresh; the one that adds the factory also finds and updates it.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SITE_MSG } from '../../src/shared/contracts/site.js';
import { masterScreen } from '../helpers/master-screen.js';

// Names must be letters only (spec 1 section 5.10); the run's own letters keep them unique.
const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
const tag = letters(5);
const NAME = `Satara ${tag} Plant`;
const PREFIX = `Z${letters(1)}`;
const CODE = `STR${tag}`;

const screen = masterScreen('/masters/factory-master');
const { dialog, rows, report, cells } = screen;

async function pick(label: RegExp, option: string) {
  await dialog().getByLabel(label).click();
  await screen.page.getByRole('option', { name: option, exact: true }).click();
}

describe('Factory Master', () => {
  it('shows the spec messages for an empty form and saves nothing', async () => {
    const before = await report();
    await screen.page.getByRole('button', { name: 'Add Factory' }).click();
    await dialog().getByText('Add Factory').first().waitFor();
    await dialog().getByRole('button', { name: 'Submit' }).click();
    for (const m of [
      SITE_MSG.companyRequired,
      SITE_MSG.codeRequired,
      SITE_MSG.firmNameRequired,
      SITE_MSG.prefix,
      SITE_MSG.countryRequired,
      SITE_MSG.stateRequired,
      SITE_MSG.cityRequired,
      SITE_MSG.pincodeRequired,
    ]) {
      await dialog().getByText(m, { exact: true }).first().waitFor();
    }
    await dialog()
      .getByLabel(/^Factory Name/)
      .fill('Plant 9');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await dialog().getByText(SITE_MSG.firmNameAlpha).waitFor();
    await screen.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    expect(await report()).toBe(before);
  });

  it('adds a factory with a prefix and an address picked state by city, then finds and updates it with the prefix locked', async () => {
    await screen.page.getByRole('button', { name: 'Add Factory' }).click();
    await pick(/^Company/, 'Green Harvest Agro Ltd');
    await dialog()
      .getByLabel(/^Factory Code/)
      .fill(CODE);
    await dialog()
      .getByLabel(/^Factory Name/)
      .fill(NAME);
    await dialog()
      .getByLabel(/^Email/)
      .fill('satara@greenharvest.example');
    await dialog()
      .getByLabel(/^Mobile No/)
      .fill('9822000099');
    await dialog()
      .getByLabel(/^GST No/)
      .fill('27AAACG1234F9Z1');
    await dialog()
      .getByLabel(/^Prefix/)
      .fill(PREFIX.toLowerCase());
    await pick(/^Country/, 'India');
    await pick(/^State/, 'Maharashtra');
    await pick(/^City/, 'Satara');
    await dialog()
      .getByLabel(/^Pincode/)
      .fill('415001');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await screen.page.getByText(SITE_MSG.factoryCreated).last().waitFor();
    await dialog().waitFor({ state: 'hidden' });
    // Newest first: the new factory heads the list, its prefix in capitals.
    await expect
      .poll(async () => (await cells())[0]?.slice(0, 3).concat((await cells())[0]![6]!))
      .toEqual(['Green Harvest Agro Ltd', CODE, NAME, PREFIX]);

    await screen.search(tag);
    await expect.poll(report).toBe('Showing 1 to 1 of 1');
    await rows().first().getByRole('button', { name: 'Edit' }).click();
    await dialog().getByText('Update Factory').first().waitFor();
    const prefix = dialog().getByLabel(/^Prefix/);
    expect(await prefix.inputValue()).toBe(PREFIX);
    expect(await prefix.getAttribute('readonly')).not.toBeNull();
    expect(
      await dialog()
        .getByLabel(/^Factory Code/)
        .inputValue(),
    ).toBe(CODE);
    await expect.poll(() => dialog().getByLabel(/^City/).inputValue()).toBe('Satara');
    await dialog()
      .getByLabel(/^Factory Name/)
      .fill(`${NAME} North`);
    await dialog().getByRole('button', { name: 'Update' }).click();
    await screen.page.getByText(SITE_MSG.factoryUpdated).last().waitFor();
    await expect.poll(async () => (await cells())[0]?.[2]).toBe(`${NAME} North`);
  });

  it('refuses a prefix another site has, with the server message, and keeps the dialog open', async () => {
    await screen.page.getByRole('button', { name: 'Add Factory' }).click();
    await pick(/^Company/, 'Green Harvest Agro Ltd');
    await dialog()
      .getByLabel(/^Factory Code/)
      .fill(`X${CODE}`);
    await dialog()
      .getByLabel(/^Factory Name/)
      .fill(`Other ${NAME}`);
    await dialog()
      .getByLabel(/^Email/)
      .fill('other@greenharvest.example');
    await dialog()
      .getByLabel(/^GST No/)
      .fill('27AAACG1234F9Z2');
    await dialog()
      .getByLabel(/^Prefix/)
      .fill('pd');
    await pick(/^Country/, 'India');
    await pick(/^State/, 'Maharashtra');
    await pick(/^City/, 'Pune');
    await dialog()
      .getByLabel(/^Pincode/)
      .fill('411001');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await screen.page.getByText(SITE_MSG.duplicatePrefix).last().waitFor();
    expect(await dialog().isVisible()).toBe(true);
    await screen.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  });

  it("exports every factory to 'Factory Data.csv', oldest first", async () => {
    const total = Number(/of (\d+)$/.exec(await report())![1]);
    const [download] = await Promise.all([
      screen.page.waitForEvent('download'),
      screen.page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Factory Data.csv');
    const lines = (await readFile((await download.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe('Company,Factory code,Factory Name,Email,Mobile No.,Created Date,Prefix');
    expect(lines[1]).toMatch(
      /^Green Harvest Agro Ltd,NSK01,Nashik Plant,plant@greenharvest\.example,9822000001,\d{2}-\d{2}-\d{4},KA$/,
    );
    expect(lines).toHaveLength(total + 1);
    expect(lines.some((l) => l.includes('Depot'))).toBe(false);
  });
});
