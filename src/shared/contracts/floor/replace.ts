// Replace (spec 2 sections 2, 3, 4, 5, 7; DESIGN section 4): a torn pack code (PID) or carton slip
// (SID) gives way for good to a new one. The calls, the spec's messages, and the checks that need no
// database, run alike by the device (before the network) and by the server (again, inside the save).
import { z } from 'zod';
import { formatDate } from '../../cell-format.js';
import { parseSlipId, parseUid, scannedUid } from '../../codes.js';
import { postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { slipProblem } from './packing.js';

export const REPLACE_TYPES = ['PID', 'SID'] as const;
export type ReplaceType = (typeof REPLACE_TYPES)[number];

export const REPLACE_MSG = {
  /** Spec 2 section 5, as written. */
  firstScan: 'first scan primary qr code whome you want to replace',
  onlySid: 'valid only SID',
  /** The new slip is not one of the caller's prefix (or not exactly one SID). */
  invalidSlip: 'Invalid Cartons',
  enterQr: 'Please enter QrCode.',
  dialogTitle: 'Scan the Primary QR/Carton Slip For Replacing',
  // Ours: what the spec leaves to the server.
  chooseType: 'Choose Primary Qr Code (PID) or Secondary Carton Slips (SID).',
  noSite: 'Your account has no site prefix: codes are replaced at a factory or warehouse.',
  notGenuine: (code: string) => `${code} is not a genuine code.`,
  sameCode: 'Scan the new code: this is the code being replaced.',
  notMapped: (code: string) => `${code} is not mapped to a product of your company.`,
  damaged: (code: string, reason: string) => `${code} is damaged (${reason}).`,
  replaced: (code: string) => `${code} was replaced: it is retired for good.`,
  /** A secondary packing scan of a retired code (its item reason). */
  retired: 'Replaced: this code is retired for good.',
  alreadyNew: (code: string) => `${code} already took the place of another code.`,
  packed: (code: string, sid: string) => `${code} is already packed in ${sid}.`,
  /** The batch as the pack's label prints it: dates DD-MM-YYYY, as every screen shows them. */
  otherBatch: (code: string, batchNo: string, mfgDate: string | null, expDate: string | null) =>
    `${code} is not mapped to the same product and batch (${batchNo}, MFG ${formatDate(mfgDate)}, EXP ${formatDate(expDate)}).`,
  inCarton: (code: string, problem: string) => `${code}: ${problem}`,
  cartonNotHere: (sid: string) => `${sid} is not a packed carton at your site.`,
  cartonDamaged: (sid: string) => `${sid} is damaged.`,
  cartonReplaced: (sid: string, by: string) => `${sid} was replaced by ${by}.`,
  doneCode: (old: string, now: string) => `${old} replaced by ${now}.`,
  doneSlip: (old: string, now: string) => `Carton ${old} is now ${now}.`,
  /** Scan-first (issue 27): the code scanned is the other kind than the one chosen. */
  pidNotSid: 'valid only SID: this is a pack code (PID). To replace it, choose Primary Qr Code (PID).',
  sidNotPid: (sid: string) =>
    `${sid} is a carton slip (SID), not a pack code. To replace it, choose Secondary Carton Slips (SID).`,
} as const;

const access = { pages: [PAGE.replace] } as const;

const type = z
  .string({ error: REPLACE_MSG.chooseType })
  .trim()
  .toUpperCase()
  .pipe(z.enum(REPLACE_TYPES, { error: REPLACE_MSG.chooseType }));
const scan = (message: string) => z.string({ error: message }).trim().min(1, message).max(500, message);

/** The first scan: the code to replace (the spec's field is spelled FistQrCode). */
export const detailsRequest = z.strictObject({ FistQrCode: scan(REPLACE_MSG.enterQr), Type: type });
export type DetailsRequest = z.input<typeof detailsRequest>;

export const replaceRequest = z.strictObject({
  FistQrCode: scan(REPLACE_MSG.firstScan),
  Type: type,
  SecondQrCode: scan(REPLACE_MSG.enterQr),
});
export type ReplaceRequest = z.input<typeof replaceRequest>;

/** The spec's details row: the visible number (the SID for a carton), the product, and the SID the
 *  pack is in ('' when loose). */
export const detailsRow = z.object({
  RandomNumber: z.string(),
  ProductName: z.string(),
  ProductDscrptn: z.string(),
  SecondaryCarton: z.string(),
});
export type DetailsRow = z.infer<typeof detailsRow>;

/** ReplaceQrCode's answer: the old and new code as shown, and the carton the new one is in. */
export const replacedCode = z.object({
  Type: z.enum(REPLACE_TYPES),
  OldCode: z.string(),
  NewCode: z.string(),
  SecondaryCarton: z.string(),
});
export type ReplacedCode = z.infer<typeof replacedCode>;

export const REPLACE_API = {
  details: postEndpoint('Replace/GetQrCodeDetails', access, detailsRequest, z.array(detailsRow)),
  replace: postEndpoint('Replace/ReplaceQrCode', access, replaceRequest, replacedCode, { idempotent: true }),
} as const;

// --- Checks without a database: the device and the server run these same functions. ---

/** The code to replace: a uid (a QR URL reduced to it) for PID, a SID for SID; its text, or the message. */
export function firstScanProblem(t: ReplaceType, raw: string): { code: string } | { message: string } {
  const s = raw.trim();
  if (!s) return { message: REPLACE_MSG.enterQr };
  if (t === 'SID') {
    const slip = parseSlipId(s);
    return slip?.type === 'SID' ? { code: slip.text } : { message: REPLACE_MSG.onlySid };
  }
  const uid = parseUid(scannedUid(s));
  return uid ? { code: uid.uid } : { message: REPLACE_MSG.notGenuine(scannedUid(s)) };
}

/**
 * The new code against the first. PID: a uid, not the first one. SID (spec 2 section 5): it must
 * contain SID ('valid only SID') and the caller's prefix ('Invalid Cartons'), be exactly one SID of
 * that prefix and printed (number <= the last reserved), and not be the first slip.
 */
export function secondScanProblem(
  t: ReplaceType,
  first: string,
  second: string,
  prefix: string,
  lastPrinted: number,
): { code: string } | { message: string } {
  if (!first.trim()) return { message: REPLACE_MSG.firstScan };
  const old = firstScanProblem(t, first);
  if ('message' in old) return old;
  if (!second.trim()) return { message: REPLACE_MSG.enterQr };
  if (t === 'PID') {
    const now = firstScanProblem('PID', second);
    if ('code' in now && now.code === old.code) return { message: REPLACE_MSG.sameCode };
    return now;
  }
  const text = second.toUpperCase();
  if (!text.includes('SID')) return { message: REPLACE_MSG.onlySid };
  if (!prefix || !text.includes(prefix.toUpperCase())) return { message: REPLACE_MSG.invalidSlip };
  const slip = slipProblem(second, 'SID', prefix, lastPrinted);
  if ('message' in slip) return slip;
  return slip.slip === old.code ? { message: REPLACE_MSG.sameCode } : { code: slip.slip };
}
