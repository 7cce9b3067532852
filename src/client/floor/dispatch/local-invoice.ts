// The invoice of a dispatch made on this device, from what the device holds: the form, the scanned
// rows and the dispatch cache (the target's billing address, the mode's name, the company's header),
// in the shape Dispatch/save answers, so the same PDF code prints it offline or online.
import type { DispatchInvoice } from '@shared/contracts/floor/dispatch.js';
import type { DispatchCache } from '@shared/contracts/floor/dispatch-cache.js';
import type { FloorCache } from '../cache/index.js';
import type { DispatchRow } from './dispatch-rules.js';

export type SendToKind = 'WareHouse' | 'Dealer';

export interface DispatchDraft {
  kind: SendToKind;
  /** A site id (WareHouse) or a dealer's user id; null until chosen. */
  targetId: number | null;
  rows: DispatchRow[];
  modeId: number | null;
  lr: string;
  /** The approval remark when newer stock goes while older waits. */
  remark: string;
  olderAccepted: boolean;
}

export const emptyDispatch = (kind: SendToKind = 'WareHouse'): DispatchDraft => ({
  kind,
  targetId: null,
  rows: [],
  modeId: null,
  lr: '',
  remark: '',
  olderAccepted: false,
});

/** The chosen target as the cache knows it (its name and billing address), or undefined. */
export function targetOf(d: Pick<DispatchDraft, 'kind' | 'targetId'>, c: DispatchCache) {
  if (d.targetId === null) return undefined;
  return d.kind === 'WareHouse'
    ? c.Sites.find((s) => s.SiteId === d.targetId)
    : c.Dealers.find((u) => u.UserId === d.targetId);
}

export function localInvoice(did: string, d: DispatchDraft, cache: FloorCache, createdAt: Date): DispatchInvoice {
  const c = cache.dispatch;
  const target = targetOf(d, c);
  return {
    CartonId: did,
    userDetail: target?.Billing ?? {
      FirmName: '',
      bill_Address1: '',
      bill_Address2: '',
      bill_CityName: '',
      bill_StateName: '',
      bill_Pincode: '',
      bill_CountryName: '',
    },
    TransportMode: c.Modes.find((m) => m.TransportModeId === d.modeId)?.TransportMode ?? '',
    LR: d.lr.trim(),
    Qty: d.rows.length,
    cartonList: d.rows.map((r) => ({
      CartonId: r.CartonId,
      ProductName: r.ProductName,
      BatchNo: r.BatchNo,
      TotalQty: r.Qty,
      ProductUOM: cache.products.get(r.ProductId)?.UOM ?? '',
    })),
    ...c.Company,
    CreatedDt: createdAt.toISOString(),
  };
}
