// Secondary packing (spec 2 sections 4, 5; DESIGN section 4): scanned packs of one product into the
// carton whose slip was scanned. The server checks everything again, whatever the device checked:
// genuine, mapped to the company, not damaged, not of a recalled batch, not packed, one product, the
// count against the size, the slip of the caller's prefix, printed and unused. All or nothing: one
// refusal lists every item at fault, and the transaction it runs in rolls back.
import { sql } from 'drizzle-orm';
import { parseUid, scannedUid, visibleNumber, type Series } from '../../shared/codes.js';
import type { z } from 'zod';
import { notCodeMessage, PACKING_MSG, type secondarySave } from '../../shared/contracts/floor/packing.js';
import { REPLACE_MSG } from '../../shared/contracts/floor/replace.js';
import { RECALL_MSG } from '../../shared/contracts/recall.js';
import type { RefusedItem } from '../../shared/contracts/refusal.js';
import { secondaryCartons } from '../db/schema.js';
import type { CodeMac } from './code-mac.js';
import { claimSlip, closeCarton, floorActor, type Actor } from './packing-common.js';
import { eventInsert, lockSeries, type DeviceWork, type Tx } from './ranges.js';
import { rowsOf, sqlArray } from './sql-rows.js';
import { item, refuse, Refusal } from './refusal.js';
import { resolveMany, type CodeMapping } from './resolve-many.js';

export interface Packed {
  CartonId: string;
  TotalQty: number;
  CartonName: string;
}

type Body = z.output<typeof secondarySave>;

/** Consecutive serials of one series as [kind, prefix, from, to] runs: the event's compact list. */
function runsOf(codes: Array<{ series: Series; serial: number }>): Array<['P' | 'S', string, number, number]> {
  const sorted = [...codes].sort(
    (a, b) =>
      a.series.kind.localeCompare(b.series.kind) ||
      a.series.prefix.localeCompare(b.series.prefix) ||
      a.serial - b.serial,
  );
  const runs: Array<['P' | 'S', string, number, number]> = [];
  for (const c of sorted) {
    const last = runs.at(-1);
    if (last && last[0] === c.series.kind && last[1] === c.series.prefix && last[3] === c.serial - 1)
      last[3] = c.serial;
    else runs.push([c.series.kind, c.series.prefix, c.serial, c.serial]);
  }
  return runs;
}

