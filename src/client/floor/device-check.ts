// The one device check of every floor screen (issue 25 item 5): a scanned pack or carton as the
// lifecycle (shared/lifecycle) sees it, worked out from the cache (the server's state at its last
// refresh) and this device's queued work (newer, so it is asked first); then the lifecycle's own rule
// decides and gives the text. A carton's flags come from the batches it holds and the recalls the
// masters carry now, so a recall made after the carton was cached applies at the next refresh.
import { parseSlipId } from '@shared/codes.js';
import type { CartonBatch } from '@shared/contracts/floor/cache.js';
import type { SentCarton } from '@shared/contracts/floor/dispatch-cache.js';
import { RECEIVE_MSG } from '@shared/contracts/floor/dispatch-receive.js';
import {
  cartonRefusal,
  flagsOfContents,
  isExpired,
  packRefusal,
  type Carton,
  type CartonOperation,
  type Flags,
  type Pack,
  type PackOperation,
} from '@shared/lifecycle/index.js';
import { indiaDate } from '@shared/today.js';
import type { CodeFacts, FloorCache } from './cache/index.js';
import { packKey, type LocalWork } from './work/local-work.js';

/** A carton as the device knows it; `known`: the cache or the queue lists it (else the server may). */
export interface DeviceCarton extends Carton {
  known: boolean;
}

/** The flags of what a carton holds: recalled if any batch is recalled now, expired from the earliest
 *  expiry before `today`. No batches known (a cache stored before they were sent): no flags. */
export function flagsOfBatches(batches: readonly CartonBatch[] | undefined, cache: FloorCache, today: string): Flags {
  return flagsOfContents(
    (batches ?? []).map((b) => ({
      recalled: cache.recallOf(b.ProductId, b.BatchNo) ?? null,
      expired: isExpired(b.EXPDate, today) ? b.EXPDate : null,
    })),
  );
}

/** A TID or SID (as printed, any case) as the lifecycle sees it. */
export function deviceCarton(
  id: string,
  cache: FloorCache,
  local: LocalWork,
  today: string = indiaDate(),
): DeviceCarton {
  const key = parseSlipId(id)?.text ?? id.trim().toUpperCase();
  const base = { id: key, flags: flagsOfContents([]), here: true, known: true };
  const at = (state: Carton['state'], more: Partial<DeviceCarton> = {}): DeviceCarton => ({ ...base, state, ...more });
  const unknown = at('packed', { here: false, known: false });
  if (local.damaged.has(key)) return at('damaged');
  const did = local.dispatched.get(key);
  if (parseSlipId(key)?.type === 'TID') {
    if (did !== undefined) return at('in-transit', { did, here: false });
    const t = local.tertiaries.get(key) ?? cache.tertiaryAt(key);
    if (!t) return unknown;
    return at(t.State === 'damaged' ? 'damaged' : 'packed', { flags: flagsOfBatches(t.Batches, cache, today) });
  }
  const tid = local.inTertiary.get(key) ?? cache.tertiaryOf(key);
  // Damaged wins over where it is (a TID damaged takes its SIDs with it).
  if (
    cache.damagedHere(key) ||
    (tid !== undefined && (local.damaged.has(tid) || cache.tertiaryAt(tid)?.State === 'damaged'))
  )
    return at('damaged');
  if (local.replaced.has(key)) return at('emptied', { by: local.replacedBy.get(key) ?? '' });
  if (did !== undefined) return at('in-transit', { did, here: false });
  const s = local.secondaries.get(key) ?? cache.openSecondary(key);
  const flags = flagsOfBatches(s?.Batches, cache, today);
  // In a TID: where the TID is (dispatched from here: gone with it).
  if (tid !== undefined) return at('in-tid', { tid, flags, here: !local.dispatched.has(tid) });
  return s ? at('packed', { flags }) : unknown;
}

/** Why the carton may not undergo `op` now, per this device; null when it may. */
export function cartonCheck(
  op: CartonOperation,
  id: string,
  cache: FloorCache,
  local: LocalWork,
  today?: string,
): string | null {
  return cartonRefusal(op, deviceCarton(id, cache, local, today));
}

/** A scanned pack as the lifecycle sees it, from its cache facts and the packs packed here. */
export function devicePack(facts: CodeFacts, shown: string, local: LocalWork, today: string = indiaDate()): Pack {
  const m = facts.mapping;
  const flags: Flags = {
    recalled: facts.recalled ?? null,
    expired: m && isExpired(m.EXPDate, today) ? m.EXPDate : null,
  };
  const pack = (state: Pack['state'], more: Partial<Pack> = {}): Pack => ({ code: shown, state, flags, ...more });
  if (facts.state === 'replaced') return pack('replaced');
  if (facts.state === 'unmapped' || !m) return pack('free');
  if (facts.state === 'damaged') return pack('damaged', { reason: facts.reason ?? '', sid: facts.sid ?? null });
  const sid = facts.state === 'packed' ? facts.sid : local.packed.get(packKey(facts));
  return sid ? pack('in-sid', { sid }) : pack('mapped');
}

/** Why the pack may not undergo `op` now, per this device; null when it may. */
export function packCheck(
  op: PackOperation,
  facts: CodeFacts,
  shown: string,
  local: LocalWork,
  today?: string,
): string | null {
  return packRefusal(op, devicePack(facts, shown, local, today));
}

/** A carton my site sent, as the cache's Sent (or this device's queue) lists it: on the way on its
 *  dispatch, or received where it went. Return asks nothing of its flags (taking back is a physical fact). */
export const sentCarton = (s: SentCarton): Carton => ({
  id: s.CartonId,
  state: s.Leg === 'sent' ? 'in-transit' : 'at-site',
  flags: flagsOfContents([]),
  here: true,
  did: s.DispatchId,
});

/** Why the sent carton may not be taken back now (Return From Transit ticked or not); null when it may. */
export const returnCheck = (s: SentCarton, transit: boolean): string | null =>
  cartonRefusal(transit ? 'return-transit' : 'return-received', sentCarton(s));

/** A carton scanned on Dispatch Receive against the dispatch loaded: one on it is on its way here, and
 *  the lifecycle receives it whatever its flags (goods on the way arrive); one not on it is named so. */
export function receiveCheck(
  id: string,
  loaded: { did: string; rows: ReadonlyArray<{ CartonId: string }> },
): string | null {
  if (!loaded.rows.some((r) => r.CartonId === id)) return RECEIVE_MSG.notOnDispatch(id, loaded.did);
  return cartonRefusal('receive', { id, state: 'in-transit', flags: flagsOfContents([]), here: true, did: loaded.did });
}
