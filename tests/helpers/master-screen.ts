// One master screen open for a whole test file: Chromium, a signed-in admin page on the screen, and
// the locators every master test reads (dialog, rows, the 'Showing ...' report, cell texts).
import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, signIn } from './browser.js';

export const REPORT_TEXT = /^Showing \d+ to \d+ of \d+$/;

export interface MasterScreen {
  readonly page: Page;
  dialog(): Locator;
  rows(): Locator;
  report(): Promise<string>;
  /** Every row's cell texts, left to right. */
  cells(): Promise<string[][]>;
}

/** Registers the file's beforeAll/afterAll; call it at the top level of a test file. */
export function masterScreen(path: string): MasterScreen {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let current: Page | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, page: current } = await newPage(browser, { acceptDownloads: true }));
    await signIn(current);
    await current.goto(path);
    await current.getByText(REPORT_TEXT).waitFor();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  const screen: MasterScreen = {
    get page() {
      if (!current) throw new Error('the screen opens in beforeAll');
      return current;
    },
    dialog: () => screen.page.getByRole('dialog'),
    rows: () => screen.page.locator('table tbody tr'),
    report: async () => (await screen.page.getByText(REPORT_TEXT).textContent()) ?? '',
    cells: () => screen.rows().evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? ''))),
  };
  return screen;
}
