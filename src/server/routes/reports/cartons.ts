// Secondary and Tertiary Packing, Fractional Carton and Damage reports: the carton tables as packed,
// and the damage-carton events.
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DAMAGE_REPORT,
  FRACTIONAL_REPORT,
  SECONDARY_REPORT,
  TERTIARY_REPORT,
} from '../../../shared/contracts/reports/cartons.js';
import { companyScope } from '../../auth/scope.js';
import { cartons, events, products, secondaryCartons, tertiaryCartons, users } from '../../db/schema.js';
import type { Router } from '../../http/route.js';
import { serveList, type ListSource } from '../../http/list.js';
import { int, personName } from '../../list/report-sql.js';

type CartonTable = typeof secondaryCartons | typeof tertiaryCartons;

/** A packing report over one carton table: the carton, its count, who packed it, its size's name. */
function packed(t: CartonTable, id: typeof secondaryCartons.sid | typeof tertiaryCartons.tid): ListSource {
  return {
    fields: {
      CartonId: id,
      Qty: t.qty,
      PackedBy: personName(users),
      CreatedDt: t.createdAt,
      CartonName: cartons.name,
      CartonSize: cartons.size,
    },
    from: (db, f) =>
      db
        .select(f)
        .from(t)
        .innerJoin(users, eq(users.id, t.createdBy))
        .innerJoin(cartons, eq(cartons.id, t.cartonSizeId))
        .$dynamic(),
    dated: { column: t.createdAt, kind: 'timestamp' },
    scope: (caller) => companyScope(caller, t.companyId),
    search: [id, users.firstName, users.lastName, users.userName, cartons.name],
    key: id,
  };
}

export function cartonReportRoutes(r: Router) {
  serveList(r, SECONDARY_REPORT, packed(secondaryCartons, secondaryCartons.sid));
  serveList(r, TERTIARY_REPORT, packed(tertiaryCartons, tertiaryCartons.tid));

  // Both carton tables' fractional cartons as one list.
  const fc = sql`(select ${secondaryCartons.sid} as id, ${secondaryCartons.companyId} as company_id, ${secondaryCartons.qty} as qty,
      ${secondaryCartons.cartonSizeId} as size_id, ${secondaryCartons.createdBy} as created_by, ${secondaryCartons.createdAt} as created_at,
      ${secondaryCartons.reason} as reason from ${secondaryCartons} where ${secondaryCartons.reason} is not null and ${secondaryCartons.reason} <> ''
    union all select ${tertiaryCartons.tid}, ${tertiaryCartons.companyId}, ${tertiaryCartons.qty}, ${tertiaryCartons.cartonSizeId},
      ${tertiaryCartons.createdBy}, ${tertiaryCartons.createdAt}, ${tertiaryCartons.reason} from ${tertiaryCartons}
      where ${tertiaryCartons.reason} is not null and ${tertiaryCartons.reason} <> '') as fc`;
  const fcId = sql<string>`fc.id`;
  const fcAt = sql<Date>`fc.created_at`.mapWith(tertiaryCartons.createdAt);
  serveList(r, FRACTIONAL_REPORT, {
    fields: {
      CartonId: fcId,
      TQuantity: cartons.size,
      AQuantity: int(sql`fc.qty`),
      DispatchedBy: personName(users),
      Date: fcAt,
      Reason: sql<string>`fc.reason`,
    },
    from: (db, f) =>
      db
        .select(f)
        .from(fc)
        .innerJoin(cartons, sql`${cartons.id} = fc.size_id`)
        .innerJoin(users, sql`${users.id} = fc.created_by`)
        .$dynamic(),
    dated: { column: sql`fc.created_at`, kind: 'timestamp' },
    scope: (caller) => companyScope(caller, sql`fc.company_id`),
    search: [fcId, sql`fc.reason`, users.firstName, users.lastName, users.userName],
    key: fcId,
  });

  const sc = alias(secondaryCartons, 'dsc');
  const tc = alias(tertiaryCartons, 'dtc');
  serveList(r, DAMAGE_REPORT, {
    fields: {
      CartonId: sql<string>`${events.ref}`,
      ProductName: products.name,
      DamageQty: int(sql`${events.detail}->>'packs'`),
      damagedate: events.at,
      reason: sql<string>`${events.detail}->>'reason'`,
      DamageBy: personName(users),
    },
    from: (db, f) =>
      db
        .select(f)
        .from(events)
        .leftJoin(sc, eq(sc.sid, events.ref))
        .leftJoin(tc, eq(tc.tid, events.ref))
        .leftJoin(products, sql`${products.id} = coalesce(${sc.productId}, ${tc.productId})`)
        .leftJoin(users, eq(users.id, events.userId))
        .$dynamic(),
    dated: { column: events.at, kind: 'timestamp' },
    scope: (caller) => companyScope(caller, events.companyId),
    filter: () => eq(events.action, 'damage-carton'),
    search: [events.ref, products.name, sql`${events.detail}->>'reason'`],
    key: events.id,
  });
}
