// Salesperson Master (spec 1 sections 2.20, 3.4, 5.11): user type 6 with an employee id.
import { z } from 'zod';
import { PAGE } from '../../pages.js';
import { col, listView } from '../list-contract.js';
import { activeFlag, optionalText, requiredEmail, requiredMobile, requiredText } from '../fields.js';
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

export const SALESPERSON_MSG = {
  firstNameRequired: 'Please Enter Your First Name.',
  mobileRequired: 'Please Enter Your Mobile No.',
  passwordRequired: 'Please Enter Password.',
  confirmRequired: 'Please Enter Confirm Password.',
  confirmMismatch: 'Confirm Password Does Not Match',
} as const;

export const salespersonSave = withPasswordRules(
  z.strictObject({
    ReferenceID: referenceId,
    UserType: userTypeOf([6], USERS_MSG.invalidType),
    ...baseExtras,
    CompanyId: pickedId(USERS_MSG.companyRequired),
    FirstName: requiredText(SALESPERSON_MSG.firstNameRequired, 'FirstName', 100),
    LastName: optionalText('LastName', 100),
    EmpId: optionalText('Emp Id', 30),
    Email: requiredEmail(USERS_MSG.emailRequired, USERS_MSG.emailInvalid),
    MobileNo: requiredMobile(SALESPERSON_MSG.mobileRequired, USERS_MSG.mobileInvalid),
    ...passwordFields,
    IsActive: activeFlag,
  }),
  {
    required: SALESPERSON_MSG.passwordRequired,
    confirmRequired: SALESPERSON_MSG.confirmRequired,
    mismatch: SALESPERSON_MSG.confirmMismatch,
  },
);

export type SalespersonSave = z.input<typeof salespersonSave>;
export const SALESPERSON_EXPORT_NAME = 'Salesperson Data';

/** The master's columns over the users list. */
export const SALESPERSON_LIST = listView(USERS_LIST, PAGE.salepersonMaster, [
  col('CompanyName', 'Company'),
  col('FullName', 'Salesperson Name'),
  col('EmpId', 'Emp Id'),
  col('MobileNo', 'Mobile No.'),
  col('CreatedDt', 'Created Date', { format: 'date' }),
  col('IsActive', 'Status', { format: 'status' }),
]);
