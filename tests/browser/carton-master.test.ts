// The Carton Size Master in Chromium against the real server: validation, add, edit, search,
// sort, paging and the exported file's content. Each test opens the screen afresh and makes its own
// cartons (names carry the test's tag), so none depends on another's data or on other files' cartons.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CARTON_MSG } from '../../src/shared/contracts/carton.js';
import { emptyTable } from '../helpers/browser.js';
import { masterScreen } from '../helpers/master-screen.js';

const screen = masterScreen('/masters/carton-master');
const { dialog, rows, report } = screen;

const tagOf = () => Math.random().toString(36).slice(2, 7);
const firstCells = async (col: number) =>
  rows().evaluateAll((trs, c) => trs.map((tr) => tr.children[c]?.textContent ?? ''), col);
const totalOf = async () => Number(/of (\d+)$/.exec(await report())![1]);

async function addCarton(name: string, size: number, description: string) {
  await screen.page.getByRole('button', { name: 'Add Carton' }).click();
  await dialog()
    .getByLabel(/^Carton Name/)
    .fill(name);
  await dialog()
    .getByLabel(/^Carton Size/)
    .fill(String(size));
  await dialog()
    .getByLabel(/^Description/)
    .fill(description);
  await dialog().getByRole('button', { name: 'Submit' }).click();
  await screen.page.getByText(CARTON_MSG.created).last().waitFor();
  await dialog().waitFor({ state: 'hidden' });
}

describe('Carton Size Master', () => {
  it('shows the spec messages and saves nothing while the form is invalid', async () => {
    const before = await report();
    await screen.page.getByRole('button', { name: 'Add Carton' }).click();
    await dialog().getByText('Add Carton').first().waitFor();
    await dialog().getByRole('button', { name: 'Submit' }).click();
    for (const m of [CARTON_MSG.nameRequired, CARTON_MSG.sizeRequired, CARTON_MSG.descriptionRequired]) {
      await dialog().getByText(m).waitFor();
    }
    await screen.page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    expect(await report()).toBe(before);
  });

  it('adds cartons, pages through them and sorts by size both ways', async () => {
    const tag = tagOf();
    const before = await totalOf();
    await addCarton(`Crate ${tag}`, 12, 'Plastic crate');
    await addCarton(`Sack ${tag}`, 50, 'Woven sack');
    await addCarton(`Tray ${tag}`, 3, 'Cardboard tray');
    const total = before + 3;
    await expect.poll(report).toBe(`Showing 1 to 5 of ${total}`);
    // Newest first by default.
    expect((await firstCells(0))[0]).toBe(`Tray ${tag}`);

    await screen.page.getByRole('button', { name: /next page/i }).click();
    await expect.poll(report).toBe(`Showing 6 to ${Math.min(10, total)} of ${total}`);
    await screen.page.getByRole('button', { name: /previous page/i }).click();
    await expect.poll(report).toBe(`Showing 1 to 5 of ${total}`);

    await screen.search(tag);
    await expect.poll(report).toBe('Showing 1 to 3 of 3');
    await screen.page
      .locator('thead th')
      .filter({ hasText: /^Size$/ })
      .click();
    await expect.poll(async () => (await firstCells(1)).join(',')).toBe('3,12,50');
    await screen.page
      .locator('thead th')
      .filter({ hasText: /^Size$/ })
      .click();
    await expect.poll(async () => (await firstCells(1)).join(',')).toBe('50,12,3');
  });

  it('searches and edits a carton', async () => {
    const tag = tagOf();
    await addCarton(`Crate of 12 ${tag}`, 12, 'Plastic crate');
    await screen.search(tag);
    await expect.poll(report).toBe('Showing 1 to 1 of 1');
    await rows().first().getByRole('button', { name: 'Edit' }).click();
    await dialog().getByText('Update Carton').first().waitFor();
    expect(
      await dialog()
        .getByLabel(/^Carton Name/)
        .inputValue(),
    ).toBe(`Crate of 12 ${tag}`);
    await dialog()
      .getByLabel(/^Carton Size/)
      .fill('15');
    await dialog().getByRole('button', { name: 'Update' }).click();
    await screen.page.getByText(CARTON_MSG.updated).last().waitFor();
    await expect.poll(async () => (await firstCells(1))[0]).toBe('15');

    await screen.search('no carton is called this');
    await emptyTable(screen.page).waitFor();
    expect(await screen.page.getByRole('button', { name: 'Export' }).isDisabled()).toBe(true);
  });

  it('exports every carton to "Carton Data.csv" with formula-like cells neutralised', async () => {
    const tag = tagOf();
    await addCarton(`=HYPERLINK("http://evil/${tag}")`, 3, 'A name a spreadsheet would run');
    const total = await totalOf();
    const [download] = await Promise.all([
      screen.page.waitForEvent('download'),
      screen.page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Carton Data.csv');
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Name,Size,Description,Created Date,Status');
    expect(lines).toHaveLength(total + 1);
    // Oldest first, as the spec's exports ask: the demo's first carton leads.
    expect(lines[1]).toMatch(/^Box of 10,10,Corrugated box for ten 1 L bottles,\d{2}-\d{2}-\d{4},Active$/);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil/${tag}"")",3`);
  });
});
