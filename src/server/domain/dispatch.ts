// Dispatch (spec 2 sections 4, 5; DESIGN sections 4, 5): the scanned cartons leave the caller's site
// for another site of the company or a dealer, on one DID. All or nothing, in the save's transaction:
// every carton at fault is named and nothing moves. Cartons are locked before they are checked, so of
// two devices that dispatched one carton offline the first to reach the server wins and the second is
// told the carton and the DID it left on. Older stock first: while an older batch of a product waits
// at the site, newer cartons of it go only with an approval remark, stored on the dispatch.
import { and, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { USER_TYPE } from '../../shared/contracts/auth.js';
import {
  DISPATCH_MSG,
  scannedCartons,
  targetOf,
  type DispatchInvoice,
  type DispatchTarget,
  type dispatchSave,
} from '../../shared/contracts/floor/dispatch.js';
import {
  dispatchCartons,
  dispatches,
  secondaryCartons,
  sites,
  tertiaryCartons,
  transportModes,
  users,
} from '../db/schema.js';
import { factsOf } from './carton-facts.js';
import {
  cartonProblem,
  loadCartons,
  olderStockAt,
  stockOf,
  type DispatchCarton,
  type DispatchOp,
} from './dispatch-cartons.js';
import { earnForDispatch } from './dealer-points.js';
import { takeDid } from './dispatch-did.js';
import { invoiceOf } from './dispatch-invoice.js';
import { floorActor, type Actor, type FloorSite } from './packing-common.js';
import { logEvent, type DeviceWork, type Tx } from './ranges.js';
import { item, refuse, Refusal } from './refusal.js';
import { sqlArray } from './sql-rows.js';

type Body = z.output<typeof dispatchSave>;

/** The caller's site: dispatch leaves from a factory or warehouse. */
export function dispatchSite(a: Actor): FloorSite {
  if (a.companyId === null || a.siteId === null || !a.prefix) refuse(DISPATCH_MSG.noSite);
  return floorActor(a);
}

/** A site target is another active site of the company; a dealer target an active dealer of it. The
 *  lifecycle's operation follows the target: recalled stock may go back to a factory, nowhere else. */
export async function checkTarget(tx: Tx, site: FloorSite, target: DispatchTarget): Promise<DispatchOp> {
  if (target.kind === 'site') {
    const [s] = await tx
      .select({ isFactory: sites.isFactory })
      .from(sites)
      .where(
        and(
          eq(sites.id, target.siteId),
          eq(sites.companyId, site.companyId),
          eq(sites.isActive, true),
          ne(sites.id, site.siteId),
        ),
      );
    if (!s) refuse(DISPATCH_MSG.badSite);
    return s.isFactory ? 'dispatch-factory' : 'dispatch-warehouse';
  } else {
    const [u] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, target.userId),
          eq(users.companyId, site.companyId),
          eq(users.userType, USER_TYPE.dealer),
          eq(users.isActive, true),
        ),
      );
    if (!u) refuse(DISPATCH_MSG.badDealer);
    return 'dispatch-dealer';
  }
}

async function transportModeName(tx: Tx, id: number): Promise<string> {
  const [m] = await tx
    .select({ name: transportModes.name })
    .from(transportModes)
    .where(and(eq(transportModes.id, id), eq(transportModes.isActive, true)));
  if (!m) refuse(DISPATCH_MSG.selectTransport);
  return m.name;
}

/** The scanned cartons, locked and checked: all of them, or the refusal naming each one at fault. */
async function cartonsToSend(tx: Tx, site: FloorSite, op: DispatchOp, scans: string[]): Promise<DispatchCarton[]> {
  const { cartons: ids, faults } = scannedCartons(scans);
  const found = await loadCartons(tx, site.companyId, ids, true);
  // Asked of the rows just locked: what each carton is and holds now.
  const facts = await factsOf(tx, site, [...found.values()]);
  const good: DispatchCarton[] = [];
  for (const { id } of ids) {
    const problem = cartonProblem(op, facts.get(id), id);
    if (problem) faults.push(item(id, problem));
    else good.push(found.get(id)!);
  }
  if (faults.length)
    refuse(faults.length === 1 ? faults[0]!.Reason : DISPATCH_MSG.cartonsRefused(faults.length), faults);
  return good;
}