/** Packs the carton, or throws the Refusal. */
export async function packSecondary(
  tx: Tx,
  codes: CodeMac,
  actor: Actor,
  b: Body,
  device?: DeviceWork,
): Promise<Packed> {
  const site = floorActor(actor);
  const { size, slip } = await closeCarton(tx, site, 'SID', b, b.scanned.length);

  const resolved = await resolveMany(
    tx,
    codes,
    site.companyId,
    b.scanned.map((s) => s.UID),
  );
  const faults: RefusedItem[] = [];
  const seen = new Set<string>();
  const good: Array<{ series: Series; serial: number; mapping: CodeMapping; scan: string }> = [];
  resolved.forEach((r, i) => {
    const scan = b.scanned[i]!.UID;
    // Not a code at all says what it is (as the device does). A code of our shape failing its MAC is
    // forged: named by its printed number (a copy's number is right, its MAC is not), with the code as
    // sent, so the device takes out exactly that one and never its genuine twin.
    if (r.state === 'forged') {
      const code = parseUid(scannedUid(scan));
      return faults.push(
        code ? item(visibleNumber(code, code.serial), PACKING_MSG.forged, scan) : item(scan, notCodeMessage(scan)),
      );
    }
    const shown = visibleNumber(r.code, r.code.serial);
    const fault = (reason: string) => faults.push(item(shown, reason, scan));
    const k = `${r.series.kind}${r.series.prefix}${r.serial}`;
    if (seen.has(k)) return fault(PACKING_MSG.alreadyScanned);
    seen.add(k);
    // Another company's code is "not mapped" to this caller: nothing more is said of it.
    if (!r.mapping || r.mapping.companyId !== site.companyId) return fault(PACKING_MSG.unmapped);
    if (r.damageReason !== null) return fault(PACKING_MSG.damaged(r.damageReason));
    if (r.replaced) return fault(REPLACE_MSG.retired);
    if (r.mapping.recallReason !== null) return fault(RECALL_MSG.onFloor(r.mapping.recallReason));
    if (r.packedIn !== null) return fault(PACKING_MSG.packed(r.packedIn));
    good.push({ series: r.series, serial: r.serial, mapping: r.mapping, scan });
  });
  const product = good[0]?.mapping.productId;
  for (const g of good) {
    if (g.mapping.productId !== product)
      faults.push(item(visibleNumber(g.series, g.serial), PACKING_MSG.sameProduct, g.scan));
  }
  if (faults.length) refuse(faults.length === 1 ? faults[0]!.Reason : PACKING_MSG.itemsRefused(faults.length), faults);

  // Damage and de-mapping of these series wait for this carton (they lock the series too), so what was
  // checked above still holds when the rows go in. Sorted, so two cartons never lock in opposite order.
  const series = [...new Map(good.map((g) => [`${g.series.kind}${g.series.prefix}`, g.series])).entries()].sort(
    ([a], [b2]) => a.localeCompare(b2),
  );
  for (const [, s] of series) await lockSeries(tx, s);
  // Then the slip: another save under it waits, and then is told it is used.
  await claimSlip(tx, slip, site.companyId);

  const oldest = good.reduce((a, g) => (g.mapping.mfgDate < a.mapping.mfgDate ? g : a), good[0]!).mapping;
  const carton = tx.insert(secondaryCartons).values({
    sid: slip,
    companyId: site.companyId,
    siteId: site.siteId,
    locationSiteId: site.siteId,
    cartonSizeId: size.id,
    productId: product!,
    qty: good.length,
    batchNo: oldest.batchNo,
    mfgDate: oldest.mfgDate,
    expDate: good.reduce((a, g) => (g.mapping.expDate < a ? g.mapping.expDate : a), oldest.expDate),
    reason: b.reason || null,
    state: 'packed',
    createdBy: actor.userId,
    deviceAt: device?.at ?? null,
    entryId: device?.entryId ?? null,
  });
  const event = eventInsert(tx, {
    action: 'pack-secondary',
    userId: actor.userId,
    companyId: site.companyId,
    siteId: site.siteId,
    ref: slip,
    device,
    detail: {
      sid: slip,
      productId: product!,
      qty: good.length,
      cartonSizeId: size.id,
      ...(b.reason ? { reason: b.reason } : {}),
      runs: runsOf(good),
    },
  });
  // The carton, its event and its items in one statement (one round trip; the items' key to the
  // carton is checked at its end). A pack packed meanwhile by another request (its row now has a
  // carton) is not taken over: fewer rows come back, and the whole carton is refused.
  const taken = rowsOf<{ kind: string; prefix: string; serial_no: string | number }>(
    await tx.execute(sql`
    with carton as (${carton.getSQL()}), logged as (${event.getSQL()})
    insert into items (company_id, kind, prefix, serial_no, secondary_id, status)
    select ${site.companyId}, u.kind, u.prefix, u.n, ${slip}, 'packed'
    from unnest(${sqlArray(
      good.map((g) => g.series.kind),
      'varchar[]',
    )}, ${sqlArray(
      good.map((g) => g.series.prefix),
      'varchar[]',
    )},
      ${sqlArray(
        good.map((g) => g.serial),
        'bigint[]',
      )}) as u(kind, prefix, n)
    on conflict (kind, prefix, serial_no, company_id) do update set secondary_id = excluded.secondary_id, status = 'packed', updated_at = now()
      where items.secondary_id is null and items.status <> 'replaced'
    returning kind, prefix, serial_no`),
  );
  if (taken.length !== good.length) {
    const got = new Set(taken.map((t) => `${t.kind}${t.prefix}${Number(t.serial_no)}`));
    const lost = good.filter((g) => !got.has(`${g.series.kind}${g.series.prefix}${g.serial}`));
    throw new Refusal(
      PACKING_MSG.itemsRefused(lost.length),
      lost.map((g) => item(visibleNumber(g.series, g.serial), PACKING_MSG.packed('another carton'), g.scan)),
    );
  }
  return { CartonId: slip, TotalQty: good.length, CartonName: size.name };
}
