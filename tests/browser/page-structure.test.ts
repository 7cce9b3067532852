// What a signed-out visitor meets at / (issue 26 item 5), in Chromium: the landing page (spec 3: header
// with Login, about, vision and mission, reviews, contact, the 2023 footer) on a 360 x 740 handheld and
// on a desktop; signed in, / goes to the dashboard. Every screen's one <h1> and one banner, and the
// dialogs' named Close, are checked with axe in accessibility.test.ts.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { COPYRIGHT } from '../../src/client/app/brand.js';
import { ADMIN, screenshot } from '../helpers/browser.js';
import { DESKTOP } from '../helpers/screens.js';
import { useBrowser } from '../helpers/use-browser.js';

const b = useBrowser();

const h1s = (page: Page) => page.locator('h1').allInnerTexts();
const banners = (page: Page) => page.getByRole('banner').count();

describe('the landing page at /', () => {
  for (const [name, options] of [
    ['handheld', { device: 'handheld' }],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows a signed-out visitor the landing page on a ${name}, whose Login goes to sign-in`, async () => {
      const { page } = await b.open(options);
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      for (const section of ['About us', 'Our vision', 'Our mission', 'What our customers say', 'Contact']) {
        await page.getByRole('heading', { name: section, exact: true }).waitFor();
      }
      expect(await page.getByRole('contentinfo').getByText(COPYRIGHT).isVisible()).toBe(true);
      expect(await h1s(page)).toEqual(['Genuine inputs, traced pack by pack']);
      expect(await banners(page)).toBe(1);
      const login = page.getByRole('banner').getByRole('link', { name: 'Login', exact: true });
      expect(await login.isVisible()).toBe(true);
      await screenshot(page, `landing-root-${name}`);
      await login.click();
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    });
  }

  it('sends a signed-in user from / to the dashboard', async () => {
    const { page } = await b.open({ ...DESKTOP, session: ADMIN });
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });
});
