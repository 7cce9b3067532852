// The structure a screen reader and a signed-out visitor meet (issue 26 items 5 and 6), in Chromium:
// - signed out, / is the landing page (spec 3: header with Login, about, vision and mission, reviews,
//   contact, the 2023 footer) on a 360 x 740 handheld and on a desktop; signed in, / goes to the dashboard;
// - every screen of the admin has exactly one <h1>, its title, and one banner landmark;
// - with a dialog open (a master's form, a category's delete question, the sign-in screen's Forgot password, on a
//   desktop and on a handheld) the dialog's × is a button named 'Close', the screen still has one <h1>
//   and the dialog adds no banner.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PAGE } from '../../src/shared/pages.js';
import { COPYRIGHT } from '../../src/client/app/brand.js';
import { HANDHELD, launchBrowser, listShown, newPage, screenshot, signedInState } from '../helpers/browser.js';
import { ADMIN_SCREENS, DESKTOP } from '../helpers/screens.js';

let browser: Browser;
let signedIn: Awaited<ReturnType<typeof signedInState>>;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  signedIn = await signedInState(browser);
}, 120_000);
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser?.close();
});

async function open(options: Parameters<typeof newPage>[1]): Promise<Page> {
  const opened = await newPage(browser, options);
  context = opened.context;
  opened.page.setDefaultTimeout(30_000);
  return opened.page;
}

const h1s = (page: Page) => page.locator('h1').allInnerTexts();
const banners = (page: Page) => page.getByRole('banner').count();

/** A dialog open: its × is named 'Close', the screen keeps one h1, and no second banner came with it. */
async function dialogIsNamed(page: Page, title: string, bannersBefore: number): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  expect(await dialog.getByRole('button', { name: 'Close', exact: true }).count()).toBe(1);
  expect(await h1s(page)).toHaveLength(1);
  expect(await banners(page)).toBe(bannersBefore);
}

describe('the landing page at /', () => {
  for (const [name, options] of [['handheld', HANDHELD], ['desktop', DESKTOP]] as const) {
    it(`shows a signed-out visitor the landing page on a ${name}, whose Login goes to sign-in`, async () => {
      const page = await open(options);
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
    const page = await open({ ...DESKTOP, storageState: signedIn });
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  });
});

describe('one h1 and one banner on every screen', () => {
  it("every screen of the admin's menu, and the account screens, on a desktop", async () => {
    const page = await open({ ...DESKTOP, storageState: signedIn });
    const wrong: string[] = [];
    for (const s of ADMIN_SCREENS) {
      await page.goto(s.path);
      await page.locator('h1').first().waitFor();
      const found = await h1s(page);
      const landmarks = await banners(page);
      if (found.length !== 1 || found[0] !== s.title || landmarks !== 1) wrong.push(`${s.path}: h1 ${JSON.stringify(found)}, ${landmarks} banners`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});

describe('an open dialog', () => {
  it("names its × 'Close' and adds no banner: a master's form and the delete question, on a desktop", async () => {
    const page = await open({ ...DESKTOP, storageState: signedIn });
    await page.goto(PAGE.cartonMaster.path);
    await listShown(page);
    expect(await banners(page)).toBe(1);
    await page.getByRole('button', { name: 'Add Carton' }).click();
    await dialogIsNamed(page, 'Add Carton', 1);
    await screenshot(page, 'dialog-add-carton-desktop');
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.goto(PAGE.category.path);
    await listShown(page);
    await page.locator('table tbody tr').first().getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('dialog');
    await question.waitFor();
    expect(await question.getByRole('button', { name: 'Close', exact: true }).count()).toBe(1);
    expect(await h1s(page)).toHaveLength(1);
    expect(await banners(page)).toBe(1);
    await screenshot(page, 'dialog-delete-question-desktop');
  });

  it("names its × 'Close' and adds no banner on a handheld: Forgot password, a master's form", async () => {
    const page = await open(HANDHELD);
    await page.goto('/login');
    const before = await banners(page);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await dialogIsNamed(page, 'Forgot password', before);
    await screenshot(page, 'dialog-forgot-password-handheld');
    await context!.close();

    const signedPage = await open({ ...HANDHELD, storageState: signedIn });
    await signedPage.goto(PAGE.cartonMaster.path);
    await listShown(signedPage);
    await signedPage.getByRole('button', { name: 'Add Carton' }).click();
    await dialogIsNamed(signedPage, 'Add Carton', 1);
    await screenshot(signedPage, 'dialog-add-carton-handheld');
  });
});
