// Company Master (spec 1 sections 2.14, 3.8, 5.5).
import { z } from 'zod';
import {
  activeFlag,
  digitsText,
  EMAIL_PATTERN,
  MOBILE_PATTERN,
  PINCODE_PATTERN,
  recordId,
  requiredText,
} from './fields.js';
import { uploadPath } from './upload.js';
import { getEndpoint, postEndpoint } from '../endpoint.js';
import { PAGE, PAGES } from '../pages.js';
import { dateText, noData } from './answer.js';
import { col, listContract } from './list-contract.js';

export const COMPANY_MSG = {
  codeRequired: 'Please enter  Company Code.',
  nameRequired: 'Please enter Company Name.',
  displayNameRequired: 'Please enter Display Name.',
  mobileRequired: 'Please enter your mobile no.',
  mobileInvalid: 'Please enter valid mobile no.',
  gtinRequired: 'Please enter GTI No.',
  emailRequired: 'Please enter your email-id.',
  emailInvalid: 'Please enter valid email-id.',
  addressRequired: 'Please enter Address.',
  cityRequired: 'Please enter City.',
  pincodeInvalid: 'Please enter Valid Pincode.',
  created: 'Company saved successfully.',
  updated: 'Company updated successfully.',
  duplicateCode: 'A company with this code already exists.',
  notFound: 'Company not found.',
  adminOnly: 'Only an administrator can add a company.',
} as const;

export const companySave = z.strictObject({
  CompId: recordId('CompId'),
  CCode: requiredText(COMPANY_MSG.codeRequired, 'Company Code', 20),
  CompanyName: requiredText(COMPANY_MSG.nameRequired, 'Company Name', 150),
  CompanyDisplayName: requiredText(COMPANY_MSG.displayNameRequired, 'Display Name', 150),
  Mobile: requiredText(COMPANY_MSG.mobileRequired, 'Mobile', 10).regex(MOBILE_PATTERN, COMPANY_MSG.mobileInvalid),
  GTIN: requiredText(COMPANY_MSG.gtinRequired, 'GTI No', 50),
  Email: requiredText(COMPANY_MSG.emailRequired, 'Email', 100).regex(EMAIL_PATTERN, COMPANY_MSG.emailInvalid),
  Address: requiredText(COMPANY_MSG.addressRequired, 'Address', 250),
  City: requiredText(COMPANY_MSG.cityRequired, 'City', 100),
  Pincode: digitsText(COMPANY_MSG.pincodeInvalid).pipe(
    z.string().trim().regex(PINCODE_PATTERN, COMPANY_MSG.pincodeInvalid),
  ),
  // Only a file the upload call stored and checked as an image (spec 1 section 7: images only).
  CompanyLogo: uploadPath('image', 'Company Logo'),
  IsActive: activeFlag,
});

export type CompanySave = z.input<typeof companySave>;

/** Optional columns come back null for records not saved through the form (the demo data). */
export const companyRow = z.object({
  CompId: z.number(),
  CCode: z.string(),
  CompanyName: z.string(),
  CompanyDisplayName: z.string(),
  Mobile: z.string().nullable(),
  GTIN: z.string().nullable(),
  Email: z.string().nullable(),
  Address: z.string().nullable(),
  City: z.string().nullable(),
  Pincode: z.string().nullable(),
  CompanyLogo: z.string().nullable(),
  IsActive: z.boolean(),
  CreatedDate: dateText,
});
export type CompanyRow = z.infer<typeof companyRow>;

export const companyOption = z.object({ CompId: z.number(), CompanyName: z.string() });

const pages = [PAGE.companyMaster];

/** The master's list: every row field sorts; newest first unless asked (the spec's CreatedDt). */
export const COMPANY_LIST = listContract({
  page: pages[0]!,
  pages,
  list: 'CompanyMaster/GetCompany',
  row: companyRow,
  // The spec draws the status as a checkbox (the screen's), so it has no format.
  columns: [
    col('CCode', 'Company code'),
    col('CompanyName', 'Company Name'),
    col('CompanyDisplayName', 'Display Name'),
    col('Email', 'Email'),
    col('CompanyLogo', 'Logo', { sortable: false }),
    col('IsActive', 'Status'),
  ],
  sortKeys: 'all',
  defaultSort: 'CreatedDt',
  rowKey: 'CompId',
});

export const COMPANY_API = {
  list: COMPANY_LIST.api.list,
  save: postEndpoint('CompanyMaster/CreateCompany', { pages }, companySave, noData),
  // Every screen with a company picker reads this; non-admins see only their own company.
  dropdown: getEndpoint('CompanyMaster/GetCompanyDDL', { pages: PAGES }, z.array(companyOption)),
};
