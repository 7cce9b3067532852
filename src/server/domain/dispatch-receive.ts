// Dispatch Receive (spec 2 sections 4, 5; DESIGN section 4: "a dispatch is received once, by its
// target"): the target (a user of the site it was sent to, or the dealer it was sent to) receives a
// dispatch once, all or nothing. The cartons that arrived end their leg 'received' and are at the
// target site (or with the dealer); those of the dispatch left out end it 'missing' and are nowhere
// until found. Cartons the sender took back from transit meanwhile are no longer part of it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { USER_TYPE } from '../../shared/contracts/auth.js';
import { faultsMessage, RECEIVE_MSG, slipScans, type Receipt } from '../../shared/contracts/floor/dispatch-receive.js';
import type { RefusedItem } from '../../shared/contracts/refusal.js';
import { cartonRefusal } from '../../shared/lifecycle/index.js';
import { dispatchCartons, dispatches } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import { cartonFacts } from './carton-facts.js';
import { cartonsOf, endLegs, latestLegs, legsDispatch, moveCartons, type Dispatch, type Leg } from './carton-legs.js';
import { logEvent, type DeviceWork, type Tx } from './ranges.js';
import { item, refuse, Refusal } from './refusal.js';

export type ReceiverActor = Pick<Caller, 'userId' | 'userType' | 'companyId' | 'siteId'>;
export interface Receiver {
  userId: number;
  companyId: number;
  siteId: number | null;
}

/** The caller as a receiver: a user of a company at a site, or a dealer. */
export function receiverOf(a: ReceiverActor): Receiver {
  if (a.companyId === null || (a.siteId === null && a.userType !== USER_TYPE.dealer)) refuse(RECEIVE_MSG.noReceiver);
  return { userId: a.userId, companyId: a.companyId, siteId: a.siteId };
}

const addressedTo = (d: Dispatch, r: Receiver) =>
  (d.toSiteId !== null && d.toSiteId === r.siteId) || (d.toUserId !== null && d.toUserId === r.userId);

/** The dispatch `r` may receive now, and its legs (in carton order); locked for the receipt. */
export async function receivableDispatch(
  tx: Tx,
  r: Receiver,
  did: string,
  lock: boolean,
): Promise<{ d: Dispatch; legs: Leg[] }> {
  const q = tx
    .select()
    .from(dispatches)
    .where(and(eq(dispatches.did, did), eq(dispatches.companyId, r.companyId)));
  const [d] = lock ? await q.for('update') : await q;
  if (!d || d.companyId !== r.companyId) refuse(RECEIVE_MSG.notFound(did));
  if (!addressedTo(d, r)) refuse(RECEIVE_MSG.notAddressed(did));
  if (d.state === 'received') refuse(RECEIVE_MSG.alreadyReceived(did));
  const legs = await legsOf(tx, r.companyId, did);
  if (!legs.some((l) => l.state === 'sent')) refuse(RECEIVE_MSG.allReturned(did));
  return { d, legs };
}

const legsOf = (tx: Tx, companyId: number, did: string) =>
  tx
    .select()
    .from(dispatchCartons)
    .where(and(eq(dispatchCartons.did, did), eq(dispatchCartons.companyId, companyId)))
    .orderBy(dispatchCartons.cartonId);

