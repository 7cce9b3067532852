// The signed-in user's own record, profile, password and menu (spec 1 sections 2.2, 2.5, 5.14).
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { changePasswordRequest, MSG, updateProfileRequest, type CurrentUser } from '../../../shared/contracts/auth.js';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { buildMenu } from '../../../shared/menu.js';
import { PAGE } from '../../../shared/pages.js';
import { users } from '../../db/schema.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import type { Router } from '../../http/route.js';

export const EMAIL_TAKEN = 'This email-id is already registered.';

export function meRoutes(r: Router) {
  r.get('User/getUser', { access: 'signed-in' }, async ({ db, caller }) => {
    const [u] = await db.select().from(users).where(eq(users.id, caller.userId));
    const me: CurrentUser = {
      UserId: u!.id, Username: u!.userName, FirstName: u!.firstName ?? '', LastName: u!.lastName ?? '',
      Email: u!.email, MobileNo: u!.mobile ?? '', UserType: u!.userType, WareHouseId: u!.siteId ?? 0,
      CompanyId: u!.companyId ?? 0, IsResetPassword: u!.isResetPassword,
    };
    return ok([me]);
  });

  r.post('User/UpdateProfile', { access: 'signed-in', body: updateProfileRequest }, async ({ db, caller, body }) => {
    const [clash] = await db.select({ id: users.id }).from(users)
      .where(and(sql`lower(${users.email}) = ${body.Email.toLowerCase()}`, ne(users.id, caller.userId)));
    if (clash) return warn(EMAIL_TAKEN);
    await db.update(users).set({ email: body.Email, mobile: body.MobileNo, updatedAt: new Date() }).where(eq(users.id, caller.userId));
    return ok(null, MSG.profileSaved);
  });

  r.post('User/ChangePassword', { access: 'signed-in', body: changePasswordRequest }, async ({ db, caller, body, tokens }) => {
    const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, caller.userId));
    if (!(await verifyPassword(body.OldPassword, u!.hash))) return warn(MSG.oldWrong);
    await db.update(users).set({ passwordHash: await hashPassword(body.NewPassword), isResetPassword: false, updatedAt: new Date() })
      .where(eq(users.id, caller.userId));
    await tokens.revokeAllFor(caller.userId);
    return ok(null, MSG.passwordChanged);
  });

  r.get('User/GetUserMenu', { access: 'signed-in' }, async ({ caller }) => ok(buildMenu(caller.isAdmin ? 'all' : caller.pages)));

  // The user pickers of Role Management and the reports: every account but the admins.
  const picker = { access: { pages: [PAGE.accessRight, PAGE.userMaster, PAGE.itemLedger] } } as const;
  const pickerRows = (activeOnly: boolean) => async ({ db }: { db: import('../../db/connect.js').Db }) => {
    const rows = await db.select({ UserId: users.id, UserName: users.userName, Email: users.email, UserType: users.userType })
      .from(users).where(and(ne(users.userType, 0), activeOnly ? eq(users.isActive, true) : undefined)).orderBy(asc(users.userName));
    return ok(rows);
  };
  r.get('User/GetUsersDDL', picker, pickerRows(false));
  r.get('User/GetAllActiveUsers', picker, pickerRows(true));
}
