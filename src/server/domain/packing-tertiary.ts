// Tertiary packing (spec 2 sections 4, 5; DESIGN section 4): loose secondary cartons of one product
// at the caller's site into the tertiary carton whose slip was scanned. Older stock first: while an
// older loose carton of the product waits at the site (one the lifecycle would let into a TID now: a
// recalled one does not wait), newer ones are packed only with an approval remark, which is stored on
// the carton. All or nothing, as secondary packing.
import { and, asc, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { PACKING_MSG, secondaryScan, type tertiarySave } from '../../shared/contracts/floor/packing.js';
import type { RefusedItem } from '../../shared/contracts/refusal.js';
import { cartonRefusal, type Carton } from '../../shared/lifecycle/index.js';
import { secondaryCartons, tertiaryCartons } from '../db/schema.js';
import { factsOf, type StoredCarton } from './carton-facts.js';
import { OLDER_PAGE, olderThatMay, type OlderPage } from './older-stock.js';
import { claimSlip, closeCarton, floorActor, type Actor, type FloorSite } from './packing-common.js';
import type { Packed } from './packing-secondary.js';
import { logEvent, type DeviceWork, type Tx } from './ranges.js';
import { item, refuse, Refusal } from './refusal.js';

type Body = z.output<typeof tertiarySave>;
type Secondary = typeof secondaryCartons.$inferSelect;

/** Why a secondary carton cannot go into a tertiary one now, or null: the lifecycle's answer (`carton`
 *  from cartonFacts; absent: unknown or another company's). A recalled SID is refused with the reason. */
export function secondaryProblem(carton: Carton | undefined, sid: string): string | null {
  if (!carton) return PACKING_MSG.notHere(sid);
  return cartonRefusal('pack-tid', carton);
}

/** Loose cartons of the product at the site made before `mfgDate` that the lifecycle lets into a TID
 *  now (a recalled one is not older stock waiting), oldest first, leaving out `except`; at most `limit`. */
export async function olderStock(
  tx: Tx,
  site: FloorSite,
  productId: number,
  mfgDate: string,
  except: string[],
  limit = 200,
  pageSize = OLDER_PAGE,
): Promise<Secondary[]> {
  const page: OlderPage<Secondary & StoredCarton> = async (after, n) =>
    (
      await tx
        .select()
        .from(secondaryCartons)
        .where(
          and(
            eq(secondaryCartons.companyId, site.companyId),
            eq(secondaryCartons.locationSiteId, site.siteId),
            eq(secondaryCartons.state, 'packed'),
            isNull(secondaryCartons.tid),
            eq(secondaryCartons.productId, productId),
            lt(secondaryCartons.mfgDate, mfgDate),
            except.length ? notInArray(secondaryCartons.sid, except) : undefined,
            after
              ? sql`(${secondaryCartons.mfgDate}, ${secondaryCartons.sid}) > (${after.mfg}::date, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(asc(secondaryCartons.mfgDate), asc(secondaryCartons.sid))
        .limit(n)
    ).map((c) => ({ ...c, id: c.sid }));
  return olderThatMay(tx, site, 'pack-tid', page, limit, pageSize);
}

export async function packTertiary(tx: Tx, actor: Actor, b: Body, device?: DeviceWork): Promise<Packed> {
  const site = floorActor(actor);
  const { size, slip } = await closeCarton(tx, site, 'TID', b, b.scanned.length);

  const faults: RefusedItem[] = [];
  const sids: string[] = [];
  for (const s of b.scanned) {
    const scan = secondaryScan(s.CartonId);
    if ('message' in scan) faults.push(item(s.CartonId, scan.message));
    else if (sids.includes(scan.sid)) faults.push(item(scan.sid, PACKING_MSG.alreadyScanned));
    else sids.push(scan.sid);
  }
  // The slip first: another save under it waits, and then is told it is used.
  await claimSlip(tx, slip, site.companyId);
  // Locked: a carton packed, damaged or dispatched by another request meanwhile waits for this one. In
  // id order, as every writer of cartons locks them, so two saves never deadlock.
  const found = sids.length
    ? await tx
        .select()
        .from(secondaryCartons)
        .where(and(inArray(secondaryCartons.sid, sids), eq(secondaryCartons.companyId, site.companyId)))
        .orderBy(secondaryCartons.sid)
        .for('update')
    : [];
  const bySid = new Map(found.map((c) => [c.sid, c]));
  const facts = await factsOf(
    tx,
    site,
    found.map((c) => ({ ...c, id: c.sid })),
  );
  const good: Secondary[] = [];
  for (const sid of sids) {
    const problem = secondaryProblem(facts.get(sid), sid);
    if (problem) faults.push(item(sid, problem));
    else good.push(bySid.get(sid)!);
  }
  const product = good[0]?.productId;
  for (const c of good) if (c.productId !== product) faults.push(item(c.sid, PACKING_MSG.similarItems));
  if (faults.length) refuse(faults.length === 1 ? faults[0]!.Reason : PACKING_MSG.itemsRefused(faults.length), faults);

  const newest = good.reduce((a, c) => ((c.mfgDate ?? '') > (a.mfgDate ?? '') ? c : a), good[0]!);
  const oldest = good.reduce((a, c) => ((c.mfgDate ?? '') < (a.mfgDate ?? '') ? c : a), good[0]!);
  // The older-stock rule compares with the newest carton packed: anything older left behind needs the remark.
  if (!b.remark && newest.mfgDate && (await olderStock(tx, site, product!, newest.mfgDate, sids, 1)).length) {
    refuse(PACKING_MSG.approvalRequired);
  }
  await tx.insert(tertiaryCartons).values({
    tid: slip,
    companyId: site.companyId,
    siteId: site.siteId,
    locationSiteId: site.siteId,
    cartonSizeId: size.id,
    productId: product!,
    qty: good.length,
    batchNo: oldest.batchNo,
    mfgDate: oldest.mfgDate,
    expDate: good.reduce<string | null>((a, c) => (c.expDate && (!a || c.expDate < a) ? c.expDate : a), null),
    reason: b.reason || null,
    remark: b.remark || null,
    state: 'packed',
    createdBy: actor.userId,
    deviceAt: device?.at ?? null,
    entryId: device?.entryId ?? null,
  });
  const moved = await tx
    .update(secondaryCartons)
    .set({ tid: slip })
    .where(
      and(
        inArray(secondaryCartons.sid, sids),
        eq(secondaryCartons.companyId, site.companyId),
        isNull(secondaryCartons.tid),
        eq(secondaryCartons.state, 'packed'),
      ),
    )
    .returning({ sid: secondaryCartons.sid });
  if (moved.length !== sids.length) throw new Refusal(PACKING_MSG.itemsAlreadyPacked);
  await logEvent(tx, {
    action: 'pack-tertiary',
    userId: actor.userId,
    companyId: site.companyId,
    siteId: site.siteId,
    ref: slip,
    device,
    detail: {
      tid: slip,
      productId: product!,
      qty: good.length,
      cartonSizeId: size.id,
      sids,
      ...(b.reason ? { reason: b.reason } : {}),
      ...(b.remark ? { remark: b.remark } : {}),
    },
  });
  return { CartonId: slip, TotalQty: good.length, CartonName: size.name };
}