/** Receives `did`: `arrived` lists the cartons that came (null: every carton still on the way). */
export async function receiveDispatch(
  tx: Tx,
  actor: ReceiverActor,
  did: string,
  arrived: readonly string[] | null,
  device?: DeviceWork,
): Promise<Receipt> {
  const r = receiverOf(actor);
  const first = await receivableDispatch(tx, r, did, true);
  // Every writer of a leg holds its carton's lock: read the legs again once they are ours.
  await cartonsOf(
    tx,
    r.companyId,
    first.legs.map((l) => l.cartonId),
    true,
  );
  const legs = await legsOf(tx, r.companyId, did);
  const open = legs.filter((l) => l.state === 'sent').map((l) => l.cartonId);
  if (open.length === 0) refuse(RECEIVE_MSG.allReturned(did));

  let came = open;
  if (arrived !== null) {
    const { ids, faults } = slipScans(arrived, ['TID', 'SID']);
    const byId = new Map(legs.map((l) => [l.cartonId, l]));
    for (const id of ids) {
      const leg = byId.get(id);
      if (!leg) faults.push(item(id, RECEIVE_MSG.notOnDispatch(id, did)));
      else if (leg.state !== 'sent') faults.push(item(id, RECEIVE_MSG.takenBack(id)));
    }
    if (faults.length) refuse(faultsMessage(faults, RECEIVE_MSG.itemsRefused), faults);
    came = ids;
  }
  // The lifecycle's word on each carton that came: on its way to the caller on this dispatch. Recalled
  // or expired, it is received: a receipt records a physical fact.
  const facts = await cartonFacts(tx, r, came);
  const notComing = came.flatMap((id) => {
    const c = facts.get(id);
    const problem = c ? cartonRefusal('receive', { ...c, here: c.did === did }) : RECEIVE_MSG.notInTransit(id);
    return problem ? [item(id, problem)] : [];
  });
  if (notComing.length) refuse(faultsMessage(notComing, RECEIVE_MSG.itemsRefused), notComing);
  const cameSet = new Set(came);
  const missing = open.filter((id) => !cameSet.has(id));
  const d = first.d;

  const ended =
    (await endLegs(tx, r.companyId, did, came, 'sent', 'received')) +
    (await endLegs(tx, r.companyId, did, missing, 'sent', 'missing'));
  const moved =
    (await moveCartons(tx, r.companyId, came, { locationSiteId: d.toSiteId, dealerId: d.toUserId }, did)) +
    (await moveCartons(tx, r.companyId, missing, { locationSiteId: null, dealerId: null }, did));
  if (ended !== open.length || moved !== open.length) throw new Refusal(RECEIVE_MSG.changed(did));
  await tx
    .update(dispatches)
    .set({
      state: 'received',
      receivedBy: r.userId,
      receivedAt: sql`now()`,
      receivedDeviceAt: device?.at ?? null,
      receivedEntryId: device?.entryId ?? null,
    })
    .where(and(eq(dispatches.did, did), eq(dispatches.companyId, r.companyId)));
  await logEvent(tx, {
    action: 'receive',
    userId: r.userId,
    companyId: r.companyId,
    siteId: d.toSiteId,
    ref: did,
    device,
    detail: { did, received: came, missing },
  });
  return { DispatchId: did, Received: came, Missing: missing };
}

/** DispatchCartonReceive's list: a DID (all of it arrived) or cartons on the way on one dispatch.
 *  The dispatch it names, and the cartons that came (null: all). */
export async function receiptOfIds(
  tx: Tx,
  actor: ReceiverActor,
  scans: readonly string[],
): Promise<{ did: string; arrived: string[] | null }> {
  const r = receiverOf(actor);
  const { ids, faults } = slipScans(scans, ['DID', 'TID', 'SID']);
  if (faults.length) refuse(faultsMessage(faults, RECEIVE_MSG.itemsRefused), faults);
  const did = ids.find((id) => id.startsWith('DID'));
  const cartons = ids.filter((id) => !id.startsWith('DID'));
  const onWay = cartons.length
    ? await tx
        .select({ did: dispatchCartons.did, cartonId: dispatchCartons.cartonId, companyId: dispatches.companyId })
        .from(dispatchCartons)
        .innerJoin(dispatches, legsDispatch)
        .where(
          and(
            inArray(dispatchCartons.cartonId, cartons),
            eq(dispatchCartons.companyId, r.companyId),
            eq(dispatchCartons.state, 'sent'),
          ),
        )
    : [];
  const legOf = new Map(onWay.filter((l) => l.companyId === r.companyId).map((l) => [l.cartonId, l.did]));
  const named = did ?? cartons.map((c) => legOf.get(c)).find((on) => on !== undefined);
  // A carton no longer on the way: its dispatch may have been received already (by another device).
  const ended = await latestLegs(
    tx,
    r.companyId,
    cartons.filter((c) => !legOf.has(c)),
  );
  const wrong: RefusedItem[] = [];
  for (const id of ids) {
    if (id === named) continue;
    const on = id.startsWith('DID') ? id : legOf.get(id);
    const last = ended.get(id)?.d;
    if (
      on === undefined &&
      last &&
      last.companyId === r.companyId &&
      last.state === 'received' &&
      addressedTo(last, r)
    ) {
      wrong.push(item(id, RECEIVE_MSG.alreadyReceived(last.did)));
    } else if (on === undefined) wrong.push(item(id, RECEIVE_MSG.notInTransit(id)));
    else if (on !== named) wrong.push(item(id, RECEIVE_MSG.otherDispatch(id, named!)));
  }
  if (wrong.length || !named) refuse(faultsMessage(wrong, RECEIVE_MSG.itemsRefused), wrong);
  return { did: named, arrived: did ? null : cartons };
}
