// The route map (spec 1 section 2.1, spec 3 top-level routes). Public pages sit outside the shell
// (the verification page /P outside this app altogether); / is the landing page signed out and the
// dashboard signed in;
// every registry page is a shell route at its exact path, and unknown shell paths go to /dashboard.
// Every screen but sign-in, and the shell itself, load lazily, so a page downloads only what it shows
// (/login neither the shell nor any master); the service worker precaches all chunks for offline use.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PAGE, PUBLIC_PAGE, type PageName } from '@shared/pages.js';
import { setUnauthorizedHandler } from '../api/http.js';
import { LoginPage } from '../features/auth/login-page.js';
import { SCREEN_MODULES } from '../features/registry.js';
import { prefetchList } from '../kit/use-server-list.js';
import { RedirectIfSignedIn, RequireSession } from './guards.js';
import { FullPageLoad } from './full-page-load.js';
import { NotBuilt } from './not-built.js';
import { RouteError } from './route-error.js';
import { ShellPlaceholder } from './shell/shell-placeholder.js';
import { loadSession } from '../api/session.js';
import { requestMenu } from './use-menu.js';

type Lazy = NonNullable<RouteObject['lazy']>;

/** How long a route's first draw waits for the data it opens with (menu, first rows): one draw with
 *  everything, instead of loaders first and a second draw; beyond this it draws with its loaders. */
const FIRST_DATA_WAIT_MS = 1500;
const atMost = (data: Promise<unknown>) => Promise.race([data, new Promise((r) => setTimeout(r, FIRST_DATA_WAIT_MS))]);

/** A route that needs more than the first screen's styles waits for all of them (styles-all.ts). */
const styled =
  <T,>(load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), import('../styles-all.js')]))[0];

const pageRoutes: RouteObject[] = (Object.keys(PAGE) as PageName[]).map((name) => {
  const load = SCREEN_MODULES[name];
  return {
    path: PAGE[name].path,
    // Paths are matched with the case the spec writes (Damage-carton, new-Stock), as the guard does.
    caseSensitive: true,
    // The router fetches the screen's chunk with the shell's and draws it once there (no Suspense pass).
    // Its first list is asked for as soon as the chunk is in, beside the menu (signed-in only), and the
    // screen first draws with its rows.
    ...(load
      ? {
          lazy: async () => {
            const m = await load();
            const first = m.firstList;
            if (first && (await loadSession())) await atMost(prefetchList(first));
            return { Component: m.default };
          },
        }
      : { element: <NotBuilt label={PAGE[name].label} /> }),
  };
});

const shell: Lazy = styled(async () => {
  // The menu is asked for while the shell's chunk downloads, not after the shell has drawn (the router
  // starts this before main.tsx has read the stored session, hence the wait for it).
  const menu = loadSession().then((session) => session && requestMenu());
  const { AppLayout } = await import('./shell/app-layout.js');
  await atMost(menu);
  return {
    element: (
      <RequireSession>
        <AppLayout />
      </RequireSession>
    ),
  };
});
const landing = styled(() => import('../features/public/landing-page.js').then((m) => ({ Component: m.LandingPage })));
const dashboard: Lazy = () =>
  import('../features/dashboard/dashboard-page.js').then((m) => ({ Component: m.DashboardPage }));

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    // Blank while the first screen's chunk arrives (a few hundred ms), as before any script ran.
    hydrateFallbackElement: <></>,
    children: [
      // The one screen in the entry chunk: every visit starts here, and it shares its kit with the masters.
      {
        path: PUBLIC_PAGE.login,
        element: (
          <RedirectIfSignedIn>
            <LoginPage />
          </RedirectIfSignedIn>
        ),
      },
      {
        path: PUBLIC_PAGE.resetPassword,
        lazy: () => import('../features/auth/reset-password-page.js').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      { path: PUBLIC_PAGE.home, lazy: landing },
      // Signed out, / is the landing page (spec 3: "otherwise the landing page shows"); signed in, the
      // dashboard at /dashboard. Outside the shell, so a visitor never downloads it.
      {
        index: true,
        lazy: async () => {
          const { Component } = await landing();
          return {
            element: (
              <RedirectIfSignedIn>
                <Component />
              </RedirectIfSignedIn>
            ),
          };
        },
      },
      // The public verification page (/P?U=..., GS1 Digital Link paths) is not in this app: it is its own
      // small entry (p.html, src/public-page), which the server and the service worker answer those
      // paths with. An in-app link there must be a full page load (a plain <a href>, never <Link>).
      { path: PUBLIC_PAGE.verify, element: <FullPageLoad /> },
      {
        path: PUBLIC_PAGE.privacyPolicy,
        lazy: styled(() =>
          import('../features/public/privacy-policy-page.js').then((m) => ({ Component: m.PrivacyPolicyPage })),
        ),
      },
      {
        lazy: shell,
        // The header bar at once, not a blank page, while the shell and the screen load.
        hydrateFallbackElement: <ShellPlaceholder />,
        children: [
          {
            // A screen that fails shows its error inside the shell, so the menu stays usable.
            errorElement: <RouteError />,
            children: [
              { path: '/dashboard', lazy: dashboard },
              {
                path: '/profile',
                lazy: () => import('../features/account/profile-page.js').then((m) => ({ Component: m.ProfilePage })),
              },
              {
                path: '/change-password',
                lazy: () =>
                  import('../features/account/change-password-page.js').then((m) => ({
                    Component: m.ChangePasswordPage,
                  })),
              },
              // Any signed-in user's own outbox, not a rights-managed page: like the account screens it is
              // outside the page registry (whose names are the rights' pages), so the shell alone is preloaded.
              {
                path: '/pending-work',
                lazy: () =>
                  import('../features/pending-work/pending-work-page.js').then((m) => ({
                    Component: m.PendingWorkPage,
                  })),
              },
              ...pageRoutes,
              { path: '*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A 401 anywhere (session already cleared by the API client) lands on the sign-in screen in-app.
setUnauthorizedHandler(() => {
  void router.navigate('/login', { replace: true });
});
