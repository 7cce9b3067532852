// Dispatch Receive (spec 2 sections 2, 3, 4, 5, 7; DESIGN section 4: "a dispatch is received once, by
// its target"): the incoming list, the DID scan and its cartons, the receipt. Two calls make the same
// receipt: SaveDispatchReceive names the dispatch and the cartons that arrived; DispatchCartonReceive
// (the spec's "list of ids") gives only the ids, a DID or cartons of one dispatch. The cartons of the
// dispatch left out of a receipt are reported missing. The checks without a database are here, run
// alike by the device against its caches and by the server inside the receipt's transaction.
import { z } from 'zod';
import { parseSlipId, type SlipType } from '../../codes.js';
import { postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { dateText } from '../answer.js';
import { listContract } from '../list-contract.js';
import type { RefusedItem } from '../refusal.js';

/** Cartons in one receipt (and one return): a dispatch of 500 cartons is the benchmark's, with room. */
export const CARTONS_MAX = 5_000;

export const RECEIVE_MSG = {
  enterDispatchId: 'Please enter DispatchId.',
  invalidDispatchId: 'Invalid DispatchId.',
  invalidScanned: 'Invalid Scanned',
  alreadyScanned: 'Already Scanned..!',
  scanFirst: 'Scan First',
  // Ours: what the spec leaves to the server.
  noReceiver: 'Dispatches are received by a user of the warehouse or factory they are for, or by their dealer.',
  idList: 'Send the cartons received as a list of ids.',
  tooMany: `At most ${CARTONS_MAX} cartons in one receipt.`,
  /** Unknown, or another company's: the same answer. */
  notFound: (did: string) => `${did} was not found.`,
  notAddressed: (did: string) => `${did} is not addressed to you.`,
  alreadyReceived: (did: string) => `${did} is already received.`,
  allReturned: (did: string) => `${did} was taken back by its sender: nothing is left to receive.`,
  notOnDispatch: (id: string, did: string) => `${id} is not on ${did}.`,
  takenBack: (id: string) => `${id} was taken back by its sender.`,
  /** DispatchCartonReceive: a carton with no dispatch on the way (or not the caller's to know of). */
  notInTransit: (id: string) => `${id} is not on its way to you.`,
  otherDispatch: (id: string, first: string) => `${id} is not on ${first}: receive one dispatch at a time.`,
  itemsRefused: (n: number) => `${n} cartons cannot be received.`,
  /** Another request received or took back a carton between the checks and the writes. */
  changed: (did: string) => `${did} changed while it was being received: scan it again.`,
  received: (did: string, n: number, missing: number) =>
    `${did} received with ${n} carton${n === 1 ? '' : 's'}${missing ? `; ${missing} missing` : ''}.`,
} as const;

/** The incoming list's Status: on the way, received, or every carton taken back by the sender. */
export const RECEIVE_STATUS = { inTransit: 'In Transit', received: 'Received', returned: 'Returned' } as const;

const access = { pages: [PAGE.dispatchReceive] } as const;

/** The scanned DID, trimmed and upper-cased (the tail of a URL too). */
const dispatchId = z
  .string({ error: RECEIVE_MSG.enterDispatchId })
  .trim()
  .min(1, RECEIVE_MSG.enterDispatchId)
  .max(100, RECEIVE_MSG.invalidDispatchId)
  .transform((s, ctx) => {
    const scan = dispatchScan(s);
    if ('did' in scan) return scan.did;
    ctx.addIssue({ code: 'custom', message: scan.message });
    return z.NEVER;
  });

/** A carton id as scanned; each is checked on its own (slipScans) so every bad one is named. */
const scanText = z.string({ error: RECEIVE_MSG.invalidScanned }).max(100, RECEIVE_MSG.invalidScanned);

export const receiveCartonsRequest = z.strictObject({ DispatchId: dispatchId });

/** Cartons: the ids that arrived (the dispatch's others are missing; [] when none arrived). Left out:
 *  every carton still on the way arrived, as the spec's client receives a scanned DID. */
export const receiveSave = z.strictObject({
  DispatchId: dispatchId,
  Cartons: z.array(scanText, { error: RECEIVE_MSG.idList }).max(CARTONS_MAX, RECEIVE_MSG.tooMany).optional(),
});
export type ReceiveSave = z.input<typeof receiveSave>;

/** The spec's body is the bare list of ids: a DID (all of it arrived) or cartons of one dispatch.
 *  The union only makes a body that is no list answer idList, not the router's "must be an object". */
export const cartonReceive = z.union(
  [
    z
      .array(scanText, { error: RECEIVE_MSG.idList })
      .min(1, RECEIVE_MSG.scanFirst)
      .max(CARTONS_MAX, RECEIVE_MSG.tooMany),
    z.never(),
  ],
  { error: RECEIVE_MSG.idList },
);
export type CartonReceive = z.input<typeof cartonReceive>;

export const incomingRow = z.object({
  DispatchId: z.string(),
  TotalCarton: z.number(),
  Status: z.string(),
  CreatedDt: dateText,
  /** The sending site's name. */
  SentFrom: z.string(),
  ReceivedDt: dateText.nullable(),
});
export type IncomingRow = z.infer<typeof incomingRow>;

/** A carton still on the way on the scanned dispatch; Qty: the packs in it when it left; CreatedDt:
 *  when it was packed. */
export const receiveCartonRow = z.object({
  TertiaryCartonId: z.string(),
  ProductName: z.string(),
  Qty: z.number(),
  CreatedDt: dateText,
  DispatchId: z.string(),
});
export type ReceiveCartonRow = z.infer<typeof receiveCartonRow>;

/** A receipt's answer: the cartons that arrived and those reported missing. */
export const receipt = z.object({
  DispatchId: z.string(),
  Received: z.array(z.string()),
  Missing: z.array(z.string()),
});
export type Receipt = z.infer<typeof receipt>;

/** Dispatches addressed to the caller (their site, or them as a dealer), newest first. */
export const RECEIVE_LIST = listContract({
  page: PAGE.dispatchReceive,
  list: 'Dispatch/GetDispatchReceive',
  row: incomingRow,
  sortKeys: 'all',
  defaultSort: 'CreatedDt',
  rowKey: 'DispatchId',
});

export const RECEIVE_API = {
  list: RECEIVE_LIST.api.list,
  cartons: postEndpoint('Dispatch/GetDispatchReceiveCarton', access, receiveCartonsRequest, z.array(receiveCartonRow)),
  save: postEndpoint('Dispatch/SaveDispatchReceive', access, receiveSave, receipt, { idempotent: true }),
  cartonReceive: postEndpoint('Dispatch/DispatchCartonReceive', access, cartonReceive, receipt, { idempotent: true }),
} as const;

// --- Checks without a database: the device and the server run these same functions. ---

/** The Scan Item box: a DID, its text; otherwise the spec's message. */
export function dispatchScan(scan: string): { did: string } | { message: string } {
  if (scan.trim() === '') return { message: RECEIVE_MSG.enterDispatchId };
  const slip = parseSlipId(scan);
  return slip?.type === 'DID' ? { did: slip.text } : { message: RECEIVE_MSG.invalidDispatchId };
}

/** A list of scans of the given kinds: their ids in order, and each scan at fault ('Invalid Scanned',
 *  'Already Scanned..!' for a repeat). Receipts and returns read their lists through it. */
export function slipScans(
  scans: readonly string[],
  types: readonly SlipType[],
): { ids: string[]; faults: RefusedItem[] } {
  const ids = new Set<string>();
  const faults: RefusedItem[] = [];
  for (const scan of scans) {
    const slip = parseSlipId(scan);
    if (!slip || !types.includes(slip.type)) faults.push({ Code: scan.trim(), Reason: RECEIVE_MSG.invalidScanned });
    else if (ids.has(slip.text)) faults.push({ Code: slip.text, Reason: RECEIVE_MSG.alreadyScanned });
    else ids.add(slip.text);
  }
  return { ids: [...ids], faults };
}

/** The refusal's message for the items at fault: their one reason when they share it, or how many. */
export const faultsMessage = (faults: readonly RefusedItem[], many: (n: number) => string) =>
  faults.length > 0 && faults.every((f) => f.Reason === faults[0]!.Reason) ? faults[0]!.Reason : many(faults.length);
