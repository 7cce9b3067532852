// Carton Return (spec 2 sections 4, 5; issue 12 item 4). Who may take back what is decided and written
// in shared/contracts/floor/carton-return.ts and return-problem.ts (returnProblem, which the device runs too):
// - from transit (IsActive true): the sending site takes back cartons whose leg is still 'sent';
// - otherwise: the sending site takes back cartons its dispatch delivered, while they are still where
//   the receipt left them (at the target site, or with the dealer).
// Either way the carton's latest leg ends 'returned' and the carton is back at the caller's site, no
// longer travelling nor with a dealer. A DID stands for every carton of it that can be taken back so.
// All or nothing, one `return` event; the cartons are locked while checked, as packing's are.
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { RETURN_MSG, returnScans, type LegFacts, type returnSave } from '../../shared/contracts/floor/carton-return.js';
import { returnProblem } from '../../shared/contracts/floor/return-problem.js';
import { faultsMessage } from '../../shared/contracts/floor/dispatch-receive.js';
import type { RefusedItem } from '../../shared/contracts/refusal.js';
import { dispatchCartons, dispatches } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import { cartonsOf, endLegs, latestLegs, moveCartons, type Carton, type Dispatch, type Leg } from './carton-legs.js';
import { logEvent, type DeviceWork, type Tx } from './ranges.js';
import { item, refuse, Refusal } from './refusal.js';

type Body = z.output<typeof returnSave>;

export interface ReturnSite {
  userId: number;
  companyId: number;
  siteId: number;
}

/** The caller's site: cartons come back to a factory or warehouse. */
export function returnSite(a: Pick<Caller, 'userId' | 'companyId' | 'siteId'>): ReturnSite {
  if (a.companyId === null || a.siteId === null) refuse(RETURN_MSG.noSite);
  return { userId: a.userId, companyId: a.companyId, siteId: a.siteId };
}

/** A carton the site may take back, with the leg it comes back from. */
export interface Planned {
  carton: Carton;
  leg: Leg;
  d: Dispatch;
}

const legFacts = (l: { leg: Leg; d: Dispatch } | undefined): LegFacts | undefined =>
  l && {
    did: l.leg.did,
    state: l.leg.state,
    companyId: l.d.companyId,
    fromSiteId: l.d.fromSiteId,
    toSiteId: l.d.toSiteId,
    toUserId: l.d.toUserId,
  };

/** What the scans (parsed ids: TIDs, SIDs, DIDs) would take back, in scan order, and each scan at fault.
 *  The cartons are locked when `lock` (the save); the lookups only read. */
