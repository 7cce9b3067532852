// What this device has done that the server may not have answered yet, read from the outbox: packs
// packed, slips used, secondary cartons packed here (loose, or since packed into a tertiary carton
// here) and cartons damaged here. Together with the cache (the server's state at the last refresh)
// it is what every floor scan is checked against, offline or not. A rejected entry holds nothing.
import { PACKING_API, type SecondarySave, type TertiarySave } from '../../../shared/contracts/floor/packing.js';
import { CARTON_DAMAGE_API, type CartonDamageRequest } from '../../../shared/contracts/floor/carton-damage.js';
import { parseSlipId, parseUid, scannedUid } from '../../../shared/codes.js';
import type { OutboxEntry } from '../../offline/outbox-entry.js';
import type { FloorCache, OpenSecondary } from '../cache/index.js';

/** One pack as the server knows it: a paired preprinted code is its static twin. */
export const packKey = (f: { series: { kind: string; prefix: string }; serial: number }) => `${f.series.kind}${f.series.prefix}:${f.serial}`;

export interface LocalWork {
  /** Pack key -> the SID it was packed into here. */
  packed: Map<string, string>;
  /** Slip ids used by a carton made here. */
  slips: Set<string>;
  /** Secondary cartons packed here, as the cache lists loose ones. */
  secondaries: Map<string, OpenSecondary>;
  /** SID -> the TID it was packed into here. */
  inTertiary: Map<string, string>;
  /** Cartons damaged here (SIDs and TIDs). */
  damaged: Set<string>;
}

/** The saves whose queued entries hold local effects (addEntry reads each of them). */
export const FLOOR_WORK = [PACKING_API.secondarySave, PACKING_API.tertiarySave, CARTON_DAMAGE_API.damage] as const;

export const emptyLocalWork = (): LocalWork => ({
  packed: new Map(), slips: new Set(), secondaries: new Map(), inTertiary: new Map(), damaged: new Set(),
});

/** Adds one entry's effect (in queue order: a tertiary entry after the secondaries it holds). */
export function addEntry(work: LocalWork, entry: Pick<OutboxEntry, 'endpoint' | 'payload' | 'status'>, cache: FloorCache): void {
  if (entry.status === 'rejected') return;
  if (entry.endpoint === PACKING_API.secondarySave.path) {
    const p = entry.payload as SecondarySave;
    const sid = parseSlipId(p.CartonName)?.text ?? p.CartonName;
    work.slips.add(sid);
    let first: OpenSecondary | undefined;
    for (const s of p.scanned) {
      const code = parseUid(scannedUid(s.UID));
      if (!code) continue;
      const facts = cache.codeFacts(code.kind, code.prefix, code.serial);
      work.packed.set(packKey(facts), sid);
      const m = facts.mapping;
      if (m && (!first || m.MFGDate < first.MFGDate)) {
        first = { SID: sid, ProductId: m.ProductId, Qty: p.scanned.length, CartonSizeId: p.cartonMasterId, BatchNo: m.BatchNo, MFGDate: m.MFGDate, EXPDate: m.EXPDate };
      }
    }
    if (first) work.secondaries.set(sid, first);
  } else if (entry.endpoint === PACKING_API.tertiarySave.path) {
    const p = entry.payload as TertiarySave;
    const tid = parseSlipId(p.CartonName)?.text ?? p.CartonName;
    work.slips.add(tid);
    for (const s of p.scanned) {
      const sid = parseSlipId(s.CartonId)?.text;
      if (sid) work.inTertiary.set(sid, tid);
    }
  } else if (entry.endpoint === CARTON_DAMAGE_API.damage.path) {
    const id = parseSlipId((entry.payload as CartonDamageRequest).DamageCid)?.text;
    if (id) work.damaged.add(id);
  }
}

export function localWorkOf(entries: ReadonlyArray<Pick<OutboxEntry, 'endpoint' | 'payload' | 'status'>>, cache: FloorCache): LocalWork {
  const work = emptyLocalWork();
  for (const e of entries) addEntry(work, e, cache);
  return work;
}
