// Small SQL pieces the report declarations share: a person's name, a count as a number, a place.
import { sql, type SQLWrapper } from 'drizzle-orm';

/** A user's name as the screens show it: first and last name, else the user name; '' for nobody. */
export const personName = (u: { firstName: SQLWrapper; lastName: SQLWrapper; userName: SQLWrapper }) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${u.firstName}, ${u.lastName})), ''), ${u.userName}, '')`;

/** An integer expression read as a JS number (sums and counts come back as text otherwise). */
export const int = (e: SQLWrapper) => sql<number>`cast(${e} as integer)`.mapWith(Number);

/** An aggregate timestamp read as a Date, as a plain column would be. */
export const stamp = (e: SQLWrapper) =>
  sql<Date>`${e}`.mapWith((v: string | Date) => (v instanceof Date ? v : new Date(v)));
