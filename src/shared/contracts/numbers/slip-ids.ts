// Carton slip ids (spec 2 sections 2, 5, 7, 9; DESIGN section 4): the last id used per prefix and
// type lives on the server; a device reserves a block (last+1..to) and prints exactly that block.
import { MAX_SLIP_NUMBER, type SlipType } from '../../codes.js';

export const SLIP_PATHS = {
  /** GET Product/GetIds/{prefix}: ResponseMessage '<lastSID>VAL<lastTID>'. */
  getIds: (prefix: string) => `Product/GetIds/${encodeURIComponent(prefix)}`,
  /** GET Product/UpdateIds/{prefix},{type},{to}. */
  updateIds: (prefix: string, type: SlipType, to: number) => `Product/UpdateIds/${encodeURIComponent(prefix)},${type},${to}`,
} as const;

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
  reserved: (first: string, last: string) => (first === last ? `Slip id ${first} reserved.` : `Slip ids ${first} to ${last} reserved.`),
  /** Client: the last-ids lookup failed (spec 2 section 8). */
  lookupFailed: 'Could not read the last slip numbers; please reload the page.',
} as const;

/** GetIds' ResponseData: the last number used per type (0 before the first slip). */
export interface LastIds {
  Prefix: string;
  SID: number;
  TID: number;
  DID: number;
}

/** UpdateIds' ResponseData: the block reserved for the caller, FromNo..ToNo inclusive. */
export interface ReservedIds {
  Type: SlipType;
  Prefix: string;
  FromNo: number;
  ToNo: number;
  FirstId: string;
  LastId: string;
  /** The two-digit year written into these ids. */
  Year: number;
}

/** Reads '<sid>VAL<tid>' from GetIds' message; null when it is not that shape. */
export function parseIdsMessage(message: string): { SID: number; TID: number } | null {
  const m = /^(\d+)VAL(\d+)$/.exec(message.trim());
  return m ? { SID: Number(m[1]), TID: Number(m[2]) } : null;
}
