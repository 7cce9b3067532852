// Product Damage (spec 2 sections 2, 3, 5, 7, 9; DESIGN section 4): a sub-range of a mapping marked
// void for good, with a reason. It stays inside its mapping; it is never undone.
import { z } from 'zod';
import { getEndpoint, postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { col, listContract, listView } from '../list-contract.js';
import { RANGE_MSG, rangeRequestShape, type MappedRange } from './demap.js';
import { MAPPING_LIST } from './mapping.js';

export const REASON_MIN = 5;
export const REASON_MAX = 200;

export const DAMAGE_MSG = {
  ...RANGE_MSG,
  // Written as the spec writes it, the period and all.
  toPast: (mappedTo: number) => `To number should not be greater than.${mappedTo}`,
  reasonRequired: 'Please enter reason.',
  reasonLength: `Reason of damage must be ${REASON_MIN} to ${REASON_MAX} characters.`,
  overlap: (range: string, reason: string, damaged: string) =>
    `Numbers ${range} are already damaged (${reason}, ${damaged}).`,
  done: (range: string) => `Numbers ${range} marked damaged.`,
  forGood: 'Damage is for good: damaged numbers stay void and the damage cannot be deleted.',
  notFound: 'Damage not found.',
} as const;

export const damageRequest = z.strictObject({
  ...rangeRequestShape,
  Reason: z
    .string({ error: DAMAGE_MSG.reasonRequired })
    .trim()
    .min(1, DAMAGE_MSG.reasonRequired)
    .min(REASON_MIN, DAMAGE_MSG.reasonLength)
    .max(REASON_MAX, DAMAGE_MSG.reasonLength),
});

export type DamageRequest = z.input<typeof damageRequest>;

/** A row of ProductDamage/GetDamages. */
export const damageRow = z.strictObject({
  DamageId: z.number(),
  MappingId: z.number().nullable(),
  ProductName: z.string(),
  FromNo: z.number(),
  ToNo: z.number(),
  Qty: z.number(),
  Reason: z.string(),
  CreatedDate: z.string(),
  isPreprinted: z.boolean(),
  TotalRows: z.number(),
});
export type DamageRow = z.infer<typeof damageRow>;

const access = { pages: [PAGE.productDamage] };

/** Damaged Product: newest first; the screen exports it with PageSize -1. */
export const DAMAGE_LIST = listContract({
  page: PAGE.productDamage,
  list: 'ProductDamage/GetDamages',
  row: damageRow,
  columns: [
    col('FromNo', 'From No.'),
    col('ToNo', 'To No.'),
    col('Qty', 'Quantity'),
    col('Reason', 'Reason'),
    col('CreatedDate', 'Created Date', { format: 'date' }),
  ],
  sortKeys: ['ProductName'],
  defaultSort: 'CreatedDate',
  rowKey: 'DamageId',
});
/** The mappings one may damage from, over Mapping's list. */
export const DAMAGE_MAPPINGS = listView(MAPPING_LIST, PAGE.productDamage, [
  col('ProductName', 'Product Name'),
  col('FromNo', 'From No.'),
  col('ToNo', 'To No.'),
  col('Qty', 'Quantity'),
  col('MFGDate', 'MFG Date', { format: 'date' }),
  col('BatchNo', 'Batch No'),
]);

export const DAMAGE_API = {
  create: postEndpoint('ProductDamage/CreateDamage', access, damageRequest, z.null()),
  list: DAMAGE_LIST.api.list,
  /** Damage is for good: the spec's delete call always answers a refusal. */
  remove: getEndpoint('ProductDamage/DeleteDamage/:id', access, z.null()),
};

/** The export the spec names (section 9): 'Damaged Product.csv' with these columns. */
export const DAMAGE_EXPORT_NAME = 'Damaged Product';
export const DAMAGE_EXPORT_COLUMNS = ['FromNo', 'ToNo', 'Qty', 'Reason', 'CreatedDate'] as const;

/** The refusal of a damage of `from` and `qty` numbers of mapping `m`, or null (spec 2 section 5). */
export function damageProblem(m: MappedRange, from: number, qty: number): string | null {
  if (from < m.fromNo || from > m.toNo) return DAMAGE_MSG.outside;
  const mappedQty = m.toNo - m.fromNo + 1;
  if (qty > mappedQty) return DAMAGE_MSG.qtyMax(mappedQty);
  if (from + qty - 1 > m.toNo) return DAMAGE_MSG.toPast(m.toNo);
  return null;
}
