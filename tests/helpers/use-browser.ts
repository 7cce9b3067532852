// One Chromium per browser test file, and the pages its tests open: launch, contexts, sign-in and
// teardown in one place (issue 26).
//
//   const b = useBrowser();                                   // registers the file's hooks
//   let page: Page;
//   beforeAll(async () => ({ page } = await b.open({ device: 'handheld', as: FACTORY })));
//   it('…', async () => {
//     const desk = await b.open({ device: 'desktop', session: ADMIN });   // closed after this test
//   });
//
// A page opened inside a test (or a beforeEach) is closed after that test; one opened in a beforeAll
// lives until the end of the file. `as` signs in through the sign-in screen, as a user does; `session`
// starts the page already signed in (the saved storage, signed in once per user and file), for tests
// whose subject is not the sign-in.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { ADMIN, HANDHELD, launchBrowser, newPage, signedInState, signIn } from './browser.js';

export interface Who {
  email: string;
  password: string;
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

const DEVICES = { handheld: HANDHELD, desktop: DESKTOP } as const;

/** What a page's actions and waits allow by default (Playwright's own default, said once). */
const PAGE_TIMEOUT_MS = 30_000;

export interface OpenOptions extends BrowserContextOptions {
  /** `handheld` (360 x 740, touch) or `desktop` (1280 x 800); the context options may add to either. */
  device?: keyof typeof DEVICES;
  /** Signs in through the sign-in screen (ADMIN for the admin) before the page is handed over. */
  as?: Who;
  /** Starts signed in as this user, from a saved session. */
  session?: Who;
  /** The page's default timeout for actions and waits, in ms. */
  timeout?: number;
}

export interface Opened {
  context: BrowserContext;
  page: Page;
}

export interface BrowserTest {
  /** The file's Chromium (inside a hook or a test). */
  readonly browser: Browser;
  /** A fresh profile (no cookies, storage or service worker) on the test server, set up as asked. */
  open(options?: OpenOptions): Promise<Opened>;
  /** Another tab in a profile `open` made (a tab killed and opened again), with the default timeout. */
  tab(opened: Opened, timeout?: number): Promise<Page>;
  /** The storage of a profile signed in as `who`, made once per file. */
  signedIn(who?: Who): Promise<Awaited<ReturnType<typeof signedInState>>>;
}

export interface UseBrowserOptions {
  /** Extra Chromium flags, made in the file's first hook (a fake camera's video, for example). */
  args?: () => string[] | Promise<string[]>;
}

export function useBrowser(options: UseBrowserOptions = {}): BrowserTest {
  let browser: Browser | undefined;
  let inTest = false;
  const fileContexts: BrowserContext[] = [];
  let testContexts: BrowserContext[] = [];
  const sessions = new Map<string, ReturnType<typeof signedInState>>();

  const launched = (): Browser => {
    if (!browser) throw new Error('useBrowser: Chromium is not started yet (use it inside a hook or a test)');
    return browser;
  };
  const closeAll = async (contexts: BrowserContext[]) => {
    // A test may have closed its own already; closing twice is harmless, a failure here is not the test's.
    await Promise.all(contexts.map((c) => c.close().catch(() => undefined)));
  };

  beforeAll(async () => {
    browser = await launchBrowser(options.args ? await options.args() : []);
  });
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    const done = testContexts;
    testContexts = [];
    await closeAll(done);
  });
  afterAll(async () => {
    await closeAll(fileContexts.splice(0));
    await browser?.close();
    browser = undefined;
    sessions.clear();
  });

  const signedIn = (who: Who = ADMIN) => {
    let state = sessions.get(who.email);
    if (!state) {
      state = signedInState(launched(), who.email, who.password);
      sessions.set(who.email, state);
    }
    return state;
  };

  return {
    get browser() {
      return launched();
    },
    signedIn,
    async tab(opened, timeout = PAGE_TIMEOUT_MS) {
      const page = await opened.context.newPage();
      page.setDefaultTimeout(timeout);
      return page;
    },
    async open({ device, as, session, timeout = PAGE_TIMEOUT_MS, ...contextOptions }: OpenOptions = {}) {
      const storageState = session ? await signedIn(session) : undefined;
      const opened = await newPage(launched(), {
        ...(device ? DEVICES[device] : {}),
        ...(storageState ? { storageState } : {}),
        ...contextOptions,
      });
      (inTest ? testContexts : fileContexts).push(opened.context);
      opened.page.setDefaultTimeout(timeout);
      if (as) await signIn(opened.page, as.email, as.password);
      return opened;
    },
  };
}