export async function returnPlan(
  tx: Tx,
  site: ReturnSite,
  scans: readonly string[],
  transit: boolean,
  lock: boolean,
): Promise<{ planned: Planned[]; faults: RefusedItem[] }> {
  const dids = scans.filter((s) => s.startsWith('DID'));
  const byDid = new Map(
    (dids.length
      ? await tx
          .select()
          .from(dispatches)
          .where(and(inArray(dispatches.did, dids), eq(dispatches.companyId, site.companyId)))
      : []
    ).map((d) => [d.did, d]),
  );
  // Only the caller's site's dispatches open up into cartons.
  const sentHere = dids.filter(
    (did) => byDid.get(did)?.companyId === site.companyId && byDid.get(did)?.fromSiteId === site.siteId,
  );
  const didLegs = sentHere.length
    ? await tx
        .select()
        .from(dispatchCartons)
        .where(and(inArray(dispatchCartons.did, sentHere), eq(dispatchCartons.companyId, site.companyId)))
        .orderBy(dispatchCartons.cartonId)
    : [];
  // Each carton once: as scanned itself, or through the first DID that holds it.
  const via = new Map<string, string | null>(scans.filter((s) => !s.startsWith('DID')).map((s) => [s, null]));
  for (const l of didLegs) if (!via.has(l.cartonId)) via.set(l.cartonId, l.did);
  const ids = [...via.keys()];
  const cartons = await cartonsOf(tx, site.companyId, ids, lock);
  const latest = await latestLegs(tx, site.companyId, ids);
  const problem = (id: string) => returnProblem(id, cartons.get(id), legFacts(latest.get(id)), site, transit);
  const plan = (id: string): Planned => ({ carton: cartons.get(id)!, ...latest.get(id)! });

  const planned: Planned[] = [];
  const faults: RefusedItem[] = [];
  for (const scan of scans) {
    if (!scan.startsWith('DID')) {
      const p = problem(scan);
      if (p) faults.push(item(scan, p));
      else planned.push(plan(scan));
      continue;
    }
    const d = byDid.get(scan);
    if (!d || d.companyId !== site.companyId) faults.push(item(scan, RETURN_MSG.notFound(scan)));
    else if (d.fromSiteId !== site.siteId) faults.push(item(scan, RETURN_MSG.notYours(scan)));
    else {
      // Its cartons whose latest leg it is and that can be taken back under the flag (those also
      // scanned on their own are planned there).
      const mine = didLegs.filter(
        (l) => l.did === scan && latest.get(l.cartonId)?.leg.did === scan && problem(l.cartonId) === null,
      );
      if (mine.length === 0) faults.push(item(scan, RETURN_MSG.nothing(scan, transit)));
      planned.push(...mine.filter((l) => via.get(l.cartonId) === scan).map((l) => plan(l.cartonId)));
    }
  }
  return { planned, faults };
}

/** The lookups' answer for one scan: what it would take back now, or the refusal naming why not. */
export async function returnable(
  tx: Tx,
  actor: Pick<Caller, 'userId' | 'companyId' | 'siteId'>,
  code: string,
  transit: boolean,
): Promise<Planned[]> {
  const site = returnSite(actor);
  const scans = returnScans([code]);
  const { planned, faults } = scans.faults.length
    ? { planned: [], faults: scans.faults }
    : await returnPlan(tx, site, scans.ids, transit, false);
  if (faults.length) refuse(faultsMessage(faults, RETURN_MSG.itemsRefused), faults);
  return planned;
}

export interface ReturnDone {
  Cartons: string[];
  DispatchIds: string[];
  Transit: boolean;
}

export async function returnCartons(
  tx: Tx,
  actor: Pick<Caller, 'userId' | 'companyId' | 'siteId'>,
  b: Body,
  device?: DeviceWork,
): Promise<ReturnDone> {
  const site = returnSite(actor);
  const transit = b.IsActive;
  const scans = returnScans(b.scanned.map((s) => s.CartonId));
  const { planned, faults } = await returnPlan(tx, site, scans.ids, transit, true);
  const all = [...scans.faults, ...faults];
  if (all.length) refuse(faultsMessage(all, RETURN_MSG.itemsRefused), all);

  const legsByDid = new Map<string, string[]>();
  for (const p of planned) legsByDid.set(p.leg.did, [...(legsByDid.get(p.leg.did) ?? []), p.carton.id]);
  let ended = 0;
  let moved = 0;
  for (const [did, ids] of legsByDid) {
    ended += await endLegs(tx, site.companyId, did, ids, transit ? 'sent' : 'received', 'returned');
    moved += await moveCartons(
      tx,
      site.companyId,
      ids,
      { locationSiteId: site.siteId, dealerId: null },
      transit ? did : null,
    );
  }
  if (ended !== planned.length || moved !== planned.length) throw new Refusal(RETURN_MSG.changed);

  const cartons = planned.map((p) => p.carton.id);
  const dids = [...legsByDid.keys()];
  await logEvent(tx, {
    action: 'return',
    userId: site.userId,
    companyId: site.companyId,
    siteId: site.siteId,
    ref: dids.length === 1 ? dids[0] : undefined,
    device,
    detail: { cartons, transit, dids, remark: b.Remark },
  });
  return { Cartons: cartons, DispatchIds: dids, Transit: transit };
}
