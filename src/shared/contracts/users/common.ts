// What every people master shares (spec 1 sections 3.4, 5.2, 5.6-5.8, 5.11): the list row, the
// user service's paths and messages, and the field builders the forms combine.
import { z } from 'zod';
import { billingAddress } from '../address.js';
import { getEndpoint, postEndpoint } from '../../endpoint.js';
import { PAGE } from '../../pages.js';
import { dateText, noData } from '../answer.js';
import { listRequest } from '../list.js';
import { col, listContract } from '../list-contract.js';
import { ALPHA_PATTERN, PASSWORD_MESSAGE, PASSWORD_PATTERN, optionalText, recordId, requiredText } from '../fields.js';

export const USERS_MSG = {
  companyRequired: 'Please select Company',
  emailRequired: 'Please enter your email-id.',
  emailInvalid: 'Please enter valid email-id.',
  mobileInvalid: 'Please enter valid mobile no.',
  emailTaken: 'This email-id is already registered.',
  userNameTaken: 'This username is already taken.',
  invalidType: 'Invalid user type.',
  created: 'User saved successfully.',
  updated: 'User updated successfully.',
  notFound: 'User not found.',
  deleted: 'Deleted successfully.',
  deleteSelf: 'You cannot delete your own account.',
  deleteAdmin: 'An administrator account cannot be deleted.',
  deleteKind: 'Only Dealer Master and List Master entries can be deleted.',
  inUse: 'This entry is in use and cannot be deleted; set it inactive instead.',
  aboveYou: 'This user holds rights you do not hold; only the administrator can change them.',
  typeAbove: 'You cannot give a user a type above your own.',
  passwordAdminOnly: "Only the administrator can set another user's password; change your own on Change Password.",
} as const;

/** The list request of User/GetUsers: the shared one, plus IsList for the List Master's entries. */
export const usersListRequest = listRequest.extend({
  IsList: z.boolean({ error: 'IsList must be true or false.' }).nullish(),
});
export type UsersListRequest = z.input<typeof usersListRequest>;

export { pickedId } from '../reference.js';

/** A user type the form saves, as a JSON number or numeric text (the spec's client may send either). */
export const userTypeOf = (types: readonly number[], message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,2}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .refine((v) => types.includes(v), message);

/** The spec's base payload carries these on every form; the forms without them ignore them. */
export const baseExtras = {
  UserName: optionalText('UserName', 100),
  WareHouseId: z
    .union([z.number(), z.string().max(12, 'WareHouseId must be a whole number.')], {
      error: 'WareHouseId must be a whole number.',
    })
    .nullish(),
};

/** A name of letters and spaces; a blank answers the same message (spec 1 section 5.2). */
export const alphaName = (message: string, label: string) =>
  requiredText(message, label, 100).regex(ALPHA_PATTERN, message);

/**
 * The password pair. On a new record the password is required; on an update a blank password keeps
 * the old one. ConfirmPassword is checked, never stored.
 */
export const passwordFields = {
  Password: z
    .string({ error: PASSWORD_MESSAGE })
    .max(10, PASSWORD_MESSAGE)
    .refine((v) => v === '' || PASSWORD_PATTERN.test(v), PASSWORD_MESSAGE)
    .default(''),
  // The spec's client checks it in the form and sends none; a sent one must match.
  ConfirmPassword: z
    .string({ error: 'ConfirmPassword must be text.' })
    .max(10, 'ConfirmPassword must be at most 10 characters.')
    .nullish(),
};

export interface PasswordMessages {
  required: string;
  mismatch: string;
  confirmRequired?: string;
}

interface PasswordPair {
  ReferenceID: number;
  Password: string;
  ConfirmPassword?: string | null;
}

/** The object-level password rules; runs even while other fields fail, so the form shows them together. */
export function withPasswordRules<S extends z.ZodType<PasswordPair>>(schema: S, m: PasswordMessages) {
  return schema.superRefine(
    (v, ctx) => {
      if (v.ReferenceID === 0 && v.Password === '') {
        ctx.addIssue({ code: 'custom', message: m.required, path: ['Password'] });
      } else if (v.ConfirmPassword === undefined || v.ConfirmPassword === null) {
        // Not sent: a client written to the spec compared the pair in its own form.
      } else if (m.confirmRequired && v.Password !== '' && v.ConfirmPassword === '') {
        ctx.addIssue({ code: 'custom', message: m.confirmRequired, path: ['ConfirmPassword'] });
      } else if (v.Password !== v.ConfirmPassword) {
        ctx.addIssue({ code: 'custom', message: m.mismatch, path: ['ConfirmPassword'] });
      }
    },
    { when: (p) => typeof p.value === 'object' && p.value !== null },
  );
}

