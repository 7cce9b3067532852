// Carton slip ids (spec 2 sections 2, 5, 7, 9; DESIGN section 4): the last id used per prefix and
// type lives on the server; a device reserves a block (last+1..to) and prints exactly that block.
import { z } from 'zod';
import { MAX_SLIP_NUMBER, type SlipType } from '../../codes.js';
import { getEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';

/** The most ids one call may reserve: a few cartons' worth of pallets, not a typo of extra zeros. */
export const SLIP_BLOCK_LIMIT = 10_000;

/** The separator of the two last numbers in GetIds' ResponseMessage (spec 2 section 7). */
export const IDS_SEPARATOR = 'VAL';

/** Spec 2 section 9: file type PDF is 1 and CSV is 2. */
export const SLIP_FILE_TYPE = { pdf: 1, csv: 2 } as const;
export type SlipFileType = (typeof SLIP_FILE_TYPE)[keyof typeof SLIP_FILE_TYPE];

/** What a type is called on the screen, on the label and in the CSV. */
export const SLIP_TYPE_NAME: Record<SlipType, string> = {
  SID: 'Secondary Carton',
  TID: 'Tertiary Carton',
  DID: 'Dispatch',
};

/** Numeric type codes accepted beside the names (the radio values of older clients). */
export const SLIP_TYPE_CODE: Record<string, SlipType> = { '1': 'SID', '2': 'TID', '3': 'DID' };

export const SLIP_MSG = {
  /** Spec 2 section 5: any of From, Quantity, To or type missing. */
  invalid: 'Invalid Arguments',
  noPrefix: 'Your account has no site prefix: carton slips are printed for a site prefix.',
  otherPrefix: (own: string) => `You can use slip ids of your own prefix (${own}) only.`,
  unknownPrefix: (prefix: string) => `No factory or warehouse has the prefix '${prefix}'.`,
  alreadyPrinted: (lastId: string) => `Slip ids up to ${lastId} are already printed.`,
  tooMany: (n: number) => `At most ${SLIP_BLOCK_LIMIT} slip ids can be reserved at once (asked for ${n}).`,
  pastMax: `Slip numbers go up to ${MAX_SLIP_NUMBER}.`,
  reserved: (first: string, last: string) =>
    first === last ? `Slip id ${first} reserved.` : `Slip ids ${first} to ${last} reserved.`,
  /** Client: the last-ids lookup failed (spec 2 section 8). */
  lookupFailed: 'Could not read the last slip numbers; please reload the page.',
} as const;

/** GetIds' ResponseData: the last number used per type (0 before the first slip). */
export const lastIds = z.strictObject({ Prefix: z.string(), SID: z.number(), TID: z.number(), DID: z.number() });
export type LastIds = z.infer<typeof lastIds>;

/** UpdateIds' ResponseData: the block reserved for the caller, FromNo..ToNo inclusive. */
export const reservedIds = z.strictObject({
  Type: z.enum(['SID', 'TID', 'DID'] satisfies SlipType[]),
  Prefix: z.string(),
  FromNo: z.number(),
  ToNo: z.number(),
  FirstId: z.string(),
  LastId: z.string(),
  /** The two-digit year written into these ids. */
  Year: z.number(),
});
export type ReservedIds = z.infer<typeof reservedIds>;

/** Carton Slip now; packing and dispatch reserve ids too. */
const access = { pages: [PAGE.cartonSlip, PAGE.secondaryPacking, PAGE.tertiaryPacking, PAGE.dispatch] };

export const SLIP_API = {
  /** ResponseMessage '<lastSID>VAL<lastTID>' (spec 2 section 7), ResponseData the last ids. */
  lastIds: getEndpoint('Product/GetIds/:prefix', access, lastIds),
  /** The spec's UpdateIds/{prefix},{type},{to}: one path segment, split by the route (see `reserveArgs`). */
  reserve: getEndpoint('Product/UpdateIds/:args', access, reservedIds),
};

/** UpdateIds' one path param. */
export const reserveArgs = (prefix: string, type: SlipType, to: number) => ({ args: `${prefix},${type},${to}` });

/** Reads '<sid>VAL<tid>' from GetIds' message; null when it is not that shape. */
export function parseIdsMessage(message: string): { SID: number; TID: number } | null {
  const m = /^(\d+)VAL(\d+)$/.exec(message.trim());
  return m ? { SID: Number(m[1]), TID: Number(m[2]) } : null;
}
