// Dashboard/GetDashboardData (spec 1 sections 2.7 and 3.13). An admin picks any factory or warehouse
// by Id; everyone else gets their own site's figures whatever Id they send, so no id opens another
// site's or another company's figures. Accounts without a site (dealers, distributors) get none.
import { and, eq, sql } from 'drizzle-orm';
import { DASHBOARD_API, DASHBOARD_MSG } from '../../../shared/contracts/dashboard.js';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { companyScope } from '../../auth/scope.js';
import type { Db } from '../../db/connect.js';
import { sites } from '../../db/schema.js';
import { dashboardCount, dashboardSeries, type DashboardSite } from '../../domain/dashboard.js';
import type { Caller } from '../../auth/actor.js';
import type { Router } from '../../http/route.js';

/** The site whose figures the caller gets, or the refusal. */
async function siteFor(db: Db, caller: Caller, id: number): Promise<DashboardSite | string> {
  if (caller.isAdmin && id === 0) return DASHBOARD_MSG.selectEntity;
  const wanted = caller.isAdmin ? id : caller.siteId;
  if (wanted === null) return DASHBOARD_MSG.noSite;
  const [site] = await db
    .select({
      id: sites.id,
      companyId: sites.companyId,
      prefix: sites.prefix,
      name: sites.name,
      isFactory: sites.isFactory,
    })
    .from(sites)
    .where(and(eq(sites.id, wanted), companyScope(caller, sites.companyId)));
  if (!site) return caller.isAdmin ? DASHBOARD_MSG.siteNotFound : DASHBOARD_MSG.noSite;
  return { ...site, prefix: (site.prefix ?? '').toUpperCase() };
}

export function dashboardRoutes(r: Router) {
  r.serve(DASHBOARD_API.data, async ({ db, caller, body }) => {
    const site = await siteFor(db, caller, body.Id);
    if (typeof site === 'string') return warn(site);
    const kind = body.isPreprinted ? 'P' : 'S';
    const figures = await db.transaction(async (tx) => {
      // The planner prices the sums over every month of the log as big work and compiles them (JIT):
      // seconds on a busy machine, for index reads of milliseconds (as the recall trace found).
      await tx.execute(sql`set local jit = off`);
      return { DashboardCount: await dashboardCount(tx, site, kind), ...(await dashboardSeries(tx, site, kind)) };
    });
    return ok({ ...figures, Site: { ID: site.id, FirmName: site.name, IsFactory: site.isFactory } });
  });
}
