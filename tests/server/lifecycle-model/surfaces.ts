// What the model says every read surface must show, and what the product shows: QR Code Tracking's
// scan info (a DID's legs, a TID's SIDs, a SID's packs) and the Recall Trace's totals and places.
// Each check answers a list of disagreements (empty: the surface agrees).
import { isDeepStrictEqual } from 'node:util';
import { RECALL_API, type TraceAnswer } from '../../../src/shared/contracts/recall.js';
import { TRACKING_API, statusText, type ScanInfoRow } from '../../../src/shared/contracts/tracking.js';
import { send } from '../../helpers/endpoint-call.js';
import type { Model, Place, SidM } from './model.js';
import { refKey, type Batch, type CartonRef } from './ops.js';
import type { Names } from './world.js';

const where = (p: Place): string => (p.k === 'site' ? 'site' : p.k);

async function scanInfo(n: Names, qr: string): Promise<ScanInfoRow[] | string> {
  const res = await send(n.w.t, TRACKING_API.scanInfo, undefined, n.w.token.F, { qr });
  if (res.status >= 500) return `HTTP ${res.status}`;
  return res.body.ResponseCode === '200'
    ? (res.body.ResponseData as ScanInfoRow[])
    : `${res.body.ResponseCode} ${res.body.ResponseMessage}`;
}

/** A DID's rows: each carton with its leg's state. */
export async function checkDid(m: Model, n: Names, did: string): Promise<string[]> {
  const d = m.dids.get(did);
  if (!d) return [];
  const id = n.slip('DID', d.from, Number(did.slice(4)));
  const rows = await scanInfo(n, id);
  if (typeof rows === 'string') return [`scan info ${id}: ${rows}`];
  const want = d.order.map((r) => `${n.carton(r)} ${statusText(d.legs.get(refKey(r))!)}`).sort();
  const got = rows.map((r) => `${r.Id} ${r.Status}`).sort();
  return isDeepStrictEqual(want, got)
    ? []
    : [`scan info ${id}: model ${JSON.stringify(want)}, product ${JSON.stringify(got)}`];
}

/** A carton's rows: a TID's SIDs, a SID's packs; damaged or not. */
export async function checkCarton(m: Model, n: Names, ref: CartonRef): Promise<string[]> {
  const c = m.carton(ref);
  if (!c) return [];
  const id = n.carton(ref);
  const rows = await scanInfo(n, id);
  if (typeof rows === 'string') return [`scan info ${id}: ${rows}`];
  const mark = (damaged: boolean) => (damaged ? ' damaged' : '');
  const want =
    ref.t === 'TID'
      ? m
          .sidsOf(ref)
          .map((s) => `${n.carton(s.ref)}${mark(s.damaged)}`)
          .sort()
      : (c as SidM).packs.map((p) => `${n.pid(p)}${mark(c.damaged)}`).sort();
  const got = rows.map((r) => `${r.Id}${mark(r.Status === statusText('damaged'))}`).sort();
  return isDeepStrictEqual(want, got)
    ? []
    : [`scan info ${id}: model ${JSON.stringify(want)}, product ${JSON.stringify(got)}`];
}

/** The model's trace of a batch: what the Recall Trace's totals and places must say. */
export function modelTrace(m: Model, b: Batch) {
  const ofBatch = (i: number) => m.batchOf(i) === b;
  const codes = m.codes.map((_, i) => i).filter(ofBatch);
  const sids = [...m.sids.values()].filter((s) => s.packs.some(ofBatch));
  const places = new Map<string, { Cartons: number; Packs: number }>();
  for (const s of sids) {
    const w = s.damaged ? 'damaged' : where(m.outer(s).place);
    const p = places.get(w) ?? { Cartons: 0, Packs: 0 };
    p.Cartons += 1;
    p.Packs += s.packs.filter(ofBatch).length;
    places.set(w, p);
  }
  const holds = (key: string) => {
    const sid = m.sids.get(key);
    if (sid) return sid.packs.some(ofBatch);
    return (m.tids.get(key)?.sids ?? []).some((k) => m.sids.get(k)!.packs.some(ofBatch));
  };
  const dispatches = [...m.dids.values()].filter((d) => [...d.legs.keys()].some(holds)).length;
  return {
    Recall: m.recalled[b],
    Totals: {
      Mapped: codes.length,
      Damaged: codes.filter((i) => m.isDamaged(i) !== null).length,
      Cartons: sids.length,
      Dispatches: dispatches,
    },
    Places: Object.fromEntries([...places].sort(([a], [c]) => a.localeCompare(c))),
  };
}

export async function checkTrace(m: Model, n: Names, b: Batch): Promise<string[]> {
  const want = modelTrace(m, b);
  const res = await send(n.w.t, RECALL_API.trace, { ProductId: n.w.f.productId, BatchNo: n.batch(b) }, n.w.token.F);
  if (res.status >= 500) return [`recall trace ${b}: HTTP ${res.status}`];
  if (res.body.ResponseCode !== '200')
    return want.Totals.Mapped === 0 && want.Totals.Cartons === 0
      ? []
      : [`recall trace ${b}: ${res.body.ResponseMessage}`];
  const a = res.body.ResponseData as TraceAnswer;
  const places = new Map<string, { Cartons: number; Packs: number }>();
  for (const p of a.Places) {
    const q = places.get(p.Where) ?? { Cartons: 0, Packs: 0 };
    q.Cartons += p.Cartons;
    q.Packs += p.Packs;
    places.set(p.Where, q);
  }
  const got = {
    Recall: a.Recall?.Reason ?? null,
    Totals: {
      Mapped: a.Totals.Mapped,
      Damaged: a.Totals.Damaged,
      Cartons: a.Totals.Cartons,
      Dispatches: a.Totals.Dispatches,
    },
    Places: Object.fromEntries([...places].sort(([x], [y]) => x.localeCompare(y))),
  };
  return isDeepStrictEqual(want, got)
    ? []
    : [`recall trace ${b}: model ${JSON.stringify(want)}, product ${JSON.stringify(got)}`];
}
