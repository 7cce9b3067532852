// Form fields many master screens share: the company picker (preselected and locked for a
// non-admin) and the IsActive box.
import { COMPANY_API } from '@shared/contracts/company.js';
import type { FieldDef } from '../../kit/form-values.js';

/** The company picker under the field name a contract uses (CompanyId on most, CompId on products). */
export const companyPicker = (name = 'CompanyId'): FieldDef => ({
  name,
  label: 'Company',
  kind: 'select',
  ownCompany: true,
  optionsPath: COMPANY_API.dropdown,
  optionValue: 'CompId',
  optionLabel: 'CompanyName',
});

export const companyField: FieldDef = companyPicker();

export const activeField: FieldDef = { name: 'IsActive', label: 'Is Active', kind: 'checkbox' };
