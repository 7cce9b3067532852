// Mapping (spec 2 sections 2, 3, 4, 5 'Mapping form', 7): which product and batch a range of numbers is
// on. The spec's messages, ours where it has none, the save request and the list row.
import { z } from 'zod';
import { MAX_SERIAL } from '../../codes.js';
import { getEndpoint, postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { firstMessage } from '../issues.js';
import { listRequest } from '../list.js';
import { col, listContract } from '../list-contract.js';
import { pickedId } from '../site.js';
import {
  DATE_ONLY,
  dateOnly,
  fromBeforeToFirst,
  isPreprintedFlag,
  NUMBER_ONLY,
  numberId,
  quantity,
  serialNo,
  toIsoDate,
} from './fields.js';

/** '41–60' or '41' (the same text as the server's rangeText). */
const span = (from: number, to: number) => (from === to ? `${from}` : `${from}–${to}`);

export const MAPPING_MSG = {
  productRequired: 'Please select product.',
  fromRequired: 'Please enter your from number.',
  fromBeforeTo: 'From number should be less than to number.',
  qtyPositive: 'Please enter +ve quantity.',
  batchRequired: 'Please enter Batch No',
  mfgRequired: 'Please select MFG Date',
  expAfterMfg: 'Please select Date after MFG Date',
  mrpInvalid: 'Please Enter Valid product MRP.',
  toRequired: 'Please enter To Number.',
  qtyMismatch: 'Quantity must equal To No. - From No. + 1.',
  batchTooLong: 'Batch No may have at most 50 characters.',
  remarkTooLong: 'Remarks may have at most 250 characters.',
  expRequired: 'Please select EXP Date',
  created: 'Numbers mapped successfully.',
  updated: 'Expiry date updated successfully.',
  notFound: 'Mapping not found.',
  noCompany: 'Only a user of a company can map numbers.',
  noPrefix: 'Static numbers need a user of a factory with a prefix.',
  otherPrefix: 'You can map static numbers only of your own factory prefix.',
  productNotFound: 'Product not found, or it is not active.',
  outOfRange: `Numbers go from 1 to ${MAX_SERIAL}.`,
  deleteRefused: 'A mapping cannot be deleted, its numbers may already be printed: use De Mapping to release numbers.',
} as const;

/** With LABEL_LINK=gs1, a static range of a product with a GTIN whose batch AI 10 cannot hold: it is
 *  mapped, and its labels keep the short link (issue 28: refusing it would stop a line for a label). */
export const batchNotInDigitalLink = (batch: string, publicBaseUrl: string) =>
  `Batch ${batch} cannot be written in a GS1 Digital Link (AI 10 allows up to 20 of A-Z a-z 0-9 and ! " % & ' ( ) * + , - . / : ; < = > ? _), so its labels carry the short link ${publicBaseUrl.replace(/\/+$/, '')}/P?U=…`;

/** "Numbers 41–60 are already mapped (Neem Gold, batch B-7, 1–100)." */
export const alreadyMapped = (from: number, to: number, product: string, batch: string, mFrom: number, mTo: number) =>
  `${from === to ? 'Number' : 'Numbers'} ${span(from, to)} ${from === to ? 'is' : 'are'} already mapped (${product}, batch ${batch}, ${span(mFrom, mTo)}).`;

/** A clash with a mapping not of the caller's company: said without naming it. */
export const mappedElsewhere = (from: number, to: number) =>
  `${from === to ? 'Number' : 'Numbers'} ${span(from, to)} ${from === to ? 'is' : 'are'} already mapped.`;

/** Preprinted numbers must be the company's accepted stock. */
export const notInStock = (from: number, to: number, missing: number) =>
  `${missing} of numbers ${span(from, to)} ${missing === 1 ? 'is' : 'are'} not in your accepted stock: accept issued numbers in Stock Management first.`;

/** A preprinted number already on a pack beside a static code. */
export const pairedPreprinted = (preprinted: number, prefix: string, staticNo: number) =>
  `Number ${preprinted} is already paired with static number ${staticNo} of prefix ${prefix} and cannot be mapped.`;

/** MRP: a number or its text, above 0, at most 2 decimals; blank means none. */
const mrp = z
  .union([z.number(), z.string().trim()], { error: MAPPING_MSG.mrpInvalid })
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const n = typeof v === 'number' ? v : /^\d{1,10}(\.\d+)?$/.test(v) ? Number(v) : NaN;
    if (!(n > 0 && n < 1e10) || Math.abs(Math.round(n * 100) - n * 100) > 1e-6) {
      ctx.addIssue({ code: 'custom', message: MAPPING_MSG.mrpInvalid });
      return z.NEVER;
    }
    return n.toFixed(2);
  });

