// QR Code Tracking (spec 3, "QR Code Tracking Report"; issue 14 item 3): one scan box takes any code
// (a uid, its QR URL or GS1 Digital Link, PID{number}, a SID, TID or DID) and shows its journey.
// Dispatch/GetJourney?qr= answers the journey items (the spec's activity and date, with the place,
// who, a detail line and, for a public verification, its risk flags); Dispatch/GetScanInfo?qr= the
// contents of a DID (its cartons), a TID (its SIDs) or a SID (its packs), one level at a time, so a
// dispatch of thousands of packs opens row by row. A refusal is '400' with the message shown as a
// warning; another company's code answers as an unknown one.
import { z } from 'zod';
import { parseSlipId, parseUid, scannedUid, visibleNumber, type Series, type SlipId } from '../codes.js';
import { getEndpoint } from '../endpoint.js';
import { PAGE } from '../pages.js';
import { dateText } from './answer.js';
import type { CartonState, PackState } from '../lifecycle/index.js';

/** The longest scan looked at: a Digital Link with its dates fits well inside. */
export const TRACK_SCAN_MAX = 500;

export const TRACK_MSG = {
  scanFirst: 'Scan First',
  invalid: 'Invalid Scanned',
  // Ours: what the spec leaves to the server.
  notMapped: (code: string) => `${code} is not mapped.`,
  noPacks: (id: string) => `${id} holds no packs.`,
} as const;

/** What a journey item is about, for its icon and colour. */
export const JOURNEY_STEPS = [
  'map',
  'pair',
  'demap',
  'damage',
  'pack-secondary',
  'pack-tertiary',
  'dispatch',
  'receive',
  'missing',
  'return',
  'damage-carton',
  'replace',
  'verify',
] as const;
export type JourneyStepKind = (typeof JOURNEY_STEPS)[number];

/** The risk flags a public verification is stored with (server/domain/verify.ts VERIFY_FLAG), as read. */
export const VERIFY_FLAG_TEXT: Readonly<Record<string, string>> = {
  'verified-before': 'Verified before',
  'many-places': 'Verified in many places',
  burst: 'Many verifications in minutes',
  far: 'Far from where it was sent',
};
export const flagText = (flag: string) => VERIFY_FLAG_TEXT[flag] ?? flag;

/** The spec's journey item (activity, date) and ours: where, who, what else, and the risk flags. */
export const journeyItem = z.object({
  activity: z.string(),
  /** ISO timestamp; the client formats it. */
  date: dateText,
  /** The site (or dealer) where it happened; for a verification the visitor's city and state. */
  place: z.string(),
  who: z.string(),
  detail: z.string(),
  step: z.enum(JOURNEY_STEPS),
  flags: z.array(z.string()),
});
export type JourneyItem = z.infer<typeof journeyItem>;

/** How a row of the scan info stands: a carton's leg on the scanned DID, else the carton or pack itself
 *  (PACK_STATUS, CARTON_STATUS). */
export const SCAN_STATUS = {
  mapped: 'Mapped',
  packed: 'Packed',
  damaged: 'Damaged',
  replaced: 'Replaced',
  sent: 'In Transit',
  received: 'Received',
  missing: 'Missing',
  returned: 'Returned',
} as const;
export const statusText = (state: string): string => (SCAN_STATUS as Record<string, string>)[state] ?? state;

/** A pack's current state (shared/lifecycle packStateOf) in the same words: what a pack row of the
 *  scan info says, whoever asks. */
