// User/CreateUpdateUser after validation: the company (a non-admin's own), the site and address ids
// checked against the reference data, e-mail and user name kept unique, the password hashed (a blank
// one on update keeps the old), all in one transaction so nothing is half-saved. A non-admin never
// reaches above itself (auth/rank.ts) and sets no password but a new account's first one.
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { ok, warn, type Envelope } from '../../../shared/contracts/envelope.js';
import { addressOf } from '../../../shared/contracts/reference.js';
import { USERS_MSG } from '../../../shared/contracts/users/common.js';
import { USER_MSG } from '../../../shared/contracts/users/user.js';
import { hashPassword } from '../../auth/passwords.js';
import { outranks, typeAbove } from '../../auth/rank.js';
import { companyFor, companyScope } from '../../auth/scope.js';
import type { TokenService } from '../../auth/tokens.js';
import type { Db } from '../../db/connect.js';
import { addressProblem } from '../../db/reference.js';
import { companies, sites, users } from '../../db/schema.js';
import type { Caller } from '../../auth/actor.js';
import { uniqueViolation } from '../../db/errors.js';
import { columnsOf, KINDS, kindOf, type UserKind } from './users-kinds.js';

/** Serialises saves that check user names, so two racing saves cannot both pass the check. */
const USER_NAME_LOCK = 7_243_104;

class Refused extends Error {}

async function checks(db: Db, kind: UserKind, b: Record<string, unknown>, companyId: number | null) {
  if (companyId === null) return USERS_MSG.companyRequired;
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) return USERS_MSG.companyRequired;
  if (kind === 'user') {
    const [site] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(
        and(eq(sites.id, Number(b.WareHouseId)), eq(sites.companyId, companyId), eq(sites.isFactory, b.UserType === 4)),
      );
    if (!site) return USER_MSG.siteRequired;
  }
  for (const { prefix, messages } of KINDS[kind].addresses) {
    const problem = await addressProblem(db, addressOf(b, prefix), messages);
    if (problem) return problem;
  }
  return null;
}

export async function saveUser(
  db: Db,
  tokens: TokenService,
  caller: Caller,
  kind: UserKind,
  b: Record<string, unknown>,
): Promise<Envelope> {
  const id = Number(b.ReferenceID);
  if (typeAbove(caller, Number(b.UserType))) return warn(USERS_MSG.typeAbove);
  const companyId = companyFor(caller, b.CompanyId as number);
  const refused = await checks(db, kind, b, companyId);
  if (refused) return warn(refused);
  const password = String(b.Password ?? '');
  const hash = password === '' ? null : await hashPassword(password);
  const cols = { ...columnsOf(kind, b), companyId };
  const def = KINDS[kind];
  const notSelf = (c: SQL | undefined) => (id === 0 ? c : and(c, ne(users.id, id)));

  try {
    await db.transaction(async (tx) => {
      if (def.userNameScope) await tx.execute(sql`select pg_advisory_xact_lock(${USER_NAME_LOCK})`);
      if (id !== 0) {
        const [old] = await tx
          .select({ type: users.userType, listType: users.listType })
          .from(users)
          .where(and(eq(users.id, id), companyScope(caller, users.companyId)));
        // Another company's record, an admin, or a record of another master: not found here.
        if (!old || kindOf(old.type, old.listType !== null) !== kind) throw new Refused(USERS_MSG.notFound);
        if (await outranks(tx, caller, { id, userType: old.type })) throw new Refused(USERS_MSG.aboveYou);
        // A new account's first password comes with it; after that only the admin sets one.
        if (hash && !caller.isAdmin) throw new Refused(USERS_MSG.passwordAdminOnly);
      }
      const [email] = await tx
        .select({ id: users.id })
        .from(users)
        .where(notSelf(sql`lower(${users.email}) = ${String(cols.email).toLowerCase()}`));
      if (email) throw new Refused(USERS_MSG.emailTaken);
      if (def.userNameScope) {
        const [name] = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            notSelf(and(def.userNameScope, sql`lower(${users.userName}) = ${String(cols.userName).toLowerCase()}`)),
          );
        if (name) throw new Refused(USERS_MSG.userNameTaken);
      }
      if (id === 0) {
        await tx.insert(users).values({
          ...cols,
          passwordHash: hash!,
          userType: Number(b.UserType),
          email: String(cols.email),
          userName: String(cols.userName),
        });
      } else {
        await tx
          .update(users)
          .set({ ...cols, ...(hash ? { passwordHash: hash } : {}), updatedAt: new Date() })
          .where(eq(users.id, id));
        // A password set by someone else, or a deactivation, ends the account's sessions (so
        // reactivating it does not bring them back), in the same transaction as the change.
        if (hash || cols.isActive === false) await tokens.endSessions(id, tx);
      }
    });
  } catch (e) {
    if (e instanceof Refused) return warn(e.message);
    // Two saves of one new address at once: the index decides, the loser is told plainly.
    if (uniqueViolation(e) === 'users_email_uq') return warn(USERS_MSG.emailTaken);
    throw e;
  }
  return ok(null, id === 0 ? USERS_MSG.created : USERS_MSG.updated);
}
