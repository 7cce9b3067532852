// What this device has done that the server may not have answered yet, read from the outbox: packs
// packed, slips used, secondary cartons packed here (loose, or since packed into a tertiary carton
// here) and cartons damaged here. Together with the cache (the server's state at the last refresh)
// it is what every floor scan is checked against, offline or not. A rejected entry holds nothing.
import { PACKING_API, type SecondarySave, type TertiarySave } from '../../../shared/contracts/floor/packing.js';
import { CARTON_DAMAGE_API, type CartonDamageRequest } from '../../../shared/contracts/floor/carton-damage.js';
import { RETURN_API, type ReturnSave } from '../../../shared/contracts/floor/carton-return.js';
import { DISPATCH_API, type DispatchSave } from '../../../shared/contracts/floor/dispatch.js';
import type { SentCarton } from '../../../shared/contracts/floor/dispatch-cache.js';
import { RECEIVE_API, type ReceiveSave } from '../../../shared/contracts/floor/dispatch-receive.js';
import { REPLACE_API, firstScanProblem, type ReplaceRequest, type ReplaceType } from '../../../shared/contracts/floor/replace.js';
import { parseSlipId, parseUid, scannedUid } from '../../../shared/codes.js';
import type { OutboxEntry } from '../../offline/outbox-entry.js';
import { mergeBatches, type CartonBatch } from '../../../shared/contracts/floor/cache.js';
import type { FloorCache, OpenSecondary, OpenTertiary } from '../cache/index.js';

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
  /** Tertiary cartons packed here, as the cache lists those at my site. */
  tertiaries: Map<string, OpenTertiary>;
  /** Cartons damaged here (SIDs and TIDs). */
  damaged: Set<string>;
  /** Carton (TID or SID) -> the DID it was dispatched on here; and the DIDs used here. */
  dispatched: Map<string, string>;
  dids: Set<string>;
  /** The cartons dispatched here, as the cache's Sent lists them (on the way: a return from transit). */
  sentHere: Map<string, SentCarton>;
  /** DIDs received here, and the ids (cartons, or a DID for all of it) taken back here. */
  received: Set<string>;
  returned: Set<string>;
  /** Codes replaced here (uids and SIDs), and the new codes that took their place. */
  replaced: Set<string>;
  replacements: Set<string>;
  /** A SID replaced here -> the SID that took its place. */
  replacedBy: Map<string, string>;
}

/** The saves whose queued entries hold local effects (addEntry reads each of them). */
export const FLOOR_WORK = [
  PACKING_API.secondarySave, PACKING_API.tertiarySave, CARTON_DAMAGE_API.damage, DISPATCH_API.save, RECEIVE_API.save, RETURN_API.save,
  REPLACE_API.replace,
] as const;

export const emptyLocalWork = (): LocalWork => ({
  packed: new Map(), slips: new Set(), secondaries: new Map(), inTertiary: new Map(), tertiaries: new Map(), damaged: new Set(),
  dispatched: new Map(), dids: new Set(), sentHere: new Map(), received: new Set(), returned: new Set(), replaced: new Set(), replacements: new Set(),
  replacedBy: new Map(),
});

const slipText = (s: string) => parseSlipId(s)?.text ?? s.trim().toUpperCase();
/** A replace entry's code as the screen keys it: a uid for PID, a SID's text for SID. */
const replaceKey = (t: ReplaceType, s: string) => {
  const c = firstScanProblem(t, s);
  return 'code' in c ? c.code : s.trim();
};

