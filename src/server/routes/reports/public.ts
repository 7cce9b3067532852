// Verification, Feedback, farmers' and dealers' Loyalty, and Scheme reports: what the public
// verifications and the points ledger record. A forged code belongs to no company: only the admin
// sees its verifications.
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import {
  DEALER_LOYALTY_REPORT,
  FARMER_LOYALTY_REPORT,
  FEEDBACK_REPORT,
  SCHEME_REPORT,
  VERIFICATION_REPORT,
} from '../../../shared/contracts/reports/public.js';
import { companyScope } from '../../auth/scope.js';
import { mappings, pointEntries, products, schemeItems, schemes, users, verifications } from '../../db/schema.js';
import type { Router } from '../../http/route.js';
import { serveList } from '../../http/list.js';
import { int, personName, stamp } from '../../list/report-sql.js';

const address = sql<
  string | null
>`coalesce(nullif(${verifications.address}, ''), nullif(concat_ws(', ', ${verifications.city}, ${verifications.state}), ''))`;

export function publicReportRoutes(r: Router) {
  serveList(r, VERIFICATION_REPORT, {
    fields: {
      ProductName: products.name,
      VerifiedDt: verifications.at,
      UsrAdrs: address,
      MobileNo: verifications.mobile,
      Email: verifications.email,
      FirstName: verifications.name,
      ResultMessage: verifications.message,
      Flags: verifications.flags,
    },
    from: (db, f) =>
      db.select(f).from(verifications).leftJoin(products, eq(products.id, verifications.productId)).$dynamic(),
    countFrom: (db, f) => db.select(f).from(verifications).$dynamic(),
    dated: { column: verifications.at, kind: 'timestamp' },
    scope: (caller) => companyScope(caller, verifications.companyId),
    search: [
      products.name,
      verifications.mobile,
      verifications.name,
      verifications.email,
      verifications.city,
      verifications.state,
      verifications.message,
    ],
    key: verifications.id,
  });

  serveList(r, FEEDBACK_REPORT, {
    fields: {
      ProductName: products.name,
      UsrFeedback: sql<string>`${verifications.feedback}`,
      MobNo: verifications.mobile,
      VerifiedDt: verifications.at,
    },
    from: (db, f) =>
      db.select(f).from(verifications).leftJoin(products, eq(products.id, verifications.productId)).$dynamic(),
    countFrom: (db, f) => db.select(f).from(verifications).$dynamic(),
    dated: { column: verifications.at, kind: 'timestamp' },
    scope: (caller) => companyScope(caller, verifications.companyId),
    filter: () => isNotNull(verifications.feedback),
    search: [products.name, verifications.feedback, verifications.mobile],
    key: verifications.id,
  });

  // The name the farmer gave last, kept on the ledger's rows: no join to the verifications. The greatest
  // of id (19 digits, zero-padded, so in the C order they sort as numbers) and name, cut back to the
  // name: a plain max the groups' hash keeps, where an ordered array_agg sorted every group apart.
  const farmerName = sql<string>`coalesce(substr(max(lpad(cast(${pointEntries.id} as text), 19, '0') || ${pointEntries.name} collate "C"), 20), '')`;
  serveList(r, FARMER_LOYALTY_REPORT, {
    fields: {
      Name: farmerName,
      MobileNo: sql<string>`${pointEntries.mobile}`,
      TotalPoints: int(sql`sum(${pointEntries.points})`),
      CreatedDt: stamp(sql`min(${pointEntries.at})`),
    },
    from: (db, f) => db.select(f).from(pointEntries).$dynamic(),
    dated: { column: pointEntries.at, kind: 'timestamp' },
    scope: (caller) => companyScope(caller, pointEntries.companyId),
    filter: () => eq(pointEntries.party, 'farmer'),
    search: [pointEntries.mobile, pointEntries.name],
    key: sql`${pointEntries.companyId} || ':' || ${pointEntries.mobile}`,
    groupBy: [pointEntries.companyId, pointEntries.mobile],
  });

  serveList(r, DEALER_LOYALTY_REPORT, {
    fields: {
      DispatchId: sql<string>`${pointEntries.did}`,
      UserName: personName(users),
      TotalPoints: pointEntries.points,
      CreatedDt: pointEntries.at,
    },
    from: (db, f) => db.select(f).from(pointEntries).innerJoin(users, eq(users.id, pointEntries.userId)).$dynamic(),
    dated: { column: pointEntries.at, kind: 'timestamp' },
    scope: (caller) => companyScope(caller, pointEntries.companyId),
    filter: () => and(eq(pointEntries.party, 'dealer'), eq(pointEntries.source, 'dispatch')),
    search: [pointEntries.did, users.firstName, users.lastName, users.userName],
    key: pointEntries.id,
  });

  // A master scheme pays on its product; a product-based design on its items' products.
  const paysOn = or(
    eq(mappings.productId, schemes.productId),
    and(
      eq(schemes.schemeType, 'PB'),
      sql`exists (select 1 from ${schemeItems} where ${schemeItems.schemeId} = ${schemes.id}
      and ${schemeItems.itemId} = ${mappings.productId})`,
    ),
  );
  serveList(r, SCHEME_REPORT, {
    fields: {
      SchemeId: schemes.id,
      SchemeName: schemes.name,
      CreatedDate: schemes.createdAt,
      FromNo: mappings.fromNo,
      ToNo: mappings.toNo,
      Qty: sql<number | null>`cast(${mappings.toNo} - ${mappings.fromNo} + 1 as integer)`.mapWith(Number),
      StartDate: schemes.validFrom,
      EndDate: schemes.validTo,
    },
    from: (db, f) =>
      db
        .select(f)
        .from(schemes)
        .leftJoin(
          mappings,
          and(paysOn, or(sql`${schemes.companyId} is null`, eq(mappings.companyId, schemes.companyId))),
        )
        .$dynamic(),
    dated: { column: schemes.createdAt, kind: 'timestamp' },
    // A company's own schemes and the administrator's for every company; a company sees only its ranges.
    scope: (caller) =>
      caller.isAdmin
        ? undefined
        : and(
            or(sql`${schemes.companyId} is null`, companyScope(caller, schemes.companyId)),
            or(sql`${mappings.id} is null`, companyScope(caller, mappings.companyId)),
          ),
    search: [schemes.name, mappings.fromNo, mappings.toNo],
    key: sql`cast(${schemes.id} as bigint) * 1000000000 + coalesce(${mappings.id}, 0)`,
  });
}
