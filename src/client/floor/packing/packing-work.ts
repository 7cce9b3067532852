// The packing saves' local effects: a secondary carton's packs and slip, a tertiary carton's
// secondary cartons and slip, known at once to every floor check of this device (work/registry.ts).
import { parseSlipId, parseUid, scannedUid, visibleNumber } from '@shared/codes.js';
import { mergeBatches, type CartonBatch } from '@shared/contracts/floor/cache.js';
import { PACKING_API, REMARK_MAX, type TertiarySave } from '@shared/contracts/floor/packing.js';
import type { OpenSecondary } from '../cache/index.js';
import { packKey, workEffect } from '../work/local-work.js';
import { isRefused, refusedTrim } from '../work/without-refused.js';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** How a queued carton reads on Pending work. */
export const secondaryLabel = (slip: string, items: number) => `Secondary carton ${slip}, ${plural(items, 'item')}`;
export const tertiaryLabel = (slip: string, cartons: number) => `Tertiary carton ${slip}, ${plural(cartons, 'carton')}`;

/** A carton sent without refused contents is short of its size: its remark says why (the spec's
 *  fractional remark), after the operator's own if there was one. */
const remarkWithout = (reason: string | undefined, removed: readonly string[]) =>
  [reason?.trim(), `Sent without ${removed.join(', ')}: refused by the server.`]
    .filter(Boolean)
    .join(' ')
    .slice(0, REMARK_MAX);

const printed = (uid: string) => {
  const code = parseUid(scannedUid(uid));
  return code ? visibleNumber(code, code.serial) : uid;
};

/** Packs packed, the slip used, and the carton as the cache lists loose ones (its oldest contents'
 *  batch and dates). */
export const secondaryWork = workEffect(PACKING_API.secondarySave, (work, p, cache) => {
  const sid = parseSlipId(p.CartonName)?.text ?? p.CartonName;
  work.slips.add(sid);
  let first: OpenSecondary | undefined;
  const batches: CartonBatch[] = [];
  for (const s of p.scanned) {
    const code = parseUid(scannedUid(s.UID));
    if (!code) continue;
    const facts = cache.codeFacts(code.kind, code.prefix, code.serial);
    const key = packKey(facts);
    work.packed.set(key, sid);
    work.packedUid.set(key, code.uid);
    const m = facts.mapping;
    if (m) batches.push({ ProductId: m.ProductId, BatchNo: m.BatchNo, EXPDate: m.EXPDate });
    if (m && (!first || m.MFGDate < first.MFGDate)) {
      first = {
        SID: sid,
        ProductId: m.ProductId,
        Qty: p.scanned.length,
        CartonSizeId: p.cartonMasterId,
        BatchNo: m.BatchNo,
        MFGDate: m.MFGDate,
        EXPDate: m.EXPDate,
      };
    }
  }
  if (first) work.secondaries.set(sid, { ...first, Batches: mergeBatches(batches) });
});

/** The secondary cartons packed into it (entered after the secondaries it holds), the slip used, and
 *  the carton as the cache lists those at my site. */
export const tertiaryWork = workEffect(PACKING_API.tertiarySave, (work, p, cache) => {
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
    batches.push(
      ...(held ?? (s.BatchNo ? [{ ProductId: s.ProductId ?? 0, BatchNo: s.BatchNo, EXPDate: s.EXPDate ?? '' }] : [])),
    );
    packs += s.Qty ?? 0;
    if (!first || (s.MFGDate ?? '') < (first.MFGDate ?? '')) first = s;
  }
  work.tertiaries.set(tid, {
    TID: tid,
    ProductId: first?.ProductId ?? 0,
    Qty: p.scanned.length,
    Packs: packs,
    State: 'packed',
    BatchNo: first?.BatchNo ?? '',
    MFGDate: first?.MFGDate ?? '',
    EXPDate: first?.EXPDate ?? '',
    Batches: mergeBatches(batches),
    SIDs: sids,
  });
});

/** The refused packs out of a secondary carton; the rest go under the same slip. */
export const secondaryTrim = refusedTrim(PACKING_API.secondarySave, (p, refused) => {
  const keep = p.scanned.filter((s) => !isRefused(refused, s.UID, s.VisibleNo ?? printed(s.UID)));
  if (keep.length === 0 || keep.length === p.scanned.length) return null;
  const removed = p.scanned.filter((s) => !keep.includes(s)).map((s) => s.VisibleNo ?? printed(s.UID));
  return {
    payload: { ...p, scanned: keep, reason: remarkWithout(p.reason, removed) },
    label: secondaryLabel(p.CartonName, keep.length),
    removed,
  };
});

/** The refused secondary cartons out of a tertiary carton; the rest go under the same slip. */
export const tertiaryTrim = refusedTrim(PACKING_API.tertiarySave, (p, refused) => {
  const id = (c: { CartonId: string }) => parseSlipId(c.CartonId)?.text ?? c.CartonId;
  const keep = p.scanned.filter((c) => !isRefused(refused, c.CartonId, id(c)));
  if (keep.length === 0 || keep.length === p.scanned.length) return null;
  const removed = p.scanned.filter((c) => !keep.includes(c)).map(id);
  return {
    payload: { ...p, scanned: keep, reason: remarkWithout(p.reason, removed) },
    label: tertiaryLabel(p.CartonName, keep.length),
    removed,
  };
});
