// The business checks of a factory or warehouse save, after the contract has passed: the caller's
// page for that kind, the company, the record itself (scoped), the address ids, and the code.
import { and, eq, ne, sql } from 'drizzle-orm';
import { SITE_MSG, type SiteSaved } from '../../../shared/contracts/site.js';
import { PAGE } from '../../../shared/pages.js';
import { companyFor, companyScope } from '../../auth/scope.js';
import type { Db } from '../../db/connect.js';
import { cities, companies, countries, sites, states } from '../../db/schema.js';
import { mayUse, type Caller } from '../../http/caller.js';
import { FORBIDDEN } from '../../http/route.js';

/** The page that keeps factories, or the one that keeps warehouses. */
export const pageOfKind = (isFactory: boolean) => (isFactory ? PAGE.factoryMaster : PAGE.warehouseMaster);

export const notFoundOf = (isFactory: boolean) => (isFactory ? SITE_MSG.factoryNotFound : SITE_MSG.warehouseNotFound);

export async function checkSiteSave(b: SiteSaved, caller: Caller, db: Db): Promise<string | null> {
  if (!mayUse(caller, [pageOfKind(b.IsFactory).key])) return FORBIDDEN;
  const companyId = companyFor(caller, b.CompanyId);
  if (companyId === null) return SITE_MSG.companyRequired;
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) return SITE_MSG.companyRequired;

  if (b.ID !== 0) {
    const [old] = await db.select({ isFactory: sites.isFactory, prefix: sites.prefix }).from(sites)
      .where(and(eq(sites.id, b.ID), companyScope(caller, sites.companyId)));
    if (!old) return notFoundOf(b.IsFactory);
    if (old.isFactory !== b.IsFactory) return SITE_MSG.kindLocked;
    // Printed codes and readable ids carry the prefix: it is fixed once set.
    if (old.prefix && old.prefix.toUpperCase() !== b.prefix) return SITE_MSG.prefixLocked;
  }

  const refused = await checkAddress(db, b.bill_Country, b.bill_State, b.bill_City);
  if (refused) return refused;

  if (b.Wcode !== '') {
    const [clash] = await db.select({ id: sites.id }).from(sites).where(and(
      eq(sites.companyId, companyId), sql`lower(${sites.code}) = ${b.Wcode.toLowerCase()}`, ne(sites.id, b.ID),
    ));
    if (clash) return SITE_MSG.duplicateCode;
  }
  return null;
}

/** The country exists, the state is in it and the city in the state; each miss names its field. */
async function checkAddress(db: Db, countryId: number, stateId: number, cityId: number): Promise<string | null> {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
  if (!country) return SITE_MSG.countryRequired;
  const [state] = await db.select({ id: states.id }).from(states).where(and(eq(states.id, stateId), eq(states.countryId, countryId)));
  if (!state) return SITE_MSG.stateRequired;
  const [city] = await db.select({ id: cities.id }).from(cities).where(and(eq(cities.id, cityId), eq(cities.stateId, stateId)));
  return city ? null : SITE_MSG.cityRequired;
}
