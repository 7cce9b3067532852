// One master screen per test: Chromium for the whole file, the admin signed in once, then a fresh
// context (the saved session, nothing else) opened on the screen before each test, so no test sees
// another's dialog, search text or page. Locators every master test reads: dialog, rows, report, cells.
import { beforeEach } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN } from './browser.js';
import { useBrowser } from './use-browser.js';

export const REPORT_TEXT = /^Showing \d+ to \d+ of \d+$/;
const OPEN_TIMEOUT_MS = 30_000;

export interface MasterScreen {
  readonly page: Page;
  dialog(): Locator;
  rows(): Locator;
  report(): Promise<string>;
  /** Every row's cell texts, left to right. */
  cells(): Promise<string[][]>;
  /** Types into the search box and waits for the list's answer to that search (not a fixed pause). */
  search(text: string): Promise<void>;
}

/** Types into a list's search box and waits for the list call that follows (ky streams the body, so
 *  the request's text cannot be matched; callers still poll for the rows they expect). */
export async function searchList(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/API\/api\/.+\/Get[^/]*$/.test(r.url()),
    { timeout: OPEN_TIMEOUT_MS },
  );
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
  await answered;
}

/** Registers the file's hooks; call it at the top level of a test file. */
export function masterScreen(path: string): MasterScreen {
  const b = useBrowser();
  let current: Page | undefined;

  beforeEach(async () => {
    // Opened in beforeEach, so useBrowser closes it after the test.
    ({ page: current } = await b.open({ acceptDownloads: true, session: ADMIN }));
    await current.goto(path);
    await current
      .getByText(REPORT_TEXT)
      .or(current.getByText('No Data found'))
      .first()
      .waitFor({ timeout: OPEN_TIMEOUT_MS });
  });

  const screen: MasterScreen = {
    get page() {
      if (!current) throw new Error('the screen opens in beforeEach');
      return current;
    },
    dialog: () => screen.page.getByRole('dialog'),
    rows: () => screen.page.locator('table tbody tr'),
    report: async () => (await screen.page.getByText(REPORT_TEXT).textContent()) ?? '',
    cells: () =>
      screen.rows().evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? ''))),
    search: (text) => searchList(screen.page, text),
  };
  return screen;
}
