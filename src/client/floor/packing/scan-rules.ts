// The device's checks of one scan on the packing screens (spec 2 section 5), against the cache, this
// device's own work (local-work.ts) and the carton on the screen: answered at once, offline or not.
// The server runs the same rules again when the carton arrives; these only keep a bad scan off it.
import { parseUid, scannedUid, visibleNumber } from '@shared/codes.js';
import { notCodeMessage, PACKING_MSG, secondaryScan } from '@shared/contracts/floor/packing.js';
import type { FloorCache, OpenSecondary } from '../cache/index.js';
import { cartonCheck, packCheck } from '../device-check.js';
import { packKey, type LocalWork } from '../work/local-work.js';
import { heldVerdict, suspectedCopy, type HeldPack } from './copies.js';

/** A pack on the secondary screen: what is sent, what the row shows, and what later checks compare. */
export interface PackRow {
  key: string;
  UID: string;
  VisibleNo: string;
  BatchNo: string;
  ProductName: string;
  MFGDate: string;
  EXPDate: string;
  ProductId: number;
  SeqNo: number;
}

export type ScanOutcome<R> =
  | { ok: true; row: R }
  | {
      ok: false;
      message: string;
      older?: OpenSecondary[];
      /** A suspected copy: the number to hold aside (copies.ts), and its row to take out of the carton. */
      held?: HeldPack;
    };

/** The carton on the screen as the checks see it; `olderAccepted`: the user chose to go on with newer stock. */
export interface ScanCarton<R> {
  size: number | null;
  rows: readonly R[];
  olderAccepted: boolean;
  /** Numbers held aside as suspected copies (Secondary Packing). */
  held?: readonly HeldPack[];
}

const refused = (message: string) => ({ ok: false as const, message });

/** The device's work with no packs packed here: what the lifecycle reads of one pack (devicePack). */
const withoutPacks = (local: LocalWork): LocalWork => ({ ...local, packed: new Map() });

export function checkPack(
  text: string,
  carton: ScanCarton<PackRow>,
  cache: FloorCache,
  local: LocalWork,
): ScanOutcome<PackRow> {
  if (!carton.size) return refused(PACKING_MSG.selectCartonSize);
  const code = parseUid(scannedUid(text));
  if (!code) return refused(notCodeMessage(text));
  if (carton.rows.length >= carton.size) return refused(PACKING_MSG.cartonFull);
  const facts = cache.codeFacts(code.kind, code.prefix, code.serial);
  const key = packKey(facts);
  const shown = visibleNumber(code, code.serial);
  // A copy never takes the genuine pack's place, nor keeps it out (copies.ts).
  const held = heldVerdict(carton.held ?? [], key, code.uid, shown);
  if (held && 'refuse' in held) return refused(held.refuse);
  const queuedSid = local.packed.get(key);
  const queuedUid = local.packedUid.get(key);
  const copy = held
    ? null
    : suspectedCopy(
        key,
        code.uid,
        shown,
        carton.rows.find((r) => r.key === key)?.UID,
        queuedSid !== undefined && queuedUid !== undefined ? { uid: queuedUid, sid: queuedSid } : undefined,
      );
  if (copy) return { ok: false, message: copy.message, held: copy.held };
  if (carton.rows.some((r) => r.key === key)) return refused(PACKING_MSG.alreadyScanned);
  // The lifecycle decides: not mapped, damaged, retired, recalled, packed already. The genuine pack of
  // a number whose copy sits in a carton closed here is not "packed" by that carton.
  const genuineOverCopy = held !== null && queuedUid !== undefined && queuedUid !== code.uid;
  const refusal = packCheck('pack-sid', facts, shown, genuineOverCopy ? withoutPacks(local) : local);
  if (refusal !== null || !facts.mapping) return refused(refusal ?? PACKING_MSG.unmapped);
  const m = facts.mapping;
  if (carton.rows[0] && carton.rows[0].ProductId !== m.ProductId) return refused(PACKING_MSG.sameProduct);
  return {
    ok: true,
    row: {
      key,
      UID: code.uid,
      VisibleNo: shown,
      BatchNo: m.BatchNo,
      ProductName: m.ProductName,
      MFGDate: m.MFGDate,
      EXPDate: m.EXPDate,
      ProductId: m.ProductId,
      SeqNo: code.serial,
    },
  };
}