export const PACK_STATUS: Readonly<Record<PackState, string>> = {
  free: 'Not mapped',
  mapped: SCAN_STATUS.mapped,
  'in-sid': SCAN_STATUS.packed,
  'in-tid': SCAN_STATUS.packed,
  'in-transit': SCAN_STATUS.sent,
  'at-site': SCAN_STATUS.received,
  'with-dealer': 'With Dealer',
  missing: SCAN_STATUS.missing,
  damaged: SCAN_STATUS.damaged,
  demapped: 'De-mapped',
  replaced: SCAN_STATUS.replaced,
};
/** Where a carton is now (cartonStateOf; a SID in a TID: the TID's), in the same words. */
export const CARTON_STATUS: Readonly<Record<CartonState, string>> = {
  packed: SCAN_STATUS.packed,
  'in-tid': SCAN_STATUS.packed,
  'in-transit': SCAN_STATUS.sent,
  'at-site': SCAN_STATUS.received,
  'with-dealer': 'With Dealer',
  missing: SCAN_STATUS.missing,
  damaged: SCAN_STATUS.damaged,
  emptied: SCAN_STATUS.replaced,
};

/** The spec's scan info row: a carton of a DID, a SID of a TID, or a pack of a SID. */
export const scanInfoRow = z.object({
  /** TID…, SID…, or a pack as PID{visible number}. */
  Id: z.string(),
  SeqNo: z.number(),
  ProductName: z.string(),
  /** Packs in it (a pack: 1). */
  Qty: z.number(),
  /** When it was packed. */
  date: dateText,
  /** Ours: how it stands (Packed, In Transit, Received, Missing, Returned, Damaged, Replaced). */
  Status: z.string(),
});
export type ScanInfoRow = z.infer<typeof scanInfoRow>;

const access = { pages: [PAGE.qrCodeTrackingReport] } as const;

/** Both take `?qr={code}` (the spec's GETs). */
export const TRACKING_API = {
  journey: getEndpoint('Dispatch/GetJourney', access, z.array(journeyItem), { reads: 'standby' }),
  scanInfo: getEndpoint('Dispatch/GetScanInfo', access, z.array(scanInfoRow), { reads: 'standby' }),
} as const;

// --- What a scan is, read without a database (the device and the server alike). ---

export type TrackedCode =
  | { type: 'slip'; slip: SlipId }
  /** PID{visible number}: no MAC; the server makes the code's uid and checks it is the caller's. */
  | { type: 'pid'; series: Series; serial: number; text: string }
  /** A uid, QR URL or Digital Link: the server checks its MAC. */
  | { type: 'uid'; scan: string; text: string };

/** Control characters (a scanner's stray Tab, Enter or escape codes) never belong to a code. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** PID and a visible number: the preprinted serial, or a static prefix (with a '-' when it is digits) and serial. */
const PID_PATTERN = /^PID(?:([A-Z0-9]{2})-|([A-Z][A-Z0-9]|[0-9][A-Z]))?(\d{1,10})$/;

/** A pack's readable id: PID and its visible number ('PIDKA950', 'PID7001'; 'PID12-950' for a digit prefix). */
export function pidOf(series: Series, serial: number): string {
  if (series.kind === 'P') return `PID${serial}`;
  const prefix = series.prefix.toUpperCase();
  return /^\d{2}$/.test(prefix) ? `PID${prefix}-${serial}` : `PID${visibleNumber(series, serial)}`;
}

/** The scan as a code of some kind, or null when it cannot be one ('Invalid Scanned'). */
export function trackedCode(raw: string): TrackedCode | null {
  if (typeof raw !== 'string' || CONTROL.test(raw)) return null;
  const text = raw.trim();
  if (text === '' || text.length > TRACK_SCAN_MAX) return null;
  const upper = text.toUpperCase();
  const pid = PID_PATTERN.exec(upper);
  if (pid) {
    const prefix = pid[1] ?? pid[2];
    const serial = Number(pid[3]);
    if (!Number.isSafeInteger(serial) || serial < 1) return null;
    const series: Series = prefix ? { kind: 'S', prefix } : { kind: 'P', prefix: '' };
    return { type: 'pid', series, serial, text: pidOf(series, serial) };
  }
  const slip = parseSlipId(text);
  if (slip) return { type: 'slip', slip };
  const uid = parseUid(scannedUid(text));
  if (!uid) return null;
  return { type: 'uid', scan: text, text: pidOf(uid, uid.serial) };
}
