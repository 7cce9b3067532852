// The Replace scans checked on the device (spec 2 section 5; docs/floor.md's "Dispatch, receive, return
// and replace"): the contract's checks without a database (firstScanProblem, secondScanProblem), then
// the server's rules (domain/replace.ts) against the cache as of its last refresh and this device's
// queued work. Where the cache cannot tell (a pack's carton packed into a tertiary carton on another
// device, a code replaced elsewhere since the refresh), the scan goes on and the server decides. A new
// code that took a place before the refresh is known by the cache's retired codes (their By).
import { parseSlipId, parseUid, scannedUid, visibleNumber, type ParsedUid } from '@shared/codes.js';
import { PACKING_MSG } from '@shared/contracts/floor/packing.js';
import {
  firstScanProblem,
  REPLACE_MSG,
  secondScanProblem,
  type DetailsRow,
  type ReplaceType,
} from '@shared/contracts/floor/replace.js';
import type { CodeFacts, FloorCache } from '../../../floor/cache/index.js';
import { packKey, type LocalWork } from '../../../floor/work/local-work.js';
import { deviceCarton, packCheck } from '../../../floor/device-check.js';
import { knownLastSlip } from '../../../floor/slip-blocks.js';
import { cartonRefusal } from '@shared/lifecycle/index.js';

/** The code to replace, loaded: what is sent (`code`: a uid, or a SID), what the table shows, and what
 *  the second scan is compared with. */
export interface FirstCode {
  type: ReplaceType;
  code: string;
  row: DetailsRow;
  /** PID: the pack as the server knows it, and its mapping (the new code must match its batch). */
  pack?: { key: string; mapping: NonNullable<CodeFacts['mapping']> };
}

/** A refusal with `ask`: the device cannot tell, the server may (online, the screen asks it about `ask`). */
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; ask?: string };
const no = (message: string) => ({ ok: false as const, message });

/** The pack keys (a paired preprinted code as its static twin) of uids in a set of local work. */
function packKeys(codes: ReadonlySet<string>, cache: FloorCache): Set<string> {
  const keys = new Set<string>();
  for (const c of codes) {
    const uid = parseUid(c);
    if (uid) keys.add(packKey(cache.codeFacts(uid.kind, uid.prefix, uid.serial)));
  }
  return keys;
}

const inSet = (set: ReadonlySet<string>, uid: ParsedUid, key: string, cache: FloorCache) =>
  set.has(uid.uid) || packKeys(set, cache).has(key);

/** Why a carton of my site cannot change now, as the lifecycle answers on this device's data; null when
 *  it may (or when only the server can tell: a carton neither the cache nor the queue lists). */
function cartonProblem(sid: string, cache: FloorCache, local: LocalWork): string | null {
  if (local.replaced.has(sid)) return REPLACE_MSG.replaced(sid);
  const carton = deviceCarton(sid, cache, local);
  return carton.known ? cartonRefusal('replace-slip', carton) : null;
}

function firstPid(scan: string, cache: FloorCache, local: LocalWork): Checked<FirstCode> {
  const uid = parseUid(scan)!;
  const shown = visibleNumber(uid, uid.serial);
  const facts = cache.codeFacts(uid.kind, uid.prefix, uid.serial);
  const key = packKey(facts);
  // The lifecycle decides the pack's own state (not mapped, retired, damaged by range); its carton's below.
  const own = facts.state === 'damaged' && facts.sid ? null : packCheck('replace-code', facts, shown, local);
  if (own !== null || !facts.mapping) return no(own ?? REPLACE_MSG.notMapped(shown));
  if (inSet(local.replaced, uid, key, cache)) return no(REPLACE_MSG.replaced(shown));
  if (facts.state === 'damaged' && facts.sid)
    return no(REPLACE_MSG.inCarton(shown, REPLACE_MSG.cartonDamaged(facts.sid)));
  const sid = (facts.state === 'packed' ? facts.sid : undefined) ?? local.packed.get(key) ?? '';
  const problem = sid ? cartonProblem(sid, cache, local) : null;
  if (problem) return no(REPLACE_MSG.inCarton(shown, problem));
  const m = facts.mapping;
  return {
    ok: true,
    value: {
      type: 'PID',
      code: uid.uid,
      pack: { key, mapping: m },
      // The description is not in the device cache: the server's details fill it in when online.
      row: { RandomNumber: shown, ProductName: m.ProductName, ProductDscrptn: '', SecondaryCarton: sid },
    },
  };
}

function firstSid(sid: string, cache: FloorCache, local: LocalWork): Checked<FirstCode> {
  const problem = cartonProblem(sid, cache, local);
  if (problem) return no(problem);
  const row = (productName: string): Checked<FirstCode> => ({
    ok: true,
    value: {
      type: 'SID',
      code: sid,
      row: { RandomNumber: sid, ProductName: productName, ProductDscrptn: '', SecondaryCarton: sid },
    },
  });
  const carton = local.secondaries.get(sid) ?? cache.openSecondary(sid);
  if (deviceCarton(sid, cache, local).known) return row(cache.products.get(carton?.ProductId ?? 0)?.ProductName ?? '');
  // A slip put on a carton here by an earlier replace: its product is the server's to tell.
  if (local.replacements.has(sid)) return row('');
  // The cache lists loose cartons only: a SID inside a tertiary carton here is the server's to tell.
  return { ...no(REPLACE_MSG.cartonNotHere(sid)), ask: sid };
}

