// Product Master (spec 1 sections 2.11, 3.5, 4, 5.3): one contract for both tabs of the form.
import { z } from 'zod';
import { activeFlag, ALPHANUMERIC_PATTERN, intOrDigits, optionalText, recordId, requiredText, wholeNumber } from './fields.js';
import { uploadPath } from './upload.js';

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
const digits = (message: string) =>
  intOrDigits(message).pipe(z.number().min(0, message).max(2_147_483_647, message));

/** A category level: absent, null or 0 mean none. */
const categoryId = wholeNumber(PRODUCT_MSG.categoryInvalid, 0).nullish()
  .transform((v) => (v ? v : null));

/** Step 1 ('Add Product') and step 2 ('Add Product Description'): the tabs validate these. */
export const PRODUCT_STEP1 = [
  'ProductName', 'ProductCd', 'ProductDscrptn', 'ProductUOM', 'ProductValue', 'CompId', 'CategoryId', 'MG2Id', 'MG3Id',
  'SapProductCd', 'TechnicalName', 'gtin', 'mrp', 'IsActive',
] as const;

export const productSave = z.strictObject({
  ProductId: recordId('ProductId'),
  ProductName: requiredText(PRODUCT_MSG.nameRequired, 'Product name', 150),
  ProductCd: z.string({ error: PRODUCT_MSG.codeInvalid }).trim().min(1, PRODUCT_MSG.codeInvalid)
    .max(50, PRODUCT_MSG.codeInvalid).regex(ALPHANUMERIC_PATTERN, PRODUCT_MSG.codeInvalid),
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
  mrp: z.union([z.number(), z.string().trim().regex(/^\d{0,9}(\.\d{1,2})?$/, PRODUCT_MSG.mrpInvalid)], {
    error: PRODUCT_MSG.mrpInvalid,
  }).nullish().transform((v) => (v === '' || v === null || v === undefined ? null : Number(v)))
    .refine((v) => v === null || (Number.isFinite(v) && v >= 0 && v < 1e9), PRODUCT_MSG.mrpInvalid),
  IsActive: activeFlag,
  WarrantyPeriodInMonth: digits(PRODUCT_MSG.bestBefore).pipe(z.number().min(1, PRODUCT_MSG.bestBefore))
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

export interface ProductRow {
  ProductId: number;
  ProductName: string;
  ProductCd: string;
  ProductDscrptn: string;
  ProductUOM: string;
  ProductValue: number;
  CompId: number;
  CompanyName: string;
  CategoryId: number | null;
  CategoryName: string | null;
  /** The row names the spec gives the levels, and the save names, both filled. */
  CategoryIdMG2: number | null;
  CategoryIdMG3: number | null;
  MG2Id: number | null;
  MG3Id: number | null;
  SapProductCd: string;
  TechnicalName: string;
  gtin: string;
  mrp: number | null;
  WarrantyPeriodInMonth: number;
  ManufactureName: string;
  RegistrationNo: string;
  MarketedBy: string;
  ProductImg: string;
  GenuineAudio: string;
  label: string;
  Pamphlet: string;
  CautionarySymbol: string;
  AntidoteStatement: string;
  IsActive: boolean;
  CreatedDate: string;
}

export interface ProductOption {
  ProductId: number;
  ProductName: string;
  ProductCd: string;
}
