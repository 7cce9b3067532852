// Route guards: signed-out users to /login, signed-in users away from /login, and the forced visit to
// /profile when the account must reset its password (spec 1 sections 2.2, 4).
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { ME_API } from '@shared/contracts/auth.js';
import { call } from '../api/call.js';
import { useSession } from '../api/session.js';

export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return children;
}

export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session) return <Navigate to="/dashboard" replace />;
  return children;
}

/** On shell load, reads the user record; an account flagged IsResetPassword goes to /profile. */
export function useResetPasswordRedirect(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The answer may arrive after the user has moved on: judge the path at answer time.
  const path = useRef(pathname);
  useEffect(() => {
    path.current = pathname;
  }, [pathname]);

  useEffect(() => {
    let live = true;
    void call(ME_API.getUser, undefined).then((env) => {
      const me = env.ResponseCode === '200' && Array.isArray(env.ResponseData) ? env.ResponseData[0] : undefined;
      if (live && me?.IsResetPassword && path.current !== '/profile') navigate('/profile', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate]);
}
