// One delete flow in Chromium: a distributor (menu label Dealer Master) deleted through the
// 'Confirm to delete' dialog; No keeps the row, Yes removes it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CONFIRM_DELETE } from '../../src/client/kit/confirm-delete.js';
import { COMPANY_API } from '../../src/shared/contracts/company.js';
import { REFERENCE_API } from '../../src/shared/contracts/reference.js';
import { USERS_API, USERS_MSG } from '../../src/shared/contracts/users/common.js';
import { api, apiSignIn } from '../helpers/api-client.js';
import { ADMIN, emptyTable } from '../helpers/browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const b = useBrowser();
let page: Page;
const name = `Tapi Crop Care ${Date.now().toString(36)}`;

/** Makes the distributor through the API, as the form would send it. */
async function createDistributor() {
  const token = await apiSignIn(ADMIN.email, ADMIN.password);
  const state = (await api(REFERENCE_API.states, undefined, token, { cCode: 101 })).body.ResponseData.find(
    (s) => s.State === 'Gujarat',
  )!;
  const city = (await api(REFERENCE_API.cities, undefined, token, { sCode: state.StateId })).body.ResponseData.find(
    (c) => c.City === 'Surat',
  )!;
  const companyId = (await api(COMPANY_API.dropdown, undefined, token)).body.ResponseData[0]!.CompId;
  const saved = await api(
    USERS_API.save,
    {
      ReferenceID: 0,
      UserType: 2,
      SAPCustomerCode: 'C900001',
      FirstName: name,
      LastName: '',
      Email: `${Date.now()}@tapi.example.in`,
      MobileNo: '9898012345',
      Password: 'Tapi123',
      ConfirmPassword: 'Tapi123',
      CompanyId: companyId,
      GST: '',
      TIN: '',
      bill_Country: 101,
      bill_State: state.StateId,
      bill_City: city.CityId,
      bill_Pincode: '395003',
      bill_Address1: 'Ring Road',
      bill_Address2: '',
      IsActive: true,
    },
    token,
  );
  expect(saved.body.ResponseCode, saved.body.ResponseMessage).toBe('200');
}

beforeAll(async () => {
  ({ page } = await b.open({ as: ADMIN }));
  await createDistributor();
  await page.goto('/masters/distributor-master');
  await page.getByText(/^Showing \d+ to \d+ of \d+$/).waitFor();
});

const report = async () =>
  (await page
    .getByText(/^Showing \d+ to \d+ of \d+$/)
    .textContent()
    .catch(() => '')) ?? '';

describe('Dealer Master (distributors): delete', () => {
  it('asks first; No keeps the row, Yes deletes it', async () => {
    await page.getByRole('textbox', { name: 'Search' }).fill(name);
    await expect.poll(report).toBe('Showing 1 to 1 of 1');
    const row = page.locator('table tbody tr').first();
    expect(await row.locator('td').nth(2).textContent()).toBe(name);

    await row.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(CONFIRM_DELETE.title).waitFor();
    await confirm.getByText(CONFIRM_DELETE.text).waitFor();
    await confirm.getByRole('button', { name: 'No' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await report()).toBe('Showing 1 to 1 of 1');

    await row.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await page.getByText(USERS_MSG.deleted).last().waitFor();
    await emptyTable(page).waitFor();

    // Gone on the server too: a fresh load finds nothing.
    await page.reload();
    await page.getByRole('textbox', { name: 'Search' }).fill(name);
    await emptyTable(page).waitFor();
  });
});
