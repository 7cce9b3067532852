// The screens a browser test walks through to check what every screen owes its user (one <h1>, one
// banner, no axe violation): the admin's whole menu, the account screens, and the floor's screens.
import { ALWAYS_ALLOWED_PATHS, PAGE } from '../../src/shared/pages.js';
import type { Page } from 'playwright-core';

export const DESKTOP = { viewport: { width: 1366, height: 900 } } as const;

/** Screens whose title says more than their menu label. */
const TITLE_OF: Partial<Record<keyof typeof PAGE, string>> = {
  category: 'Category Master',
  numberIssued: 'Number Issued',
  redemptionRequests: 'Loyalty Points Redemption Requests',
};

export interface Screen {
  path: string;
  /** Its <h1>. */
  title: string;
}

const screenOf = (k: keyof typeof PAGE): Screen => ({ path: PAGE[k].path, title: TITLE_OF[k] ?? PAGE[k].label });

/** Every screen of the admin's menu, the account screens, the dashboard and Pending work. */
export const ADMIN_SCREENS: readonly Screen[] = [
  ...(Object.keys(PAGE) as (keyof typeof PAGE)[]).map(screenOf),
  ...ALWAYS_ALLOWED_PATHS.filter((p) => p !== '/dashboard').map((path) => ({
    path,
    title: path === '/profile' ? 'Profile' : 'Change Password',
  })),
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/pending-work', title: 'Pending work' },
];

/** What a floor operator opens on a handheld. */
export const FLOOR_SCREENS: readonly Screen[] = [
  ...(
    [
      'secondaryPacking',
      'tertiaryPacking',
      'damageCarton',
      'dispatch',
      'dispatchReceive',
      'cartonReturn',
      'replace',
    ] as const
  ).map(screenOf),
  { path: '/pending-work', title: 'Pending work' },
];

const inFlight = new WeakMap<Page, { count: number; last: number }>();

/** Counts the page's requests in flight from now on (once per page). */
function track(page: Page): { count: number; last: number } {
  let t = inFlight.get(page);
  if (!t) {
    const state = { count: 0, last: Date.now() };
    const done = () => {
      state.count = Math.max(0, state.count - 1);
      state.last = Date.now();
    };
    page.on('request', () => {
      state.count += 1;
      state.last = Date.now();
    });
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    inFlight.set(page, (t = state));
  }
  return t;
}

/** No request in flight for `quietMs`: the screen's data (the menu, a list's rows, its dropdowns) has come. */
export async function networkQuiet(page: Page, quietMs = 400, timeoutMs = 30_000): Promise<void> {
  const t = track(page);
  const deadline = Date.now() + timeoutMs;
  while ((t.count > 0 || Date.now() - t.last < quietMs) && Date.now() < deadline) await page.waitForTimeout(100);
}

/**
 * Opens a screen and waits until it is drawn: its <h1> reads its title and its requests have been
 * answered. In a page that already holds the app it goes there as a menu click does (the router, no
 * reload), which keeps a walk through every screen quick; otherwise it loads the page.
 */
export async function openScreen(page: Page, s: Screen): Promise<void> {
  track(page);
  const inApp = await page.evaluate(() => document.querySelector('#root h1') !== null);
  if (inApp) {
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, s.path);
  } else {
    await page.goto(s.path);
  }
  await page.getByRole('heading', { level: 1, name: s.title, exact: true }).waitFor();
  await networkQuiet(page);
}

/** Loads a page afresh (a public page, or the first of a walk) and waits for its <h1> and its requests. */
export async function loadPage(page: Page, path: string): Promise<void> {
  track(page);
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  await networkQuiet(page);
}
