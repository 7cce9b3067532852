// Who is calling: the bearer token's user, reloaded from the database on each request so that a
// deactivated account or a changed right takes effect at once.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { USER_TYPE } from '../../shared/contracts/auth.js';
import type { Db } from '../db/connect.js';
import { sites, userPages, users } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import type { TokenService } from '../auth/tokens.js';

// The type and the page rule live in auth/actor.ts (domain rules import them from there).
export { mayUse, type Caller } from '../auth/actor.js';

export function bearer(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h || !/^bearer /i.test(h)) return null;
  const t = h.slice(7).trim();
  return t.length > 0 && t.length < 2000 ? t : null;
}

export async function loadCaller(db: Db, tokens: TokenService, req: FastifyRequest): Promise<Caller | null> {
  const token = bearer(req);
  if (!token) return null;
  const claims = await tokens.verifyAccess(token);
  if (!claims) return null;
  return callerById(db, claims.userId, claims.version);
}

/** `version` (the token's) must be the user's current token version when given. */
export async function callerById(db: Db, userId: number, version?: number): Promise<Caller | null> {
  const [u] = await db
    .select({
      id: users.id,
      userName: users.userName,
      userType: users.userType,
      companyId: users.companyId,
      siteId: users.siteId,
      isActive: users.isActive,
      prefix: sites.prefix,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .leftJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, userId));
  if (!u || !u.isActive) return null;
  if (version !== undefined && u.tokenVersion !== version) return null;
  const isAdmin = u.userType === USER_TYPE.admin;
  const pages = isAdmin
    ? []
    : await db.select({ k: userPages.pageKey }).from(userPages).where(eq(userPages.userId, userId));
  return {
    userId: u.id,
    userName: u.userName,
    userType: u.userType,
    companyId: u.companyId,
    siteId: u.siteId,
    prefix: u.prefix ?? '',
    isAdmin,
    pages: new Set(pages.map((p) => p.k)),
  };
}
