// Secondary and Tertiary Packing and Damage Carton (spec 2 section 7): the saves, declared idempotent
// (a device's outbox entry is applied once however often it is sent), the history lists, and the
// tertiary screen's carton scan with its older-stock answer ('500').
import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { CARTON_DAMAGE_API, CARTON_DAMAGE_MSG } from '../../../shared/contracts/floor/carton-damage.js';
import {
  PACKING_API,
  PACKING_MSG,
  SECONDARY_LIST,
  secondaryScan,
  TERTIARY_LIST,
  type ScannedCartonRow,
} from '../../../shared/contracts/floor/packing.js';
import { companyScope } from '../../auth/scope.js';
import { cartons, products, secondaryCartons, tertiaryCartons } from '../../db/schema.js';
import { factsOf } from '../../domain/carton-facts.js';
import { damageCarton } from '../../domain/carton-damage.js';
import { floorActor } from '../../domain/packing-common.js';
import { packSecondary } from '../../domain/packing-secondary.js';
import { olderStock, packTertiary, secondaryProblem } from '../../domain/packing-tertiary.js';
import type { Tx } from '../../domain/ranges.js';
import type { Caller } from '../../auth/actor.js';
import type { Router } from '../../http/route.js';
import { serveList } from '../../http/list.js';

/** What the caller's packing history lists: their site's cartons (the admin: all). */
function siteScope(caller: Caller, company: SQLWrapper, site: SQLWrapper): SQL | undefined {
  if (caller.isAdmin) return undefined;
  return and(companyScope(caller, company), caller.siteId === null ? sql`false` : eq(site as never, caller.siteId));
}

const slipNo = (col: typeof secondaryCartons.sid) =>
  sql<number>`cast(substring(${col} from 8) as integer)`.mapWith(Number);

function serveHistories(r: Router) {
  serveList(r, SECONDARY_LIST, {
    fields: {
      Id: slipNo(secondaryCartons.sid),
      CartonId: secondaryCartons.sid,
      TotalQty: secondaryCartons.qty,
      CreatedDt: secondaryCartons.createdAt,
      CartonName: cartons.name,
      reason: secondaryCartons.reason,
    },
    from: (db, f) =>
      db.select(f).from(secondaryCartons).innerJoin(cartons, eq(cartons.id, secondaryCartons.cartonSizeId)).$dynamic(),
    scope: (caller) => siteScope(caller, secondaryCartons.companyId, secondaryCartons.siteId),
    search: [secondaryCartons.sid, cartons.name, secondaryCartons.reason],
    key: secondaryCartons.sid,
  });
  serveList(r, TERTIARY_LIST, {
    fields: {
      TertiaryCartonId: tertiaryCartons.tid,
      TotalSecondaryCarton: tertiaryCartons.qty,
      CreatedDt: tertiaryCartons.createdAt,
      CartonName: cartons.name,
      reason: tertiaryCartons.reason,
    },
    from: (db, f) =>
      db.select(f).from(tertiaryCartons).innerJoin(cartons, eq(cartons.id, tertiaryCartons.cartonSizeId)).$dynamic(),
    scope: (caller) => siteScope(caller, tertiaryCartons.companyId, tertiaryCartons.siteId),
    search: [tertiaryCartons.tid, cartons.name, tertiaryCartons.reason],
    key: tertiaryCartons.tid,
  });
}

/** A loose secondary carton as the tertiary screen's scanned row. */
async function scannedRows(tx: Tx, where: SQL | undefined): Promise<ScannedCartonRow[]> {
  const rows = await tx
    .select({
      sid: secondaryCartons.sid,
      productId: secondaryCartons.productId,
      productName: products.name,
      batchNo: secondaryCartons.batchNo,
      size: cartons.name,
      qty: secondaryCartons.qty,
      mfg: secondaryCartons.mfgDate,
      exp: secondaryCartons.expDate,
    })
    .from(secondaryCartons)
    .innerJoin(products, eq(products.id, secondaryCartons.productId))
    .innerJoin(cartons, eq(cartons.id, secondaryCartons.cartonSizeId))
    .where(where)
    .orderBy(secondaryCartons.mfgDate, secondaryCartons.sid);
  return rows.map((r) => {
    const n = Number(r.sid.slice(7));
    return {
      Id: n,
      CartonId: r.sid,
      ProductName: r.productName,
      ProductId: r.productId,
      BatchNo: r.batchNo ?? '',
      CartonName: r.size,
      Qty: r.qty,
      MFGDate: r.mfg ?? '',
      EXPDate: r.exp ?? '',
      SeqNo: n,
    };
  });
}

export function packingRoutes(r: Router) {
  r.serve(PACKING_API.secondarySave, async (ctx) => {
    const packed = await packSecondary(ctx.db, ctx.codes, ctx.caller, ctx.body, ctx.device);
    return ok(packed, PACKING_MSG.secondarySaved(packed.CartonId, packed.TotalQty));
  });

  r.serve(PACKING_API.tertiarySave, async (ctx) => {
    const packed = await packTertiary(ctx.db, ctx.caller, ctx.body, ctx.device);
    return ok(packed, PACKING_MSG.tertiarySaved(packed.CartonId, packed.TotalQty));
  });

  r.serve(PACKING_API.checkCodes, async ({ codes, body }) =>
    ok(body.UIDs.map((uid) => ({ UID: uid, Genuine: codes.check(uid) !== null }))),
  );

  serveHistories(r);

  r.serve(PACKING_API.scanSecondary, async ({ db, caller, body, query }) => {
    const site = floorActor(caller);
    const scan = secondaryScan(query.sid ?? '');
    if ('message' in scan) return warn(scan.message);
    const [carton] = await db
      .select()
      .from(secondaryCartons)
      .where(and(eq(secondaryCartons.sid, scan.sid), eq(secondaryCartons.companyId, site.companyId)));
    const problem = secondaryProblem(
      (await factsOf(db, site, carton ? [{ ...carton, id: carton.sid }] : [])).get(scan.sid),
      scan.sid,
    );
    if (problem) return warn(problem);
    const [row] = await scannedRows(db, eq(secondaryCartons.sid, scan.sid));
    if (query.checkItemDate !== 'false' && carton!.mfgDate) {
      const older = await olderStock(db, site, carton!.productId, carton!.mfgDate, [scan.sid, ...body.scanned]);
      if (older.length) {
        const list = await scannedRows(db, sql`${secondaryCartons.sid} in ${older.map((o) => o.sid)}`);
        return { ResponseCode: '500', ResponseMessage: PACKING_MSG.olderStock, ResponseData: list };
      }
    }
    return ok(row!);
  });

  r.serve(CARTON_DAMAGE_API.damage, async (ctx) => {
    const done = await damageCarton(ctx.db, ctx.caller, ctx.body.DamageCid, ctx.body.Reason, ctx.device);
    return ok(done, CARTON_DAMAGE_MSG.done(done.CartonId, done.Packs));
  });
}