/** Add (MappingId 0): fields in the order the form shows them, so the first message is the first field's. */
export const mappingAddFields = z
  .strictObject({
    MappingId: numberId('MappingId'),
    ProductId: pickedId(MAPPING_MSG.productRequired),
    FromNo: serialNo(MAPPING_MSG.fromRequired, NUMBER_ONLY, MAPPING_MSG.fromRequired),
    ToNo: serialNo(MAPPING_MSG.toRequired, NUMBER_ONLY, MAPPING_MSG.toRequired),
    Qty: quantity(MAPPING_MSG.qtyPositive, NUMBER_ONLY, MAPPING_MSG.qtyPositive),
    BatchNo: z
      .string({ error: MAPPING_MSG.batchRequired })
      .trim()
      .min(1, MAPPING_MSG.batchRequired)
      .max(50, MAPPING_MSG.batchTooLong),
    MFGDate: dateOnly(MAPPING_MSG.mfgRequired),
    // Optional: the server fills MFG date + the product's best-before days.
    EXPDate: z
      .string({ error: DATE_ONLY })
      .trim()
      .nullish()
      .transform((v, ctx) =>
        !v ? null : (toIsoDate(v) ?? (ctx.addIssue({ code: 'custom', message: DATE_ONLY }), z.NEVER)),
      ),
    Mrp: mrp,
    Remark: z
      .string({ error: MAPPING_MSG.remarkTooLong })
      .trim()
      .max(250, MAPPING_MSG.remarkTooLong)
      .nullish()
      .transform((v) => v ?? ''),
    isPreprinted: isPreprintedFlag,
  })
  .superRefine((b, ctx) => {
    // Paths put each message under its field in the form.
    if (b.FromNo > b.ToNo) ctx.addIssue({ code: 'custom', message: MAPPING_MSG.fromBeforeTo, path: ['FromNo'] });
    else if (b.Qty !== b.ToNo - b.FromNo + 1)
      ctx.addIssue({ code: 'custom', message: MAPPING_MSG.qtyMismatch, path: ['Qty'] });
    else if (b.EXPDate && b.EXPDate < b.MFGDate)
      ctx.addIssue({ code: 'custom', message: MAPPING_MSG.expAfterMfg, path: ['EXPDate'] });
  });

export const mappingAdd = fromBeforeToFirst(mappingAddFields, 'FromNo', 'ToNo', MAPPING_MSG.fromBeforeTo);

/** Update (MappingId > 0): only the expiry changes; any other field is refused, as everywhere. */
export const mappingUpdate = z.strictObject({
  MappingId: numberId('MappingId').pipe(z.number().min(1, MAPPING_MSG.notFound)),
  EXPDate: dateOnly(MAPPING_MSG.expRequired),
});

export type MappingAdd = z.input<typeof mappingAddFields>;
export type MappingUpdate = z.input<typeof mappingUpdate>;
export type MappingSaveOut =
  ({ mode: 'add' } & z.output<typeof mappingAdd>) | ({ mode: 'update' } & z.output<typeof mappingUpdate>);

/** CreateMapping's body: an add or an expiry update, told apart by MappingId. */
export const mappingSave = z.unknown().transform((raw, ctx): MappingSaveOut => {
  const id = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).MappingId : undefined;
  // A spec client may send the id as a number or as digits.
  const update = (typeof id === 'number' && id > 0) || (typeof id === 'string' && /^\s*0*[1-9]\d{0,9}\s*$/.test(id));
  const parsed = update ? mappingUpdate.safeParse(raw) : mappingAdd.safeParse(raw);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: firstMessage(parsed.error) });
    return z.NEVER;
  }
  return update
    ? { mode: 'update', ...(parsed.data as z.output<typeof mappingUpdate>) }
    : { mode: 'add', ...(parsed.data as z.output<typeof mappingAdd>) };
});

