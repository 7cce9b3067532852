// Form fields the people masters share: the company picker (locked to a non-admin's own company),
// contact fields and the password pair (blank on update keeps the current password).
import type { FieldDef } from '../../../kit/form-values.js';

export const companyField: FieldDef = {
  name: 'CompanyId', label: 'Company', kind: 'select', required: true, ownCompany: true,
  optionsPath: 'CompanyMaster/GetCompanyDDL', optionValue: 'CompId', optionLabel: 'CompanyName',
};

export const emailField: FieldDef = { name: 'Email', label: 'Email', kind: 'text', required: true, maxLength: 100 };
export const mobileField: FieldDef = { name: 'MobileNo', label: 'Mobile No.', kind: 'text', required: true, maxLength: 10 };
export const passwordPair: FieldDef[] = [
  { name: 'Password', label: 'Password', kind: 'password', required: true, maxLength: 10, placeholder: 'Blank on update keeps the current one' },
  { name: 'ConfirmPassword', label: 'Confirm Password', kind: 'password', required: true, maxLength: 10 },
];
export const gstTinFields: FieldDef[] = [
  { name: 'GST', label: 'GST', kind: 'text', maxLength: 15 },
  { name: 'TIN', label: 'TIN', kind: 'text', maxLength: 20 },
];
export const activeField: FieldDef = { name: 'IsActive', label: 'Is Active', kind: 'checkbox' };
