// Form fields the people masters share: the company picker (locked to a non-admin's own company),
// contact fields and the password pair (blank on update keeps the current password).
import type { FieldDef } from '../../../kit/form-values.js';

export { activeField, companyField } from '../common-fields.js';

export const emailField: FieldDef = { name: 'Email', label: 'Email', kind: 'text' };
export const mobileField: FieldDef = { name: 'MobileNo', label: 'Mobile No.', kind: 'text' };
export const passwordPair: FieldDef[] = [
  {
    name: 'Password',
    label: 'Password',
    kind: 'password',
    required: true,
    editPlaceholder: 'Blank on update keeps the current one',
  },
  { name: 'ConfirmPassword', label: 'Confirm Password', kind: 'password', required: true },
];
export const gstTinFields: FieldDef[] = [
  { name: 'GST', label: 'GST', kind: 'text' },
  { name: 'TIN', label: 'TIN', kind: 'text' },
];
/** First and last name, letters only (spec 1 section 5.2). */
export const nameFields: FieldDef[] = [
  { name: 'FirstName', label: 'First Name', kind: 'text' },
  { name: 'LastName', label: 'Last Name', kind: 'text' },
];
