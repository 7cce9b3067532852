// Mapping, De-Mapping and Primary Packing reports: mapped ranges as they stand, the de-mapping events
// (each cut with its range), and the print files made for packs.
import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import { DEMAPPING_REPORT, MAPPING_REPORT, PRIMARY_REPORT } from '../../../shared/contracts/reports/numbers.js';
import { companyScope } from '../../auth/scope.js';
import { events, generations, mappings, products } from '../../db/schema.js';
import type { Router } from '../../http/route.js';
import { serveList } from '../../http/list.js';

const qty = (from: SQLWrapper, to: SQLWrapper) => sql<number>`cast(${to} - ${from} + 1 as integer)`.mapWith(Number);

export function numberReportRoutes(r: Router) {
  serveList(r, MAPPING_REPORT, {
    fields: {
      ProductName: products.name,
      FromNo: mappings.fromNo,
      ToNo: mappings.toNo,
      Qty: qty(mappings.fromNo, mappings.toNo),
      CreatedDt: mappings.createdAt,
    },
    from: (db, f) => db.select(f).from(mappings).innerJoin(products, eq(products.id, mappings.productId)).$dynamic(),
    dated: { column: mappings.createdAt, kind: 'timestamp' },
    scope: (caller) => companyScope(caller, mappings.companyId),
    search: [products.name, mappings.batchNo, mappings.fromNo, mappings.toNo],
    key: mappings.id,
  });

  const demappedProduct = sql`cast(${events.detail}->>'productId' as integer)`;
  serveList(r, DEMAPPING_REPORT, {
    fields: {
      FromNo: events.fromNo,
      ToNo: events.toNo,
      Qty: qty(events.fromNo, events.toNo),
      ProductName: products.name,
      CreatedDt: events.at,
    },
    from: (db, f) => db.select(f).from(events).innerJoin(products, eq(products.id, demappedProduct)).$dynamic(),
    dated: { column: events.at, kind: 'timestamp' },
    scope: (caller) => companyScope(caller, events.companyId),
    filter: () => eq(events.action, 'demap'),
    search: [products.name, events.fromNo, events.toNo],
    key: events.id,
  });

  serveList(r, PRIMARY_REPORT, {
    fields: {
      FromNo: generations.fromNo,
      ToNo: generations.toNo,
      Qty: qty(generations.fromNo, generations.toNo),
      CreatedDt: generations.createdAt,
    },
    from: (db, f) => db.select(f).from(generations).$dynamic(),
    dated: { column: generations.createdAt, kind: 'timestamp' },
    scope: (caller) => companyScope(caller, generations.companyId),
    search: [generations.fromNo, generations.toNo, generations.prefix],
    key: generations.id,
  });
}
