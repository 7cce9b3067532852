// The Price Master in Chromium: the spec's columns without an Action column, its messages, the
// server's one-price-per-product answer, and a row opened for update by clicking it.
import { describe, expect, it } from 'vitest';
import { PRICE_MSG } from '../../src/shared/contracts/price.js';
import { masterScreen } from '../helpers/master-screen.js';

const PRODUCT = 'MicroMix Micronutrient 250 g';

const screen = masterScreen('/masters/price-master');
const { dialog, rows, report, cells } = screen;

describe('Price Master', () => {
  it('shows Product Name, Price and Created Date, and no Action column', async () => {
    const heads = await screen.page.locator('thead th').allTextContents();
    expect(heads.map((h) => h.trim())).toEqual(['Product Name', 'Price', 'Created Date']);
  });

  it("shows the spec's messages, then the server's answer for a product that has a price", async () => {
    await screen.page.getByRole('button', { name: 'Add Price' }).click();
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await dialog().getByText(PRICE_MSG.productRequired).waitFor();
    await dialog().getByText(PRICE_MSG.pricePositive).waitFor();
    await dialog()
      .getByLabel(/^Product/)
      .click();
    await screen.page.getByRole('option', { name: PRODUCT, exact: true }).click();
    await dialog()
      .getByLabel(/^Price/)
      .fill('0');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await dialog().getByText(PRICE_MSG.pricePositive).waitFor();
    await dialog()
      .getByLabel(/^Price/)
      .fill('99.50');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await screen.page.getByText(PRICE_MSG.duplicate).last().waitFor();
    expect(await dialog().isVisible()).toBe(true);
    await screen.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  });

  it('opens a row for update by clicking it and saves a price in rupees and paise', async () => {
    await screen.page.getByRole('textbox', { name: 'Search' }).fill('MicroMix');
    await expect.poll(report).toBe('Showing 1 to 1 of 1');
    expect((await cells())[0]!.slice(0, 2)).toEqual([PRODUCT, '144.00']);
    await rows().first().locator('td').first().click();
    await dialog().getByText('Update Price').first().waitFor();
    // The product list arrives after the dialog opens.
    await expect
      .poll(() =>
        dialog()
          .getByLabel(/^Product/)
          .inputValue(),
      )
      .toBe(PRODUCT);
    expect(
      await dialog()
        .getByLabel(/^Price/)
        .inputValue(),
    ).toBe('144');
    await dialog()
      .getByLabel(/^Price/)
      .fill('151.75');
    await dialog().getByRole('button', { name: 'Update' }).click();
    await screen.page.getByText(PRICE_MSG.updated).last().waitFor();
    await expect.poll(async () => (await cells())[0]?.[1]).toBe('151.75');
  });
});
