// Recalling a product batch (issue 13 item 2) and the recall trace (issue 14 item 5): every pack of a
// recalled batch answers '-1' on the verification page with the reason, and the floor refuses to pack
// it (online and offline, through the device caches). The Mapping screen's users (who define batches)
// and the Recall Trace screen's call these.
import { z } from 'zod';
import { postEndpoint } from '../endpoint.js';
import { PAGE } from '../pages.js';
import { dateText } from './answer.js';
import { requiredText } from './fields.js';
import { listContract } from './list-contract.js';

export const RECALL_MSG = {
  product: 'Please select product.',
  batch: 'Please enter the batch number.',
  reason: 'Please enter the reason of the recall.',
  saved: 'Batch recalled successfully.',
  duplicate: 'This batch is recalled already.',
  noBatch: 'No pack of this product carries this batch number.',
  /** A pack of a recalled batch scanned on the floor (device and server alike). */
  onFloor: (reason: string) => `This batch is recalled: ${reason}`,
} as const;

const productId = z.number({ error: RECALL_MSG.product }).int(RECALL_MSG.product).min(1, RECALL_MSG.product);
const batchNo = requiredText(RECALL_MSG.batch, 'Batch No', 50);

export const recallSave = z.strictObject({
  ProductId: productId,
  BatchNo: batchNo,
  Reason: requiredText(RECALL_MSG.reason, 'Reason', 200),
});
export type RecallSave = z.input<typeof recallSave>;

export const recallRow = z.object({
  RecallId: z.number(),
  ProductName: z.string(),
  BatchNo: z.string(),
  Reason: z.string(),
  CreatedDate: dateText,
});

/** The lists of a trace the screen shows stop at this many rows (the totals count them all); the
 *  export asks for every row (`All`). */
export const TRACE_ROWS = 500;

export const traceRequest = z.strictObject({
  ProductId: productId,
  BatchNo: batchNo,
  All: z.boolean({ error: 'All must be true or false.' }).default(false),
});
export type TraceRequest = z.input<typeof traceRequest>;

/** A mapped range of the batch, and how many of its packs are packed and damaged (void by range, or packed in a
 *  carton damaged for good: those are packed too). */
export const traceRange = z.object({
  Kind: z.enum(['P', 'S']),
  Prefix: z.string(),
  FromNo: z.number(),
  ToNo: z.number(),
  Qty: z.number(),
  MFGDate: z.string(),
  EXPDate: z.string(),
  SiteName: z.string(),
  Packed: z.number(),
  Damaged: z.number(),
});
/** Where a carton is now: at a site, travelling on a dispatch, with a dealer, missing on arrival, or out of use. */
export const traceWhere = z.enum(['site', 'transit', 'dealer', 'missing', 'damaged', 'replaced']);
export type TraceWhere = z.infer<typeof traceWhere>;
/** A secondary carton holding packs of the batch (Packs: those packs), and where it is now. */
export const traceCarton = z.object({
  SID: z.string(),
  TID: z.string().nullable(),
  Packs: z.number(),
  PackedAt: z.string(),
  PackedDate: dateText,
  Where: traceWhere,
  WhereName: z.string(),
});
/** A dispatch that carried packs of the batch: from, to whom, and where it was received. State: how the batch's
 *  legs on it stand, in GetScanInfo's words ('In Transit', 'Received', 'Missing', 'Returned'; legs that differ as
 *  'Received 2 · Returned 1', by cartons). */
export const traceDispatch = z.object({
  DID: z.string(),
  DispatchDate: dateText,
  FromSite: z.string(),
  ToName: z.string(),
  ToKind: z.enum(['site', 'dealer']),
  Cartons: z.number(),
  Packs: z.number(),
  State: z.string(),
  ReceivedDate: dateText.nullable(),
  ReceivedBy: z.string(),
});
/** A public verification of a pack of the batch: where, when, what it answered. */
export const traceVerification = z.object({
  VerifiedDate: dateText,
  Code: z.string(),
  City: z.string(),
  State: z.string(),
  Result: z.string(),
  Message: z.string(),
});
/** The batch's packed packs by where they are now (cartons: secondary cartons). */
export const tracePlace = z.object({
  Where: traceWhere,
  WhereName: z.string(),
  Cartons: z.number(),
  Packs: z.number(),
});

export const traceAnswer = z.object({
  ProductId: z.number(),
  ProductName: z.string(),
  BatchNo: z.string(),
  Recall: z.object({ Reason: z.string(), CreatedDate: dateText }).nullable(),
  Totals: z.object({
    Mapped: z.number(),
    Packed: z.number(),
    Damaged: z.number(),
    Unpacked: z.number(),
    Cartons: z.number(),
    /** Damaged: the ranges' damaged packs (by range and by carton), the places' 'damaged' packs among them;
     *  Unpacked: mapped, neither packed nor void by range. Verifications: every public check of a pack of the
     *  batch; VerifiedPacks: the packs checked at least once. */
    Dispatches: z.number(),
    Verifications: z.number(),
    VerifiedPacks: z.number(),
  }),
  Places: z.array(tracePlace),
  Ranges: z.array(traceRange),
  Cartons: z.array(traceCarton),
  Dispatches: z.array(traceDispatch),
  Verifications: z.array(traceVerification),
});
export type TraceAnswer = z.infer<typeof traceAnswer>;
export type TraceCarton = z.infer<typeof traceCarton>;
export type TraceDispatch = z.infer<typeof traceDispatch>;
export type TraceVerification = z.infer<typeof traceVerification>;
export type TracePlace = z.infer<typeof tracePlace>;
export type TraceRange = z.infer<typeof traceRange>;

const pages = [PAGE.mapping, PAGE.recallTrace];

/** The company's recalls, newest first. */
export const RECALL_LIST = listContract({
  page: PAGE.recallTrace,
  pages,
  list: 'Recall/GetRecalls',
  row: recallRow,
  sortKeys: ['ProductName', 'BatchNo', 'Reason', 'CreatedDate'],
  defaultSort: 'CreatedDate',
  rowKey: 'RecallId',
});

export const RECALL_API = {
  save: postEndpoint('Recall/CreateRecall', { pages }, recallSave, z.null()),
  list: RECALL_LIST.api.list,
  trace: postEndpoint('Recall/GetRecallTrace', { pages: [PAGE.recallTrace] }, traceRequest, traceAnswer, {
    reads: 'standby',
  }),
} as const;
