// Role Management: read and save a user's ticked pages (spec 1 sections 2.8, 3.14, 4).
// Admins manage everyone. A non-admin given the page manages only other users of their own company,
// and neither adds nor removes pages they do not hold themselves, so the page is never a way up.
import { and, eq } from 'drizzle-orm';
import { ACCESS_MSG, ACCESS_RIGHT_API } from '../../../shared/contracts/access-right.js';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { buildAccessTree } from '../../../shared/menu.js';
import { normalisePageList, pageByKey, PAGES } from '../../../shared/pages.js';
import { userPages, users } from '../../db/schema.js';
import { planRights } from '../../auth/rank.js';
import { companyScope } from '../../auth/scope.js';
import type { Caller } from '../../auth/actor.js';
import type { Db } from '../../db/connect.js';
import { idParam, INVALID_ARGUMENTS, type Router } from '../../http/route.js';

/** The user whose rights the caller may see and change, or null (answered as not found). */
async function target(db: Db, caller: Caller, id: number) {
  const [u] = await db
    .select({ id: users.id, userType: users.userType })
    .from(users)
    .where(and(eq(users.id, id), companyScope(caller, users.companyId)));
  if (!u || (!caller.isAdmin && (u.id === caller.userId || u.userType === 0))) return null;
  return u;
}

export function accessRightRoutes(r: Router) {
  r.serve(ACCESS_RIGHT_API.read, async ({ db, params, caller }) => {
    const id = idParam(params.id);
    if (id === null) return warn(INVALID_ARGUMENTS);
    if (id === 0) return ok(buildAccessTree(new Set()));
    const u = await target(db, caller, id);
    if (!u) return warn(ACCESS_MSG.unknownUser);
    const keys =
      u.userType === 0
        ? PAGES.map((p) => p.key) // an admin has every page, whatever is stored
        : (await db.select({ k: userPages.pageKey }).from(userPages).where(eq(userPages.userId, id))).map((k) => k.k);
    return ok(buildAccessTree(new Set(keys)));
  });

  r.serve(ACCESS_RIGHT_API.save, async ({ db, body, caller }) => {
    const u = await target(db, caller, body.UserId);
    if (!u) return warn(ACCESS_MSG.unknownUser);
    const plan = await planRights(db, caller, u.id, body.PageList);
    if ('refused' in plan) return warn(ACCESS_MSG.notHeld(plan.refused.map((k) => pageByKey(k)!.label).join(', ')));
    const keys = normalisePageList(plan.keys);
    await db.transaction(async (tx) => {
      await tx.delete(userPages).where(eq(userPages.userId, u.id));
      await tx.insert(userPages).values(keys.map((pageKey) => ({ userId: u.id, pageKey })));
    });
    return ok(keys, ACCESS_MSG.saved);
  });
}