/** Adds one entry's effect (in queue order: a tertiary entry after the secondaries it holds). */
export function addEntry(work: LocalWork, entry: Pick<OutboxEntry, 'endpoint' | 'payload' | 'status'>, cache: FloorCache): void {
  if (entry.status === 'rejected') return;
  if (entry.endpoint === PACKING_API.secondarySave.path) {
    const p = entry.payload as SecondarySave;
    const sid = parseSlipId(p.CartonName)?.text ?? p.CartonName;
    work.slips.add(sid);
    let first: OpenSecondary | undefined;
    const batches: CartonBatch[] = [];
    for (const s of p.scanned) {
      const code = parseUid(scannedUid(s.UID));
      if (!code) continue;
      const facts = cache.codeFacts(code.kind, code.prefix, code.serial);
      work.packed.set(packKey(facts), sid);
      const m = facts.mapping;
      if (m) batches.push({ ProductId: m.ProductId, BatchNo: m.BatchNo, EXPDate: m.EXPDate });
      if (m && (!first || m.MFGDate < first.MFGDate)) {
        first = { SID: sid, ProductId: m.ProductId, Qty: p.scanned.length, CartonSizeId: p.cartonMasterId, BatchNo: m.BatchNo, MFGDate: m.MFGDate, EXPDate: m.EXPDate };
      }
    }
    if (first) work.secondaries.set(sid, { ...first, Batches: mergeBatches(batches) });
  } else if (entry.endpoint === PACKING_API.tertiarySave.path) {
    const p = entry.payload as TertiarySave;
    const tid = parseSlipId(p.CartonName)?.text ?? p.CartonName;
    work.slips.add(tid);
    let first: TertiarySave['scanned'][number] | undefined;
    let packs = 0;
    const batches: CartonBatch[] = [];
    const sids: string[] = [];
    for (const s of p.scanned) {
      const sid = parseSlipId(s.CartonId)?.text;
      if (sid) work.inTertiary.set(sid, tid);
      if (sid) sids.push(sid);
      // What the SID holds, as packed here or cached; else the batch its row names.
      const held = sid ? (work.secondaries.get(sid) ?? cache.openSecondary(sid))?.Batches : undefined;
      batches.push(...(held ?? (s.BatchNo ? [{ ProductId: s.ProductId ?? 0, BatchNo: s.BatchNo, EXPDate: s.EXPDate ?? '' }] : [])));
      packs += s.Qty ?? 0;
      if (!first || (s.MFGDate ?? '') < (first.MFGDate ?? '')) first = s;
    }
    work.tertiaries.set(tid, {
      TID: tid, ProductId: first?.ProductId ?? 0, Qty: p.scanned.length, Packs: packs, State: 'packed',
      BatchNo: first?.BatchNo ?? '', MFGDate: first?.MFGDate ?? '', EXPDate: first?.EXPDate ?? '', Batches: mergeBatches(batches), SIDs: sids,
    });
  } else if (entry.endpoint === CARTON_DAMAGE_API.damage.path) {
    const id = parseSlipId((entry.payload as CartonDamageRequest).DamageCid)?.text;
    if (id) work.damaged.add(id);
  } else if (entry.endpoint === DISPATCH_API.save.path) {
    const p = entry.payload as DispatchSave;
    const did = slipText(p.DispatchId ?? '');
    if (did) work.dids.add(did);
    for (const c of p.scanned ?? []) {
      const id = slipText(c.CartonId);
      work.dispatched.set(id, did);
      work.sentHere.set(id, { CartonId: id, DispatchId: did, Leg: 'sent', ProductName: c.ProductName ?? '', MFGDate: c.MFGDate ?? '', EXPDate: c.EXPDate ?? '' });
    }
  } else if (entry.endpoint === RECEIVE_API.save.path) {
    work.received.add(slipText((entry.payload as ReceiveSave).DispatchId));
  } else if (entry.endpoint === RETURN_API.save.path) {
    for (const c of (entry.payload as ReturnSave).scanned) work.returned.add(slipText(c.CartonId));
  } else if (entry.endpoint === REPLACE_API.replace.path) {
    const p = entry.payload as ReplaceRequest;
    const t = (p.Type.trim().toUpperCase() === 'SID' ? 'SID' : 'PID') as ReplaceType;
    work.replaced.add(replaceKey(t, p.FistQrCode));
    work.replacements.add(replaceKey(t, p.SecondQrCode));
    if (t === 'SID') work.replacedBy.set(replaceKey(t, p.FistQrCode), replaceKey(t, p.SecondQrCode));
  }
}

export function localWorkOf(entries: ReadonlyArray<Pick<OutboxEntry, 'endpoint' | 'payload' | 'status'>>, cache: FloorCache): LocalWork {
  const work = emptyLocalWork();
  for (const e of entries) addEntry(work, e, cache);
  return work;
}
