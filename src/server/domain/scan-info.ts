// QR Code Tracking's contents (Dispatch/GetScanInfo): one level down from the scanned id, so a large
// dispatch opens a row at a time: a DID's cartons (with how each leg stands), a TID's SIDs, a SID's
// packs; a pack answers its own row. Scoped as the journey is (journey.ts).
import { and, asc, eq } from 'drizzle-orm';
import { pidOf, statusText, TRACK_MSG, type ScanInfoRow } from '../../shared/contracts/tracking.js';
import type { Series } from '../../shared/codes.js';
import { dispatchCartons, items, products, secondaryCartons, tertiaryCartons } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import type { CodeMac } from './code-mac.js';
import { findPack } from './journey-pack.js';
import { findSlip, scannedCode } from './journey.js';
import type { Tx } from './ranges.js';
import { refuse } from './refusal.js';

const numbered = (rows: Omit<ScanInfoRow, 'SeqNo'>[]): ScanInfoRow[] => rows.map((r, i) => ({ ...r, SeqNo: i + 1 }));

async function productName(tx: Tx, id: number): Promise<string> {
  const [p] = await tx.select({ name: products.name }).from(products).where(eq(products.id, id));
  return p?.name ?? '';
}

async function dispatchContents(tx: Tx, did: string) {
  const rows = await tx.select({
    id: dispatchCartons.cartonId, name: products.name, qty: dispatchCartons.qty, state: dispatchCartons.state,
    t: tertiaryCartons.createdAt, s: secondaryCartons.createdAt,
  }).from(dispatchCartons)
    .innerJoin(products, eq(products.id, dispatchCartons.productId))
    .leftJoin(tertiaryCartons, eq(tertiaryCartons.tid, dispatchCartons.cartonId))
    .leftJoin(secondaryCartons, eq(secondaryCartons.sid, dispatchCartons.cartonId))
    .where(eq(dispatchCartons.did, did)).orderBy(asc(dispatchCartons.cartonId));
  return numbered(rows.map((r) => ({ Id: r.id, ProductName: r.name, Qty: r.qty, date: (r.t ?? r.s ?? new Date(0)).toISOString(), Status: statusText(r.state) })));
}

async function tertiaryContents(tx: Tx, tid: string) {
  const rows = await tx.select({ sid: secondaryCartons.sid, name: products.name, qty: secondaryCartons.qty, at: secondaryCartons.createdAt, state: secondaryCartons.state })
    .from(secondaryCartons).innerJoin(products, eq(products.id, secondaryCartons.productId))
    .where(eq(secondaryCartons.tid, tid)).orderBy(asc(secondaryCartons.sid));
  return numbered(rows.map((r) => ({ Id: r.sid, ProductName: r.name, Qty: r.qty, date: r.at.toISOString(), Status: statusText(r.state) })));
}

async function secondaryContents(tx: Tx, sid: string, productId: number) {
  const name = await productName(tx, productId);
  const rows = await tx.select({ kind: items.kind, prefix: items.prefix, serial: items.serialNo, at: items.createdAt, status: items.status })
    .from(items).where(eq(items.secondaryId, sid)).orderBy(asc(items.kind), asc(items.prefix), asc(items.serialNo));
  return numbered(rows.map((r) => ({
    Id: pidOf({ kind: r.kind, prefix: r.prefix } as Series, r.serial), ProductName: name, Qty: 1, date: r.at.toISOString(), Status: statusText(r.status),
  })));
}

export async function scanInfoOf(tx: Tx, codes: CodeMac, caller: Caller, raw: unknown): Promise<ScanInfoRow[]> {
  const code = scannedCode(raw);
  if (code.type === 'slip') {
    const slip = await findSlip(tx, caller, code.slip);
    if (slip.type === 'DID') return dispatchContents(tx, slip.d.did);
    if (slip.type === 'TID') return tertiaryContents(tx, slip.t.tid);
    return secondaryContents(tx, slip.s.sid, slip.s.productId);
  }
  const pack = await findPack(tx, codes, caller, code);
  if (!pack.mapping) refuse(TRACK_MSG.notMapped(pack.shown));
  const [item] = await tx.select({ sid: items.secondaryId, at: items.createdAt }).from(items)
    .where(and(eq(items.kind, pack.series.kind), eq(items.prefix, pack.series.kind === 'S' ? pack.series.prefix.toUpperCase() : ''), eq(items.serialNo, pack.serial)));
  const state = pack.state === 'mapped' && item?.sid ? 'packed' : pack.state;
  return numbered([{
    Id: pidOf(pack.series, pack.serial), ProductName: await productName(tx, pack.mapping.productId), Qty: 1,
    date: (item?.at ?? pack.mapping.createdAt).toISOString(), Status: statusText(state),
  }]);
}
