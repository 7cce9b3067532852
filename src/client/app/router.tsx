// The route map (spec 1 section 2.1, spec 3 top-level routes). Public pages sit outside the shell;
// every registry page is a shell route at its exact path, and unknown shell paths go to /dashboard.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { PAGE, type PageName } from '../../shared/pages.js';
import { setUnauthorizedHandler } from '../api/http.js';
import { ChangePasswordPage } from '../features/account/change-password-page.js';
import { ProfilePage } from '../features/account/profile-page.js';
import { LoginPage } from '../features/auth/login-page.js';
import { ResetPasswordPage } from '../features/auth/reset-password-page.js';
import { DashboardPage } from '../features/dashboard/dashboard-page.js';
import { LandingPage } from '../features/public/landing-page.js';
import { PrivacyPolicyPage } from '../features/public/privacy-policy-page.js';
import { VerifyPlaceholder } from '../features/public/verify-placeholder.js';
import { RedirectIfSignedIn, RequireSession } from './guards.js';
import { PageScreen } from './page-screen.js';
import { RouteError } from './route-error.js';
import { AppLayout } from './shell/app-layout.js';

const pageRoutes: RouteObject[] = (Object.keys(PAGE) as PageName[]).map((name) => ({
  path: PAGE[name].path,
  // Paths are matched with the case the spec writes (Damage-carton, new-Stock), as the guard does.
  caseSensitive: true,
  element: <PageScreen key={name} name={name} />,
}));

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <RedirectIfSignedIn><LoginPage /></RedirectIfSignedIn> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/home', element: <LandingPage /> },
      { path: '/P', caseSensitive: true, element: <VerifyPlaceholder /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      {
        element: <RequireSession><AppLayout /></RequireSession>,
        children: [
          {
            // A screen that fails shows its error inside the shell, so the menu stays usable.
            errorElement: <RouteError />,
            children: [
              { index: true, element: <DashboardPage /> },
              { path: '/dashboard', element: <DashboardPage /> },
              { path: '/profile', element: <ProfilePage /> },
              { path: '/change-password', element: <ChangePasswordPage /> },
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
