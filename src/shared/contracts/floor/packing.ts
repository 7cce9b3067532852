// Secondary and Tertiary Packing (spec 2 sections 2, 4, 5, 7; DESIGN sections 4, 5): the calls, the
// spec's messages, and the checks that need no database, run alike by the device (against its caches,
// before the network) and by the server (the authority, again, inside the save's transaction).
import { z } from 'zod';
import { normaliseBase32, parseSlipId, parseUid, scannedUid, type SlipType } from '../../codes.js';
import { postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { col, listContract } from '../list-contract.js';

/** Spec 2 section 9: the fractional remark needs 4 trimmed characters, though its text says 5. */
export const FRACTIONAL_MIN = 4;
export const REMARK_MAX = 200;

export const PACKING_MSG = {
  selectCartonSize: 'Select Carton Size',
  cartonFull: 'Carton Full',
  alreadyScanned: 'already Scanned',
  sameProduct: 'You can pack only same product',
  fractional: 'Define in min 5 char',
  /** The slip is not one of the caller's prefix, or not exactly one SID (TID for tertiary). */
  invalidSlip: 'Invalid Cartons',
  /** Tertiary: a scan that is not a SID. */
  invalidCarton: 'Invalid Carton',
  similarItems: 'only Similar Items Can be packed',
  scanFirst: 'Scan First',
  fractionalTitle: 'Fractional Carton Remark',
  secondarySlipTitle: 'Scan the Carton Slip For Secodary Packing',
  tertiarySlipTitle: 'Scan the Carton Slip For Tertiary Packing',
  approvalTitle: 'Add approval remarks',
  olderStockTitle: 'Older Stock List',
  // Ours: what the spec leaves to the server.
  noSite: 'Your account has no site prefix: packing is done at a factory or warehouse.',
  notCode: 'Invalid scanned Qr',
  // Ours, after the spec's words: what the scan is instead of a pack's code, where its text tells.
  notCodeSid: (sid: string) => `Invalid scanned Qr: ${sid} is a carton slip, scan it in the slip dialog.`,
  notCodeTid: (tid: string) => `Invalid scanned Qr: ${tid} is a tertiary carton slip, not a pack.`,
  notCodeDid: (did: string) => `Invalid scanned Qr: ${did} is a dispatch id, not a pack.`,
  notCodeNumber: (n: string) => `Invalid scanned Qr: ${n} is the number printed beside the QR, scan the QR itself.`,
  notCodeBroken: 'Invalid scanned Qr: the code was read in part, scan it again.',
  notCodeOther: 'Invalid scanned Qr: not a pack code of this system.',
  forged: 'This code is not genuine.',
  unmapped: 'Not mapped to a product of your company.',
  damaged: (reason: string) => `Damaged (${reason}).`,
  packed: (sid: string) => `Already packed in ${sid}.`,
  /** The server (a slip past the prefix's last reserved), and the device offline (past the blocks its
   *  cache knows): one text. */
  slipUnprinted: (slip: string) => `${slip} was never reserved for this site: use a printed slip.`,
  slipUsed: (slip: string) => `Carton slip ${slip} is already used.`,
  notHere: (id: string) => `${id} is not a packed carton at your site.`,
  cartonDamaged: (id: string) => `${id} is damaged.`,
  inTertiary: (sid: string, tid: string) => `${sid} is already packed in ${tid}.`,
  olderStock: 'Older stock of this product is waiting at your site: add an approval remark to pack the newer stock.',
  approvalRequired: 'Please add approval remarks.',
  /** The device: the carton is queued to send. */
  closed: (slip: string, n: number) => `${slip} closed with ${n}: queued to send.`,
  /** Spec 2 section 8: a tertiary save whose cartons were packed meanwhile. */
  itemsAlreadyPacked: 'Items Already Packed',
  itemsRefused: (n: number) => `${n} scanned items cannot be packed.`,
  secondarySaved: (sid: string, n: number) => `Secondary carton ${sid} packed with ${n} item${n === 1 ? '' : 's'}.`,
  tertiarySaved: (tid: string, n: number) => `Tertiary carton ${tid} packed with ${n} carton${n === 1 ? '' : 's'}.`,
} as const;

/** Two different codes that claim one printed number (issue 27 item 3): one is a copy. The device holds
 *  both aside and asks the server which is genuine (PACKING_API.checkCodes). */
export const COPY_MSG = {
  /** The second code of a number in the carton on the screen: both leave it. */
  inCarton: (shown: string) =>
    `${shown}: another code with this number is in the carton. One is a copy: both are set aside. Keep the pack that verifies.`,
  /** The number is in a carton this device closed under another code. */
  inQueued: (shown: string, sid: string) =>
    `${shown}: ${sid} holds another code with this number. One is a copy: set this pack aside. Keep the pack that verifies.`,
  /** A code of a number held aside, before the server has said which is genuine. */
  held: (shown: string) => `${shown} is set aside as a suspected copy: waiting for the server to say which is genuine.`,
  /** The server's verdict, said once it is known. */
  genuine: (shown: string, end: string) =>
    `${shown}: the pack ending ${end} is genuine, scan it again. The other is a copy: keep it out.`,
  copy: (shown: string) => `${shown}: this pack is a copy (not genuine). Keep it out.`,
} as const;

/** The last characters of a code, to tell two packs of one number apart on the screen. */
export const codeEnd = (uid: string) => uid.slice(-5);

/** Which of some scanned codes carry a genuine MAC (the device cannot tell: it has no key). */
export const checkCodesRequest = z.strictObject({
  UIDs: z
    .array(z.string().trim().min(1, PACKING_MSG.notCode).max(500, PACKING_MSG.notCode))
    .min(1, PACKING_MSG.scanFirst)
    .max(20, PACKING_MSG.scanFirst),
});
export const checkedCode = z.object({ UID: z.string(), Genuine: z.boolean() });

const access = (page: typeof PAGE.secondaryPacking) => ({ pages: [page] }) as const;

/** One scanned pack: the code as scanned (uid or QR URL); the rest is what the row showed. */
export const scannedItem = z.object({
  UID: z.string().trim().min(1, PACKING_MSG.notCode).max(500, PACKING_MSG.notCode),
  VisibleNo: z.string().max(40).optional(),
  BatchNo: z.string().max(50).optional(),
  ProductName: z.string().max(200).optional(),
  MFGDate: z.string().max(30).optional(),
  EXPDate: z.string().max(30).optional(),
  SeqNo: z.number().optional(),
});
export type ScannedItem = z.input<typeof scannedItem>;

const cartonSize = z.number({ error: PACKING_MSG.selectCartonSize }).int().positive(PACKING_MSG.selectCartonSize);
const reason = z.string().trim().max(REMARK_MAX).default('');
/** The scanned carton slip (CartonName in the spec's payload). */
const slipText = z
  .string({ error: PACKING_MSG.invalidSlip })
  .trim()
  .min(1, PACKING_MSG.invalidSlip)
  .max(60, PACKING_MSG.invalidSlip);

export const secondarySave = z.strictObject({
  cartonMasterId: cartonSize,
  scanned: z.array(scannedItem, { error: PACKING_MSG.scanFirst }).min(1, PACKING_MSG.scanFirst).max(10_000),
  reason,
  CartonName: slipText,
});
export type SecondarySave = z.input<typeof secondarySave>;

/** One scanned secondary carton in a tertiary packing (the spec's scanned carton row). */
export const scannedCarton = z.object({
  Id: z.number().optional(),
  CartonId: z.string().trim().min(1, PACKING_MSG.invalidCarton).max(60, PACKING_MSG.invalidCarton),
  ProductName: z.string().max(200).optional(),
  ProductId: z.number().optional(),
  BatchNo: z.string().max(50).optional(),
  CartonName: z.string().max(100).optional(),
  Qty: z.number().optional(),
  MFGDate: z.string().max(30).optional(),
  EXPDate: z.string().max(30).optional(),
  SeqNo: z.number().optional(),
});
export type ScannedCarton = z.input<typeof scannedCarton>;

export const tertiarySave = z.strictObject({
  cartonMasterId: cartonSize,
  scanned: z.array(scannedCarton, { error: PACKING_MSG.scanFirst }).min(1, PACKING_MSG.scanFirst).max(1_000),
  /** The approval remark when newer stock was packed while older stock waited. */
  remark: reason,
  reason,
  CartonName: slipText,
});
export type TertiarySave = z.input<typeof tertiarySave>;

/** The save's answer: the carton made. */
export const packedCarton = z.object({ CartonId: z.string(), TotalQty: z.number(), CartonName: z.string() });

/** The spec's scanned carton row (GetScanSecondaryPacking), dates as YYYY-MM-DD. */
export const scannedCartonRow = z.object({
  Id: z.number(),
  CartonId: z.string(),
  ProductName: z.string(),
  ProductId: z.number(),
  BatchNo: z.string(),
  CartonName: z.string(),
  Qty: z.number(),
  MFGDate: z.string(),
  EXPDate: z.string(),
  SeqNo: z.number(),
});
export type ScannedCartonRow = z.infer<typeof scannedCartonRow>;

export const secondaryRow = z.object({
  Id: z.number(),
  CartonId: z.string(),
  TotalQty: z.number(),
  CreatedDt: z.string(),
  CartonName: z.string(),
  reason: z.string().nullable(),
  TotalRows: z.number(),
});
export const tertiaryRow = z.object({
  TertiaryCartonId: z.string(),
  TotalSecondaryCarton: z.number(),
  CreatedDt: z.string(),
  CartonName: z.string(),
  reason: z.string().nullable(),
  TotalRows: z.number(),
});
export type SecondaryRow = z.infer<typeof secondaryRow>;
export type TertiaryRow = z.infer<typeof tertiaryRow>;

/** GetScanSecondaryPacking's body: the cartons scanned so far (older stock among them is not "waiting"). */
export const scanSecondaryRequest = z.strictObject({ scanned: z.array(z.string().max(60)).max(1_000).default([]) });

/** The history lists: the caller's site's cartons, newest first. Secondary's Id (the slip's number)
 *  sorts too: the screen's header always offered it, and the server refused it until it was a column. */
export const SECONDARY_LIST = listContract({
  page: PAGE.secondaryPacking,
  list: 'SecondaryPacking/GetSecondaryPacking',
  row: secondaryRow,
  columns: [
    col('Id', 'Id'),
    col('CartonId', 'CartonId'),
    col('TotalQty', 'Total Qty'),
    col('CreatedDt', 'Created Date', { format: 'date' }),
    col('CartonName', 'Carton Size'),
    col('reason', 'Reason of Fractional'),
  ],
  defaultSort: 'CreatedDt',
  rowKey: 'CartonId',
});
export const TERTIARY_LIST = listContract({
  page: PAGE.tertiaryPacking,
  list: 'TertiaryPacking/GetTertiaryPacking',
  row: tertiaryRow,
  columns: [
    col('TertiaryCartonId', 'CartonId'),
    col('TotalSecondaryCarton', 'Total Carton'),
    col('CreatedDt', 'Created Date', { format: 'date' }),
    col('CartonName', 'Carton Size'),
    col('reason', 'Reason of Fractional'),
  ],
  defaultSort: 'CreatedDt',
  rowKey: 'TertiaryCartonId',
});

export const PACKING_API = {
  secondarySave: postEndpoint('SecondaryPacking/save', access(PAGE.secondaryPacking), secondarySave, packedCarton, {
    idempotent: true,
  }),
  secondaryList: SECONDARY_LIST.api.list,
  tertiarySave: postEndpoint('TertiaryPacking/save', access(PAGE.tertiaryPacking), tertiarySave, packedCarton, {
    idempotent: true,
  }),
  tertiaryList: TERTIARY_LIST.api.list,
  /** Ours: whether suspected copies are genuine, in the order asked. */
  checkCodes: postEndpoint(
    'SecondaryPacking/CheckCodes',
    access(PAGE.secondaryPacking),
    checkCodesRequest,
    z.array(checkedCode),
  ),
  /** `?sid=` the scanned SID, `&checkItemDate=false` once the user chose to go on with the newer stock.
   *  '500' answers the older stock list (rows of the same shape). */
  scanSecondary: postEndpoint(
    'TertiaryPacking/GetScanSecondaryPacking',
    access(PAGE.tertiaryPacking),
    scanSecondaryRequest,
    scannedCartonRow,
  ),
} as const;

// --- Checks without a database: the device and the server run these same functions. ---

/** The count against the carton size: 'Carton Full' past it; a fractional carton needs its remark. */
export function countProblem(count: number, size: number, fractionalReason: string): string | null {
  if (count > size) return PACKING_MSG.cartonFull;
  if (count < size && fractionalReason.trim().length < FRACTIONAL_MIN) return PACKING_MSG.fractional;
  return null;
}

/** The slip scanned to close a carton: of `type`, of the caller's prefix, printed (number <= the last
 *  reserved); its text, or the message. */
export function slipProblem(
  scan: string,
  type: SlipType,
  prefix: string,
  lastPrinted: number,
): { slip: string } | { message: string } {
  // Spec 2 section 5: exactly one SID (TID) in the scan, of the caller's prefix.
  if (scan.toUpperCase().split(type).length !== 2) return { message: PACKING_MSG.invalidSlip };
  const slip = parseSlipId(scan);
  if (!slip || slip.type !== type || slip.prefix !== prefix.toUpperCase()) return { message: PACKING_MSG.invalidSlip };
  if (slip.number > lastPrinted) return { message: PACKING_MSG.slipUnprinted(slip.text) };
  return { slip: slip.text };
}

/** What a scan that is not a pack's code is, by its text alone (device and server alike): a carton
 *  slip or dispatch id, the number printed beside a QR, a code read in part, or anything else. */
export function notCodeMessage(scan: string): string {
  const slip = parseSlipId(scan);
  if (slip?.type === 'SID') return PACKING_MSG.notCodeSid(slip.text);
  if (slip?.type === 'TID') return PACKING_MSG.notCodeTid(slip.text);
  if (slip?.type === 'DID') return PACKING_MSG.notCodeDid(slip.text);
  const text = scannedUid(scan).toUpperCase();
  // KA1042, or the serial alone of a preprinted label.
  if (/^([A-Z0-9]{2})?\d{1,11}$/.test(text)) return PACKING_MSG.notCodeNumber(text);
  // Our alphabet and kind letter, near a code's length (16 or 19): a label read in part or misread.
  const uid = normaliseBase32(text);
  if (uid && /^[PS]/.test(uid) && uid.length >= 12 && uid.length <= 22 && !parseUid(uid))
    return PACKING_MSG.notCodeBroken;
  return PACKING_MSG.notCodeOther;
}

/** A tertiary scan: a SID, its text; otherwise 'Invalid Carton'. */
export function secondaryScan(scan: string): { sid: string } | { message: string } {
  const slip = parseSlipId(scan);
  return slip?.type === 'SID' ? { sid: slip.text } : { message: PACKING_MSG.invalidCarton };
}
