// Playwright on Debian's Chromium (never a downloaded browser): one browser per test file, a fresh
// context per test, and the sign-in steps a user takes.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The flags STACK.md found to work headless as root in a container; no --user-data-dir here.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SHOTS_DIR = process.env.SHOTS_DIR ?? join(tmpdir(), 'fieldtrace-shots');

export const ADMIN = { email: 'admin@example.com', password: 'Admin123' } as const;

/** The running server's address, from tests/helpers/browser-server.ts. */
export const baseUrl = (): string => inject('baseUrl');

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * `context.setOffline` that also holds across a navigation. Chromium 150 (Debian, 27 Nov 2026) drops
 * the emulated `navigator.onLine` when a document is replaced: after a reload served by the service
 * worker the page reads online while every request still fails (a hand-made CDP override does the
 * same). Requests stay Playwright's; only the flag the new document reads is set again, before the
 * app's first script, from the state the test last asked for.
 */
export async function keepOfflineAcrossNavigations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const real = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
    Object.defineProperty(Navigator.prototype, 'onLine', {
      configurable: true,
      get(this: Navigator) {
        return (globalThis as { __emulatedOffline?: boolean }).__emulatedOffline === true
          ? false
          : real.get!.call(this);
      },
    });
  });
  const setOffline = context.setOffline.bind(context);
  context.setOffline = async (offline: boolean) => {
    // Init scripts run in order, so the last state asked for is the one a new document starts with.
    await context.addInitScript((o) => {
      (globalThis as { __emulatedOffline?: boolean }).__emulatedOffline = o;
    }, offline);
    // The open documents first, so that the `online` event setOffline fires finds the flag already true.
    await Promise.all(
      context.pages().map((p) =>
        p
          .evaluate((o) => {
            (globalThis as { __emulatedOffline?: boolean }).__emulatedOffline = o;
          }, offline)
          .catch(() => undefined),
      ),
    );
    await setOffline(offline);
  };
}

/** A fresh profile (no cookies, storage or service worker) pointed at the test server. */
export async function newPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), reducedMotion: 'reduce', ...options });
  await keepOfflineAcrossNavigations(context);
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the sign-in screen the way a user does, and waits for the dashboard. */
export async function signIn(
  page: Page,
  email: string = ADMIN.email,
  password: string = ADMIN.password,
): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  // Labels of required fields end in an asterisk ("Password *"), hence the anchored patterns.
  await page.getByLabel(/^Email\b/).fill(email);
  await page.getByLabel(/^Password\b/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard', { timeout: 60_000 });
}

/** The storage of a fresh profile signed in as `email` (the admin by default), for contexts that start
 *  signed in. The session lives in IndexedDB (Dexie), so the saved state must carry it. */
export async function signedInState(browser: Browser, email: string = ADMIN.email, password: string = ADMIN.password) {
  const first = await newPage(browser);
  await signIn(first.page, email, password);
  const state = await first.context.storageState({ indexedDB: true });
  await first.context.close();
  return state;
}

/** A 360 x 740 handheld: touch, a coarse pointer and the page's own meta viewport. */
export const HANDHELD: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  hasTouch: true,
  isMobile: true,
};

/** A list screen has answered: its 'Showing ...' report, its empty text or its offline text. */
export async function listShown(page: Page, timeout = 30_000): Promise<void> {
  await page
    .getByText(/^Showing \d+ to \d+ of \d+$|^No Data found$|^Offline: this list needs the network$/)
    .first()
    .waitFor({ timeout });
}

/** A server table's empty state once it is shown. The table keeps it in the DOM at opacity 0 while it
 *  has rows or is fetching (Playwright counts that as visible), so a bare getByText('No Data found')
 *  passes before the answer has come. */
export const emptyTable = (scope: Page | Locator): Locator =>
  scope.locator('.mantine-datatable-empty-state[data-active]').getByText('No Data found', { exact: true });

/** Saves a screenshot under /tmp (never in the repository), for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`) });
}
