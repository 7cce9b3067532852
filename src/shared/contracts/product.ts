// Product Master (spec 1 sections 2.11, 3.5, 4, 5.3): one contract for both tabs of the form.
import { z } from 'zod';
import {
  activeFlag,
  ALPHANUMERIC_PATTERN,
  intOrDigits,
  optionalText,
  recordId,
  requiredText,
  wholeNumber,
} from './fields.js';
import { uploadPath } from './upload.js';
import { getEndpoint, postEndpoint } from '../endpoint.js';
import { PAGE, PAGES } from '../pages.js';
import { dateText, noData } from './answer.js';
import { col, listContract } from './list-contract.js';

export const PRODUCT_MSG = {
  nameRequired: 'Please enter product name.',
  codeInvalid: 'Please enter only alphanumeric.',
  descriptionRequired: 'Please enter product description.',
  uomRequired: 'Please enter  product UOM.',
  packNumber: 'Please enter only number.',
  packPositive: 'Product pack should be greater than 0.',
  companyRequired: 'Please select Company',
  bestBefore: 'Please enter Best Before Days, Should be above 1',
  mrpInvalid: 'Please Enter Valid product MRP.',
  categoryInvalid: 'Please select a valid category.',
  editWarning: 'Update in Categories May cause Unexpected error for Inline Production',
  created: 'Product saved successfully.',
  updated: 'Product updated successfully.',
  deleted: 'Product deleted successfully.',
  duplicateCode: 'A product with this code already exists in this company.',
  notFound: 'Product not found.',
  inUse: 'This product is in use and cannot be deleted.',
} as const;

export const DEFAULT_BEST_BEFORE_DAYS = 730;
export const PRODUCT_EXPORT_NAME = 'Product Data';

/** A whole number sent as a number or as digits. */
const digits = (message: string) => intOrDigits(message).pipe(z.number().min(0, message).max(2_147_483_647, message));

/** A category level: absent, null or 0 mean none. */
const categoryId = wholeNumber(PRODUCT_MSG.categoryInvalid, 0)
  .nullish()
  .transform((v) => (v ? v : null));

/** Step 1 ('Add Product') and step 2 ('Add Product Description'): the tabs validate these. */
export const PRODUCT_STEP1 = [
  'ProductName',
  'ProductCd',
  'ProductDscrptn',
  'ProductUOM',
  'ProductValue',
  'CompId',
  'CategoryId',
  'MG2Id',
  'MG3Id',
  'SapProductCd',
  'TechnicalName',
  'gtin',
  'mrp',
  'IsActive',
] as const;

export const productSave = z.strictObject({
  ProductId: recordId('ProductId'),
  ProductName: requiredText(PRODUCT_MSG.nameRequired, 'Product name', 150),
  ProductCd: z
    .string({ error: PRODUCT_MSG.codeInvalid })
    .trim()
    .min(1, PRODUCT_MSG.codeInvalid)
    .max(50, PRODUCT_MSG.codeInvalid)
    .regex(ALPHANUMERIC_PATTERN, PRODUCT_MSG.codeInvalid),
  ProductDscrptn: requiredText(PRODUCT_MSG.descriptionRequired, 'Description', 2000),
  ProductUOM: requiredText(PRODUCT_MSG.uomRequired, 'Product UOM', 20),
  ProductValue: digits(PRODUCT_MSG.packNumber).pipe(z.number().min(1, PRODUCT_MSG.packPositive)),
  CompId: wholeNumber(PRODUCT_MSG.companyRequired, 1),
  CategoryId: categoryId,
  MG2Id: categoryId,
  MG3Id: categoryId,
  SapProductCd: optionalText('SAP code', 50),
  TechnicalName: optionalText('Technical name', 250),
  gtin: optionalText('GTIN', 50),
  mrp: z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{0,9}(\.\d{1,2})?$/, PRODUCT_MSG.mrpInvalid),
      ],
      {
        error: PRODUCT_MSG.mrpInvalid,
      },
    )
    .nullish()
    .transform((v) => (v === '' || v === null || v === undefined ? null : Number(v)))
    .refine((v) => v === null || (Number.isFinite(v) && v >= 0 && v < 1e9), PRODUCT_MSG.mrpInvalid),
  IsActive: activeFlag,
  WarrantyPeriodInMonth: digits(PRODUCT_MSG.bestBefore)
    .pipe(z.number().min(1, PRODUCT_MSG.bestBefore))
    .default(DEFAULT_BEST_BEFORE_DAYS),
  ManufactureName: optionalText('Manufacturer', 150),
  RegistrationNo: optionalText('Registration no', 100),
  MarketedBy: optionalText('Marketed by', 150),
  ProductImg: uploadPath('image', 'Product image'),
  GenuineAudio: uploadPath('audio', 'Genuine audio'),
  label: uploadPath('pdf', 'Label'),
  Pamphlet: uploadPath('pdf', 'Leaflet'),
  CautionarySymbol: uploadPath('image', 'Cautionary symbol'),
  AntidoteStatement: uploadPath('image', 'Antidote statement'),
});

