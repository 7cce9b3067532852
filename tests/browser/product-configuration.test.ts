// Product Configuration in Chromium against the real server: no product means a field error and no
// save; a chosen product's flags load, Select All follows the rows, and Save keeps what was ticked.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PRODUCT_CONFIG_MSG } from '../../src/shared/contracts/product-configuration.js';
import { ADMIN } from '../helpers/browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const b = useBrowser();
let page: Page;
// A demo product (its seed ticks both items); the last step ticks both again for other files.
const PRODUCT = 'RootMax Humic Granules 5 kg';

// Each test opens the screen in a fresh context (closed after it) and picks its own product.
beforeEach(async () => {
  ({ page } = await b.open({ as: ADMIN }));
  await page.goto('/masters/product-configuration');
  await page.getByRole('heading', { name: 'Product Configuration' }).waitFor({ timeout: 30_000 });
});

const box = (name: string) => page.getByRole('checkbox', { name, exact: true });
const product = () => page.getByPlaceholder('Select Product');
const ticks = async () => Promise.all(['Select All', 'Feedback', 'Product Image'].map((n) => box(n).isChecked()));

async function choose(name: string) {
  await product().click();
  await product().fill(name.slice(0, 8));
  await page.getByRole('option', { name, exact: true }).click();
}

describe('Product Configuration', () => {
  it('asks for a product before saving, for both buttons', async () => {
    for (const button of ['Save', 'Apply for all product']) {
      await page.getByRole('button', { name: button, exact: true }).click();
      await page.getByText(PRODUCT_CONFIG_MSG.productRequired).waitFor();
    }
    expect(await page.getByText('Success Message').count()).toBe(0);
  });

  it("loads the chosen product's flags and saves a change", async () => {
    await choose(PRODUCT);
    await expect.poll(ticks).toEqual([true, true, true]);
    expect(await page.getByText(PRODUCT_CONFIG_MSG.productRequired).count()).toBe(0);

    await box('Product Image').uncheck();
    expect(await ticks()).toEqual([false, true, false]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(PRODUCT_CONFIG_MSG.savedSingle).last().waitFor();

    // After a reload the saved flags come back from the server.
    await page.reload();
    await choose(PRODUCT);
    await expect.poll(ticks).toEqual([false, true, false]);
  });

  it('Select All ticks every row and clears them all', async () => {
    await choose(PRODUCT);
    await expect.poll(() => box('Select All').isEnabled()).toBe(true);
    await box('Select All').check();
    expect(await ticks()).toEqual([true, true, true]);
    await box('Select All').uncheck();
    expect(await ticks()).toEqual([false, false, false]);
    await box('Select All').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(PRODUCT_CONFIG_MSG.savedSingle).last().waitFor();
  });

  it('sets a default secondary carton size, saved with the product and cleared again', async () => {
    await choose(PRODUCT);
    const secondary = page.getByRole('combobox', { name: 'Default secondary carton size' });
    await expect.poll(() => box('Select All').isChecked()).toBe(true);
    expect(await secondary.inputValue()).toBe('');
    await secondary.click();
    const option = page.getByRole('option').first();
    const label = (await option.innerText()).trim();
    await option.click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(PRODUCT_CONFIG_MSG.savedSingle).last().waitFor();

    await page.reload();
    await choose(PRODUCT);
    await expect.poll(() => secondary.inputValue()).toBe(label);
    expect(await page.getByRole('combobox', { name: 'Default tertiary carton size' }).inputValue()).toBe('');

    // Cleared again for the floor tests, which pick their sizes.
    // Picked again, the chosen size is deselected (the picker's own way to clear).
    await secondary.click();
    await page.getByRole('option', { name: label, exact: true }).click();
    expect(await secondary.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(PRODUCT_CONFIG_MSG.savedSingle).last().waitFor();
    await page.reload();
    await choose(PRODUCT);
    await expect.poll(() => box('Select All').isChecked()).toBe(true);
    expect(await secondary.inputValue()).toBe('');
  });
});
