// The signed-in session (spec 1 section 3.16), kept in IndexedDB and mirrored in memory so the API
// client can read it synchronously. Cleared on sign-out and on any 401.
import { useSyncExternalStore } from 'react';
import type { LoginResult } from '@shared/contracts/auth.js';
import { isAdminUserId } from '@shared/contracts/auth.js';
import type { MenuEntry } from '@shared/contracts/access-right.js';
import { readKv, writeKv } from '../offline/kv-direct.js';

// Dexie loads on the first write or menu read, never before the first screen (see loadSession).
const localDb = () => import('../offline/db.js').then((m) => m.localDb);

export interface Session {
  Token: string;
  RefreshToken: string;
  UserType: number;
  WareHouseId: number;
  isAdmin: boolean;
  CompanyId: number;
  Prefix: string;
  UserId: number;
  UserName: string;
  loggedInUser: { UserId: number; UserName: string; isLoggedIn: true };
}

const SESSION_KEY = 'session';
const MENU_KEY = 'menu';

let current: Session | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function sessionFromLogin(r: LoginResult): Session {
  return {
    Token: r.Token,
    RefreshToken: r.RefreshToken,
    UserType: r.UserType,
    WareHouseId: r.WareHouseId,
    isAdmin: isAdminUserId(r.UserId),
    CompanyId: r.CompanyId,
    Prefix: r.Prefix,
    UserId: r.UserId,
    UserName: r.UserName,
    loggedInUser: { UserId: r.UserId, UserName: r.UserName, isLoggedIn: true },
  };
}

/** Reads the stored session once at start (later calls share that read); the app renders its routes after this. */
export async function loadSession(): Promise<Session | null> {
  loading ??= readKv(SESSION_KEY).then((stored) => {
    current = (stored as Session | undefined) ?? null;
    emit();
  });
  await loading;
  return current;
}

export const getSession = () => current;

export async function saveSession(s: Session): Promise<void> {
  current = s;
  await (await localDb()).kv.put({ key: SESSION_KEY, value: s });
  emit();
}

export async function updateTokens(Token: string, RefreshToken: string): Promise<void> {
  if (!current) return;
  await saveSession({ ...current, Token, RefreshToken });
}

export async function clearSession(): Promise<void> {
  current = null;
  await localDb()
    .then((db) => db.kv.bulkDelete([SESSION_KEY, MENU_KEY]))
    .catch(() => undefined);
  emit();
}

/** The last menu the server gave, so the shell can draw itself offline. Written without Dexie (every
 *  shell start does this); Dexie writes it when the database is not there yet. */
export async function cacheMenu(menu: MenuEntry[]): Promise<void> {
  if (await writeKv(MENU_KEY, menu)) return;
  await (await localDb()).kv.put({ key: MENU_KEY, value: menu });
}

export async function cachedMenu(): Promise<MenuEntry[] | null> {
  const row = await localDb()
    .then((db) => db.kv.get(MENU_KEY))
    .catch(() => undefined);
  return (row?.value as MenuEntry[] | undefined) ?? null;
}

export function subscribeSession(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