export type ProductSave = z.input<typeof productSave>;

/** Optional columns come back null for records not saved through the form (the demo data). */
export const productRow = z.object({
  ProductId: z.number(),
  ProductName: z.string(),
  ProductCd: z.string(),
  ProductDscrptn: z.string().nullable(),
  ProductUOM: z.string().nullable(),
  ProductValue: z.number(),
  CompId: z.number(),
  CompanyName: z.string(),
  CategoryId: z.number().nullable(),
  CategoryName: z.string().nullable(),
  /** The row names the spec gives the levels, and the save names, both filled. */
  CategoryIdMG2: z.number().nullable(),
  CategoryIdMG3: z.number().nullable(),
  MG2Id: z.number().nullable(),
  MG3Id: z.number().nullable(),
  SapProductCd: z.string().nullable(),
  TechnicalName: z.string().nullable(),
  gtin: z.string().nullable(),
  mrp: z.number().nullable(),
  WarrantyPeriodInMonth: z.number(),
  ManufactureName: z.string().nullable(),
  RegistrationNo: z.string().nullable(),
  MarketedBy: z.string().nullable(),
  ProductImg: z.string().nullable(),
  GenuineAudio: z.string().nullable(),
  label: z.string().nullable(),
  Pamphlet: z.string().nullable(),
  CautionarySymbol: z.string().nullable(),
  AntidoteStatement: z.string().nullable(),
  IsActive: z.boolean(),
  /** The expiry a pack mapped today gets: today (India) plus the best-before days, YYYY-MM-DD. */
  ExpDate: z.string(),
  CreatedDt: dateText,
});
export type ProductRow = z.infer<typeof productRow>;

/** A dropdown row: our names, and the spec's label and value (spec 3 section 3). */
export const productOption = z.object({
  ProductId: z.number(),
  ProductName: z.string(),
  ProductCd: z.string(),
  label: z.string(),
  value: z.number(),
});
export type ProductOption = z.infer<typeof productOption>;

const pages = [PAGE.productMaster];

/** The master's list: its columns sort but the image; newest first unless asked (the spec's CreatedDt). */
export const PRODUCT_LIST = listContract({
  page: pages[0]!,
  pages,
  list: 'Product/GetProducts',
  row: productRow,
  columns: [
    col('ProductImg', 'Image', { sortable: false }),
    col('ProductName', 'Product Name'),
    col('ProductCd', 'Product Code'),
    col('CompanyName', 'Company'),
    col('CategoryName', 'Category'),
    col('ProductValue', 'Pack'),
    col('ProductUOM', 'UOM'),
    col('CreatedDt', 'Created Date', { format: 'date' }),
    col('IsActive', 'Status', { format: 'status' }),
  ],
  defaultSort: 'CreatedDt',
  rowKey: 'ProductId',
});

export const PRODUCT_API = {
  list: PRODUCT_LIST.api.list,
  save: postEndpoint('Product/CreateUpdateProduct', { pages }, productSave, noData),
  // Many screens pick a product (configuration, price, mapping, packing, reports): each sees its company's.
  dropdown: getEndpoint('Product/GetProductsDDL', { pages: PAGES }, z.array(productOption)),
  uoms: getEndpoint('Product/GetProductUOM', { pages }, z.array(z.object({ UOM: z.string() }))),
  remove: getEndpoint('Product/DeleteProduct/:id', { pages }, noData),
};
