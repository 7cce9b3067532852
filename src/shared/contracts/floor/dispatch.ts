// Dispatch (spec 2 sections 2-5, 7, 8; DESIGN sections 4, 5): the calls, the spec's messages, and the
// checks that need no database, run alike by the device (against its caches, before the network) and
// by the server (the authority, again, inside the save's transaction).
//
// The save's target: `WareHouseId` (a factory or warehouse) when given, otherwise `SendTo` (a dealer's
// user id). `DispatchId` is ours, beyond the spec's payload: the DID the device took from a block it
// reserved (Product/UpdateIds, type DID), so a dispatch can be made offline; without it the server
// takes the next DID of the caller's prefix itself.
import { z } from 'zod';
import { parseSlipId } from '../../codes.js';
import { getEndpoint, postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { intOrDigits } from '../fields.js';
import { col, listContract } from '../list-contract.js';
import type { RefusedItem } from '../refusal.js';
import { scannedCartonRow } from './packing.js';

export const LR_MAX = 50;
export const DISPATCH_REMARK_MAX = 200;
/** Cartons on one dispatch: a few trucks' worth, well inside the body limit. */
export const DISPATCH_MAX_CARTONS = 2_000;

export const DISPATCH_MSG = {
  selectSendTo: 'Select Send To',
  scanFirst: 'Scan First',
  selectTransport: 'Please select Transport Mode.',
  enterLr: 'Please enter LR Number.',
  invalidScan: 'Invalid Scanned',
  alreadyScanned: 'Already Scanned..!',
  /** Spec 2 section 8: the client's text for a save answered with a code other than 200 or 400. */
  alreadyDispatched: 'Seems Scanned Items already Dispatched',
  approvalTitle: 'Add Approval remarks',
  olderStockTitle: 'Older Stock List',
  // Ours: what the spec leaves to the server.
  lrTooLong: `LR Number must be at most ${LR_MAX} characters.`,
  remarkTooLong: `The remark must be at most ${DISPATCH_REMARK_MAX} characters.`,
  tooMany: `At most ${DISPATCH_MAX_CARTONS} cartons go on one dispatch.`,
  noSite: 'Your account has no site prefix: dispatch is done from a factory or warehouse.',
  badSite: 'Send To must be another active factory or warehouse of your company.',
  badDealer: 'Send To must be an active dealer of your company.',
  notHere: (id: string) => `${id} is not a packed carton at your site.`,
  damaged: (id: string) => `${id} is damaged.`,
  replaced: (id: string, by: string) => `${id} was replaced by ${by}.`,
  dispatched: (id: string, did: string) => `${id} is already dispatched on ${did}.`,
  inTertiary: (sid: string, tid: string) => `${sid} is packed in ${tid}: dispatch ${tid}.`,
  cartonsRefused: (n: number) => `${n} scanned cartons cannot be dispatched.`,
  olderStock:
    'Older stock of this product is waiting at your site: add an approval remark to dispatch the newer stock.',
  approvalRequired: 'Older stock is waiting at your site: please add approval remarks to dispatch the newer stock.',
  didText: 'DispatchId must be a DID of your prefix.',
  didNotOurs: (prefix: string) => `DispatchId must be a DID of your prefix (${prefix}).`,
  didUnreserved: (did: string) => `${did} was never reserved for your prefix.`,
  didUsed: (did: string) => `Dispatch ${did} is already used.`,
  didExhausted: 'No dispatch number is left for your prefix.',
  /** The device: its reserved DIDs are used up and it has not been online to reserve more. */
  noDidLeft: 'No dispatch number is left on this device: connect to the network once to reserve more.',
  invoiceFailed: (did: string) =>
    `Dispatch ${did} is queued to send, but its invoice could not be made on this device: print it from the Dispatch Report.`,
  queued: (did: string, n: number) =>
    `Dispatch ${did} with ${n} carton${n === 1 ? '' : 's'} queued to send; its invoice is downloaded.`,
  saved: (did: string, n: number) => `Dispatch ${did} saved with ${n} carton${n === 1 ? '' : 's'}.`,
} as const;

const access = { pages: [PAGE.dispatch] } as const;

/** An id picked in a select: a number or digits; absent, null, '' or 0 mean none picked (0). */
const pickedOrNone = (message: string) =>
  z
    .union([z.literal('').transform(() => 0), intOrDigits(message)], { error: message })
    .pipe(z.number().min(0, message).max(2_147_483_647, message))
    .nullish()
    .transform((v) => v ?? 0);

/** One scanned carton: the spec's scanned carton row as the screen holds it; the server reads CartonId. */
export const dispatchScanned = z.object({
  Id: z.number().optional(),
  CartonId: z
    .string({ error: DISPATCH_MSG.invalidScan })
    .trim()
    .min(1, DISPATCH_MSG.invalidScan)
    .max(60, DISPATCH_MSG.invalidScan),
  ProductName: z.string().max(200).optional(),
  ProductId: z.number().optional(),
  BatchNo: z.string().max(50).optional(),
  CartonName: z.string().max(100).optional(),
  Qty: z.number().optional(),
  MFGDate: z.string().max(30).optional(),
  EXPDate: z.string().max(30).optional(),
  SeqNo: z.number().optional(),
});

const saveFields = z.strictObject({
  /** A dealer's user id (when no WareHouseId). */
  SendTo: pickedOrNone(DISPATCH_MSG.selectSendTo),
  /** A factory or warehouse (site) id. */
  WareHouseId: pickedOrNone(DISPATCH_MSG.selectSendTo),
  scanned: z
    .array(dispatchScanned, { error: DISPATCH_MSG.scanFirst })
    .max(DISPATCH_MAX_CARTONS, DISPATCH_MSG.tooMany)
    .default([]),
  TransportModeId: pickedOrNone(DISPATCH_MSG.selectTransport),
  LR: z
    .union([z.string(), z.number().transform(String)], { error: DISPATCH_MSG.enterLr })
    .pipe(z.string().trim().max(LR_MAX, DISPATCH_MSG.lrTooLong))
    .default(''),
  /** The approval remark when newer stock goes while older stock waits. */
  Remark: z
    .string({ error: DISPATCH_MSG.remarkTooLong })
    .trim()
    .max(DISPATCH_REMARK_MAX, DISPATCH_MSG.remarkTooLong)
    .nullish()
    .transform((v) => v ?? ''),
  DispatchId: z
    .string({ error: DISPATCH_MSG.didText })
    .trim()
    .max(20, DISPATCH_MSG.didText)
    .nullish()
    .transform((v) => v ?? ''),
});
export type DispatchSaveFields = z.output<typeof saveFields>;

/** The spec's form rules in the spec's order (section 4: a target, then a scan; section 5: mode, LR). */
export function saveProblem(
  b: Pick<DispatchSaveFields, 'SendTo' | 'WareHouseId' | 'scanned' | 'TransportModeId' | 'LR'>,
): string | null {
  if (!b.WareHouseId && !b.SendTo) return DISPATCH_MSG.selectSendTo;
  if (b.scanned.length === 0) return DISPATCH_MSG.scanFirst;
  if (!b.TransportModeId) return DISPATCH_MSG.selectTransport;
  if (b.LR.trim().length < 1) return DISPATCH_MSG.enterLr;
  return null;
}

// The form rules run as one refinement so their order is the spec's, whichever fields are missing.
export const dispatchSave = saveFields.superRefine((b, ctx) => {
  const problem = saveProblem(b);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [] });
});
export type DispatchSave = z.input<typeof dispatchSave>;