/** Takes the cartons off the site onto the leg `did`; each must still be there (it is, under the lock).
 *  Found by id alone: the check is `(...) is true`, which no index serves, so that with no statistics
 *  (PGlite never takes any) the planner cannot take `dispatch_id is null` for selective and test every
 *  carton not travelling against the list of ids. */
async function moveOff(tx: Tx, site: FloorSite, did: string, sent: readonly DispatchCarton[]): Promise<void> {
  const at = (t: typeof tertiaryCartons | typeof secondaryCartons, loose?: SQL) =>
    sql`(${and(loose, eq(t.locationSiteId, site.siteId), isNull(t.dispatchId), isNull(t.dealerId), eq(t.state, 'packed'))}) is true`;
  const tids = sent.filter((c) => c.type === 'TID').map((c) => c.id);
  const sids = sent.filter((c) => c.type === 'SID').map((c) => c.id);
  const movedT = tids.length
    ? await tx
        .update(tertiaryCartons)
        .set({ locationSiteId: null, dispatchId: did })
        .where(
          and(
            sql`${tertiaryCartons.tid} = any(${sqlArray(tids, 'varchar[]')})`,
            eq(tertiaryCartons.companyId, site.companyId),
            at(tertiaryCartons),
          ),
        )
        .returning({ id: tertiaryCartons.tid })
    : [];
  const movedS = sids.length
    ? await tx
        .update(secondaryCartons)
        .set({ locationSiteId: null, dispatchId: did })
        .where(
          and(
            sql`${secondaryCartons.sid} = any(${sqlArray(sids, 'varchar[]')})`,
            eq(secondaryCartons.companyId, site.companyId),
            at(secondaryCartons, isNull(secondaryCartons.tid)),
          ),
        )
        .returning({ id: secondaryCartons.sid })
    : [];
  if (movedT.length + movedS.length !== sent.length) throw new Refusal(DISPATCH_MSG.alreadyDispatched);
}

export async function saveDispatch(tx: Tx, actor: Actor, b: Body, device?: DeviceWork): Promise<DispatchInvoice> {
  const site = dispatchSite(actor);
  const target = targetOf(b);
  const op = await checkTarget(tx, site, target);
  const transportMode = await transportModeName(tx, b.TransportModeId);
  const did = await takeDid(tx, site, b.DispatchId);
  const sent = await cartonsToSend(
    tx,
    site,
    op,
    b.scanned.map((s) => s.CartonId),
  );
  if (!b.Remark && (await olderStockAt(tx, site, op, sent.map(stockOf), [], 1)).length)
    refuse(DISPATCH_MSG.approvalRequired);

  const packs = sent.reduce((n, c) => n + c.packs, 0);
  const to = target.kind === 'site' ? { toSiteId: target.siteId } : { toUserId: target.userId };
  const [row] = await tx
    .insert(dispatches)
    .values({
      did,
      companyId: site.companyId,
      fromSiteId: site.siteId,
      ...to,
      transportModeId: b.TransportModeId,
      lr: b.LR,
      remark: b.Remark || null,
      cartons: sent.length,
      packs,
      state: 'sent',
      createdBy: actor.userId,
      deviceAt: device?.at ?? null,
      entryId: device?.entryId ?? null,
    })
    .returning({ createdAt: dispatches.createdAt });
  await tx.insert(dispatchCartons).values(
    sent.map((c) => ({
      companyId: site.companyId,
      did,
      cartonId: c.id,
      productId: c.productId,
      batchNo: c.batchNo,
      mfgDate: c.mfgDate,
      expDate: c.expDate,
      qty: c.packs,
      state: 'sent' as const,
    })),
  );
  await moveOff(tx, site, did, sent);
  if (target.kind === 'dealer')
    await earnForDispatch(tx, { did, companyId: site.companyId, dealerId: target.userId }, sent);
  await logEvent(tx, {
    action: 'dispatch',
    userId: actor.userId,
    companyId: site.companyId,
    siteId: site.siteId,
    ref: did,
    device,
    detail: {
      did,
      ...to,
      cartons: sent.map((c) => c.id),
      packs,
      transportModeId: b.TransportModeId,
      lr: b.LR,
      ...(b.Remark ? { remark: b.Remark } : {}),
    },
  });
  return invoiceOf(tx, {
    did,
    companyId: site.companyId,
    target,
    transportMode,
    lr: b.LR,
    createdAt: row!.createdAt,
    cartons: sent,
  });
}
