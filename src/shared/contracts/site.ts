// Factory Master and Warehouse Master (spec 1 sections 2.19, 3.9, 5.10): one entity, `sites`, told
// apart by IsFactory. Each screen's form validates with its own variant; the server takes either.
import { z } from 'zod';
import { billingAddress, shippingAddress } from './address.js';
import {
  activeFlag,
  ALPHA_PATTERN,
  digitsText,
  EMAIL_PATTERN,
  MOBILE_PATTERN,
  optionalText,
  recordId,
  requiredEmail,
  requiredText,
} from './fields.js';
import { pickedId } from './reference.js';
import { getEndpoint, postEndpoint } from '../endpoint.js';
import { PAGE, PAGES } from '../pages.js';
import { dateText, noData } from './answer.js';
import { col, listContract, listView } from './list-contract.js';

export const SITE_MSG = {
  companyRequired: 'Please select Company',
  codeRequired: 'Please enter WareHouse Code.',
  firmNameRequired: 'Please enter FirmName.',
  firmNameAlpha: 'FirmName should be alpha only.',
  warehouseNameRequired: 'Please enter WarehouseName.',
  emailRequired: 'Please enter your email-id.',
  emailInvalid: 'Please enter valid email-id.',
  mobileInvalid: 'Please enter valid mobile no.',
  gstRequired: 'Please enter GST No.',
  gstInvalid: 'GST No. should be 15 letters and digits.',
  prefix: 'Please enter Prefix of 2 character',
  countryRequired: 'Please select country.',
  stateRequired: 'Please select state',
  cityRequired: 'Please select city',
  pincodeRequired: 'Please enter pincode',
  pincodeDigits: 'Please enter valid pincode.',
  pincodeLength: 'Please enter valid pincode',
  isFactory: 'IsFactory must be true or false.',
  factoryCreated: 'Factory saved successfully.',
  factoryUpdated: 'Factory updated successfully.',
  factoryNotFound: 'Factory not found.',
  warehouseCreated: 'Warehouse saved successfully.',
  warehouseUpdated: 'Warehouse updated successfully.',
  warehouseNotFound: 'Warehouse not found.',
  siteNotFound: 'Factory or warehouse not found.',
  factoryDeleted: 'Factory deleted successfully.',
  warehouseDeleted: 'Warehouse deleted successfully.',
  inUse: 'This factory or warehouse is in use (users or records point at it) and cannot be deleted.',
  duplicatePrefix: 'This prefix is already used by another factory or warehouse.',
  duplicateCode: 'This code is already used by another factory or warehouse of the company.',
  prefixLocked: 'The prefix cannot be changed once saved: printed codes carry it.',
  kindLocked: 'A factory cannot become a warehouse, nor a warehouse a factory.',
} as const;

/** An id picked from a list: a number (or its digits, as older clients send); 0, blank or null is "not picked". */
export { pickedId };

const pincode = digitsText(SITE_MSG.pincodeRequired).pipe(
  z
    .string()
    .trim()
    .min(1, SITE_MSG.pincodeRequired)
    .regex(/^\d*$/, SITE_MSG.pincodeDigits)
    .length(6, SITE_MSG.pincodeLength),
);

/** Shipping fields a spec client sends as a copy of billing; the server copies billing itself. */
const copied = z
  .union([z.number(), z.string()], { error: 'Shipping address fields are copied from billing.' })
  .nullish();

const optionalEmail = optionalText('Email', 100).refine(
  (v) => v === '' || EMAIL_PATTERN.test(v),
  SITE_MSG.emailInvalid,
);
const optionalMobile = optionalText('Mobile No', 10).refine(
  (v) => v === '' || MOBILE_PATTERN.test(v),
  SITE_MSG.mobileInvalid,
);

// Keys in the form's order, so the first failing field is the one the user sees first.
function siteShape(isFactory: boolean) {
  return {
    ID: recordId('ID'),
    IsFactory: z.literal(isFactory, { error: SITE_MSG.isFactory }),
    CompanyId: pickedId(SITE_MSG.companyRequired),
    Wcode: isFactory ? requiredText(SITE_MSG.codeRequired, 'Code', 20) : optionalText('Code', 20),
    FirmName: isFactory
      ? requiredText(SITE_MSG.firmNameRequired, 'FirmName', 150).regex(ALPHA_PATTERN, SITE_MSG.firmNameAlpha)
      : requiredText(SITE_MSG.warehouseNameRequired, 'WarehouseName', 150),
    Email: isFactory ? requiredEmail(SITE_MSG.emailRequired, SITE_MSG.emailInvalid) : optionalEmail,
    MobileNo: optionalMobile,
    GST: z
      .string({ error: SITE_MSG.gstRequired })
      .trim()
      .min(1, SITE_MSG.gstRequired)
      .regex(/^[A-Za-z0-9]{15}$/, SITE_MSG.gstInvalid)
      .transform((v) => v.toUpperCase()),
    // Warehouses carry a prefix too: DIDs are made from it (DESIGN section 4).
    prefix: z
      .string({ error: SITE_MSG.prefix })
      .trim()
      .regex(/^[A-Za-z0-9]{2}$/, SITE_MSG.prefix)
      .transform((v) => v.toUpperCase()),
    bill_Country: pickedId(SITE_MSG.countryRequired),
    bill_State: pickedId(SITE_MSG.stateRequired),
    bill_City: pickedId(SITE_MSG.cityRequired),
    bill_Pincode: pincode,
    bill_Address1: optionalText('Address1', 250),
    bill_Address2: optionalText('Address2', 250),
    ship_Country: copied,
    ship_State: copied,
    ship_City: copied,
    ship_Pincode: copied,
    ship_Address1: copied,
    ship_Address2: copied,
    IsActive: activeFlag,
  };
}