/** Who the dispatch goes to: a site (WareHouseId) or a dealer (SendTo). */
export type DispatchTarget = { kind: 'site'; siteId: number } | { kind: 'dealer'; userId: number };
export const targetOf = (b: Pick<DispatchSaveFields, 'SendTo' | 'WareHouseId'>): DispatchTarget =>
  b.WareHouseId ? { kind: 'site', siteId: b.WareHouseId } : { kind: 'dealer', userId: b.SendTo };

/** The save's answer: the spec's invoice data and the company's, to print the invoice. */
export const dispatchInvoice = z.object({
  CartonId: z.string(),
  userDetail: z.object({
    FirmName: z.string(),
    bill_Address1: z.string(),
    bill_Address2: z.string(),
    bill_CityName: z.string(),
    bill_StateName: z.string(),
    bill_Pincode: z.string(),
    bill_CountryName: z.string(),
  }),
  TransportMode: z.string(),
  LR: z.string(),
  /** Cartons on the dispatch (each one's packs are its TotalQty). */
  Qty: z.number(),
  cartonList: z.array(
    z.object({
      CartonId: z.string(),
      ProductName: z.string(),
      BatchNo: z.string(),
      TotalQty: z.number(),
      ProductUOM: z.string(),
    }),
  ),
  CompanyLogo: z.string(),
  CompanyName: z.string(),
  Address: z.string(),
  City: z.string(),
  Pincode: z.string(),
  Mobile: z.string(),
  /** Ours: when the server saved it (ISO), for the invoice's date. */
  CreatedDt: z.string(),
});
export type DispatchInvoice = z.infer<typeof dispatchInvoice>;

/** A past dispatch; userName is who it went to (the site's name, or the dealer's); Remark (ours): the
 *  approval remark of newer stock sent while older waited ('' when none). */
export const dispatchRow = z.object({
  DispatchId: z.string(),
  TotalCarton: z.number(),
  CreatedDt: z.string(),
  userName: z.string(),
  Remark: z.string(),
  TotalRows: z.number(),
});
export type DispatchRow = z.infer<typeof dispatchRow>;

