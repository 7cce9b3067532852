// One delete flow in Chromium: a distributor (menu label Dealer Master) deleted through the
// 'Confirm to delete' dialog; No keeps the row, Yes removes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CONFIRM_DELETE } from '../../src/client/kit/confirm-delete.js';
import { USERS_MSG } from '../../src/shared/contracts/users/common.js';
import { ADMIN, emptyTable, launchBrowser, newPage, signIn } from '../helpers/browser.js';

let browser: Browser;
let context: BrowserContext;
let page: Page;
const name = `Tapi Crop Care ${Date.now().toString(36)}`;

type Env<T> = { ResponseCode: string; ResponseMessage: string; ResponseData: T };

/** Makes the distributor through the API, as the form would send it. */
async function createDistributor() {
  const api = async <T>(path: string, body?: unknown, token?: string): Promise<Env<T>> => {
    const res = await page.request.post(`/API/api/${path}`, {
      ...(body === undefined ? {} : { data: body }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return (await res.json()) as Env<T>;
  };
  const token = (await api<{ Token: string }[]>('Login/CheckUser', { Email: ADMIN.email, Password: ADMIN.password }))
    .ResponseData[0]!.Token;
  const state = (
    await api<{ StateId: number; State: string }[]>('Country/GetStates?cCode=101', undefined, token)
  ).ResponseData.find((s) => s.State === 'Gujarat')!;
  const city = (
    await api<{ CityId: number; City: string }[]>(`Country/GetCities?sCode=${state.StateId}`, undefined, token)
  ).ResponseData.find((c) => c.City === 'Surat')!;
  const company = await page.request.get('/API/api/CompanyMaster/GetCompanyDDL', {
    headers: { authorization: `Bearer ${token}` },
  });
  const companyId = ((await company.json()) as Env<{ CompId: number }[]>).ResponseData[0]!.CompId;
  const saved = await api(
    'User/CreateUpdateUser',
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
  expect(saved.ResponseCode, saved.ResponseMessage).toBe('200');
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await signIn(page);
  await createDistributor();
  await page.goto('/masters/distributor-master');
  await page.getByText(/^Showing \d+ to \d+ of \d+$/).waitFor();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
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
