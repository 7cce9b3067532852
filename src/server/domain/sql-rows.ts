// Raw SQL helpers both drivers answer alike (node-postgres and PGlite both give `{ rows }`).
import { sql, type SQL } from 'drizzle-orm';

/** The rows of a `tx.execute` result. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A typed array of values as one JSON parameter, in order, e.g. for `unnest`: one parameter however
 *  many values (arrays as parameters differ by driver; a parameter per value costs in building and
 *  binding the statement). */
export const sqlArray = (vals: ReadonlyArray<string | number>, type: 'varchar[]' | 'bigint[]' | 'integer[]'): SQL =>
  sql`array(select v from jsonb_array_elements_text(${JSON.stringify(vals)}::jsonb) with ordinality as a(v, i) order by i)::${sql.raw(type)}`;