export const transportModeOption = z.object({ TransportModeId: z.number(), TransportMode: z.string() });
export type TransportModeOption = z.infer<typeof transportModeOption>;

/** The cartons scanned so far, as ids or as the scanned rows (older stock among them is not "waiting"). */
export const dispatchScanRequest = z.strictObject({
  scanned: z
    .array(z.union([z.string().max(60), dispatchScanned.transform((r) => r.CartonId)]))
    .max(DISPATCH_MAX_CARTONS)
    .default([]),
});

/** Past dispatches from the caller's site, newest first. */
export const DISPATCH_LIST = listContract({
  page: PAGE.dispatch,
  list: 'Dispatch/GetDispatch',
  row: dispatchRow,
  columns: [
    col('DispatchId', 'Dispatch Id'),
    col('TotalCarton', 'Total Carton'),
    col('CreatedDt', 'Created Date', { format: 'date' }),
    col('userName', 'Sent'),
  ],
  defaultSort: 'CreatedDt',
  rowKey: 'DispatchId',
});

export const DISPATCH_API = {
  save: postEndpoint('Dispatch/save', access, dispatchSave, dispatchInvoice, { idempotent: true }),
  list: DISPATCH_LIST.api.list,
  modes: getEndpoint('Dispatch/GetModeDDL', access, z.array(transportModeOption)),
  /** The spec's call: GET `?sid=&checkItemDate=`, the cartons scanned so far in `&scanned=` (ids, comma
   *  separated). '500' answers the older stock list (rows of the same shape); `checkItemDate=false` once
   *  the user chose to go on with the newer stock. */
  scan: getEndpoint('Dispatch/GetTertiaryPackingScan', access, scannedCartonRow),
  /** The same call with the scanned list in a body, for lists too long for an address (our device). */
  scanWithList: postEndpoint('Dispatch/GetTertiaryPackingScan', access, dispatchScanRequest, scannedCartonRow),
} as const;

// --- Checks without a database: the device and the server run these same functions. ---

export type DispatchCartonType = 'TID' | 'SID';
export interface DispatchCartonId {
  id: string;
  type: DispatchCartonType;
}

/** A dispatch scan: a TID or a SID, its text; otherwise 'Invalid Scanned'. */
export function dispatchScan(scan: string): DispatchCartonId | { message: string } {
  const slip = parseSlipId(scan);
  return slip && (slip.type === 'TID' || slip.type === 'SID')
    ? { id: slip.text, type: slip.type }
    : { message: DISPATCH_MSG.invalidScan };
}

/** The scanned list: its cartons in order, and every scan at fault ('Invalid Scanned', 'Already Scanned..!'). */
export function scannedCartons(scans: readonly string[]): { cartons: DispatchCartonId[]; faults: RefusedItem[] } {
  const cartons: DispatchCartonId[] = [];
  const faults: RefusedItem[] = [];
  const seen = new Set<string>();
  for (const s of scans) {
    const scan = dispatchScan(s);
    if ('message' in scan) faults.push({ Code: s, Reason: scan.message });
    else if (seen.has(scan.id)) faults.push({ Code: scan.id, Reason: DISPATCH_MSG.alreadyScanned });
    else {
      seen.add(scan.id);
      cartons.push(scan);
    }
  }
  return { cartons, faults };
}

/** A device's DID: a DID of the caller's prefix within the prefix's reserved block (number <= last). */
export function didProblem(
  text: string,
  prefix: string,
  lastReserved: number,
): { did: string; number: number } | { message: string } {
  const did = parseSlipId(text);
  if (!did || did.type !== 'DID' || did.prefix !== prefix.toUpperCase())
    return { message: DISPATCH_MSG.didNotOurs(prefix.toUpperCase()) };
  if (did.number > lastReserved) return { message: DISPATCH_MSG.didUnreserved(did.text) };
  return { did: did.text, number: did.number };
}

export interface StockCarton {
  CartonId: string;
  ProductId: number;
  MFGDate: string;
}

/** Older stock first: the cartons of `atSite` (not scanned) of a product scanned, made before the newest
 *  scanned carton of that product; oldest first. Cartons without an MFG date take no part. */
export function olderStockOf(scanned: readonly StockCarton[], atSite: readonly StockCarton[]): StockCarton[] {
  const newest = new Map<number, string>();
  const ids = new Set(scanned.map((c) => c.CartonId));
  for (const c of scanned)
    if (c.MFGDate && c.MFGDate > (newest.get(c.ProductId) ?? '')) newest.set(c.ProductId, c.MFGDate);
  return atSite
    .filter((c) => !ids.has(c.CartonId) && c.MFGDate !== '' && c.MFGDate < (newest.get(c.ProductId) ?? ''))
    .sort((a, b) => a.MFGDate.localeCompare(b.MFGDate) || a.CartonId.localeCompare(b.CartonId));
}
