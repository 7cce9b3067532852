// Dispatch Receive and Carton Return (spec 2 section 7, the Dispatch controller): the receipts and the
// return, declared idempotent (a device's outbox entry is applied once however often it is sent), the
// incoming list, the scanned dispatch's cartons, and the two return lookups a device checks a scan
// with while online (it checks against its caches offline).
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { ok, warn, type Envelope } from '../../../shared/contracts/envelope.js';
import {
  legStatus,
  RETURN_API,
  RETURN_MSG,
  returnInfoQuery,
  returnInfoRequest,
  type ReturnInfoRow,
  type ReturnRow,
} from '../../../shared/contracts/floor/carton-return.js';
import { firstMessage } from '../../../shared/contracts/issues.js';
import {
  RECEIVE_API,
  RECEIVE_LIST,
  RECEIVE_MSG,
  RECEIVE_STATUS,
  type ReceiveCartonRow,
} from '../../../shared/contracts/floor/dispatch-receive.js';
import { companyScope } from '../../auth/scope.js';
import {
  dispatchCartons,
  dispatches,
  products,
  secondaryCartons,
  sites,
  tertiaryCartons,
  users,
} from '../../db/schema.js';
import { returnable, returnCartons, type Planned } from '../../domain/carton-return.js';
import { receiptOfIds, receivableDispatch, receiveDispatch, receiverOf } from '../../domain/dispatch-receive.js';
import type { Tx } from '../../domain/ranges.js';
import type { Receipt } from '../../../shared/contracts/floor/dispatch-receive.js';
import type { Router } from '../../http/route.js';
import { serveList } from '../../http/list.js';

/** The incoming list's Status (RECEIVE_STATUS): received, still on the way, or all taken back. */
const status = sql<string>`case when ${dispatches.state} = 'received' then ${RECEIVE_STATUS.received}::text
  when exists (select 1 from dispatch_cartons l where l.did = ${dispatches.did} and l.state = 'sent') then ${RECEIVE_STATUS.inTransit}::text
  else ${RECEIVE_STATUS.returned}::text end`;

const received = (done: Receipt): Envelope =>
  ok(done, RECEIVE_MSG.received(done.DispatchId, done.Received.length, done.Missing.length));

/** The cartons still on the way on `did`, with their product and when they were packed. */
async function onTheWay(db: Tx, did: string): Promise<ReceiveCartonRow[]> {
  const rows = await db
    .select({
      id: dispatchCartons.cartonId,
      name: products.name,
      qty: dispatchCartons.qty,
      t: tertiaryCartons.createdAt,
      s: secondaryCartons.createdAt,
    })
    .from(dispatchCartons)
    .innerJoin(products, eq(products.id, dispatchCartons.productId))
    .leftJoin(tertiaryCartons, eq(tertiaryCartons.tid, dispatchCartons.cartonId))
    .leftJoin(secondaryCartons, eq(secondaryCartons.sid, dispatchCartons.cartonId))
    .where(and(eq(dispatchCartons.did, did), eq(dispatchCartons.state, 'sent')))
    .orderBy(dispatchCartons.cartonId);
  return rows.map((r) => ({
    TertiaryCartonId: r.id,
    ProductName: r.name,
    Qty: r.qty,
    CreatedDt: (r.t ?? r.s)!.toISOString(),
    DispatchId: did,
  }));
}

async function returnRows(db: Tx, planned: Planned[]): Promise<ReturnRow[]> {
  const ids = [...new Set(planned.map((p) => p.carton.productId))];
  const names = new Map(
    (await db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, ids))).map(
      (p) => [p.id, p.name],
    ),
  );
  return planned.map(({ carton: c, leg }) => ({
    Id: Number(c.id.slice(7)),
    CartonId: c.id,
    ProductName: names.get(c.productId) ?? '',
    MFGDate: c.mfgDate ?? '',
    EXPDate: c.expDate ?? '',
    DispatchId: leg.did,
  }));
}

