// QR Code Tracking's contents (Dispatch/GetScanInfo): one level down from the scanned id, so a large
// dispatch opens a row at a time: a DID's cartons (with how each leg stands), a TID's SIDs, a SID's
// packs; a pack answers its own row. Scoped as the journey is (journey.ts). A DID's rows say how each
// leg ended; every other row says where the carton or pack is now, as the lifecycle derives it.
import { and, asc, eq } from 'drizzle-orm';
import {
  CARTON_STATUS,
  PACK_STATUS,
  pidOf,
  statusText,
  TRACK_MSG,
  type ScanInfoRow,
} from '../../shared/contracts/tracking.js';
import type { Series } from '../../shared/codes.js';
import { cartonStateOf, packStateOf, type CartonState, type PackState } from '../../shared/lifecycle/index.js';
import { dispatchCartons, items, products, secondaryCartons, tertiaryCartons } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import type { CodeMac } from './code-mac.js';
import { secondaryChain, type SecondaryRow, type TertiaryRow } from './journey-cartons.js';
import { findPack, type Pack } from './journey-pack.js';
import { findSlip, scannedCode } from './journey.js';
import type { Tx } from './ranges.js';
import { refuse } from './refusal.js';

const numbered = (rows: Omit<ScanInfoRow, 'SeqNo'>[]): ScanInfoRow[] => rows.map((r, i) => ({ ...r, SeqNo: i + 1 }));

async function productName(tx: Tx, id: number): Promise<string> {
  const [p] = await tx.select({ name: products.name }).from(products).where(eq(products.id, id));
  return p?.name ?? '';
}

async function dispatchContents(tx: Tx, companyId: number, did: string) {
  const rows = await tx
    .select({
      id: dispatchCartons.cartonId,
      name: products.name,
      qty: dispatchCartons.qty,
      state: dispatchCartons.state,
      t: tertiaryCartons.createdAt,
      s: secondaryCartons.createdAt,
    })
    .from(dispatchCartons)
    .innerJoin(products, eq(products.id, dispatchCartons.productId))
    .leftJoin(
      tertiaryCartons,
      and(eq(tertiaryCartons.tid, dispatchCartons.cartonId), eq(tertiaryCartons.companyId, dispatchCartons.companyId)),
    )
    .leftJoin(
      secondaryCartons,
      and(
        eq(secondaryCartons.sid, dispatchCartons.cartonId),
        eq(secondaryCartons.companyId, dispatchCartons.companyId),
      ),
    )
    .where(and(eq(dispatchCartons.did, did), eq(dispatchCartons.companyId, companyId)))
    .orderBy(asc(dispatchCartons.cartonId));
  return numbered(
    rows.map((r) => ({
      Id: r.id,
      ProductName: r.name,
      Qty: r.qty,
      date: (r.t ?? r.s ?? new Date(0)).toISOString(),
      Status: statusText(r.state),
    })),
  );
}

/** Where a SID is now: its own state, or its TID's while it is in one. */
function placed(s: SecondaryRow, t: TertiaryRow | null): CartonState {
  const own = cartonStateOf(s);
  return own === 'in-tid' ? (t ? cartonStateOf({ ...t, tid: null }) : 'packed') : own;
}

/** A pack's state from its pack facts and the SID (and TID) it is in. */
function packState(
  p: { mapped: boolean; damagedRange?: boolean; replaced?: boolean },
  s: SecondaryRow | null,
  t: TertiaryRow | null,
): PackState {
  const carton = s ? cartonStateOf(s) : null;
  return packStateOf({ ...p, sid: s?.sid ?? null, carton, outer: t ? cartonStateOf({ ...t, tid: null }) : null });
}

async function tertiaryContents(tx: Tx, t: TertiaryRow) {
  const rows = await tx
    .select({ s: secondaryCartons, name: products.name })
    .from(secondaryCartons)
    .innerJoin(products, eq(products.id, secondaryCartons.productId))
    .where(and(eq(secondaryCartons.tid, t.tid), eq(secondaryCartons.companyId, t.companyId)))
    .orderBy(asc(secondaryCartons.sid));
  return numbered(
    rows.map(({ s, name }) => ({
      Id: s.sid,
      ProductName: name,
      Qty: s.qty,
      date: s.createdAt.toISOString(),
      Status: CARTON_STATUS[placed(s, t)],
    })),
  );
}

async function secondaryContents(tx: Tx, s: SecondaryRow, t: TertiaryRow | null) {
  const name = await productName(tx, s.productId);
  const rows = await tx
    .select({ kind: items.kind, prefix: items.prefix, serial: items.serialNo, at: items.createdAt })
    .from(items)
    .where(and(eq(items.secondaryId, s.sid), eq(items.companyId, s.companyId)))
    .orderBy(asc(items.kind), asc(items.prefix), asc(items.serialNo));
  // Its packs are where it is (a retired code leaves the carton; damage by range never reaches a packed pack).
  const status = PACK_STATUS[packState({ mapped: true }, s, t)];
  return numbered(
    rows.map((r) => ({
      Id: pidOf({ kind: r.kind, prefix: r.prefix } as Series, r.serial),
      ProductName: name,
      Qty: 1,
      date: r.at.toISOString(),
      Status: status,
    })),
  );
}

/** The state of the scanned pack: its code's facts, then the carton it is packed in. */
async function scannedPackState(
  tx: Tx,
  pack: Pack,
  item: { sid: string | null; companyId: number } | undefined,
): Promise<PackState> {
  const facts = {
    mapped: pack.mapping !== null && pack.state !== 'unmapped',
    damagedRange: pack.state === 'damaged',
    replaced: pack.state === 'replaced',
  };
  if (!item?.sid) return packState(facts, null, null);
  const { s, t } = await secondaryChain(tx, item.companyId, item.sid);
  return packState(facts, s, t);
}

export async function scanInfoOf(tx: Tx, codes: CodeMac, caller: Caller, raw: unknown): Promise<ScanInfoRow[]> {
  const code = scannedCode(raw);
  if (code.type === 'slip') {
    const slip = await findSlip(tx, caller, code.slip);
    if (slip.type === 'DID') return dispatchContents(tx, slip.d.companyId, slip.d.did);
    if (slip.type === 'TID') return tertiaryContents(tx, slip.t);
    return secondaryContents(tx, slip.s, slip.t);
  }
  const pack = await findPack(tx, codes, caller, code);
  if (!pack.mapping) refuse(TRACK_MSG.notMapped(pack.shown));
  const [item] = await tx
    .select({ sid: items.secondaryId, companyId: items.companyId, at: items.createdAt })
    .from(items)
    .where(
      and(
        eq(items.kind, pack.series.kind),
        eq(items.prefix, pack.series.kind === 'S' ? pack.series.prefix.toUpperCase() : ''),
        eq(items.serialNo, pack.serial),
      ),
    );
  const state = await scannedPackState(tx, pack, item);
  return numbered([
    {
      Id: pidOf(pack.series, pack.serial),
      ProductName: await productName(tx, pack.mapping.productId),
      Qty: 1,
      date: (item?.at ?? pack.mapping.createdAt).toISOString(),
      Status: PACK_STATUS[state],
    },
  ]);
}
