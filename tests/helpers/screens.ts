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
  ...ALWAYS_ALLOWED_PATHS.filter((p) => p !== '/dashboard').map((path) => ({ path, title: path === '/profile' ? 'Profile' : 'Change Password' })),
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/pending-work', title: 'Pending work' },
];

/** What a floor operator opens on a handheld. */
export const FLOOR_SCREENS: readonly Screen[] = [
  ...(['secondaryPacking', 'tertiaryPacking', 'damageCarton', 'dispatch', 'dispatchReceive', 'cartonReturn', 'replace'] as const).map(screenOf),
  { path: '/pending-work', title: 'Pending work' },
];

/** A screen opened and done drawing: its h1 shown and its first requests (the menu, a list's rows) answered. */
export async function openScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}
