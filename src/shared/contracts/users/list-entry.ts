// List Master (spec 1 sections 2.17, 3.4, 5.8), built on the user endpoints. An entry is an account
// on one of the send-to lists other than dealers: stored as user type 2 (the spec's type for 'other'
// in send-to lists) with a list type; its List Id is its user name (see docs/masters.md).
import { z } from 'zod';
import { PAGE } from '../../pages.js';
import { col, listView } from '../list-contract.js';
import { activeFlag, optionalText, requiredEmail, requiredMobile, requiredText } from '../fields.js';
import { addressShape } from '../reference.js';
import {
  alphaName,
  baseExtras,
  passwordFields,
  pickedId,
  referenceId,
  USERS_LIST,
  USERS_MSG,
  userTypeOf,
  withPasswordRules,
} from './common.js';
import { DISTRIBUTOR_BILL_MSG } from './distributor.js';
import { USER_MSG } from './user.js';

export const LIST_TYPES = [
  'Institutional Buyer',
  'Cooperative Society',
  'Government Agency',
  'Export Buyer',
  'Other',
] as const;

export const LIST_MSG = {
  listTypeRequired: 'Please select List Type.',
  confirmMismatch: 'password does not match',
} as const;

export const listEntrySave = withPasswordRules(
  z.strictObject({
    ReferenceID: referenceId,
    UserType: userTypeOf([2], USERS_MSG.invalidType),
    WareHouseId: baseExtras.WareHouseId,
    ListType: z.enum(LIST_TYPES, { error: LIST_MSG.listTypeRequired }),
    UserName: requiredText(USER_MSG.userNameRequired, 'List Id', 100),
    FirstName: alphaName(USER_MSG.firstNameAlpha, 'FirstName'),
    LastName: alphaName(USER_MSG.lastNameAlpha, 'LastName'),
    Email: requiredEmail(USERS_MSG.emailRequired, USERS_MSG.emailInvalid),
    MobileNo: requiredMobile(USER_MSG.mobileRequired, USERS_MSG.mobileInvalid),
    ...passwordFields,
    CompanyId: pickedId(USERS_MSG.companyRequired),
    GST: optionalText('GST', 15),
    TIN: optionalText('TIN', 20),
    ...addressShape('bill', DISTRIBUTOR_BILL_MSG),
    IsActive: activeFlag,
  }),
  { required: USER_MSG.passwordRequired, mismatch: LIST_MSG.confirmMismatch },
);

export type ListEntrySave = z.input<typeof listEntrySave>;

/** The master's columns over the users list. */
export const LIST_ENTRY_LIST = listView(USERS_LIST, PAGE.listMaster, [
  col('ListType', 'List Type'),
  col('UserName', 'List Id'),
  col('CreatedDt', 'Created Date', { format: 'date' }),
  col('IsActive', 'Status', { format: 'status' }),
]);
