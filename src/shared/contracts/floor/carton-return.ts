// Carton Return (spec 2 sections 2, 3, 4, 5, 7): who may take back what (issue 12 item 4, decided):
// - 'Return From Transit' ticked: the site that dispatched a carton takes it back while it is still on
//   the way (its leg 'sent'); the leg ends as returned and the carton is back at that site.
// - not ticked: the site that dispatched a carton takes it back after its target received it, while
//   it is still where that receipt left it (at the target site, or with the dealer); the leg ends as
//   returned and the carton is back at the site.
// A scan is a TID, a loose SID, or a DID standing for every carton of it that can be taken back so.
// A secondary carton inside a tertiary one travels with it: the tertiary carton is what is returned.
// Anything else is refused with the carton named and why; a return is all or nothing.
import { z } from 'zod';
import { getEndpoint, postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { dateText } from '../answer.js';
import { CARTONS_MAX, RECEIVE_STATUS, slipScans } from './dispatch-receive.js';

/** Decided: a return remark says why, as a damage reason does (5 to 200 characters). */
export const RETURN_REMARK_MIN = 5;
export const RETURN_REMARK_MAX = 200;

export const RETURN_MSG = {
  scanFirst: 'Scan First',
  invalidScanned: 'Invalid Scanned',
  alreadyScanned: 'Already Scanned..!',
  remarkTitle: 'Add return remarks',
  transit: 'Return From Transit',
  // Ours: what the spec leaves to the server.
  remark: `Please add return remarks of ${RETURN_REMARK_MIN} to ${RETURN_REMARK_MAX} characters.`,
  flag: 'IsActive must be true or false.',
  tooMany: `At most ${CARTONS_MAX} cartons in one return.`,
  noSite: 'Your account has no site: cartons are taken back by a factory or warehouse.',
  /** Unknown, or another company's: the same answer. */
  notFound: (id: string) => `${id} was not found.`,
  notInUse: (id: string, state: string) => `${id} is ${state}.`,
  packedIn: (sid: string, tid: string) => `${sid} is packed in ${tid}: return ${tid}.`,
  notYours: (id: string) => `${id} was not dispatched from your site.`,
  received: (id: string, did: string) => `${id} was received on ${did}: untick Return From Transit to take it back.`,
  inTransit: (id: string, did: string) => `${id} is in transit on ${did}: tick Return From Transit to take it back.`,
  missing: (id: string, did: string) => `${id} was reported missing on ${did}.`,
  returned: (id: string, did: string) => `${id} was already taken back from ${did}.`,
  moved: (id: string, did: string) => `${id} is no longer where ${did} left it.`,
  nothing: (did: string, transit: boolean) =>
    transit ? `${did} has no carton in transit to take back.` : `${did} has no received carton to take back.`,
  itemsRefused: (n: number) => `${n} scanned cartons cannot be returned.`,
  /** Another request moved a carton between the checks and the writes. */
  changed: 'A carton changed while it was being returned: scan again.',
  done: (n: number, transit: boolean) =>
    `${n} carton${n === 1 ? '' : 's'} taken back${transit ? ' from transit' : ''}.`,
} as const;

const access = { pages: [PAGE.cartonReturn] } as const;

/** The spec's client sends true or false; 1 and 0 are read the same. */
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: RETURN_MSG.flag })
  .transform((v) => v === true || v === 1);
const scanText = z
  .string({ error: RETURN_MSG.invalidScanned })
  .trim()
  .min(1, RETURN_MSG.invalidScanned)
  .max(100, RETURN_MSG.invalidScanned);

/** One row of the return list: the scan, and what the row showed. */
export const returnScanned = z.object({
  Id: z.number().optional(),
  CartonId: scanText,
  ProductName: z.string().max(200).optional(),
  MFGDate: z.string().max(30).optional(),
  EXPDate: z.string().max(30).optional(),
});

export const returnSave = z.strictObject({
  scanned: z
    .array(returnScanned, { error: RETURN_MSG.scanFirst })
    .min(1, RETURN_MSG.scanFirst)
    .max(CARTONS_MAX, RETURN_MSG.tooMany),
  /** Return From Transit. */
  IsActive: flag.default(false),
  Remark: z
    .string({ error: RETURN_MSG.remark })
    .trim()
    .min(RETURN_REMARK_MIN, RETURN_MSG.remark)
    .max(RETURN_REMARK_MAX, RETURN_MSG.remark),
});
export type ReturnSave = z.input<typeof returnSave>;

