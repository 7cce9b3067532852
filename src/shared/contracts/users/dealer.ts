// Dealer Master, menu label Retailer Master (spec 1 sections 2.15, 3.4, 5.6): user type 1, with a
// billing and a shipping address.
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

export const DEALER_MSG = {
  firstNameRequired: 'Please Enter Your First Name.',
  mobileRequired: 'Please Enter Your Mobile No.',
  passwordRequired: 'Please Enter Password.',
  confirmMismatch: 'Password Does Not Match',
} as const;

const address = (address1: string): AddressMessages => ({
  country: 'Please Select Country.',
  state: 'Please Select State',
  city: 'Please Select City',
  pincodeRequired: 'Please enter pincode',
  pincodeInvalid: 'Please enter a valid 6-digit pincode',
  address1,
});
export const DEALER_BILL_MSG = address('Please Enter Bill Address');
export const DEALER_SHIP_MSG = address('Please Enter Ship Address');

export const dealerSave = withPasswordRules(
  z.strictObject({
    ReferenceID: referenceId,
    UserType: userTypeOf([1], USERS_MSG.invalidType),
    ...baseExtras,
    FirstName: requiredText(DEALER_MSG.firstNameRequired, 'Dealer Name', 100),
    LastName: optionalText('LastName', 100),
    Email: requiredEmail(USERS_MSG.emailRequired, USERS_MSG.emailInvalid),
    MobileNo: requiredMobile(DEALER_MSG.mobileRequired, USERS_MSG.mobileInvalid),
    ...passwordFields,
    CompanyId: pickedId(USERS_MSG.companyRequired),
    // The spec's payload lists it for dealers and distributors alike; the dealer form does not show it.
    SAPCustomerCode: optionalText('SAP Customer Code', 30),
    GST: optionalText('GST', 15),
    TIN: optionalText('TIN', 20),
    ...addressShape('bill', DEALER_BILL_MSG),
    ...addressShape('ship', DEALER_SHIP_MSG),
    IsActive: activeFlag,
  }),
  { required: DEALER_MSG.passwordRequired, mismatch: DEALER_MSG.confirmMismatch },
);

export type DealerSave = z.input<typeof dealerSave>;
export const DEALER_EXPORT_NAME = 'Dealer Data';

/** The master's columns over the users list. */
export const DEALER_LIST = listView(USERS_LIST, PAGE.dealerMaster, [
  col('CompanyName', 'Company'),
  col('FullName', 'Dealer Name'),
  col('MobileNo', 'Mobile No.'),
  col('CreatedDt', 'Created Date', { format: 'date' }),
  col('IsActive', 'Status', { format: 'status' }),
]);
