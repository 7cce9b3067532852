// Loads the user's menu once per shell mount (spec 1 section 2.5, 8). A refused menu ends the session;
// no network falls back to the last cached menu so an installed app still opens on the floor.
// The request starts with the shell's chunk (requestMenu), so the page does not wait for it after drawing.
import { startTransition, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MenuEntry } from '@shared/contracts/access-right.js';
import { ME_API } from '@shared/contracts/auth.js';
import type { Envelope } from '@shared/contracts/envelope.js';
import { buildMenu } from '@shared/menu.js';
import { call } from '../api/call.js';
import { settling, type Settling } from '../api/settled.js';
import { whenIdle } from '../kit/idle.js';
import { cachedMenu, cacheMenu, clearSession, getSession } from '../api/session.js';

export type MenuState =
  | { status: 'loading' }
  /** `verified` is false when offline with no cached menu: the guard cannot judge, the server still will. */
  | { status: 'ready'; menu: MenuEntry[]; verified: boolean };

/** Dashboard only: what an offline device with nothing cached can safely show. */
const DASHBOARD_ONLY: MenuEntry[] = buildMenu(new Set());

/** `settled` lets a shell mounting after the answer draw its page in its first render. */
interface MenuRequest extends Settling<Envelope<MenuEntry[]>> {
  /** The session it was asked for: an early answer is only good for that sign-in. */
  token: string | undefined;
}

let early: MenuRequest | null = null;

function ask(): MenuRequest {
  return settling({ token: getSession()?.Token }, call(ME_API.menu, undefined));
}

/** Asks for the menu ahead of the shell's mount (called while the shell's chunk downloads); resolves
 *  once answered. */
export function requestMenu(): Promise<void> {
  early = ask();
  return early.answer.then(() => undefined);
}

/** The early request if one is waiting for this sign-in, else a fresh one: each mount asks once. */
function takeRequest(): MenuRequest {
  const request = early && early.token === getSession()?.Token ? early : ask();
  early = null;
  return request;
}

type Ready = Extract<MenuState, { status: 'ready' }>;

const readyFrom = (env: Envelope<MenuEntry[]> | undefined): Ready | null =>
  env?.ResponseCode === '200' && Array.isArray(env.ResponseData)
    ? { status: 'ready', menu: env.ResponseData, verified: true }
    : null;

export function useMenu(): MenuState {
  const [request] = useState(takeRequest);
  const [state, setState] = useState<MenuState>(() => readyFrom(request.settled) ?? { status: 'loading' });
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    void (async () => {
      const env = await request.answer;
      if (!live) return;
      const ready = readyFrom(env);
      if (ready) {
        // Kept for offline starts once the page is drawn: opening the device database is a long task.
        whenIdle(() => void cacheMenu(ready.menu).catch(() => undefined));
        // A transition: drawing the menu and the page yields to input instead of one long task.
        startTransition(() => setState((s) => (s.status === 'ready' ? s : ready)));
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
  }, [request, navigate]);

  return state;
}
