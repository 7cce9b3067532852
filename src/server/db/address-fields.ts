// A site's or a trade user's billing and shipping address as the spec's rows name them: the ids the
// forms save (bill_Country, bill_State, bill_City) and the names the dispatch's address block shows
// (bill_CountryName, bill_StateName, bill_CityName), each name read by its id.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { cities, countries, sites, states, users } from './schema.js';

type Side = 'bill' | 'ship';

const nameOf = (table: typeof cities | typeof states | typeof countries, id: PgColumn): SQL<string> =>
  sql<string>`coalesce((select ${sql.identifier('name')} from ${table} where ${sql.identifier('id')} = ${id}), '')`;

/** The side's address fields of sites or users, empty text where nothing is saved. */
export function addressFields(table: typeof sites | typeof users, side: Side) {
  const c = (name: 'Country' | 'State' | 'City' | 'Pincode' | 'Address1' | 'Address2') =>
    table[`${side}${name}`] as PgColumn;
  const text = (col: PgColumn) => sql<string>`coalesce(${col}, '')`;
  return {
    [`${side}_Country`]: c('Country'),
    [`${side}_State`]: c('State'),
    [`${side}_City`]: c('City'),
    [`${side}_Pincode`]: text(c('Pincode')),
    [`${side}_Address1`]: text(c('Address1')),
    [`${side}_Address2`]: text(c('Address2')),
    [`${side}_CountryName`]: nameOf(countries, c('Country')),
    [`${side}_StateName`]: nameOf(states, c('State')),
    [`${side}_CityName`]: nameOf(cities, c('City')),
  } as Record<string, PgColumn | SQL<string>>;
}
