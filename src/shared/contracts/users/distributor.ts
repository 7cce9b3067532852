// Distributor Master, menu label Dealer Master (spec 1 sections 2.16, 3.4, 5.7): user type 2.
import { z } from 'zod';
import { PAGE } from '../../pages.js';
import { col, listView } from '../list-contract.js';
import { activeFlag, optionalText, requiredEmail, requiredMobile, requiredText } from '../fields.js';
import { addressShape, type AddressMessages } from '../reference.js';
import {
  baseExtras,
  passwordFields,
  pickedId,
  referenceId,
  USERS_LIST,
  USERS_MSG,
  userTypeOf,
  withPasswordRules,
} from './common.js';

export const DISTRIBUTOR_MSG = {
  sapRequired: 'Please enter your SAP Customer Code.',
  firstNameRequired: 'Please enter your first name.',
  mobileRequired: 'Please enter your mobile no.',
  passwordRequired: 'Please enter password.',
  confirmMismatch: 'Password does not match',
} as const;

export const DISTRIBUTOR_BILL_MSG: AddressMessages = {
  country: 'Please select country.',
  state: 'Please select state',
  city: 'Please select city',
  pincodeRequired: 'Please enter pincode',
  pincodeInvalid: 'Please enter a valid 6-digit pincode',
};

export const distributorSave = withPasswordRules(
  z.strictObject({
    ReferenceID: referenceId,
    UserType: userTypeOf([2], USERS_MSG.invalidType),
    ...baseExtras,
    SAPCustomerCode: requiredText(DISTRIBUTOR_MSG.sapRequired, 'SAP Customer Code', 30),
    FirstName: requiredText(DISTRIBUTOR_MSG.firstNameRequired, 'Name', 100),
    LastName: optionalText('LastName', 100),
    Email: requiredEmail(USERS_MSG.emailRequired, USERS_MSG.emailInvalid),
    MobileNo: requiredMobile(DISTRIBUTOR_MSG.mobileRequired, USERS_MSG.mobileInvalid),
    ...passwordFields,
    CompanyId: pickedId(USERS_MSG.companyRequired),
    GST: optionalText('GST', 15),
    TIN: optionalText('TIN', 20),
    ...addressShape('bill', DISTRIBUTOR_BILL_MSG),
    IsActive: activeFlag,
  }),
  { required: DISTRIBUTOR_MSG.passwordRequired, mismatch: DISTRIBUTOR_MSG.confirmMismatch },
);

export type DistributorSave = z.input<typeof distributorSave>;
export const DISTRIBUTOR_EXPORT_NAME = 'Distributor Data';

/** The master's columns over the users list. */
export const DISTRIBUTOR_LIST = listView(USERS_LIST, PAGE.distributorMaster, [
  col('CompanyName', 'Company'),
  col('SAPCustomerCode', 'SAP Customer Code'),
  col('FullName', 'Name'),
  col('Email', 'Email'),
  col('MobileNo', 'Mobile No.'),
  col('CreatedDt', 'Created Date', { format: 'date' }),
  col('IsActive', 'Status', { format: 'status' }),
]);
