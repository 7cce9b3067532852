// Secondary packing (spec 2 sections 4, 5; DESIGN section 4): scanned packs of one product into the
// carton whose slip was scanned. The server checks everything again, whatever the device checked:
// genuine, mapped to the company, not damaged, not packed, one product, the count against the size,
// the slip of the caller's prefix, printed and unused. All or nothing: one refusal lists every item
// at fault, and the transaction it runs in rolls back.
import { sql } from 'drizzle-orm';
import { visibleNumber, type Series } from '../../shared/codes.js';
import type { z } from 'zod';
import { PACKING_MSG, type secondarySave } from '../../shared/contracts/floor/packing.js';
import type { RefusedItem } from '../../shared/contracts/refusal.js';
import { items, secondaryCartons } from '../db/schema.js';
import type { CodeMac } from './code-mac.js';
import { closeCarton, floorActor, type Actor } from './packing-common.js';
import { lockSeries, logEvent, type DeviceWork, type Tx } from './ranges.js';
import { item, refuse, Refusal } from './refusal.js';
import { resolveMany, type CodeMapping } from './resolve-many.js';

export interface Packed { CartonId: string; TotalQty: number; CartonName: string }

type Body = z.output<typeof secondarySave>;

/** Consecutive serials of one series as [kind, prefix, from, to] runs: the event's compact list. */
function runsOf(codes: Array<{ series: Series; serial: number }>): Array<['P' | 'S', string, number, number]> {
  const sorted = [...codes].sort((a, b) => a.series.kind.localeCompare(b.series.kind) || a.series.prefix.localeCompare(b.series.prefix) || a.serial - b.serial);
  const runs: Array<['P' | 'S', string, number, number]> = [];
  for (const c of sorted) {
    const last = runs.at(-1);
    if (last && last[0] === c.series.kind && last[1] === c.series.prefix && last[3] === c.serial - 1) last[3] = c.serial;
    else runs.push([c.series.kind, c.series.prefix, c.serial, c.serial]);
  }
  return runs;
}

/** Packs the carton, or throws the Refusal. */
export async function packSecondary(tx: Tx, codes: CodeMac, actor: Actor, b: Body, device?: DeviceWork): Promise<Packed> {
  const site = floorActor(actor);
  const { size, slip } = await closeCarton(tx, site, 'SID', b, b.scanned.length);

  const resolved = await resolveMany(tx, codes, b.scanned.map((s) => s.UID));
  const faults: RefusedItem[] = [];
  const seen = new Set<string>();
  const good: Array<{ series: Series; serial: number; mapping: CodeMapping }> = [];
  resolved.forEach((r, i) => {
    const scan = b.scanned[i]!.UID;
    if (r.state === 'forged') return faults.push(item(scan, PACKING_MSG.forged));
    const shown = visibleNumber(r.code, r.code.serial);
    const k = `${r.series.kind}${r.series.prefix}${r.serial}`;
    if (seen.has(k)) return faults.push(item(shown, PACKING_MSG.alreadyScanned));
    seen.add(k);
    // Another company's code is "not mapped" to this caller: nothing more is said of it.
    if (!r.mapping || r.mapping.companyId !== site.companyId) return faults.push(item(shown, PACKING_MSG.unmapped));
    if (r.damageReason !== null) return faults.push(item(shown, PACKING_MSG.damaged(r.damageReason)));
    if (r.packedIn !== null) return faults.push(item(shown, PACKING_MSG.packed(r.packedIn)));
    good.push({ series: r.series, serial: r.serial, mapping: r.mapping });
  });
  const product = good[0]?.mapping.productId;
  for (const g of good) {
    if (g.mapping.productId !== product) faults.push(item(visibleNumber(g.series, g.serial), PACKING_MSG.sameProduct));
  }
  if (faults.length) refuse(faults.length === 1 ? faults[0]!.Reason : PACKING_MSG.itemsRefused(faults.length), faults);

  // Damage and de-mapping of these series wait for this carton (they lock the series too), so what was
  // checked above still holds when the rows go in. Sorted, so two cartons never lock in opposite order.
  const series = [...new Map(good.map((g) => [`${g.series.kind}${g.series.prefix}`, g.series])).entries()].sort(([a], [b2]) => a.localeCompare(b2));
  for (const [, s] of series) await lockSeries(tx, s);

  const oldest = good.reduce((a, g) => (g.mapping.mfgDate < a.mapping.mfgDate ? g : a), good[0]!).mapping;
  await tx.insert(secondaryCartons).values({
    sid: slip, companyId: site.companyId, siteId: site.siteId, locationSiteId: site.siteId, cartonSizeId: size.id,
    productId: product!, qty: good.length, batchNo: oldest.batchNo, mfgDate: oldest.mfgDate,
    expDate: good.reduce((a, g) => (g.mapping.expDate < a ? g.mapping.expDate : a), oldest.expDate),
    reason: b.reason || null, state: 'packed', createdBy: actor.userId, deviceAt: device?.at ?? null, entryId: device?.entryId ?? null,
  });
  // A pack packed meanwhile by another request (its row now has a carton) is not taken over: fewer
  // rows come back, and the whole carton is refused.
  const taken = await tx.insert(items)
    .values(good.map((g) => ({ kind: g.series.kind, prefix: g.series.prefix, serialNo: g.serial, secondaryId: slip, status: 'packed' })))
    .onConflictDoUpdate({
      target: [items.kind, items.prefix, items.serialNo],
      set: { secondaryId: slip, status: 'packed', updatedAt: sql`now()` },
      setWhere: sql`${items.secondaryId} is null`,
    })
    .returning({ kind: items.kind, prefix: items.prefix, serialNo: items.serialNo });
  if (taken.length !== good.length) {
    const got = new Set(taken.map((t) => `${t.kind}${t.prefix}${t.serialNo}`));
    const lost = good.filter((g) => !got.has(`${g.series.kind}${g.series.prefix}${g.serial}`));
    throw new Refusal(PACKING_MSG.itemsRefused(lost.length), lost.map((g) => item(visibleNumber(g.series, g.serial), PACKING_MSG.packed('another carton'))));
  }
  await logEvent(tx, {
    action: 'pack-secondary', userId: actor.userId, companyId: site.companyId, siteId: site.siteId, ref: slip, device,
    detail: { sid: slip, productId: product!, qty: good.length, cartonSizeId: size.id, ...(b.reason ? { reason: b.reason } : {}), runs: runsOf(good) },
  });
  return { CartonId: slip, TotalQty: good.length, CartonName: size.name };
}
