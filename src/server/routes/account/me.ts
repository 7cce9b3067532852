// The signed-in user's own record, profile, password and menu (spec 1 sections 2.2, 2.5, 5.14),
// and the user pickers other screens fill their dropdowns from.
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { ME_API, MSG, type CurrentUser } from '../../../shared/contracts/auth.js';
import { USERS_API } from '../../../shared/contracts/users/common.js';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { buildMenu } from '../../../shared/menu.js';
import { sites, users } from '../../db/schema.js';
import { addressFields } from '../../db/address-fields.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { companyScope } from '../../auth/scope.js';
import { uniqueViolation } from '../../db/errors.js';
import type { Router } from '../../http/route.js';

export const EMAIL_TAKEN = 'This email-id is already registered.';

export function meRoutes(r: Router) {
  r.serve(ME_API.getUser, async ({ db, caller }) => {
    const [u] = await db.select().from(users).where(eq(users.id, caller.userId));
    const me: CurrentUser = {
      UserId: u!.id,
      Username: u!.userName,
      FirstName: u!.firstName ?? '',
      LastName: u!.lastName ?? '',
      Email: u!.email,
      MobileNo: u!.mobile ?? '',
      UserType: u!.userType,
      WareHouseId: u!.siteId ?? 0,
      CompanyId: u!.companyId ?? 0,
      IsResetPassword: u!.isResetPassword,
    };
    return ok([me]);
  });

  r.serve(ME_API.updateProfile, async ({ db, caller, body }) => {
    const [clash] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${body.Email.toLowerCase()}`, ne(users.id, caller.userId)));
    if (clash) return warn(EMAIL_TAKEN);
    try {
      await db
        .update(users)
        .set({ email: body.Email, mobile: body.MobileNo, updatedAt: new Date() })
        .where(eq(users.id, caller.userId));
    } catch (e) {
      // Two saves of the same new address at once: the index decides, the loser is told plainly.
      if (uniqueViolation(e) === 'users_email_uq') return warn(EMAIL_TAKEN);
      throw e;
    }
    return ok(null, MSG.profileSaved);
  });

  r.serve(ME_API.changePassword, async ({ db, caller, body, tokens }) => {
    const [u] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, caller.userId));
    if (!(await verifyPassword(body.OldPassword, u!.hash))) return warn(MSG.oldWrong);
    const hash = await hashPassword(body.NewPassword);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash: hash, isResetPassword: false, updatedAt: new Date() })
        .where(eq(users.id, caller.userId));
      await tokens.endSessions(caller.userId, tx);
    });
    return ok(null, MSG.passwordChanged);
  });

  r.serve(ME_API.menu, async ({ caller }) => ok(buildMenu(caller.isAdmin ? 'all' : caller.pages)));

  // The user pickers of Role Management and the reports.
  for (const [endpoint, activeOnly] of [
    [USERS_API.pickerAll, false],
    [USERS_API.pickerActive, true],
  ] as const) {
    r.serve(endpoint, async ({ db, caller }) =>
      ok(
        await db
          .select({
            UserId: users.id,
            UserName: users.userName,
            Email: users.email,
            UserType: users.userType,
            SAPCustomerCode: sql<string>`coalesce(${users.sapCustomerCode}, '')`,
            FirstName: sql<string>`coalesce(${users.firstName}, '')`,
            LastName: sql<string>`coalesce(${users.lastName}, '')`,
            IsFactory: sql<boolean>`coalesce(${sites.isFactory}, false)`,
            ...addressFields(users, 'bill'),
          })
          .from(users)
          .leftJoin(sites, eq(sites.id, users.siteId))
          .where(
            and(
              ne(users.userType, 0),
              activeOnly ? eq(users.isActive, true) : undefined,
              companyScope(caller, users.companyId),
            ),
          )
          .orderBy(asc(users.userName)),
      ),
    );
  }
}
