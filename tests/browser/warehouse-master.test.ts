// The Warehouse Master in Chromium: the spec's columns with state and city names, a warehouse added
// without code or e-mail (its prefix entered like a factory's), and the 'warehouse data.csv' export.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SITE_MSG } from '../../src/shared/contracts/site.js';
import { masterScreen } from '../helpers/master-screen.js';

// Each test opens the screen afresh (tests/helpers/master-screen.ts).
const screen = masterScreen('/masters/warehouse-master');
const { dialog, cells } = screen;
const tag = Date.now().toString(36).toUpperCase().slice(-5);
const NAME = `Kolhapur Depot ${tag}`;

async function pick(label: RegExp, option: string) {
  await dialog().getByLabel(label).click();
  await screen.page.getByRole('option', { name: option, exact: true }).click();
}

describe('Warehouse Master', () => {
  it('lists warehouses only, with the spec columns and the state and city by name', async () => {
    const heads = (await screen.page.locator('thead th').allTextContents()).map((h) => h.trim());
    expect(heads).toEqual([
      'Company',
      'Warehouse code',
      'Warehouse Name',
      'Email',
      'Mobile No.',
      'State',
      'City',
      'Pincode',
      'Created Date',
      'Status',
      'Action',
    ]);
    // Other test files add warehouses, so the seeded one is found by search, not by its place on page 1.
    await screen.search('Depot');
    await expect
      .poll(async () => (await cells()).find((r) => r[2] === 'Pune Depot')?.slice(0, 8))
      .toEqual([
        'Green Harvest Agro Ltd',
        'PUN01',
        'Pune Depot',
        'depot@greenharvest.example',
        '9822000002',
        'Maharashtra',
        'Pune',
        '411019',
      ]);
    await screen.search('Nashik Plant');
    await expect.poll(async () => screen.page.getByText('No Data found').count()).toBe(1);
  });

  it('adds a warehouse without code or e-mail', async () => {
    await screen.page.getByRole('button', { name: 'Add Warehouse' }).click();
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await dialog().getByText(SITE_MSG.warehouseNameRequired).waitFor();
    expect(await dialog().getByText(SITE_MSG.codeRequired).count()).toBe(0);
    await pick(/^Company/, 'Green Harvest Agro Ltd');
    await dialog()
      .getByLabel(/^Warehouse Name/)
      .fill(NAME);
    await dialog()
      .getByLabel(/^GST No/)
      .fill('27AAACG1234F8Z2');
    await dialog()
      .getByLabel(/^Prefix/)
      .fill(`Y${tag.slice(-1)}`);
    await pick(/^Country/, 'India');
    await pick(/^State/, 'Maharashtra');
    await pick(/^City/, 'Kolhapur');
    await dialog()
      .getByLabel(/^Pincode/)
      .fill('416001');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await screen.page.getByText(SITE_MSG.warehouseCreated).last().waitFor();
    await expect
      .poll(async () => (await cells())[0]?.slice(2, 8))
      .toEqual([NAME, '', '', 'Maharashtra', 'Kolhapur', '416001']);
  });

  it("exports the warehouses to 'warehouse data.csv'", async () => {
    const total = Number(/of (\d+)$/.exec(await screen.report())![1]);
    const [download] = await Promise.all([
      screen.page.waitForEvent('download'),
      screen.page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('warehouse data.csv');
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    expect(csv.split(/\r\n/)[0]).toBe(
      'Company,Warehouse code,Warehouse Name,Email,Mobile No.,State,City,Pincode,Created Date,Status',
    );
    expect(csv.trim().split(/\r\n/)).toHaveLength(total + 1);
    expect(csv).toContain(',PUN01,Pune Depot,depot@greenharvest.example,9822000002,Maharashtra,Pune,411019,');
    expect(csv).not.toContain('Nashik Plant');
  });
});
