// Dispatch (and its invoice to print), Dispatch Receive, Missing Carton, Return and Item Ledger
// reports: the dispatches, their carton legs and the return events.
import { and, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import {
  DISPATCH_PRINT,
  DISPATCH_RECEIVE_REPORT,
  DISPATCH_REPORT,
  ITEM_LEDGER_REPORT,
  MISSING_CARTON_REPORT,
  RETURN_REPORT,
} from '../../../shared/contracts/reports/dispatch.js';
import { companyScope } from '../../auth/scope.js';
import {
  dispatchCartons,
  dispatches,
  events,
  products,
  secondaryCartons,
  sites,
  tertiaryCartons,
  transportModes,
  users,
} from '../../db/schema.js';
import { legWordsSql } from '../../domain/current-state.js';
import { invoiceOf } from '../../domain/dispatch-invoice.js';
import { INVALID_ARGUMENTS, type Router } from '../../http/route.js';
import { serveList } from '../../http/list.js';
import { int, personName, stamp } from '../../list/report-sql.js';

const fromSite = alias(sites, 'from_site');
const toSite = alias(sites, 'to_site');
const dealer = alias(users, 'dealer');
const receiver = alias(users, 'receiver');
/** Whom a dispatch went to: the warehouse or factory, else the dealer. */
const customer = sql<string>`coalesce(${toSite.name}, nullif(trim(concat_ws(' ', ${dealer.firstName}, ${dealer.lastName})), ''), ${dealer.userName}, '')`;

export function dispatchReportRoutes(r: Router) {
  serveList(r, DISPATCH_REPORT, {
    fields: {
      DispatchId: dispatches.did,
      CreatedDt: dispatches.createdAt,
      FromWareHouse: fromSite.name,
      Name: customer,
      CartonId: sql<string>`${dispatches.did}`,
    },
    from: (db, f) =>
      db
        .select(f)
        .from(dispatches)
        .innerJoin(fromSite, eq(fromSite.id, dispatches.fromSiteId))
        .leftJoin(toSite, eq(toSite.id, dispatches.toSiteId))
        .leftJoin(dealer, eq(dealer.id, dispatches.toUserId))
        .$dynamic(),
    dated: { column: dispatches.createdAt, kind: 'timestamp' },
    scope: (caller) => companyScope(caller, dispatches.companyId),
    search: [dispatches.did, fromSite.name, toSite.name, dealer.firstName, dealer.lastName, dispatches.lr],
    key: dispatches.did,
  });

  r.serve(DISPATCH_PRINT, async ({ db, body, caller }) => {
    const [d] = await db
      .select({ d: dispatches, mode: transportModes.name })
      .from(dispatches)
      .innerJoin(transportModes, eq(transportModes.id, dispatches.transportModeId))
      .where(and(eq(dispatches.did, body.DispatchId), companyScope(caller, dispatches.companyId)));
    if (!d) return warn(INVALID_ARGUMENTS);
    const legs = await db
      .select()
      .from(dispatchCartons)
      .where(eq(dispatchCartons.did, d.d.did))
      .orderBy(dispatchCartons.cartonId);
    const target =
      d.d.toSiteId !== null
        ? { kind: 'site' as const, siteId: d.d.toSiteId }
        : { kind: 'dealer' as const, userId: d.d.toUserId! };
    return ok(
      await invoiceOf(db, {
        did: d.d.did,
        companyId: d.d.companyId,
        target,
        transportMode: d.mode,
        lr: d.d.lr,
        createdAt: d.d.createdAt,
        cartons: legs.map((l) => ({ id: l.cartonId, productId: l.productId, batchNo: l.batchNo, packs: l.qty })),
      }),
    );
  });

  // What arrived: legs still received, and those taken back after the receipt (not from transit).
  const received = sql`(${dispatchCartons.state} = 'received' or (${dispatchCartons.state} = 'returned' and ${dispatchCartons.endedAt} >= ${dispatches.receivedAt}))`;
  serveList(r, DISPATCH_RECEIVE_REPORT, {
    fields: {
      DispatchId: dispatches.did,
      ProductName: products.name,
      Quantity: int(sql`sum(${dispatchCartons.qty})`),
      DispatchDate: stamp(sql`min(${dispatches.createdAt})`),
      ReceivedBy: sql<string>`min(${personName(receiver)})`,
      ReceiveDate: stamp(sql`min(${dispatches.receivedAt})`),
    },
    from: (db, f) =>
      db
        .select(f)
        .from(dispatches)
        .innerJoin(dispatchCartons, and(eq(dispatchCartons.did, dispatches.did), received))
        .innerJoin(products, eq(products.id, dispatchCartons.productId))
        .leftJoin(receiver, eq(receiver.id, dispatches.receivedBy))
        .$dynamic(),
    dated: { column: dispatches.receivedAt, kind: 'timestamp' },
    scope: (caller) => companyScope(caller, dispatches.companyId),
    filter: () => eq(dispatches.state, 'received'),
    search: [dispatches.did, products.name],
    key: sql`${dispatches.did} || ':' || ${products.id}`,
    groupBy: [dispatches.did, products.id, products.name],
  });

  const msc = alias(secondaryCartons, 'msc');
  const mtc = alias(tertiaryCartons, 'mtc');
  serveList(r, MISSING_CARTON_REPORT, {
    fields: {
      DispatchId: dispatchCartons.did,
      TertiaryCartonId: dispatchCartons.cartonId,
      CreatedDt: stamp(sql`coalesce(${mtc.createdAt}, ${msc.createdAt})`),
    },
    from: (db, f) =>
      db
        .select(f)
        .from(dispatchCartons)
        .innerJoin(dispatches, eq(dispatches.did, dispatchCartons.did))
        .leftJoin(msc, eq(msc.sid, dispatchCartons.cartonId))
        .leftJoin(mtc, eq(mtc.tid, dispatchCartons.cartonId))
        .$dynamic(),
    // The day the receiver reported it missing.
    dated: { column: dispatchCartons.endedAt, kind: 'timestamp' },
    scope: (caller) => companyScope(caller, dispatches.companyId),
    filter: () => eq(dispatchCartons.state, 'missing'),
    search: [dispatchCartons.did, dispatchCartons.cartonId],
    key: sql`${dispatchCartons.did} || ':' || ${dispatchCartons.cartonId}`,
  });

  // One row per returned carton: the return events' carton lists, unnested.
  const returned = sql`${events} cross join lateral jsonb_array_elements_text(${events.detail}->'cartons') with ordinality as rc(carton_id, n)`;
  const accepted = alias(sites, 'accepted');
  const returnedFrom = sql<string>`case when (${events.detail}->>'transit')::boolean then 'In transit'
    else coalesce((select coalesce(s.name, nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.user_name)
      from ${dispatchCartons} dc join ${dispatches} d on d.did = dc.did left join ${sites} s on s.id = d.to_site_id left join ${users} u on u.id = d.to_user_id
      where dc.carton_id = rc.carton_id and dc.did in (select jsonb_array_elements_text(${events.detail}->'dids')) limit 1), '') end`;
  serveList(r, RETURN_REPORT, {
    fields: {
      Cartonid: sql<string>`rc.carton_id`,
      AcceptedWarehouse: sql<string>`coalesce(${accepted.name}, '')`,
      ReturnedFrom: returnedFrom,
      // Through sql: the events table is in the raw FROM, which drizzle's column check does not see.
      remark: sql<string>`coalesce(${events.detail}->>'remark', '')`,
      returnDate: sql<Date>`${events.at}`.mapWith(events.at),
    },
    from: (db, f) => db.select(f).from(returned).leftJoin(accepted, eq(accepted.id, events.siteId)).$dynamic(),
    dated: { column: events.at, kind: 'timestamp' },
    scope: (caller) => companyScope(caller, events.companyId),
    filter: () => eq(events.action, 'return'),
    search: [sql`rc.carton_id`, accepted.name, sql`${events.detail}->>'remark'`],
    key: sql`${events.id} * 10000 + rc.n`,
  });

  serveList(r, ITEM_LEDGER_REPORT, {
    fields: {
      ProductName: products.name,
      TotalQty: dispatchCartons.qty,
      TertiaryCartonId: dispatchCartons.cartonId,
      CreatedDt: dispatches.createdAt,
      // Received, also when taken back after the receipt (as the journey and the trace tell it).
      ReceivedDt: stamp(sql`case when ${received} then ${dispatches.receivedAt} end`),
      // How the leg stands, in the words QR Code Tracking and the recall trace use.
      CurrentStatus: sql<string>`${legWordsSql(sql`${dispatchCartons.state}`)}`,
      Cfrom: fromSite.name,
      CTo: customer,
      Remark: dispatches.remark,
    },
    from: (db, f) =>
      db
        .select(f)
        .from(dispatchCartons)
        .innerJoin(dispatches, eq(dispatches.did, dispatchCartons.did))
        .innerJoin(products, eq(products.id, dispatchCartons.productId))
        .innerJoin(fromSite, eq(fromSite.id, dispatches.fromSiteId))
        .leftJoin(toSite, eq(toSite.id, dispatches.toSiteId))
        .leftJoin(dealer, eq(dealer.id, dispatches.toUserId))
        .$dynamic(),
    dated: { column: dispatches.createdAt, kind: 'timestamp' },
    scope: (caller) => companyScope(caller, dispatches.companyId),
    // The warehouse filter: legs from or to that site; the user filter: legs that user sent or received.
    filter: (b) =>
      and(
        b.WareHouseId
          ? or(eq(dispatches.fromSiteId, b.WareHouseId), eq(dispatches.toSiteId, b.WareHouseId))
          : undefined,
        b.UserId
          ? or(
              eq(dispatches.createdBy, b.UserId),
              eq(dispatches.receivedBy, b.UserId),
              eq(dispatches.toUserId, b.UserId),
            )
          : undefined,
      ),
    search: [dispatchCartons.cartonId, products.name, fromSite.name, toSite.name, dispatchCartons.did],
    key: sql`${dispatchCartons.did} || ':' || ${dispatchCartons.cartonId}`,
  });
}
