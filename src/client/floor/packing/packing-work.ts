// The packing saves' local effects: a secondary carton's packs and slip, a tertiary carton's
// secondary cartons and slip, known at once to every floor check of this device (work/registry.ts).
import { parseSlipId, parseUid, scannedUid } from '@shared/codes.js';
import { mergeBatches, type CartonBatch } from '@shared/contracts/floor/cache.js';
import { PACKING_API, type TertiarySave } from '@shared/contracts/floor/packing.js';
import type { OpenSecondary } from '../cache/index.js';
import { packKey, workEffect } from '../work/local-work.js';

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
    work.packed.set(packKey(facts), sid);
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
