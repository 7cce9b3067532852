// The shared list request (spec 1 section 3.3, spec 3 section 3) and its paging rules.
import { z } from 'zod';
import { intOrDigits } from './fields.js';

export const MAX_PAGE_SIZE = 500;

const optionalNumber = (label: string) =>
  intOrDigits(`${label} must be a whole number.`)
    .pipe(z.number().min(-2_147_483_648, `${label} is out of range.`).max(2_147_483_647, `${label} is out of range.`))
    .nullish();

const optionalFlag = (label: string) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], {
      error: `${label} must be true or false.`,
    })
    .nullish();

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish();

/** Every field a list screen may send. Screens read the filters they know and ignore the rest. */
export const listRequest = z.strictObject({
  First: intOrDigits('First must be a whole number from 1.')
    .pipe(z.number().min(1, 'First must be a whole number from 1.').max(2_147_483_647, 'First is out of range.'))
    .default(1),
  PageSize: intOrDigits(`PageSize must be -1 or 1 to ${MAX_PAGE_SIZE}.`)
    .refine((n) => n === -1 || (n >= 1 && n <= MAX_PAGE_SIZE), `PageSize must be -1 or 1 to ${MAX_PAGE_SIZE}.`)
    .default(10),
  PageNo: optionalNumber('PageNo'),
  SortColumn: optionalText('SortColumn', 64),
  SortOrder: z
    .string({ error: 'SortOrder must be ASC or DESC.' })
    .transform((s) => s.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC'], { error: 'SortOrder must be ASC or DESC.' }))
    .nullish(),
  SearchValue: optionalText('SearchValue', 100),
  IsActive: optionalFlag('IsActive'),
  ProductId: optionalNumber('ProductId'),
  WareHouseId: optionalNumber('WareHouseId'),
  UserId: optionalNumber('UserId'),
  UserType: optionalNumber('UserType'),
  FromDate: optionalText('FromDate', 40),
  ToDate: optionalText('ToDate', 40),
  IsAccepted: optionalFlag('IsAccepted'),
  IsWareHouse: optionalFlag('IsWareHouse'),
  isAdmin: optionalFlag('isAdmin'),
  Prefix: optionalText('Prefix', 10),
  isPreprinted: optionalFlag('isPreprinted'),
  Qty: optionalNumber('Qty'),
  /** Scheme/GetSchemes: Scheme Design's schemes ('design') or Scheme Master's (else). */
  SchemeKind: z.enum(['master', 'design'], { error: 'SchemeKind must be master or design.' }).nullish(),
});

export type ListRequest = z.input<typeof listRequest>;
export type ListQuery = z.output<typeof listRequest>;

/** A list row as it travels: the screen's fields plus the count before paging. */
export type ListRow<T> = T & { TotalRows: number };

/** Truthy reading of the flag forms clients send ('1', 1, true, 'true'). */
export function flagOn(v: boolean | number | string | null | undefined): boolean {
  return v === true || v === 1 || v === '1' || v === 'true';
}