/** The product of a scanned pack, as the cache maps it (for the carton size a first scan takes). */
export function packProduct(text: string, cache: FloorCache): number | undefined {
  const code = parseUid(scannedUid(text));
  return code ? cache.codeFacts(code.kind, code.prefix, code.serial).mapping?.ProductId : undefined;
}

/** A secondary carton on the tertiary screen (the spec's scanned carton row). */
export interface CartonRow {
  CartonId: string;
  ProductId: number;
  ProductName: string;
  BatchNo: string;
  Qty: number;
  MFGDate: string;
  EXPDate: string;
}

/** The loose secondary cartons at my site now: the cache's, and those packed here, less what went on. */
export function looseCartons(cache: FloorCache, local: LocalWork): OpenSecondary[] {
  const all = new Map(cache.openSecondaries().map((c) => [c.SID, c]));
  for (const [sid, c] of local.secondaries) all.set(sid, c);
  return [...all.values()].filter((c) => !local.inTertiary.has(c.SID) && !local.damaged.has(c.SID));
}

/** The product of a scanned secondary carton of my site (packed here, or in the cache). */
export function cartonProduct(text: string, cache: FloorCache, local: LocalWork): number | undefined {
  const scan = secondaryScan(text);
  if ('message' in scan) return undefined;
  return (local.secondaries.get(scan.sid) ?? cache.openSecondary(scan.sid))?.ProductId;
}

export function checkCarton(
  text: string,
  carton: ScanCarton<CartonRow>,
  cache: FloorCache,
  local: LocalWork,
): ScanOutcome<CartonRow> {
  if (!carton.size) return refused(PACKING_MSG.selectCartonSize);
  const scan = secondaryScan(text);
  if ('message' in scan) return refused(scan.message);
  if (carton.rows.length >= carton.size) return refused(PACKING_MSG.cartonFull);
  const sid = scan.sid;
  if (carton.rows.some((r) => r.CartonId === sid)) return refused(PACKING_MSG.alreadyScanned);
  // The lifecycle decides: damaged, in a TID already, replaced, not here, holding a recalled batch.
  const refusal = cartonCheck('pack-tid', sid, cache, local);
  const c = local.secondaries.get(sid) ?? cache.openSecondary(sid);
  if (refusal !== null || !c) return refused(refusal ?? PACKING_MSG.notHere(sid));
  if (carton.rows[0] && carton.rows[0].ProductId !== c.ProductId) return refused(PACKING_MSG.similarItems);
  const row: CartonRow = {
    CartonId: sid,
    ProductId: c.ProductId,
    ProductName: cache.products.get(c.ProductId)?.ProductName ?? '',
    BatchNo: c.BatchNo,
    Qty: c.Qty,
    MFGDate: c.MFGDate,
    EXPDate: c.EXPDate,
  };
  if (!carton.olderAccepted && c.MFGDate) {
    const scanned = new Set(carton.rows.map((r) => r.CartonId));
    // Only what could go into a TID now waits (a recalled carton does not): the lifecycle decides.
    const older = looseCartons(cache, local)
      .filter(
        (o) =>
          o.ProductId === c.ProductId && o.SID !== sid && !scanned.has(o.SID) && o.MFGDate && o.MFGDate < c.MFGDate,
      )
      .filter((o) => cartonCheck('pack-tid', o.SID, cache, local) === null)
      .sort((a, b) => a.MFGDate.localeCompare(b.MFGDate) || a.SID.localeCompare(b.SID));
    if (older.length) return { ok: false, message: PACKING_MSG.olderStock, older };
  }
  return { ok: true, row };
}
