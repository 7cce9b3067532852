// Role Management: read and save a user's ticked pages (spec 1 sections 2.8, 3.14, 4).
import { eq } from 'drizzle-orm';
import { ACCESS_MSG, saveAccessRightRequest } from '../../../shared/contracts/access-right.js';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { buildAccessTree } from '../../../shared/menu.js';
import { normalisePageList, PAGE } from '../../../shared/pages.js';
import { userPages, users } from '../../db/schema.js';
import { idParam, INVALID_ARGUMENTS, type Router } from '../../http/route.js';

const access = { access: { pages: [PAGE.accessRight] } } as const;

export function accessRightRoutes(r: Router) {
  r.get('AccessRight/GetAccessRight/:id', access, async ({ db, params }) => {
    const id = idParam(params.id);
    if (id === null) return warn(INVALID_ARGUMENTS);
    const keys = id === 0 ? [] : await db.select({ k: userPages.pageKey }).from(userPages).where(eq(userPages.userId, id));
    return ok(buildAccessTree(new Set(keys.map((k) => k.k))));
  });

  r.post('AccessRight/CreateUpdateAccessRight', { ...access, body: saveAccessRightRequest }, async ({ db, body }) => {
    const [u] = await db.select({ id: users.id, userType: users.userType }).from(users).where(eq(users.id, body.UserId));
    if (!u) return warn(ACCESS_MSG.unknownUser);
    const keys = normalisePageList(body.PageList);
    await db.transaction(async (tx) => {
      await tx.delete(userPages).where(eq(userPages.userId, u.id));
      await tx.insert(userPages).values(keys.map((pageKey) => ({ userId: u.id, pageKey })));
    });
    return ok(keys, ACCESS_MSG.saved);
  });
}
