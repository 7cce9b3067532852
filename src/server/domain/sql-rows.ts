// Raw SQL helpers both drivers answer alike (node-postgres and PGlite both give `{ rows }`).
import { sql, type SQL } from 'drizzle-orm';

/** The rows of a `tx.execute` result. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A typed array literal of parameters, e.g. for `unnest` (arrays as one parameter differ by driver). */
export const sqlArray = (vals: ReadonlyArray<string | number>, type: string): SQL =>
  sql`array[${sql.join(vals.map((v) => sql`${v}`), sql`, `)}]::${sql.raw(type)}`;
