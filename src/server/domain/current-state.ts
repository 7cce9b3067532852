// The current state of a carton and of a packed pack, as set-based readers (recall trace, stock
// reports, dashboard) ask it of the carton rows in SQL. Written once, here, and written to say
// exactly what the lifecycle's derivations (shared/lifecycle: cartonStateOf, packStateOf) say of the
// same row: tests/server/tracking/current-state.test.ts runs both over every combination.
import { sql, type SQL } from 'drizzle-orm';
import { statusText } from '../../shared/contracts/tracking.js';
import type { CartonState, PackState } from '../../shared/lifecycle/index.js';
import type { LegState } from '../db/schema.js';

/** A table alias as the statements name it (never user input: checked so nothing else is spliced in). */
function alias(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a table alias: ${name}`);
  return name;
}

/**
 * cartonStateOf in SQL, over the carton row aliased `a` (secondary_cartons or tertiary_cartons; only a
 * SID has a `tid`). Null when the row is absent (a left join found none): the caller decides then.
 */
export function cartonStateSql(a: string, kind: 'SID' | 'TID'): SQL {
  const c = alias(a);
  const inTid = kind === 'SID' ? `when ${c}.tid is not null then 'in-tid'` : '';
  return sql.raw(`(case
    when ${c}.state is null then null
    when ${c}.state = 'damaged' then 'damaged'
    when ${c}.state = 'replaced' then 'emptied'
    ${inTid}
    when ${c}.dispatch_id is not null then 'in-transit'
    when ${c}.dealer_id is not null then 'with-dealer'
    when ${c}.location_site_id is null then 'missing'
    when ${c}.location_site_id = ${c}.site_id then 'packed'
    else 'at-site' end)`);
}

/**
 * Where a SID (alias `s`) is: its own state, or, while it is inside a TID (alias `t`, left joined on
 * s.tid), the TID's (packStateOf's `outer ?? 'packed'`). Never 'in-tid'.
 */
export function placedStateSql(s: string, t: string): SQL {
  return sql`(case when ${cartonStateSql(s, 'SID')} = 'in-tid' then coalesce(${cartonStateSql(t, 'TID')}, 'packed') else ${cartonStateSql(s, 'SID')} end)`;
}

/** packStateOf in SQL for a mapped pack packed in the SID `s` (in TID `t`, left joined), not damaged by range nor replaced. */
export function packedStateSql(s: string, t: string): SQL {
  const own = cartonStateSql(s, 'SID');
  const cases: Record<Exclude<CartonState, 'in-tid'>, PackState | null> = {
    damaged: 'damaged',
    emptied: 'replaced',
    'in-transit': 'in-transit',
    'with-dealer': 'with-dealer',
    missing: 'missing',
    'at-site': 'at-site',
    // Packed where it was packed: in its SID, or in its TID when it is in one.
    packed: null,
  };
  const when = Object.entries(cases)
    .filter(([, p]) => p !== null)
    .map(([c, p]) => `when '${c}' then '${p}'`)
    .join(' ');
  return sql`(case ${placedStateSql(s, t)} ${sql.raw(when)} else case when ${own} = 'in-tid' then 'in-tid' else 'in-sid' end end)`;
}

/** The states a carton is in stock at a site in: packed there, or received there. */
export const IN_STOCK: readonly CartonState[] = ['packed', 'at-site'];
export const inStockSql = (state: SQL): SQL => sql`${state} in (${sql.raw(IN_STOCK.map((s) => `'${s}'`).join(', '))})`;

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
/** A case over constants of the code (never user input). */
export const caseOf = (column: SQL, map: Readonly<Record<string, string>>, otherwise: string): SQL =>
  sql`(case ${column} ${sql.raw(
    Object.entries(map)
      .map(([k, v]) => `when ${literal(k)} then ${literal(v)}`)
      .join(' '),
  )} else ${sql.raw(literal(otherwise))} end)`;

/** How a dispatch leg ended, in GetScanInfo's words ('In Transit', 'Received', 'Missing', 'Returned'):
 *  the words the trace and the item ledger use too. */
const LEG_STATES: readonly LegState[] = ['sent', 'received', 'missing', 'returned'];
export const legWordsSql = (state: SQL): SQL =>
  caseOf(state, Object.fromEntries(LEG_STATES.map((l) => [l, statusText(l)])), '');
/** The order legs that differ are told in. */
export const legOrderSql = (state: SQL): SQL =>
  caseOf(state, Object.fromEntries(LEG_STATES.map((l, i) => [l, String(i)])), '9');