async function returnInfoRows(db: Tx, planned: Planned[]): Promise<ReturnInfoRow[]> {
  const siteIds = [...new Set(planned.flatMap((p) => [p.d.fromSiteId, p.d.toSiteId ?? p.d.fromSiteId]))];
  const userIds = [...new Set(planned.flatMap((p) => (p.d.toUserId === null ? [] : [p.d.toUserId])))];
  const siteName = new Map(
    (await db.select({ id: sites.id, name: sites.name }).from(sites).where(inArray(sites.id, siteIds))).map((s) => [
      s.id,
      s.name,
    ]),
  );
  const dealer = new Map(
    (userIds.length ? await db.select().from(users).where(inArray(users.id, userIds)) : []).map((u) => [
      u.id,
      [u.firstName, u.lastName].filter(Boolean).join(' ') || u.userName,
    ]),
  );
  return planned.map(({ carton, leg, d }) => ({
    CartonId: carton.id,
    DispatchId: d.did,
    Status: legStatus(leg.state),
    SentFrom: siteName.get(d.fromSiteId) ?? '',
    SentTo: (d.toSiteId !== null ? siteName.get(d.toSiteId) : dealer.get(d.toUserId!)) ?? '',
    SentDt: d.createdAt.toISOString(),
    ReceivedDt: d.receivedAt?.toISOString() ?? null,
    ReturnTo: siteName.get(d.fromSiteId) ?? '',
  }));
}

export function receiveReturnRoutes(r: Router) {
  serveList(r, RECEIVE_LIST, {
    fields: {
      DispatchId: dispatches.did,
      TotalCarton: dispatches.cartons,
      Status: status,
      CreatedDt: dispatches.createdAt,
      SentFrom: sites.name,
      ReceivedDt: dispatches.receivedAt,
    },
    from: (db, f) => db.select(f).from(dispatches).innerJoin(sites, eq(sites.id, dispatches.fromSiteId)).$dynamic(),
    scope: (caller) =>
      and(
        or(
          caller.siteId === null ? undefined : eq(dispatches.toSiteId, caller.siteId),
          eq(dispatches.toUserId, caller.userId),
        ),
        companyScope(caller, dispatches.companyId),
      ),
    search: [dispatches.did, status, sites.name],
    key: dispatches.did,
  });

  r.serve(RECEIVE_API.cartons, async ({ db, caller, body }) => {
    const { d } = await receivableDispatch(db, receiverOf(caller), body.DispatchId, false);
    return ok(await onTheWay(db, d.did));
  });

  r.serve(RECEIVE_API.save, async (ctx) =>
    received(await receiveDispatch(ctx.db, ctx.caller, ctx.body.DispatchId, ctx.body.Cartons ?? null, ctx.device)),
  );

  r.serve(RECEIVE_API.cartonReceive, async (ctx) => {
    const { did, arrived } = await receiptOfIds(ctx.db, ctx.caller, ctx.body);
    return received(await receiveDispatch(ctx.db, ctx.caller, did, arrived, ctx.device));
  });

  r.serve(RETURN_API.save, async (ctx) => {
    const done = await returnCartons(ctx.db, ctx.caller, ctx.body, ctx.device);
    return ok(done, RETURN_MSG.done(done.Cartons.length, done.Transit));
  });

  r.serve(RETURN_API.packing, async ({ db, caller, body }) =>
    ok(await returnRows(db, await returnable(db, caller, body.cartonID, body.isTransit))),
  );

  r.serve(RETURN_API.info, async ({ db, caller, body }) =>
    ok(await returnInfoRows(db, await returnable(db, caller, body.code, body.isTransit))),
  );

  r.serve(RETURN_API.infoByQuery, async ({ db, caller, query }) => {
    const read = returnInfoQuery.safeParse(query);
    const q = read.success ? returnInfoRequest.safeParse(read.data) : read;
    if (!q.success) return warn(firstMessage(q.error));
    return ok(await returnInfoRows(db, await returnable(db, caller, q.data.code, q.data.isTransit)));
  });
}
