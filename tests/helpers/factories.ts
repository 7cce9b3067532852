// Test data with overrides: request bodies the contracts accept, and rows written straight to the
// database for the states no foundation route can make yet (other companies, inactive accounts).
import { routeStaticSeries } from '../../src/server/domain/code-routes.js';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../src/server/auth/passwords.js';
import type { Db } from '../../src/server/db/connect.js';
import { cartons, companies, sites, userPages, users } from '../../src/server/db/schema.js';
import type { CartonSave } from '../../src/shared/contracts/carton.js';
import type { ListRequest } from '../../src/shared/contracts/list.js';

let seq = 0;
/** A short suffix unique within the run, so factory rows never collide. */
export const unique = (prefix = '') => `${prefix}${++seq}${randomBytes(2).toString('hex')}`;

export function cartonBody(
  overrides: Partial<Record<keyof CartonSave, unknown>> & Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    CartonId: 0,
    CartonName: unique('Carton '),
    CartonSize: 12,
    Description: 'Test carton',
    IsActive: true,
    ...overrides,
  };
}

export function listBody(overrides: ListRequest = {}): ListRequest {
  return { First: 1, PageSize: 10, SearchValue: '', SortColumn: 'CreatedDt', SortOrder: 'DESC', ...overrides };
}

type CartonRow = typeof cartons.$inferInsert;

export async function insertCarton(db: Db, overrides: Partial<CartonRow> = {}) {
  const [row] = await db
    .insert(cartons)
    .values({ name: unique('Carton '), size: 10, description: 'Inserted carton', ...overrides })
    .returning();
  return row!;
}

export async function insertCompany(db: Db, overrides: Partial<typeof companies.$inferInsert> = {}) {
  const code = unique('C').slice(0, 20);
  const [row] = await db
    .insert(companies)
    .values({ code, name: `Company ${code}`, displayName: `Company ${code}`, ...overrides })
    .returning();
  return row!;
}

/** A site; with a prefix, its static series routed to its company, as the Sites master saves it. */
export async function insertSite(db: Db, companyId: number, overrides: Partial<typeof sites.$inferInsert> = {}) {
  const [row] = await db
    .insert(sites)
    .values({ companyId, name: unique('Site '), isFactory: true, ...overrides })
    .returning();
  await routeStaticSeries(db, row!.prefix, companyId);
  return row!;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

/** A user with a real hash; `pages` are stored as given (use normalisePageList for a saved form). */
export async function insertUser(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & { password?: string; pages?: string[] } = {},
): Promise<TestUser> {
  const { password = 'Test123', pages = [], ...cols } = overrides;
  const email = cols.email ?? `${unique('user')}@example.test`;
  const [row] = await db
    .insert(users)
    .values({
      userName: unique('User '),
      firstName: 'Test',
      lastName: 'User',
      mobile: '9876543210',
      userType: 4,
      passwordHash: await hashPassword(password),
      ...cols,
      email,
    })
    .returning({ id: users.id });
  if (pages.length > 0) await db.insert(userPages).values(pages.map((pageKey) => ({ userId: row!.id, pageKey })));
  return { id: row!.id, email, password };
}

export async function setPages(db: Db, userId: number, keys: string[]) {
  await db.delete(userPages).where(eq(userPages.userId, userId));
  if (keys.length > 0) await db.insert(userPages).values(keys.map((pageKey) => ({ userId, pageKey })));
}

export async function userIdByEmail(db: Db, email: string): Promise<number> {
  const [u] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!u) throw new Error(`No user ${email}`);
  return u.id;
}

export async function countRows(db: Db, table: PgTable): Promise<number> {
  const [r] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(table);
  return Number(r!.n);
}
