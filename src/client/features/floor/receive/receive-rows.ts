// What Dispatch Receive shows, without the DOM: the incoming list (the device cache's dispatches on the
// way here, a dispatch received on this device marked Received until the next refresh drops it), its
// client-side search, the loaded dispatch's cartons (from the cache, or the server's answer for a
// dispatch newer than the cache) with the ones unticked as not arrived, and the receipt they make.
import type { IncomingDispatch } from '@shared/contracts/floor/dispatch-cache.js';
import { RECEIVE_STATUS, type ReceiveCartonRow } from '@shared/contracts/floor/dispatch-receive.js';
import { en } from '../../../floor/words/en.js';

/** Ours: the words the spec leaves to the screen. */
export const RECEIVE_TEXT = {
  scanLabel: en.scanItem,
  idle: en.receiveIdle,
  incomingTitle: en.incomingTitle,
  cartonsTitle: en.cartonsTitle,
  confirmTitle: en.receiveConfirmTitle,
  confirm: en.receiveConfirm,
  loaded: en.receiveLoaded,
  arrived: en.arrived,
  /** A DID the cache does not know while there is no network to ask. */
  notOnDevice: en.notOnDevice,
  label: en.receiveLabel,
} as const;

export const cartons = (n: number) => `${n} carton${n === 1 ? '' : 's'}`;

export interface IncomingListRow {
  DispatchId: string;
  TotalCarton: number;
  Status: string;
  SentFrom: string;
  CreatedDt: string;
}

/** Newest first (the spec's default sort). */
export function incomingRows(incoming: readonly IncomingDispatch[], received: ReadonlySet<string>): IncomingListRow[] {
  return incoming
    .map((d) => ({
      DispatchId: d.DispatchId,
      TotalCarton: d.TotalCarton,
      SentFrom: d.SentFrom,
      CreatedDt: d.CreatedDt,
      Status: received.has(d.DispatchId) ? RECEIVE_STATUS.received : RECEIVE_STATUS.inTransit,
    }))
    .sort((a, b) =>
      a.CreatedDt < b.CreatedDt ? 1 : a.CreatedDt > b.CreatedDt ? -1 : b.DispatchId.localeCompare(a.DispatchId),
    );
}

/** The global search: every word must occur in one of the row's texts. */
export function searchRows(rows: readonly IncomingListRow[], text: string): IncomingListRow[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((r) => {
    const hay = `${r.DispatchId} ${r.TotalCarton} ${r.Status} ${r.SentFrom}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** A carton on the loaded dispatch; the cache knows its batch, the server when it was packed. */
export interface CartonRow {
  CartonId: string;
  ProductName: string;
  Qty: number;
  BatchNo?: string;
  CreatedDt?: string;
}

export interface LoadedDispatch {
  did: string;
  /** The sending site, when the cache knows it. */
  from?: string;
  rows: CartonRow[];
  /** The cartons unticked: not arrived, reported missing. */
  missing: ReadonlySet<string>;
}

export const fromCache = (d: IncomingDispatch): LoadedDispatch => ({
  did: d.DispatchId,
  from: d.SentFrom,
  missing: new Set(),
  rows: d.Cartons.map((c) => ({ CartonId: c.CartonId, ProductName: c.ProductName, Qty: c.Qty, BatchNo: c.BatchNo })),
});

export const fromServer = (did: string, rows: readonly ReceiveCartonRow[]): LoadedDispatch => ({
  did,
  missing: new Set(),
  rows: rows.map((r) => ({
    CartonId: r.TertiaryCartonId,
    ProductName: r.ProductName,
    Qty: r.Qty,
    CreatedDt: r.CreatedDt,
  })),
});

/** The server's answer for a dispatch loaded from the cache: its cartons (those still on the way now)
 *  with their packing dates; the batch the cache knew and the cartons unticked are kept. */
export function withServerRows(l: LoadedDispatch, rows: readonly ReceiveCartonRow[]): LoadedDispatch {
  const known = new Map(l.rows.map((r) => [r.CartonId, r]));
  const next = fromServer(l.did, rows).rows.map((r) => ({ ...r, BatchNo: known.get(r.CartonId)?.BatchNo }));
  const ids = new Set(next.map((r) => r.CartonId));
  return { ...l, rows: next, missing: new Set([...l.missing].filter((id) => ids.has(id))) };
}

export function toggled(l: LoadedDispatch, id: string, arrived: boolean): LoadedDispatch {
  const missing = new Set(l.missing);
  if (arrived) missing.delete(id);
  else missing.add(id);
  return { ...l, missing };
}

/** The receipt: the cartons that arrived (sent as the save's Cartons) and those to be reported missing. */
export function receiptOf(l: LoadedDispatch): { arrived: string[]; missing: string[] } {
  const ids = l.rows.map((r) => r.CartonId);
  return { arrived: ids.filter((id) => !l.missing.has(id)), missing: ids.filter((id) => l.missing.has(id)) };
}