/** GetPackingForReturn: the spec's fields. wareHouseId is what the spec's client sends from its
 *  session; the server takes the caller's site from the session itself and does not read it. */
export const packingForReturnRequest = z.strictObject({
  cartonID: scanText,
  isTransit: flag.default(false),
  wareHouseId: z.number().int().nullish(),
});
/** GetReturnInfo: the spec's "code, transit flag, warehouse id", named as GetPackingForReturn's. */
export const returnInfoRequest = z.strictObject({
  code: scanText,
  isTransit: flag.default(false),
  wareHouseId: z.number().int().nullish(),
});

/** A row of the return list, dates as YYYY-MM-DD ('' when none); Id: the carton's number. */
export const returnRow = z.object({
  Id: z.number(),
  CartonId: z.string(),
  ProductName: z.string(),
  MFGDate: z.string(),
  EXPDate: z.string(),
  DispatchId: z.string(),
});
export type ReturnRow = z.infer<typeof returnRow>;

/** Where a carton would be taken back from: its dispatch leg, who sent it where, and when. */
export const returnInfoRow = z.object({
  CartonId: z.string(),
  DispatchId: z.string(),
  /** The leg: In Transit or Received (RECEIVE_STATUS). */
  Status: z.string(),
  SentFrom: z.string(),
  /** The target site's name, or the dealer's. */
  SentTo: z.string(),
  SentDt: dateText,
  ReceivedDt: dateText.nullable(),
  /** The site it comes back to (the sender, the caller's own). */
  ReturnTo: z.string(),
});
export type ReturnInfoRow = z.infer<typeof returnInfoRow>;

export const returned = z.object({
  Cartons: z.array(z.string()),
  DispatchIds: z.array(z.string()),
  Transit: z.boolean(),
});
export type Returned = z.infer<typeof returned>;

/** GET GetReturnInfo's query (spec 2 section 7 'GetReturnInfo with code, transit flag, warehouse id'),
 *  read into the POST's body (then checked by returnInfoRequest): the flag as true/false/1/0, the site id as digits. */
export const returnInfoQuery = z
  .object({
    code: z.string().optional(),
    isTransit: z.enum(['true', 'false', '1', '0'], { error: RETURN_MSG.flag }).optional(),
    wareHouseId: z
      .string()
      .regex(/^-?\d{1,9}$/)
      .optional(),
  })
  .loose()
  .transform((q) => ({
    code: q.code ?? '',
    isTransit: q.isTransit === 'true' || q.isTransit === '1',
    wareHouseId: q.wareHouseId ? Number(q.wareHouseId) : null,
  }));

export const RETURN_API = {
  save: postEndpoint('Dispatch/ReturnCarton', access, returnSave, returned, { idempotent: true }),
  packing: postEndpoint('Dispatch/GetPackingForReturn', access, packingForReturnRequest, z.array(returnRow)),
  info: postEndpoint('Dispatch/GetReturnInfo', access, returnInfoRequest, z.array(returnInfoRow)),
  /** The same call as a GET with the fields in the query. */
  infoByQuery: getEndpoint('Dispatch/GetReturnInfo', access, z.array(returnInfoRow)),
} as const;

// --- Checks without a database: the device and the server run these same functions. ---

/** The return list's scans: TID, SID or DID ('Invalid Scanned'), each once ('Already Scanned..!'). */
export const returnScans = (scans: readonly string[]) => slipScans(scans, ['TID', 'SID', 'DID']);

/** A carton as the return rule sees it (a TID, or a SID with the TID it is packed in). */
export interface CartonFacts {
  companyId: number;
  /** The site it was packed at. */
  siteId: number;
  state: string;
  tid: string | null;
  locationSiteId: number | null;
  dispatchId: string | null;
  dealerId: number | null;
}

/** A carton's latest dispatch leg and its dispatch. */
export interface LegFacts {
  did: string;
  state: 'sent' | 'received' | 'missing' | 'returned';
  companyId: number;
  fromSiteId: number;
  toSiteId: number | null;
  toUserId: number | null;
}

/** The leg's status as the lookups show it. */
export const legStatus = (state: LegFacts['state']) =>
  state === 'sent' ? RECEIVE_STATUS.inTransit : RECEIVE_STATUS.received;
