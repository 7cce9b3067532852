// Company scoping: admins see every company; everyone else only their own.
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Caller } from './actor.js';

/** A condition limiting `column` to the caller's company, or undefined for an admin. */
export function companyScope(caller: Caller, column: SQLWrapper): SQL | undefined {
  if (caller.isAdmin) return undefined;
  // A non-admin without a company sees nothing rather than everything.
  return caller.companyId === null ? sql`false` : eq(column as never, caller.companyId);
}

/** The company id a write uses: an admin's choice, or the caller's own whatever was sent. */
export function companyFor(caller: Caller, sent: number | null | undefined): number | null {
  return caller.isAdmin ? (sent ?? null) : caller.companyId;
}
