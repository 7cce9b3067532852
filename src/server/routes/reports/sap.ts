// The SAP Data report (GET SAPMaster/GetSAPDataReport): each master the SAP interface feeds, with its
// row count and last change, for the caller's company (every company for the admin). Not paged:
// one row per master.
import { and, eq, max, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { USER_TYPE } from '../../../shared/contracts/auth.js';
import { ok } from '../../../shared/contracts/envelope.js';
import { SAP_REPORT, type SapRow } from '../../../shared/contracts/reports/dispatch.js';
import { companyScope } from '../../auth/scope.js';
import { cartons, products, sites, users } from '../../db/schema.js';
import type { Caller } from '../../auth/actor.js';
import type { Router } from '../../http/route.js';

interface Master {
  name: string;
  table: PgTable;
  created: PgColumn;
  updated: PgColumn;
  where: (c: Caller) => SQL | undefined;
}

const MASTERS: Master[] = [
  {
    name: 'Product',
    table: products,
    created: products.createdAt,
    updated: products.updatedAt,
    where: (c) => companyScope(c, products.companyId),
  },
  {
    name: 'Factory',
    table: sites,
    created: sites.createdAt,
    updated: sites.updatedAt,
    where: (c) => and(eq(sites.isFactory, true), companyScope(c, sites.companyId)),
  },
  {
    name: 'Warehouse',
    table: sites,
    created: sites.createdAt,
    updated: sites.updatedAt,
    where: (c) => and(eq(sites.isFactory, false), companyScope(c, sites.companyId)),
  },
  {
    name: 'Dealer',
    table: users,
    created: users.createdAt,
    updated: users.updatedAt,
    where: (c) => and(eq(users.userType, USER_TYPE.distributor), companyScope(c, users.companyId)),
  },
  {
    name: 'Retailer',
    table: users,
    created: users.createdAt,
    updated: users.updatedAt,
    where: (c) => and(eq(users.userType, USER_TYPE.dealer), companyScope(c, users.companyId)),
  },
  {
    name: 'Carton Size',
    table: cartons,
    created: cartons.createdAt,
    updated: cartons.updatedAt,
    where: () => undefined,
  },
];

export function sapReportRoutes(r: Router) {
  r.serve(SAP_REPORT, async ({ db, caller }) => {
    const rows: SapRow[] = [];
    for (const m of MASTERS) {
      const [row] = await db
        .select({
          n: sql<number>`cast(count(*) as integer)`.mapWith(Number),
          last: max(sql<Date>`coalesce(${m.updated}, ${m.created})`.mapWith(m.created)),
        })
        .from(m.table)
        .where(m.where(caller));
      rows.push({
        MasterName: m.name,
        Count: row?.n ?? 0,
        LastUpdated: row?.last ? new Date(row.last).toISOString() : null,
      });
    }
    return ok(rows);
  });
}
