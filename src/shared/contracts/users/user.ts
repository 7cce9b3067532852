// User Master (spec 1 sections 2.10, 3.4, 5.2): factory (type 4) and warehouse (type 5) users.
import { z } from 'zod';
import { activeFlag, requiredEmail, requiredMobile, requiredText } from '../fields.js';
import {
  alphaName,
  passwordFields,
  pickedId,
  referenceId,
  userTypeOf,
  USERS_MSG,
  withPasswordRules,
} from './common.js';

export const USER_MSG = {
  userNameRequired: 'Please enter your username.',
  firstNameAlpha: 'FirstName should be alpha only.',
  lastNameAlpha: 'LastName should be alpha only.',
  mobileRequired: 'Please enter your mobile no.',
  passwordRequired: 'Please enter password',
  confirmMismatch: 'Confirm password does not match',
  siteRequired: 'Please select WareHouse / Factory',
  typeRequired: 'Please choose Factory or WareHouse.',
} as const;

export const SITE_USER_TYPES = { factory: 4, warehouse: 5 } as const;

export const userSave = withPasswordRules(
  z.strictObject({
    ReferenceID: referenceId,
    UserType: userTypeOf([SITE_USER_TYPES.factory, SITE_USER_TYPES.warehouse], USER_MSG.typeRequired),
    UserName: requiredText(USER_MSG.userNameRequired, 'UserName', 100),
    FirstName: alphaName(USER_MSG.firstNameAlpha, 'FirstName'),
    LastName: alphaName(USER_MSG.lastNameAlpha, 'LastName'),
    Email: requiredEmail(USERS_MSG.emailRequired, USERS_MSG.emailInvalid),
    MobileNo: requiredMobile(USER_MSG.mobileRequired, USERS_MSG.mobileInvalid),
    ...passwordFields,
    CompanyId: pickedId(USERS_MSG.companyRequired),
    WareHouseId: pickedId(USER_MSG.siteRequired),
    IsActive: activeFlag,
  }),
  { required: USER_MSG.passwordRequired, mismatch: USER_MSG.confirmMismatch },
);

export type UserSave = z.input<typeof userSave>;
export const USER_EXPORT_NAME = 'User Data';