/** The record id, 0 or absent for a new one; numeric text is read as its number. */
export const referenceId = recordId('ReferenceID');

/** One row of User/GetUsers: what every people master shows and its form reads back. */
export const userRow = z.object({
  ReferenceID: z.number(),
  UserName: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  FullName: z.string(),
  Email: z.string(),
  MobileNo: z.string(),
  IsActive: z.boolean(),
  CompanyId: z.number().nullable(),
  CompanyName: z.string().nullable(),
  WareHouseId: z.number().nullable(),
  FirmName: z.string().nullable(),
  UserType: z.number(),
  GST: z.string(),
  TIN: z.string(),
  SAPCustomerCode: z.string(),
  EmpId: z.string(),
  ListType: z.string(),
  bill_Country: z.number().nullable(),
  bill_State: z.number().nullable(),
  bill_City: z.number().nullable(),
  bill_Pincode: z.string(),
  bill_Address1: z.string(),
  bill_Address2: z.string(),
  ship_Country: z.number().nullable(),
  ship_State: z.number().nullable(),
  ship_City: z.number().nullable(),
  ship_Pincode: z.string(),
  ship_Address1: z.string(),
  ship_Address2: z.string(),
  CreatedDt: dateText,
  TotalRows: z.number(),
});
export type UserRow = z.infer<typeof userRow>;

/** A row of the user pickers (Role Management, the reports, Dispatch's Send To): spec 2 section 3's
 *  'Active user option' (IsFactory: the user's own site is a factory; false without one). */
export const userOption = z.object({
  UserId: z.number(),
  UserName: z.string(),
  Email: z.string(),
  UserType: z.number(),
  SAPCustomerCode: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  IsFactory: z.boolean(),
  ...billingAddress,
});
export type UserOption = z.infer<typeof userOption>;

/** The people masters; each call also checks the page of the master the user type picks. */
export const USER_PAGES = [
  PAGE.userMaster,
  PAGE.dealerMaster,
  PAGE.distributorMaster,
  PAGE.listMaster,
  PAGE.salepersonMaster,
];
const pickers = { pages: [PAGE.accessRight, PAGE.userMaster, PAGE.itemLedger, PAGE.epcisPartners] };

/** User/GetUsers: newest first; the requested user type picks the master (and the page it needs). */
export const USERS_LIST = listContract({
  page: PAGE.userMaster,
  pages: USER_PAGES,
  list: 'User/GetUsers',
  request: usersListRequest,
  row: userRow,
  // User Master's columns; the other masters' are views of this list (dealer.ts and its siblings).
  columns: [
    col('UserName', 'User Name'),
    col('FirmName', 'Factory/Warehouse'),
    col('CompanyName', 'Company'),
    col('FirstName', 'First Name'),
    col('LastName', 'Last Name'),
    col('Email', 'Email'),
    col('MobileNo', 'Mobile'),
    col('CreatedDt', 'Created Date', { format: 'date' }),
    col('IsActive', 'Status', { format: 'status' }),
  ],
  /** What the other masters' columns sort by. */
  sortKeys: ['FullName', 'SAPCustomerCode', 'EmpId', 'ListType'],
  defaultSort: 'CreatedDt',
  rowKey: 'ReferenceID',
});

export const USERS_API = {
  list: USERS_LIST.api.list,
  /** The body's user type picks the contract (user, dealer, distributor, list entry, salesperson), so the
   *  route checks it itself, after the page of that master. */
  save: postEndpoint('User/CreateUpdateUser', { pages: USER_PAGES }, z.unknown(), noData),
  /** Distributor and list entries only; the route checks the page of the entry's master. */
  remove: getEndpoint('User/DeleteUser/:id', { pages: [PAGE.distributorMaster, PAGE.listMaster] }, noData),
  /** Every account but the admins, of the caller's company unless the caller is an admin. */
  pickerAll: getEndpoint('User/GetUsersDDL', pickers, z.array(userOption)),
  /** Also Dispatch's Send To list (dealers are the rows of UserType 1). */
  pickerActive: getEndpoint(
    'User/GetAllActiveUsers',
    { pages: [...pickers.pages, PAGE.dispatch] },
    z.array(userOption),
  ),
};