/** Which kind of code a scan is, by its text alone (shared/codes.ts): a carton slip id is a SID, one of
 *  our codes (static or preprinted, bare or as its URL) a PID; null for anything else (a TID, a DID). */
export function codeKind(text: string): ReplaceType | null {
  const slip = parseSlipId(text);
  if (slip) return slip.type === 'SID' ? 'SID' : null;
  return parseUid(scannedUid(text)) ? 'PID' : null;
}

/** Scan-first (issue 27): the type the first scan is judged as. None chosen: the code's own kind is
 *  taken (`take`); one chosen and the code is the other kind: refused, saying which kind it is. */
export function typeOfScan(
  chosen: ReplaceType | null,
  text: string,
): { type: ReplaceType; take: boolean } | { message: string } {
  const kind = codeKind(text);
  if (chosen === null) return kind ? { type: kind, take: true } : { message: REPLACE_MSG.chooseType };
  if (kind === null || kind === chosen) return { type: chosen, take: false };
  return { message: kind === 'PID' ? REPLACE_MSG.pidNotSid : REPLACE_MSG.sidNotPid(parseSlipId(text)!.text) };
}

/** The first scan: the code (or slip) to replace, with its details row; or the message. */
export function checkFirst(type: ReplaceType, text: string, cache: FloorCache, local: LocalWork): Checked<FirstCode> {
  const scan = firstScanProblem(type, text);
  if ('message' in scan) return no(scan.message);
  return type === 'PID' ? firstPid(scan.code, cache, local) : firstSid(scan.code, cache, local);
}

/** The batch a new code must be of, as the server names it. */
function secondPid(first: FirstCode, scan: string, cache: FloorCache, local: LocalWork): Checked<string> {
  const uid = parseUid(scan)!;
  const shown = visibleNumber(uid, uid.serial);
  const facts = cache.codeFacts(uid.kind, uid.prefix, uid.serial);
  const key = packKey(facts);
  // A paired static and preprinted code are one pack.
  if (key === first.pack?.key) return no(REPLACE_MSG.sameCode);
  if (!facts.mapping || facts.state === 'unmapped') return no(REPLACE_MSG.notMapped(shown));
  if (facts.state === 'replaced' || inSet(local.replaced, uid, key, cache)) return no(REPLACE_MSG.replaced(shown));
  if (facts.state === 'damaged' && !facts.sid) return no(REPLACE_MSG.damaged(shown, facts.reason ?? ''));
  const packedIn = facts.sid ?? local.packed.get(key);
  if (packedIn) return no(REPLACE_MSG.packed(shown, packedIn));
  if (inSet(local.replacements, uid, key, cache) || cache.tookAPlace(shown)) return no(REPLACE_MSG.alreadyNew(shown));
  const m = facts.mapping;
  const want = first.pack?.mapping;
  if (
    want &&
    (m.ProductId !== want.ProductId ||
      m.BatchNo !== want.BatchNo ||
      m.MFGDate !== want.MFGDate ||
      m.EXPDate !== want.EXPDate)
  ) {
    return no(REPLACE_MSG.otherBatch(shown, want.BatchNo, want.MFGDate, want.EXPDate));
  }
  return { ok: true, value: uid.uid };
}

function secondSid(sid: string, cache: FloorCache, local: LocalWork): Checked<string> {
  const used =
    local.slips.has(sid) ||
    local.replacements.has(sid) ||
    local.replaced.has(sid) ||
    cache.openSecondary(sid) !== undefined ||
    cache.tertiaryAt(sid) !== undefined;
  return used ? no(PACKING_MSG.slipUsed(sid)) : { ok: true, value: sid };
}

/** The second scan: the code (or slip) taking the first one's place, as it is sent; or the message.
 *  `online`: the device can reach the server (offline, a slip's reservation is judged here). */
export function checkSecond(
  first: FirstCode | null,
  text: string,
  cache: FloorCache,
  local: LocalWork,
  online = true,
): Checked<string> {
  if (!first) return no(REPLACE_MSG.firstScan);
  const prefix = cache.mySite?.Prefix ?? '';
  if (first.type === 'SID' && !prefix) return no(REPLACE_MSG.noSite);
  // Offline, a slip past the blocks the cache knows reserved is refused; online the server judges.
  const scan = secondScanProblem(first.type, first.code, text, prefix, knownLastSlip(cache, 'SID', online));
  if ('message' in scan) return no(scan.message);
  return first.type === 'PID' ? secondPid(first, scan.code, cache, local) : secondSid(scan.code, cache, local);
}

/** What Pending work shows for the entry, and the screen once it is queued. */
export function doneText(first: FirstCode, second: string): string {
  if (first.type === 'SID') return REPLACE_MSG.doneSlip(first.code, second);
  const uid = parseUid(second);
  return REPLACE_MSG.doneCode(first.row.RandomNumber, uid ? visibleNumber(uid, uid.serial) : second);
}
