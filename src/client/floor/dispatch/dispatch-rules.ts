// A Dispatch scan checked on the device (spec 2 sections 4, 5; issue 12 item 1): a TID or a loose SID
// at my site, as the cache knew it at its last refresh, less what this device has since dispatched,
// damaged or packed away; then older stock first. The server runs the same contract checks again
// (shared dispatchScan, olderStockOf) when the dispatch reaches it, and decides.
import { DISPATCH_MSG, dispatchScan, olderStockOf, type StockCarton } from '@shared/contracts/floor/dispatch.js';
import type { FloorCache, OpenTertiary } from '../cache/index.js';
import type { CartonOperation } from '@shared/lifecycle/index.js';
import { cartonCheck } from '../device-check.js';
import type { LocalWork } from '../work/local-work.js';
import { looseCartons } from '../packing/scan-rules.js';

/** A scanned row as the screen shows it and the save sends it (the spec's scanned carton row). */
export interface DispatchRow {
  CartonId: string;
  ProductId: number;
  ProductName: string;
  BatchNo: string;
  CartonName: string;
  /** Packs in the carton (the invoice's quantity). */
  Qty: number;
  MFGDate: string;
  EXPDate: string;
}

export type DispatchOp = Extract<CartonOperation, 'dispatch-factory' | 'dispatch-warehouse' | 'dispatch-dealer'>;

/** The operation a dispatch to this target is: a dealer, or a site of the company (a factory or not). */
export function dispatchOp(kind: 'WareHouse' | 'Dealer', targetId: number | null, cache: FloorCache): DispatchOp {
  if (kind === 'Dealer') return 'dispatch-dealer';
  return cache.dispatch.Sites.find((s) => s.SiteId === targetId)?.IsFactory ? 'dispatch-factory' : 'dispatch-warehouse';
}

export type DispatchScanOutcome =
  { ok: true; row: DispatchRow } | { ok: false; message: string; older?: StockCarton[] };

/** The tertiary cartons at my site now that may go: the cache's and those packed here, less what went. */
function tertiariesHere(cache: FloorCache, local: LocalWork): OpenTertiary[] {
  const all = new Map<string, OpenTertiary>();
  for (const t of cache.openTertiaries()) all.set(t.TID, t);
  for (const [tid, t] of local.tertiaries) all.set(tid, t);
  return [...all.values()].filter(
    (t) => t.State === 'packed' && !local.dispatched.has(t.TID) && !local.damaged.has(t.TID),
  );
}

/** Every carton at my site that could be dispatched, as the older-stock rule reads them (the lifecycle
 *  then keeps those that may go where the dispatch does: a recalled carton is no older stock to a dealer). */
export function stockHere(cache: FloorCache, local: LocalWork): StockCarton[] {
  return [
    ...tertiariesHere(cache, local).map((t) => ({ CartonId: t.TID, ProductId: t.ProductId, MFGDate: t.MFGDate })),
    ...looseCartons(cache, local)
      .filter((s) => !local.dispatched.has(s.SID))
      .map((s) => ({ CartonId: s.SID, ProductId: s.ProductId, MFGDate: s.MFGDate })),
  ];
}

/** The carton a scan names, if the lifecycle lets it go where `op` sends it (at my site, not damaged,
 *  in a TID or gone already; not recalled unless back to a factory; not expired to a dealer); else the
 *  message naming it. */
function cartonHere(
  id: string,
  type: 'TID' | 'SID',
  op: DispatchOp,
  cache: FloorCache,
  local: LocalWork,
): DispatchRow | string {
  const refusal = cartonCheck(op, id, cache, local);
  if (refusal !== null) return refusal;
  const productName = (pid: number) => cache.products.get(pid)?.ProductName ?? '';
  if (type === 'TID') {
    const t = local.tertiaries.get(id) ?? cache.tertiaryAt(id);
    if (!t) return DISPATCH_MSG.notHere(id);
    return {
      CartonId: id,
      ProductId: t.ProductId,
      ProductName: productName(t.ProductId),
      BatchNo: t.BatchNo,
      CartonName: '',
      Qty: t.Packs,
      MFGDate: t.MFGDate,
      EXPDate: t.EXPDate,
    };
  }
  const s = local.secondaries.get(id) ?? cache.openSecondary(id);
  if (!s) return DISPATCH_MSG.notHere(id);
  const size = cache.cartonSizes.find((c) => c.CartonId === s.CartonSizeId)?.CartonName ?? '';
  return {
    CartonId: id,
    ProductId: s.ProductId,
    ProductName: productName(s.ProductId),
    BatchNo: s.BatchNo,
    CartonName: size,
    Qty: s.Qty,
    MFGDate: s.MFGDate,
    EXPDate: s.EXPDate,
  };
}

export interface DispatchForm {
  /** A target is chosen (the spec asks for it before the first scan). */
  hasTarget: boolean;
  /** What the chosen target makes of the dispatch (a factory, a warehouse, a dealer); the lifecycle's
   *  rules differ: recalled stock may only go back to a factory, expired stock not to a dealer. */
  op: DispatchOp;
  rows: readonly DispatchRow[];
  /** The user chose to go on with newer stock while older waits. */
  olderAccepted: boolean;
}

export function checkDispatchScan(
  text: string,
  form: DispatchForm,
  cache: FloorCache,
  local: LocalWork,
): DispatchScanOutcome {
  if (!form.hasTarget) return { ok: false, message: DISPATCH_MSG.selectSendTo };
  const scan = dispatchScan(text);
  if ('message' in scan) return { ok: false, message: scan.message };
  if (form.rows.some((r) => r.CartonId === scan.id)) return { ok: false, message: DISPATCH_MSG.alreadyScanned };
  const row = cartonHere(scan.id, scan.type, form.op, cache, local);
  if (typeof row === 'string') return { ok: false, message: row };
  if (!form.olderAccepted) {
    // Only what could go the same way now waits; the lifecycle is asked of the older cartons alone.
    const older = olderStockOf([...form.rows, row], stockHere(cache, local)).filter(
      (c) => cartonCheck(form.op, c.CartonId, cache, local) === null,
    );
    if (older.length) return { ok: false, message: DISPATCH_MSG.olderStock, older };
  }
  return { ok: true, row };
}
