// The Category Master in Chromium against the real server: a category, a sub category under it and a
// sub division under that, the spec's messages, the 'Categories.csv' export and a refused delete.
// Each test opens the screen afresh and makes its own branch (through the screen, or the API).
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { CATEGORY_API, CATEGORY_MSG, SAVED_SUFFIX } from '../../src/shared/contracts/category.js';
import { api, apiSignIn } from '../helpers/api-client.js';
import { ADMIN, emptyTable } from '../helpers/browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const b = useBrowser();
let page: Page;

// Browser files share one server: names of their own, never row counts.
function branch() {
  const tag = randomBytes(3).toString('hex');
  return { TOP: `Biostimulants ${tag}`, SUB: `Amino Acids ${tag}`, DIV: `Plant Based ${tag}` };
}

/** A category > sub category > sub division made through the API, for tests about other things. */
async function makeBranch() {
  const names = branch();
  const token = await apiSignIn(ADMIN.email, ADMIN.password);
  await api(CATEGORY_API.MG1.save, { NameMG1: names.TOP }, token);
  const mg1 = (await api(CATEGORY_API.ddlMG1, undefined, token)).body.ResponseData.find(
    (o) => o.NameMG1 === names.TOP,
  )!.CategoryIdMG1;
  await api(CATEGORY_API.MG2.save, { CategoryIdMG1: mg1, NameMG2: names.SUB }, token);
  const mg2 = (await api(CATEGORY_API.ddlMG2, undefined, token, { id: mg1 })).body.ResponseData.find(
    (o) => o.NameMG2 === names.SUB,
  )!.CategoryIdMG2;
  const made = await api(CATEGORY_API.MG3.save, { CategoryIdMG2: mg2, NameMG3: names.DIV }, token);
  expect(made.body.ResponseCode).toBe('200');
  return names;
}

// Opened in beforeEach, so each test has a fresh context, closed after it.
beforeEach(async () => {
  ({ page } = await b.open({ acceptDownloads: true, as: ADMIN }));
  await page.goto('/masters/category');
  await section('Sub Division Category')
    .getByText(/^Showing \d+ to \d+ of \d+$/)
    .waitFor({ timeout: 30_000 });
});

function section(name: 'Category' | 'Sub Category' | 'Sub Division Category'): Locator {
  return page.getByRole('region', { name, exact: true });
}
const dialog = () => page.getByRole('dialog');
const toast = (text: string) => page.getByText(text, { exact: true }).last();

