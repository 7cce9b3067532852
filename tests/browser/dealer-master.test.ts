// The Dealer (Retailer) Master in Chromium against the real server: the country > state > city
// cascade, 'Same as Billing Address' copying billing to shipping, the saved row, and the export.
// Each test opens the screen afresh (tests/helpers/master-screen.ts).
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { USERS_MSG } from '../../src/shared/contracts/users/common.js';
import { DEALER_BILL_MSG, DEALER_MSG } from '../../src/shared/contracts/users/dealer.js';
import { masterScreen } from '../helpers/master-screen.js';

const screen = masterScreen('/masters/dealer-master');
const name = `Kaveri Agro ${Date.now().toString(36)}`;

const dialog = () => screen.page.getByRole('dialog');
const group = (legend: string) => dialog().getByRole('group', { name: legend });
const rows = () => screen.page.locator('table tbody tr');
const options = async () => screen.page.getByRole('option').allTextContents();

/** Opens a select and picks an option by typing part of it. */
async function choose(input: Locator, typed: string, option: string) {
  await input.click();
  await input.fill(typed);
  await screen.page.getByRole('option', { name: option, exact: true }).click();
}

describe('Retailer Master (dealers)', () => {
  it('shows the spec messages for an empty form', async () => {
    await screen.page.getByRole('button', { name: 'Add Dealer' }).click();
    await dialog().getByRole('button', { name: 'Submit' }).click();
    for (const m of [
      DEALER_MSG.firstNameRequired,
      USERS_MSG.companyRequired,
      DEALER_BILL_MSG.country,
      DEALER_MSG.passwordRequired,
    ]) {
      await dialog().getByText(m).first().waitFor();
    }
    await screen.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  });

  it('cascades country > state > city, copies billing to shipping and saves the dealer', async () => {
    await screen.page.getByRole('button', { name: 'Add Dealer' }).click();
    await choose(dialog().getByLabel(/^Company/), 'Green', 'Green Harvest Agro Ltd');
    await dialog()
      .getByLabel(/^Dealer Name/)
      .fill(name);
    await dialog()
      .getByLabel(/^Email/)
      .fill(`${name.replace(/\W/g, '').toLowerCase()}@example.in`);
    await dialog()
      .getByLabel(/^Mobile No/)
      .fill('9823456710');
    await dialog()
      .getByLabel(/^Password/)
      .fill('Shop123');
    await dialog()
      .getByLabel(/^Confirm Password/)
      .fill('Shop123');

    const bill = group('Billing Address');
    // No state list before a country is chosen.
    await bill.getByLabel(/^State/).click();
    expect(await screen.page.getByRole('option').count()).toBe(0);
    await choose(bill.getByLabel(/^Country/), 'Ind', 'India');
    await choose(bill.getByLabel(/^State/), 'Mahara', 'Maharashtra');
    await bill.getByLabel(/^City/).click();
    await bill.getByLabel(/^City/).fill('Nas');
    await expect.poll(options).toContain('Nashik');
    await screen.page.getByRole('option', { name: 'Nashik', exact: true }).click();
    // Another state clears the city and offers that state's cities only.
    await choose(bill.getByLabel(/^State/), 'Karna', 'Karnataka');
    expect(await bill.getByLabel(/^City/).inputValue()).toBe('');
    await bill.getByLabel(/^City/).click();
    await bill.getByLabel(/^City/).fill('Nashik');
    await expect.poll(async () => screen.page.getByRole('option').count()).toBe(0);
    await choose(bill.getByLabel(/^City/), 'Belga', 'Belgaum');
    await bill.getByLabel(/^Pincode/).fill('590001');
    await bill.getByLabel(/^Address 1/).fill('12 Khade Bazar');

    const ship = group('Shipping Address');
    expect(await ship.getByLabel(/^State/).inputValue()).toBe('');
    await ship.getByLabel('Same as Billing Address').check();
    await expect.poll(() => ship.getByLabel(/^State/).inputValue()).toBe('Karnataka');
    expect(await ship.getByLabel(/^Country/).inputValue()).toBe('India');
    await expect.poll(() => ship.getByLabel(/^City/).inputValue()).toBe('Belgaum');
    expect(await ship.getByLabel(/^Pincode/).inputValue()).toBe('590001');
    expect(await ship.getByLabel(/^Address 1/).inputValue()).toBe('12 Khade Bazar');
    // While ticked, the shipping group follows billing.
    await bill.getByLabel(/^Address 1/).fill('14 Khade Bazar');
    await expect.poll(() => ship.getByLabel(/^Address 1/).inputValue()).toBe('14 Khade Bazar');

    await dialog().getByRole('button', { name: 'Submit' }).click();
    await screen.page.getByText(USERS_MSG.created).last().waitFor();
    await dialog().waitFor({ state: 'hidden' });

    await screen.page.getByRole('textbox', { name: 'Search' }).fill(name);
    await expect
      .poll(async () => (await screen.page.getByText(/^Showing \d+ to \d+ of \d+$/).textContent()) ?? '')
      .toBe('Showing 1 to 1 of 1');
    const cells = await rows().first().locator('td').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['Green Harvest Agro Ltd', name, '9823456710']);

    // The edit form reads both addresses back.
    await rows().first().getByRole('button', { name: 'Edit' }).click();
    await dialog().getByText('Update Dealer').first().waitFor();
    await expect.poll(() => group('Shipping Address').getByLabel(/^City/).inputValue()).toBe('Belgaum');
    expect(
      await group('Billing Address')
        .getByLabel(/^Address 1/)
        .inputValue(),
    ).toBe('14 Khade Bazar');
    await screen.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  });

  it('exports the dealers to "Dealer Data.csv"', async () => {
    const [download] = await Promise.all([
      screen.page.waitForEvent('download'),
      screen.page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Dealer Data.csv');
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Company,Dealer Name,Mobile No.,Created Date,Status');
    expect(lines).toHaveLength(Number(/of (\d+)$/.exec(await screen.report())![1]) + 1);
    expect(lines.every((l, i) => i === 0 || /,\d{2}-\d{2}-\d{4},(Active|Inactive)$/.test(l))).toBe(true);
    // The demo's retailers are there too, oldest first.
    expect(lines[1]).toContain('Shree Samarth Krishi Kendra');
  });
});