export const factorySave = z.strictObject(siteShape(true));
export const warehouseSave = z.strictObject(siteShape(false));
export const siteSave = z.discriminatedUnion('IsFactory', [factorySave, warehouseSave], { error: SITE_MSG.isFactory });

export type SiteSave = z.input<typeof factorySave> | z.input<typeof warehouseSave>;
export type SiteSaved = z.output<typeof siteSave>;

export const siteRow = z.object({
  ID: z.number(),
  WCode: z.string().nullable(),
  CompanyId: z.number(),
  CompanyName: z.string(),
  FirmName: z.string(),
  Email: z.string().nullable(),
  MobileNo: z.string().nullable(),
  GST: z.string().nullable(),
  Prefix: z.string().nullable(),
  IsFactory: z.boolean(),
  IsActive: z.boolean(),
  bill_Country: z.number().nullable(),
  bill_State: z.number().nullable(),
  bill_City: z.number().nullable(),
  bill_Pincode: z.string().nullable(),
  bill_Address1: z.string().nullable(),
  bill_Address2: z.string().nullable(),
  // Spec 1 section 3.9: the row carries the shipping address too (a copy of billing).
  ship_Country: z.number().nullable(),
  ship_State: z.number().nullable(),
  ship_City: z.number().nullable(),
  ship_Pincode: z.string().nullable(),
  ship_Address1: z.string().nullable(),
  ship_Address2: z.string().nullable(),
  /** The state's and the city's names, for the warehouse list. */
  State: z.string().nullable(),
  City: z.string().nullable(),
  CreatedDt: dateText,
});
export type SiteRow = z.infer<typeof siteRow>;

/** A dropdown row (spec 1 section 3.9, with spec 2 section 3's addresses): factories first. */
export const siteOption = z.object({
  ID: z.number(),
  FirmName: z.string(),
  IsFactory: z.boolean(),
  CompId: z.number(),
  ...billingAddress,
  ...shippingAddress,
});
export type SiteOption = z.infer<typeof siteOption>;

const pages = [PAGE.factoryMaster, PAGE.warehouseMaster];

/** The master's list: every row field sorts; newest first unless asked (the spec's CreatedDt). */
export const SITE_LIST = listContract({
  page: pages[0]!,
  pages,
  list: 'WareHouser/Get',
  row: siteRow,
  columns: [
    col('CompanyName', 'Company'),
    col('WCode', 'Factory code'),
    col('FirmName', 'Factory Name'),
    col('Email', 'Email'),
    col('MobileNo', 'Mobile No.'),
    col('CreatedDt', 'Created Date', { format: 'date' }),
    col('Prefix', 'Prefix'),
  ],
  sortKeys: 'all',
  defaultSort: 'CreatedDt',
  rowKey: 'ID',
});
/** Warehouse Master's columns over the same list. */
export const WAREHOUSE_LIST = listView(SITE_LIST, PAGE.warehouseMaster, [
  col('CompanyName', 'Company'),
  col('WCode', 'Warehouse code'),
  col('FirmName', 'Warehouse Name'),
  col('Email', 'Email'),
  col('MobileNo', 'Mobile No.'),
  col('State', 'State'),
  col('City', 'City'),
  col('bill_Pincode', 'Pincode'),
  col('CreatedDt', 'Created Date', { format: 'date' }),
  col('IsActive', 'Status', { format: 'status' }),
]);

export const SITE_API = {
  list: SITE_LIST.api.list,
  save: postEndpoint('WareHouser/Save', { pages }, siteSave, noData),
  /** Every screen with a site picker; `?CompId=` narrows to one company (0 or none: all the caller sees). */
  dropdown: getEndpoint('WareHouser/GetWareHouseDDL', { pages: PAGES }, z.array(siteOption)),
  // The spec shows no delete path for sites; this one follows DeleteUser/{id} and DeleteProduct/{id}.
  remove: getEndpoint('WareHouser/DeleteWareHouse/:id', { pages }, noData),
};

export const FACTORY_EXPORT_NAME = 'Factory Data';
export const WAREHOUSE_EXPORT_NAME = 'warehouse data';
