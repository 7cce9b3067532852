// EPCIS Partners (issue 28): the admin names a partner and the account its EPCIS client signs in as;
// the partner is listed with nothing acknowledged yet, a second partner on the same account is
// refused with the contract's message, and the form's own checks name the missing fields.
import { describe, expect, it } from 'vitest';
import { EPCIS_MSG } from '../../src/shared/contracts/epcis.js';
import { PAGE } from '../../src/shared/pages.js';
import { ADMIN, screenshot } from '../helpers/browser.js';
import { useBrowser } from '../helpers/use-browser.js';

const b = useBrowser();

describe('EPCIS Partners', () => {
  it('adds a partner on an account, lists it, and refuses a second on the same account', async () => {
    const { page } = await b.open({ as: ADMIN });
    await page.goto(PAGE.epcisPartners.path);
    await page.getByRole('heading', { name: PAGE.epcisPartners.label }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(EPCIS_MSG.partnerName).waitFor();
    await page.getByText(EPCIS_MSG.partnerUser).waitFor();

    const add = async (name: string) => {
      await page.getByLabel(/^Partner Name/).fill(name);
      await page.getByPlaceholder('Select User').click();
      await page.getByRole('option', { name: 'Warehouse Clerk' }).click();
      await page.getByRole('button', { name: 'Save' }).click();
    };
    await add('Agro Distributors EPCIS');
    await page.getByText(EPCIS_MSG.partnerSaved).first().waitFor();
    const row = page
      .getByRole('table', { name: 'Partners' })
      .getByRole('row')
      .filter({ hasText: 'Agro Distributors EPCIS' });
    await expect.poll(() => row.innerText()).toMatch(/Agro Distributors EPCIS\s+Warehouse Clerk\s+Nothing yet/);
    await screenshot(page, 'epcis-partners');

    await add('Second Partner');
    await page.getByText(EPCIS_MSG.partnerUserTaken).first().waitFor();
    expect(await page.getByRole('table', { name: 'Partners' }).getByText('Second Partner').count()).toBe(0);
  });
});
