// Test data for slip ids: a site with a prefix and a signed-in user working there.
import { USER_TYPE } from '../../src/shared/contracts/auth.js';
import { PAGE } from '../../src/shared/pages.js';
import { insertCompany, insertSite, insertUser } from './factories.js';
import type { TestApp } from './server-app.js';

export interface SiteUser {
  token: string;
  userId: number;
  siteId: number;
  companyId: number;
  prefix: string;
}

/** A company, a factory with `prefix` and a user of it with `pages` (Carton Slip by default). */
export async function insertSiteUser(
  t: TestApp,
  prefix: string | null,
  pages: string[] = [PAGE.cartonSlip.key],
): Promise<SiteUser> {
  const companyId = (await insertCompany(t.db)).id;
  const siteId = (await insertSite(t.db, companyId, { prefix })).id;
  const u = await insertUser(t.db, { companyId, siteId, userType: USER_TYPE.factory, pages });
  const token = (await t.signIn(u.email, u.password)).token;
  return { token, userId: u.id, siteId, companyId, prefix: prefix ?? '' };
}