async function pick(label: RegExp, text: string, option: string) {
  await dialog().getByLabel(label).click();
  await dialog().getByLabel(label).fill(text);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function submit(message: string) {
  await dialog().getByRole('button', { name: 'Submit' }).click();
  await toast(message).waitFor();
  await dialog().waitFor({ state: 'hidden' });
}

async function search(where: Locator, text: string) {
  await where.getByRole('textbox', { name: 'Search' }).fill(text);
  await where.getByText('Showing 1 to 1 of 1').waitFor();
}

describe('Category Master', () => {
  it('shows the three lists with the spec columns', async () => {
    await page.getByRole('heading', { name: 'Category Master' }).waitFor();
    for (const name of ['Category', 'Sub Category', 'Sub Division Category'] as const) {
      const titles = await section(name).locator('thead th').allTextContents();
      expect(titles.slice(-4)).toEqual(['Category Name', 'Created Date', 'Status', 'Action']);
    }
  });

  it('adds a category, a sub category under it and a sub division under that', async () => {
    const { TOP, SUB, DIV } = branch();
    await section('Category').getByRole('button', { name: 'Add Category' }).click();
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await dialog().getByText(CATEGORY_MSG.mg1Required).waitFor();
    await dialog()
      .getByLabel(/^Category Name/)
      .fill(TOP);
    await submit(CATEGORY_MSG.mg1Created + SAVED_SUFFIX);

    await section('Sub Category').getByRole('button', { name: 'Add Sub Category' }).click();
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await dialog().getByText(CATEGORY_MSG.mg1Select).waitFor();
    await dialog().getByText(CATEGORY_MSG.mg2Required).waitFor();
    await pick(/^Category/, TOP, TOP);
    await dialog()
      .getByLabel(/^Sub Category Name/)
      .fill(SUB);
    await submit(CATEGORY_MSG.mg2Created + SAVED_SUFFIX);

    await section('Sub Division Category').getByRole('button', { name: 'Add Sub Division Category' }).click();
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await dialog().getByText(CATEGORY_MSG.mg2Select).waitFor();
    await dialog().getByText(CATEGORY_MSG.mg3Required).waitFor();
    await pick(/^Sub Category/, SUB, `${TOP} > ${SUB}`);
    await dialog()
      .getByLabel(/^Sub Division Category Name/)
      .fill(DIV);
    await submit(CATEGORY_MSG.mg3Created + SAVED_SUFFIX);

    await search(section('Sub Division Category'), DIV);
    const cells = await section('Sub Division Category').locator('tbody tr').first().locator('td').allTextContents();
    expect(cells.slice(0, 2)).toEqual([`${TOP} > ${SUB}`, DIV]);
    expect(cells[3]).toBe('Active');
  });

  it('refuses a duplicate under the same parent and keeps the dialog open', async () => {
    const { TOP, SUB } = await makeBranch();
    await section('Sub Category').getByRole('button', { name: 'Add Sub Category' }).click();
    await pick(/^Category/, TOP, TOP);
    await dialog()
      .getByLabel(/^Sub Category Name/)
      .fill(SUB.toUpperCase());
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await toast(CATEGORY_MSG.mg2Duplicate).waitFor();
    expect(await dialog().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  });

  it("exports 'Categories.csv' with the new branch in tree order", async () => {
    const { TOP, SUB, DIV } = await makeBranch();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Categories' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Categories.csv');
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\ufeff/, '');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Category,Sub Category,Sub Division Category,Created Date,Status');
    const at = lines.findIndex((l) => l.startsWith(`${TOP},,,`));
    expect(at).toBeGreaterThan(0);
    const date = /^\d{2}-\d{2}-\d{4}$/;
    const [top, sub, div] = lines.slice(at, at + 3).map((l) => l.split(','));
    expect([top![0], top![1], top![2], top![4]]).toEqual([TOP, '', '', 'Active']);
    expect([sub![0], sub![1], sub![2], sub![4]]).toEqual([TOP, SUB, '', 'Active']);
    expect([div![0], div![1], div![2], div![4]]).toEqual([TOP, SUB, DIV, 'Active']);
    for (const row of [top, sub, div]) expect(row![3]).toMatch(date);
    // The demo tree comes out the same way: category, its sub category, that one's sub division.
    const demo = ['Fertilisers,,,', 'Fertilisers,Organic,,', 'Fertilisers,Organic,Bio-fertilisers,'].map((start) =>
      lines.findIndex((l) => l.startsWith(start)),
    );
    expect(demo[0]).toBeGreaterThan(0);
    expect(demo).toEqual([demo[0], demo[0]! + 1, demo[0]! + 2]);
  });

  it('refuses to delete a category that has sub categories, and deletes a sub division after Yes', async () => {
    const { TOP, DIV } = await makeBranch();
    await search(section('Category'), TOP);
    await section('Category').locator('tbody tr').first().getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await toast(CATEGORY_MSG.mg1HasChildren).waitFor();
    await section('Category').getByText('Showing 1 to 1 of 1').waitFor();

    await search(section('Sub Division Category'), DIV);
    await section('Sub Division Category').locator('tbody tr').first().getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Are you sure to do this.').waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await toast(CATEGORY_MSG.mg3Deleted).waitFor();
    await emptyTable(section('Sub Division Category')).waitFor();
  });
});
