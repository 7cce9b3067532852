// De Mapping (spec 2 sections 2, 5, 7; DESIGN section 4): cut a sub-range out of a mapping, freeing
// its numbers to be mapped again. The range checks against the mapping are one pure function, so
// the dialog shows the spec's messages before sending and the server answers the same ones.
import { z } from 'zod';
import { MAX_SERIAL } from '../../codes.js';
import { postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { pickedId } from '../site.js';
import { isPreprintedFlag, NUMBER_ONLY, quantity, serialNo } from './fields.js';
import { col, listView } from '../list-contract.js';
import { MAPPING_LIST, MAPPING_MSG } from './mapping.js';

/** Messages De Mapping and Product Damage share (spec 2 section 5). */
export const RANGE_MSG = {
  selectProduct: 'Please select product.',
  fromPositive: 'Please enter +ve from number.',
  qtyPositive: 'Please enter +ve quantity.',
  outside: 'Numbers must exist between mapped series',
  qtyMax: (mappedQty: number) => `Qty can not greater than ${mappedQty}`,
  toMismatch: (to: number) => `To No. should be From No. + Qty - 1 (${to}).`,
  mappingNotFound: MAPPING_MSG.notFound,
  needsPrefix: MAPPING_MSG.noPrefix,
  packed: (n: number, what: string) => `Number ${n} is already packed: packed numbers cannot be ${what}.`,
} as const;

export const DEMAP_MSG = {
  ...RANGE_MSG,
  fromBeforeTo: 'From No. should be less than To no.',
  toPast: (mappedTo: number) => `To No. can not be greater than the mapped To No. ${mappedTo}.`,
  paired: (visible: string, preprinted: number) =>
    `Code ${visible} is paired with preprinted number ${preprinted}: paired codes cannot be de-mapped.`,
  damaged: (range: string, reason: string) =>
    `Numbers ${range} are damaged (${reason}): damaged numbers stay void and cannot be de-mapped.`,
  done: (range: string) => `Numbers ${range} de-mapped successfully.`,
} as const;

/** Mapping, product and mode of the row the dialog opened from, the range as typed. */
export const rangeRequestShape = {
  MappingId: pickedId(RANGE_MSG.selectProduct),
  FromNo: serialNo(RANGE_MSG.fromPositive, NUMBER_ONLY, RANGE_MSG.fromPositive),
  // The screen sends the To it computed; the server computes it again and checks they agree.
  ToNo: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined || v === '' ? null : Number(v)))
    .pipe(z.number().int(NUMBER_ONLY).min(1, NUMBER_ONLY).max(MAX_SERIAL, NUMBER_ONLY).nullable()),
  Qty: quantity(RANGE_MSG.qtyPositive, NUMBER_ONLY, RANGE_MSG.qtyPositive),
  isPreprinted: isPreprintedFlag,
};

export const demapRequest = z.strictObject({
  ...rangeRequestShape,
  // The mapping's product as the row showed it: a mapping of another product is not found.
  ProductId: pickedId(RANGE_MSG.selectProduct).nullish(),
});

export type DemapRequest = z.input<typeof demapRequest>;

/** One call: the screen lists mappings through MAPPING_API.list. */
export const DEMAP_API = {
  create: postEndpoint('DeMapping/CreateDemapping', { pages: [PAGE.deMapping] }, demapRequest, z.null()),
};

export interface MappedRange {
  fromNo: number;
  toNo: number;
}

/** The refusal of a de-map of `from` and `qty` numbers out of mapping `m`, or null (spec 2 section 5). */
export function demapProblem(m: MappedRange, from: number, qty: number): string | null {
  // As the spec writes it: a de-map may not start at the mapping's last number, so that number
  // alone cannot be de-mapped (it can together with the ones before it).
  if (from === m.toNo) return DEMAP_MSG.fromBeforeTo;
  if (from < m.fromNo || from > m.toNo) return DEMAP_MSG.outside;
  const mappedQty = m.toNo - m.fromNo + 1;
  if (qty > mappedQty) return DEMAP_MSG.qtyMax(mappedQty);
  if (from + qty - 1 > m.toNo) return DEMAP_MSG.toPast(m.toNo);
  return null;
}

/** The field a range refusal belongs to in the dialogs. */
export const problemField = (message: string): 'FromNo' | 'Qty' =>
  message === RANGE_MSG.outside || message === DEMAP_MSG.fromBeforeTo ? 'FromNo' : 'Qty';

/** The mappings one may de-map, over Mapping's list. */
export const DEMAP_MAPPINGS = listView(MAPPING_LIST, PAGE.deMapping, [
  col('ProductName', 'Product Name'),
  col('FromNo', 'From No.'),
  col('ToNo', 'To No.'),
  col('Qty', 'Quantity'),
  col('FirmName', 'WareHouse'),
  col('MFGDate', 'MFG Date', { format: 'date' }),
  col('BatchNo', 'Batch No'),
]);
