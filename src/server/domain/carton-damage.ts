// Damage Carton (spec 2 sections 4, 5; DESIGN section 4): a SID or TID at the caller's site becomes
// damaged for good with everything in it (a TID's secondary cartons and their packs).
import { and, eq, inArray, sql } from 'drizzle-orm';
import { parseSlipId } from '../../shared/codes.js';
import { CARTON_DAMAGE_MSG } from '../../shared/contracts/floor/carton-damage.js';
import { cartonRefusal } from '../../shared/lifecycle/index.js';
import { items, secondaryCartons, tertiaryCartons } from '../db/schema.js';
import { cartonFacts } from './carton-facts.js';
import { floorActor, type Actor } from './packing-common.js';
import { logEvent, type DeviceWork, type Tx } from './ranges.js';
import { refuse } from './refusal.js';

export interface CartonDamaged {
  CartonId: string;
  Packs: number;
  Cartons: number;
}

export async function damageCarton(
  tx: Tx,
  actor: Actor,
  scan: string,
  reason: string,
  device?: DeviceWork,
): Promise<CartonDamaged> {
  const site = floorActor(actor);
  const slip = parseSlipId(scan);
  if (!slip || (slip.type !== 'SID' && slip.type !== 'TID')) refuse(CARTON_DAMAGE_MSG.invalidScan);
  const id = slip.text;
  // Locked first, then asked of the lifecycle: a carton inside a tertiary one is where that one is;
  // recalled or expired stock may be damaged (a physical fact).
  if (slip.type === 'TID')
    await tx
      .select({ tid: tertiaryCartons.tid })
      .from(tertiaryCartons)
      .where(and(eq(tertiaryCartons.tid, id), eq(tertiaryCartons.companyId, site.companyId)))
      .for('update');
  else
    await tx
      .select({ sid: secondaryCartons.sid })
      .from(secondaryCartons)
      .where(and(eq(secondaryCartons.sid, id), eq(secondaryCartons.companyId, site.companyId)))
      .for('update');
  const carton = (await cartonFacts(tx, site, [id])).get(id);
  if (!carton) refuse(CARTON_DAMAGE_MSG.notHere(id));
  const problem = cartonRefusal('damage-carton', carton);
  if (problem) refuse(problem);
  let sids: string[];
  if (slip.type === 'TID') {
    await tx
      .update(tertiaryCartons)
      .set({ state: 'damaged' })
      .where(and(eq(tertiaryCartons.tid, id), eq(tertiaryCartons.companyId, site.companyId)));
    sids = (
      await tx
        .select({ sid: secondaryCartons.sid })
        .from(secondaryCartons)
        .where(and(eq(secondaryCartons.tid, id), eq(secondaryCartons.companyId, site.companyId)))
    ).map((r) => r.sid);
  } else {
    sids = [id];
  }
  if (sids.length)
    await tx
      .update(secondaryCartons)
      .set({ state: 'damaged' })
      .where(and(inArray(secondaryCartons.sid, sids), eq(secondaryCartons.companyId, site.companyId)));
  const packs = sids.length
    ? (
        await tx
          .update(items)
          .set({ status: 'damaged', updatedAt: sql`now()` })
          .where(and(inArray(items.secondaryId, sids), eq(items.companyId, site.companyId)))
          .returning({ id: items.id })
      ).length
    : 0;
  await logEvent(tx, {
    action: 'damage-carton',
    userId: actor.userId,
    companyId: site.companyId,
    siteId: site.siteId,
    ref: id,
    device,
    detail: { cartonId: id, reason, sids, packs },
  });
  return { CartonId: id, Packs: packs, Cartons: sids.length };
}
