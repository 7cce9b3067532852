// Dispatch (spec 2 section 7, Dispatch controller): the save, declared idempotent (a device's outbox
// entry is applied once however often it is sent), the past dispatches, the transport modes, and the
// carton scan with its older-stock answer ('500').
//
// GetTertiaryPackingScan keeps the spec's path and method: GET `?sid=&checkItemDate=`, the cartons
// scanned so far in `&scanned=` (comma separated), so a client written to the spec works unchanged.
// The same path also takes a POST whose body holds the scanned list, for lists too long for an address.
// Either may name the dispatch's target in the query as the save does (`&WareHouseId=` or `&SendTo=`),
// so the lifecycle answers for it (a recalled carton may go back to a factory); the spec's client
// names none (domain/dispatch-scan.ts).
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ok } from '../../../shared/contracts/envelope.js';
import {
  DISPATCH_API,
  DISPATCH_LIST,
  DISPATCH_MSG,
  targetOf,
  type DispatchTarget,
} from '../../../shared/contracts/floor/dispatch.js';
import { companyScope } from '../../auth/scope.js';
import { dispatches, sites, transportModes, users } from '../../db/schema.js';
import { saveDispatch } from '../../domain/dispatch.js';
import { dealerName } from '../../domain/dispatch-invoice.js';
import { scanForDispatch } from '../../domain/dispatch-scan.js';
import type { Caller } from '../../auth/actor.js';
import type { Router } from '../../http/route.js';
import { serveList } from '../../http/list.js';

/** Who it went to: the site's name, or the dealer's. */
const sentTo = sql<string>`coalesce(${sites.name}, ${dealerName}, '')`;

/** The caller's site's dispatches (the admin: all). */
function fromScope(caller: Caller): SQL | undefined {
  if (caller.isAdmin) return undefined;
  return and(
    companyScope(caller, dispatches.companyId),
    caller.siteId === null ? sql`false` : eq(dispatches.fromSiteId, caller.siteId),
  );
}

/** A query flag: off only when said so ('false' or '0'). */
const flagOn = (v: string | undefined) => v !== 'false' && v !== '0';

/** `&scanned=a,b` (or repeated): the ids in it. */
function scannedParam(raw: unknown): string[] {
  const parts = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  return parts
    .flatMap((p) => String(p).split(','))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The scan's target from `&WareHouseId=` or `&SendTo=` (a number; absent, '' or 0: none). Anything
 *  else names no site or dealer of the company, and checkTarget refuses it as the save would. */
function scanTarget(q: Record<string, string | undefined>): DispatchTarget | null {
  // A repeated parameter arrives as a list: it names nothing the save could take.
  const id = (v: unknown) => {
    const n = v === undefined || v === '' ? 0 : typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : -1;
    return n <= 2_147_483_647 ? n : -1;
  };
  const t = { WareHouseId: id(q.WareHouseId), SendTo: id(q.SendTo) };
  return t.WareHouseId === 0 && t.SendTo === 0 ? null : targetOf(t);
}

export function dispatchRoutes(r: Router) {
  r.serve(DISPATCH_API.save, async (ctx) => {
    const invoice = await saveDispatch(ctx.db, ctx.caller, ctx.body, ctx.device);
    return ok(invoice, DISPATCH_MSG.saved(invoice.CartonId, invoice.cartonList.length));
  });

  serveList(r, DISPATCH_LIST, {
    fields: {
      DispatchId: dispatches.did,
      TotalCarton: dispatches.cartons,
      CreatedDt: dispatches.createdAt,
      userName: sentTo,
      Remark: sql<string>`coalesce(${dispatches.remark}, '')`,
    },
    from: (db, f) =>
      db
        .select(f)
        .from(dispatches)
        .leftJoin(sites, eq(sites.id, dispatches.toSiteId))
        .leftJoin(users, eq(users.id, dispatches.toUserId))
        .$dynamic(),
    scope: fromScope,
    search: [dispatches.did, sites.name, users.firstName, users.lastName, users.userName, dispatches.lr],
    key: dispatches.did,
  });

  r.serve(DISPATCH_API.modes, async ({ db }) =>
    ok(
      await db
        .select({ TransportModeId: transportModes.id, TransportMode: transportModes.name })
        .from(transportModes)
        .where(eq(transportModes.isActive, true))
        .orderBy(transportModes.id),
    ),
  );

  r.serve(DISPATCH_API.scan, ({ db, caller, query, req }) =>
    scanForDispatch(db, caller, {
      sid: query.sid ?? '',
      checkItemDate: flagOn(query.checkItemDate),
      scanned: scannedParam((req.query as Record<string, unknown>).scanned),
      target: scanTarget(query),
    }),
  );

  r.serve(DISPATCH_API.scanWithList, ({ db, caller, query, body }) =>
    scanForDispatch(db, caller, {
      sid: query.sid ?? '',
      checkItemDate: flagOn(query.checkItemDate),
      scanned: body.scanned,
      target: scanTarget(query),
    }),
  );
}