/** A row of Mapping/GetMappings (spec 2 section 3 'Mapping'). */
export const mappingRow = z.strictObject({
  MappingId: z.number(),
  ProductId: z.number(),
  ProductName: z.string(),
  ProductCd: z.string(),
  FromNo: z.number(),
  ToNo: z.number(),
  Qty: z.number(),
  CreatedDt: z.string(),
  MFGDate: z.string(),
  EXPDate: z.string(),
  BatchNo: z.string(),
  Mrp: z.number().nullable(),
  Remark: z.string(),
  FirmName: z.string().nullable(),
  ProductPic: z.string().nullable(),
  CategoryIdMG1: z.number().nullable(),
  CategoryIdMG2: z.number().nullable(),
  CategoryIdMG3: z.number().nullable(),
  PUOM: z.string().nullable(),
  PSize: z.number(),
  isPreprinted: z.boolean(),
  TotalRows: z.number(),
});
export type MappingRow = z.infer<typeof mappingRow>;

/** The next free From No. (GetFromNumberMap; also a '400' with FrmNo 1 when a static user has no prefix). */
export const fromNumber = z.strictObject({ FrmNo: z.number() });

const listAccess = { pages: [PAGE.mapping, PAGE.deMapping, PAGE.productDamage] };
const mapAccess = { pages: [PAGE.mapping] };

/** The mappings, by MFG date unless asked; a typed number also finds the range holding it. */
export const MAPPING_LIST = listContract({
  page: PAGE.mapping,
  pages: listAccess.pages,
  list: 'Mapping/GetMappings',
  row: mappingRow,
  // Mapping's columns; De-Mapping's and Product Damage's are views of this list (demap.ts, damage.ts).
  columns: [
    col('ProductName', 'Product Name'),
    col('FromNo', 'From No.'),
    col('ToNo', 'To No.'),
    col('Qty', 'Quantity'),
    col('CreatedDt', 'Created Date', { format: 'date' }),
    col('MFGDate', 'MFG Date', { format: 'date' }),
    col('EXPDate', 'EXP Date', { format: 'date' }),
    col('BatchNo', 'Batch No'),
    col('Mrp', 'MRP'),
    col('Remark', 'Remarks'),
  ],
  sortKeys: ['MappingId', 'ProductCd', 'FirmName'],
  defaultSort: 'MFGDate',
  rowKey: 'MappingId',
});

export const MAPPING_API = {
  list: MAPPING_LIST.api.list,
  /** An add or an expiry update, told apart by MappingId. */
  save: postEndpoint(
    'Mapping/CreateMapping',
    mapAccess,
    mappingSave,
    z.strictObject({
      MappingId: z.number(),
      EXPDate: z.string(),
      /** Said to the user beside the success (batchNotInDigitalLink); absent when there is nothing to say. */
      LabelNotice: z.string().optional(),
    }),
  ),
  fromNumber: getEndpoint('Mapping/GetFromNumberMap/:isPreprinted', mapAccess, fromNumber),
  /** Always refused: De Mapping releases numbers. */
  remove: getEndpoint('Mapping/DeleteMapping/:id', mapAccess, z.null()),
};

/** The product lookups of the number screens (under Product/, DESIGN section 3). */
const lookupAccess = {
  pages: [PAGE.mapping, PAGE.deMapping, PAGE.productDamage, PAGE.mapStaticNumber, PAGE.numberGeneration],
};

export const PRODUCT_LOOKUP_API = {
  size: getEndpoint(
    'Product/GetProductsSize/:productId',
    lookupAccess,
    z.strictObject({ ProductId: z.number(), PSize: z.number(), PUOM: z.string().nullable() }),
  ),
  life: getEndpoint(
    'Product/GetProductsLife/:productId',
    lookupAccess,
    z.strictObject({ ProductId: z.number(), BestBeforeDays: z.number() }),
  ),
  mappedProducts: getEndpoint(
    'Product/GetMappedProductsDDL/:isPreprinted',
    lookupAccess,
    z.array(z.strictObject({ label: z.string(), value: z.number() })),
  ),
  /** The spec writes GetMapping/{a},{b}: one segment 'productId,isPreprinted' (see `mappingPair`). */
  mappings: getEndpoint('Product/GetMapping/:pair', lookupAccess, z.array(mappingRow)),
};

/** The report screens' product picker by the chosen entity (spec 3 section 7): UserId, or WareHouseId with IsWareHouse. */
export const SELECTION_LOOKUP_API = {
  products: postEndpoint(
    'Product/GetMapProductsDDLBySelectionWU',
    { pages: [PAGE.itemLedger, PAGE.stockReport, PAGE.newStock, PAGE.luckyUsers, PAGE.verificationReport] },
    listRequest,
    z.array(z.strictObject({ label: z.string(), value: z.number() })),
  ),
};

/** GetMapping's one path param. */
export const mappingPair = (productId: number, isPreprinted: boolean) => ({ pair: `${productId},${isPreprinted}` });
