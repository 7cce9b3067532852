// The Product Master in Chromium: both tabs (Next opens the second only when the first is valid),
// the category cascade, an image upload shown back, the file-delete dialog, edit and export. Each test
// opens the screen afresh; the dialog one test needs is filled by that test.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PRODUCT_MSG } from '../../src/shared/contracts/product.js';
import { UPLOAD_MSG } from '../../src/shared/contracts/upload.js';
import { masterScreen } from '../helpers/master-screen.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/uploads/${name}`, import.meta.url));
const product = () => {
  const suffix = Math.random().toString(36).slice(2, 7);
  return { name: `Seaweed Booster ${suffix}`, code: `SWB${suffix}`.toUpperCase() };
};

const screen = masterScreen('/masters/product-master');
const { rows } = screen;
// The product dialog is the one with tabs (confirm dialogs open over it).
const dialog = () => screen.page.getByRole('dialog').filter({ has: screen.page.getByRole('tablist') });

const tab = (name: string) => dialog().getByRole('tab', { name, exact: true });

async function choose(label: RegExp, option: string) {
  await dialog().getByLabel(label).click();
  await screen.page.getByRole('option', { name: option, exact: true }).click();
}

async function uploadTo(label: string, file: string) {
  const [chooser] = await Promise.all([
    screen.page.waitForEvent('filechooser'),
    dialog()
      .getByRole('button', { name: `Upload ${label}` })
      .click(),
  ]);
  await chooser.setFiles(fixture(file));
}

/** The first tab's own fields; `pack` '0' leaves it failing on the pack (categories come after). */
async function fillFirstTab(p: { name: string; code: string }, pack = '250') {
  await dialog()
    .getByLabel(/^Product Name/)
    .fill(p.name);
  await dialog()
    .getByLabel(/^Product Code/)
    .fill(p.code);
  await dialog()
    .getByLabel(/^Description/)
    .fill('Seaweed extract for flowering and fruit set');
  await choose(/^Product UOM/, 'ml');
  await dialog()
    .getByLabel(/^Product Pack/)
    .fill(pack);
  await choose(/^Company/, 'Green Harvest Agro Ltd');
  if (pack !== '0') await fillCategories();
}

async function fillCategories() {
  // The sub category offers only the chosen category's children.
  await choose(/^Category/, 'Plant Nutrition');
  await choose(/^Sub Category/, 'Growth Promoters');
  await choose(/^Sub Division/, 'Seaweed Extract');
  await dialog().getByLabel(/^MRP/).fill('299.50');
}

async function openSecondTab(p: { name: string; code: string }) {
  await screen.page.getByRole('button', { name: 'Add Product' }).click();
  await fillFirstTab(p);
  await dialog().getByRole('button', { name: 'Next' }).click();
  await expect.poll(() => tab('Add Product Description').getAttribute('aria-selected')).toBe('true');
}

describe('Product Master', () => {
  it('keeps the description tab shut until the first tab passes, with the spec messages', async () => {
    await screen.page.getByRole('button', { name: 'Add Product' }).click();
    await dialog().getByText('Add Product', { exact: true }).first().waitFor();
    expect(await tab('Add Product Description').isDisabled()).toBe(true);
    await dialog().getByRole('button', { name: 'Next' }).click();
    for (const m of [
      PRODUCT_MSG.nameRequired,
      'Please enter only alphanumeric.',
      'Please enter  product UOM.',
      'Please enter only number.',
      'Please select Company',
    ]) {
      await dialog().getByText(m, { exact: true }).waitFor();
    }
    expect(await tab('Add Product Description').isDisabled()).toBe(true);

    const p = product();
    await fillFirstTab(p, '0');
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByText('Product pack should be greater than 0.').waitFor();
    expect(await tab('Add Product Description').isDisabled()).toBe(true);

    await dialog()
      .getByLabel(/^Product Pack/)
      .fill('250');
    await fillCategories();
    await dialog().getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => tab('Add Product Description').getAttribute('aria-selected')).toBe('true');
    expect(
      await dialog()
        .getByLabel(/^Best Before/)
        .inputValue(),
    ).toBe('730');
  });

  it('uploads a product image and shows it back; refuses a text file; the delete dialog asks first', async () => {
    await openSecondTab(product());
    await uploadTo('Product Image', 'text.png');
    await screen.page.getByText(UPLOAD_MSG.image).last().waitFor();
    await uploadTo('Product Image', 'sample.png');
    const img = dialog().getByRole('img', { name: 'Product Image' });
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    await expect
      .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth))
      .toBe(240);

    await uploadTo('Cautionary Symbol', 'sample.jpg');
    await dialog().getByRole('img', { name: 'Cautionary Symbol' }).waitFor();
    await dialog().getByRole('button', { name: 'Delete Cautionary Symbol' }).click();
    const confirm = screen.page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText('You want to delete this file?').waitFor();
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await dialog().getByRole('img', { name: 'Cautionary Symbol' }).waitFor();
    await dialog().getByRole('button', { name: 'Delete Cautionary Symbol' }).click();
    await screen.page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes' }).click();
    await dialog().getByRole('button', { name: 'Upload Cautionary Symbol' }).waitFor();
  });

  it('saves, the row shows with its picture, and edits with the category warning, the form filled from the row', async () => {
    const { name: NAME, code: CODE } = product();
    await openSecondTab({ name: NAME, code: CODE });
    await uploadTo('Product Image', 'sample.png');
    await dialog().getByRole('img', { name: 'Product Image' }).waitFor();
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await screen.page.getByText(PRODUCT_MSG.created).last().waitFor();
    await dialog().waitFor({ state: 'hidden' });
    await screen.search(CODE);
    await expect.poll(async () => rows().count()).toBe(1);
    const cells = await rows().first().locator('td').allTextContents();
    expect(cells.slice(1, 7)).toEqual([NAME, CODE, 'Green Harvest Agro Ltd', 'Plant Nutrition', '250', 'ml']);
    const thumb = rows().first().getByRole('img', { name: NAME });
    await expect.poll(() => thumb.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    await rows().first().getByRole('button', { name: 'Edit' }).click();
    await dialog().getByText('Update Product', { exact: true }).first().waitFor();
    await dialog().getByText(PRODUCT_MSG.editWarning).waitFor();
    expect(
      await dialog()
        .getByLabel(/^Product Name/)
        .inputValue(),
    ).toBe(NAME);
    await expect
      .poll(() =>
        dialog()
          .getByLabel(/^Sub Division/)
          .inputValue(),
      )
      .toBe('Seaweed Extract');
    expect(await tab('Add Product Description').isDisabled()).toBe(true);
    await dialog()
      .getByLabel(/^Product Pack/)
      .fill('500');
    await dialog().getByRole('button', { name: 'Next' }).click();
    await dialog().getByRole('img', { name: 'Product Image' }).waitFor();
    await dialog().getByRole('button', { name: 'Update' }).click();
    await screen.page.getByText(PRODUCT_MSG.updated).last().waitFor();
    await expect.poll(async () => (await rows().first().locator('td').allTextContents())[5]).toBe('500');
  });

  it('exports "Product Data.csv"', async () => {
    const [download] = await Promise.all([
      screen.page.waitForEvent('download'),
      screen.page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Product Data.csv');
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Product Name,Product Code,Company,Category,Pack,UOM,Created Date,Status');
    expect(lines).toHaveLength(Number(/of (\d+)$/.exec(await screen.report())![1]) + 1);
    expect(lines.some((l) => l.startsWith('NeemShield Neem Oil 500 ml,NSNO500ML,'))).toBe(true);
  });
});
