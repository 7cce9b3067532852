// The business checks of a factory or warehouse save, after the contract has passed: the caller's
// page for that kind, the company, the record itself (scoped), and the address ids.
// The code's uniqueness is the sites_company_code_uq index's, answered by the save machinery.
import { and, eq } from 'drizzle-orm';
import { addressOf } from '../../../shared/contracts/reference.js';
import { SITE_MSG, type SiteSaved } from '../../../shared/contracts/site.js';
import { PAGE } from '../../../shared/pages.js';
import { companyFor, companyScope } from '../../auth/scope.js';
import type { Db } from '../../db/connect.js';
import { addressProblem } from '../../db/reference.js';
import { companies, sites } from '../../db/schema.js';
import { mayUse, type Caller } from '../../auth/actor.js';
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
    const [old] = await db
      .select({ isFactory: sites.isFactory, prefix: sites.prefix })
      .from(sites)
      .where(and(eq(sites.id, b.ID), companyScope(caller, sites.companyId)));
    if (!old) return notFoundOf(b.IsFactory);
    if (old.isFactory !== b.IsFactory) return SITE_MSG.kindLocked;
    // Printed codes and readable ids carry the prefix: it is fixed once set.
    if (old.prefix && old.prefix.toUpperCase() !== b.prefix) return SITE_MSG.prefixLocked;
  }

  return addressProblem(db, addressOf(b, 'bill'), {
    country: SITE_MSG.countryRequired,
    state: SITE_MSG.stateRequired,
    city: SITE_MSG.cityRequired,
    pincodeRequired: SITE_MSG.pincodeRequired,
    pincodeInvalid: SITE_MSG.pincodeLength,
  });
}
