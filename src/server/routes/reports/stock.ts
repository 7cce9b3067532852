// Available Stock and the Stock report: packs in cartons at a site now, by product and batch, and
// per batch what was mapped, packed, dispatched and is available. The admin may pick a site
// (WareHouseId) or see all; everyone else sees their own site (spec 3 section 6).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AVAILABLE_STOCK_REPORT, NEW_STOCK_REPORT } from '../../../shared/contracts/reports/stock.js';
import type { ListQuery } from '../../../shared/contracts/list.js';
import { companyScope } from '../../auth/scope.js';
import { products, secondaryCartons, tertiaryCartons } from '../../db/schema.js';
import type { Caller } from '../../auth/actor.js';
import type { Router } from '../../http/route.js';
import { inStockSql, placedStateSql } from '../../domain/current-state.js';
import { serveList } from '../../http/list.js';
import { int } from '../../list/report-sql.js';

/** The site a stock report reads: the admin's pick (none: every site), else the caller's own. */
function siteOf(body: ListQuery, caller: Caller): number | null | 'none' {
  if (caller.isAdmin) return body.WareHouseId && body.WareHouseId > 0 ? body.WareHouseId : null;
  return caller.siteId ?? 'none';
}

const stc = alias(tertiaryCartons, 'stc');
/** Where a secondary carton is: its tertiary carton's site when packed in one, else its own. */
const cartonSite = sql`case when ${secondaryCartons.tid} is null then ${secondaryCartons.locationSiteId} else ${stc.locationSiteId} end`;
/** In stock: the carton's current state (the lifecycle's, as every reader names it) is packed or received there. */
const inStock = inStockSql(placedStateSql('secondary_cartons', 'stc'));

const atSite = (site: number | null | 'none', column: SQL): SQL | undefined =>
  site === 'none' ? sql`false` : site === null ? sql`${column} is not null` : sql`${column} = ${site}`;

export function stockReportRoutes(r: Router) {
  serveList(r, AVAILABLE_STOCK_REPORT, {
    fields: {
      ProductName: products.name,
      DDName: sql<string>`coalesce(${secondaryCartons.batchNo}, '')`,
      stock: int(sql`sum(${secondaryCartons.qty})`),
    },
    from: (db, f) =>
      db
        .select(f)
        .from(secondaryCartons)
        .leftJoin(stc, eq(stc.tid, secondaryCartons.tid))
        .innerJoin(products, eq(products.id, secondaryCartons.productId))
        .$dynamic(),
    dated: { column: secondaryCartons.createdAt, kind: 'timestamp' },
    scope: (caller, body) =>
      and(companyScope(caller, secondaryCartons.companyId), atSite(siteOf(body, caller), cartonSite), inStock),
    filter: (b) => (b.ProductId && b.ProductId > 0 ? eq(secondaryCartons.productId, b.ProductId) : undefined),
    search: [products.name, secondaryCartons.batchNo],
    key: sql`${products.name} || ':' || coalesce(${secondaryCartons.batchNo}, '')`,
    groupBy: [products.id, products.name, secondaryCartons.batchNo],
  });

  // Each figure summed once per product and batch, then joined: one pass over each table.
  serveList(r, NEW_STOCK_REPORT, {
    fields: {
      ProductName: products.name,
      DDName: sql<string>`coalesce(batch_no, '')`,
      TotalQty: int(sql`coalesce(m.qty, 0)`),
      PackedStock: int(sql`coalesce(p.packed, 0)`),
      DisptachQty: int(sql`coalesce(d.qty, 0)`),
      stock: int(sql`coalesce(p.available, 0)`),
    },
    from: (db, f, body, caller) => {
      const site = siteOf(body, caller);
      const scoped = (company: SQL, siteCol: SQL) =>
        and(companyScope(caller, company), atSite(site, siteCol)) ?? sql`true`;
      // Packed at the site, and in stock there now, in one pass over the secondary cartons.
      const packedHere = atSite(site, sql`sc.site_id`) ?? sql`true`;
      const inStockHere = sql`${inStockSql(placedStateSql('sc', 'tc'))}
        and ${atSite(site, sql`case when sc.tid is null then sc.location_site_id else tc.location_site_id end`) ?? sql`true`}`;
      const product = (column: string) =>
        body.ProductId && body.ProductId > 0 ? sql`and ${sql.raw(column)} = ${body.ProductId}` : sql``;
      // Full joins on the key: every product and batch any of the figures knows.
      const summary = sql`(select product_id, batch_no, sum(to_no - from_no + 1) as qty from mappings
          where ${scoped(sql`company_id`, sql`site_id`)} ${product('product_id')} group by product_id, batch_no) m
        full join (select dc.product_id, dc.batch_no, sum(dc.qty) as qty from dispatch_cartons dc join dispatches d on d.did = dc.did
          where ${scoped(sql`d.company_id`, sql`d.from_site_id`)} ${product('dc.product_id')} group by dc.product_id, dc.batch_no) d using (product_id, batch_no)
        full join (select sc.product_id, sc.batch_no,
            sum(sc.qty) filter (where ${packedHere}) as packed, sum(sc.qty) filter (where ${inStockHere}) as available
          from secondary_cartons sc left join tertiary_cartons tc on tc.tid = sc.tid
          where ${companyScope(caller, sql`sc.company_id`) ?? sql`true`} and (${packedHere} or ${inStockHere}) ${product('sc.product_id')}
          group by sc.product_id, sc.batch_no) p using (product_id, batch_no)`;
      return db
        .select(f)
        .from(summary)
        .innerJoin(products, sql`${products.id} = product_id`)
        .$dynamic();
    },
    scope: () => undefined,
    summary: true,
    search: [products.name, sql`batch_no`],
    key: sql`${products.name} || ':' || coalesce(batch_no, '')`,
  });
}
