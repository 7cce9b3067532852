// Rights are never a way up: which users a non-admin may create, change or delete, and which pages a
// non-admin's Role Management save may touch. The admin is above every rule here.
import { eq } from 'drizzle-orm';
import { pageByKey } from '../../shared/pages.js';
import type { Db } from '../db/connect.js';
import { userPages } from '../db/schema.js';
import type { Caller } from './actor.js';

/**
 * Lower is higher: the admin; factory staff; warehouse staff; then the company's outside and field
 * accounts (dealers, distributors and list entries, salespeople) on one level.
 */
export const TYPE_RANK: Readonly<Record<number, number>> = { 0: 0, 4: 1, 5: 2, 1: 3, 2: 3, 6: 3 };

// An unknown type counts as the highest, so a gap in the table never opens a way up.
const rank = (userType: number) => TYPE_RANK[userType] ?? 0;

/** True when a non-admin caller may not create or set a user of this type. */
export function typeAbove(caller: Caller, userType: number): boolean {
  return !caller.isAdmin && rank(userType) < rank(caller.userType);
}

/** Registry pages (not group keys) in `keys` that the caller does not hold. */
const notHeld = (caller: Caller, keys: readonly string[]) =>
  caller.isAdmin ? [] : keys.filter((k) => pageByKey(k) !== undefined && !caller.pages.has(k));

const storedPages = async (db: Db, userId: number) =>
  (await db.select({ k: userPages.pageKey }).from(userPages).where(eq(userPages.userId, userId))).map((r) => r.k);

/** True when the user ranks above a non-admin caller by type, or holds a page the caller lacks. */
export async function outranks(db: Db, caller: Caller, user: { id: number; userType: number }): Promise<boolean> {
  if (caller.isAdmin) return false;
  return typeAbove(caller, user.userType) || notHeld(caller, await storedPages(db, user.id)).length > 0;
}

export type RightsPlan = { keys: string[] } | { refused: string[] };

/**
 * The page list a Role Management save stores. A non-admin's save keeps the target's pages the saver
 * does not hold as they are, and refuses (naming them) pages the saver does not hold that it adds.
 */
export async function planRights(db: Db, caller: Caller, userId: number, sent: readonly string[]): Promise<RightsPlan> {
  const visible = sent.filter((k) => pageByKey(k)?.hidden !== true);
  if (caller.isAdmin) return { keys: visible };
  const current = await storedPages(db, userId);
  const added = notHeld(caller, visible).filter((k) => !current.includes(k));
  if (added.length > 0) return { refused: [...new Set(added)] };
  return { keys: [...notHeld(caller, current), ...visible.filter((k) => caller.pages.has(k))] };
}
