// Loads the user's menu once per shell mount (spec 1 section 2.5, 8). A refused menu ends the session;
// no network falls back to the last cached menu so an installed app still opens on the floor.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MenuEntry } from '../../shared/contracts/access-right.js';
import { buildMenu } from '../../shared/menu.js';
import { api } from '../api/http.js';
import { cachedMenu, cacheMenu, clearSession } from './session.js';

export type MenuState =
  | { status: 'loading' }
  /** `verified` is false when offline with no cached menu: the guard cannot judge, the server still will. */
  | { status: 'ready'; menu: MenuEntry[]; verified: boolean };

/** Dashboard only: what an offline device with nothing cached can safely show. */
const DASHBOARD_ONLY: MenuEntry[] = buildMenu(new Set());

export function useMenu(): MenuState {
  const [state, setState] = useState<MenuState>({ status: 'loading' });
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    void (async () => {
      const env = await api.get<MenuEntry[]>('User/GetUserMenu');
      if (!live) return;
      if (env.ResponseCode === '200' && Array.isArray(env.ResponseData)) {
        // Kept for offline starts, without holding the page back while the device database opens.
        void cacheMenu(env.ResponseData).catch(() => undefined);
        setState({ status: 'ready', menu: env.ResponseData, verified: true });
      } else if (env.ResponseCode === '0') {
        const cached = await cachedMenu();
        if (live) setState({ status: 'ready', menu: cached ?? DASHBOARD_ONLY, verified: cached !== null });
      } else {
        await clearSession();
        if (live) navigate('/login', { replace: true });
      }
    })();
    return () => {
      live = false;
    };
  }, [navigate]);

  return state;
}
