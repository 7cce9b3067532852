// Factory Master and Warehouse Master (spec 1 sections 2.19, 3.9, 5.10, 7): one table, `sites`, told
// apart by IsFactory. The list and save are a master declaration; the dropdown (read by every screen
// with a site picker) and the delete the spec leaves without a path are written out here.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../../shared/contracts/list.js';
import { flagOn } from '../../../shared/contracts/list.js';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { SITE_API, SITE_LIST, SITE_MSG, type SiteSaved } from '../../../shared/contracts/site.js';
import { PAGE } from '../../../shared/pages.js';
import { companyFor, companyScope } from '../../auth/scope.js';
import { cities, companies, sites, states } from '../../db/schema.js';
import { addressFields } from '../../db/address-fields.js';
import { mayUse, type Caller } from '../../auth/actor.js';
import { masterRoutes } from '../../http/master.js';
import { FORBIDDEN, idParam, INVALID_ARGUMENTS, type Router } from '../../http/route.js';
import { checkSiteSave, pageOfKind } from './sites-check.js';
import { routeStaticSeries } from '../../domain/code-routes.js';

/** PostgreSQL's foreign-key violation (a user or a record still points at the site). */
function foreignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (e.code === '23503') return true;
    e = e.cause as { code?: string; cause?: unknown } | undefined;
  }
  return false;
}

/**
 * IsWareHouse true lists warehouses, false factories, absent both; each kind needs its own page,
 * so a user given only the Warehouse Master never reads the factories through it.
 */
function kindFilter(body: ListQuery, caller: Caller): SQL | undefined {
  const mayFactory = mayUse(caller, [PAGE.factoryMaster.key]);
  const mayWarehouse = mayUse(caller, [PAGE.warehouseMaster.key]);
  if (body.IsWareHouse === null || body.IsWareHouse === undefined) {
    return mayFactory && mayWarehouse ? undefined : eq(sites.isFactory, mayFactory);
  }
  const wantFactory = !flagOn(body.IsWareHouse);
  return (wantFactory ? mayFactory : mayWarehouse) ? eq(sites.isFactory, wantFactory) : sql`false`;
}

function siteValues(b: SiteSaved, caller: Caller) {
  const bill = {
    Country: b.bill_Country,
    State: b.bill_State,
    City: b.bill_City,
    Pincode: b.bill_Pincode,
    Address1: b.bill_Address1 || null,
    Address2: b.bill_Address2 || null,
  };
  return {
    companyId: companyFor(caller, b.CompanyId),
    code: b.Wcode || null,
    name: b.FirmName,
    email: b.Email || null,
    mobile: b.MobileNo || null,
    isFactory: b.IsFactory,
    gst: b.GST,
    prefix: b.prefix,
    isActive: b.IsActive,
    billCountry: bill.Country,
    billState: bill.State,
    billCity: bill.City,
    billPincode: bill.Pincode,
    billAddress1: bill.Address1,
    billAddress2: bill.Address2,
    // Spec 1 section 3.9: shipping is a copy of billing, whatever else was sent.
    shipCountry: bill.Country,
    shipState: bill.State,
    shipCity: bill.City,
    shipPincode: bill.Pincode,
    shipAddress1: bill.Address1,
    shipAddress2: bill.Address2,
  };
}

export function siteRoutes(r: Router) {
  masterRoutes(r, {
    table: sites,
    scope: (caller) => companyScope(caller, sites.companyId),
    list: {
      contract: SITE_LIST,
      fields: {
        ID: sites.id,
        WCode: sites.code,
        CompanyId: sites.companyId,
        CompanyName: companies.name,
        FirmName: sites.name,
        Email: sites.email,
        MobileNo: sites.mobile,
        GST: sites.gst,
        Prefix: sites.prefix,
        IsFactory: sites.isFactory,
        IsActive: sites.isActive,
        bill_Country: sites.billCountry,
        bill_State: sites.billState,
        bill_City: sites.billCity,
        bill_Pincode: sites.billPincode,
        bill_Address1: sites.billAddress1,
        bill_Address2: sites.billAddress2,
        ship_Country: sites.shipCountry,
        ship_State: sites.shipState,
        ship_City: sites.shipCity,
        ship_Pincode: sites.shipPincode,
        ship_Address1: sites.shipAddress1,
        ship_Address2: sites.shipAddress2,
        State: states.name,
        City: cities.name,
        CreatedDt: sites.createdAt,
      },
      search: [
        sites.code,
        sites.name,
        sites.email,
        sites.mobile,
        sites.prefix,
        sites.billPincode,
        companies.name,
        states.name,
        cities.name,
      ],
      from: (q) =>
        q
          .leftJoin(companies, eq(companies.id, sites.companyId))
          .leftJoin(states, eq(states.id, sites.billState))
          .leftJoin(cities, eq(cities.id, sites.billCity)),
      filter: kindFilter,
    },
    save: {
      endpoint: SITE_API.save,
      id: (b) => b.ID,
      values: siteValues,
      // The prefix's static series routes to the site's company (its codes are found without a global lookup).
      after: (tx, v) => routeStaticSeries(tx, v.prefix as string | null, v.companyId as number),
      check: checkSiteSave,
      unique: { sites_prefix_uq: SITE_MSG.duplicatePrefix, sites_company_code_uq: SITE_MSG.duplicateCode },
      messages: (b) =>
        b.IsFactory
          ? { created: SITE_MSG.factoryCreated, updated: SITE_MSG.factoryUpdated, notFound: SITE_MSG.factoryNotFound }
          : {
              created: SITE_MSG.warehouseCreated,
              updated: SITE_MSG.warehouseUpdated,
              notFound: SITE_MSG.warehouseNotFound,
            },
    },
  });

  // Every screen with a factory or warehouse picker reads this; the rows stay within the caller's
  // company whatever CompId asks for. CompId 0 (or none) means every site the caller may see.
  r.serve(SITE_API.dropdown, async ({ db, query, caller }) => {
    const raw = query.CompId ?? '0';
    const compId = raw === '0' || raw === '' ? 0 : idParam(raw);
    if (compId === null) return warn(INVALID_ARGUMENTS);
    const rows = await db
      .select({
        ID: sites.id,
        FirmName: sites.name,
        IsFactory: sites.isFactory,
        CompId: sites.companyId,
        ...addressFields(sites, 'bill'),
        ...addressFields(sites, 'ship'),
      })
      .from(sites)
      .where(
        and(
          eq(sites.isActive, true),
          companyScope(caller, sites.companyId),
          compId ? eq(sites.companyId, compId) : undefined,
        ),
      )
      .orderBy(desc(sites.isFactory), asc(sites.name), asc(sites.id));
    return ok(rows);
  });

  r.serve(SITE_API.remove, async ({ db, params, caller }) => {
    const id = idParam(params.id);
    if (id === null) return warn(INVALID_ARGUMENTS);
    const [site] = await db
      .select({ isFactory: sites.isFactory })
      .from(sites)
      .where(and(eq(sites.id, id), companyScope(caller, sites.companyId)));
    if (!site) return warn(SITE_MSG.siteNotFound);
    if (!mayUse(caller, [pageOfKind(site.isFactory).key])) return warn(FORBIDDEN);
    try {
      await db.delete(sites).where(eq(sites.id, id));
    } catch (e) {
      if (foreignKeyViolation(e)) return warn(SITE_MSG.inUse);
      throw e;
    }
    return ok(null, site.isFactory ? SITE_MSG.factoryDeleted : SITE_MSG.warehouseDeleted);
  });
}
