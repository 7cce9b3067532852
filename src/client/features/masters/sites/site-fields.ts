// What the Factory and Warehouse screens share: the address, the prefix, the row-to-form
// mapping (rows say WCode and Prefix, saves say Wcode and prefix, spec 1 section 3.9).
import type { SiteRow } from '@shared/contracts/site.js';
import type { FieldDef } from '../../../kit/form-values.js';

export { activeField, companyField } from '../common-fields.js';

export const addressField: FieldDef = {
  name: 'bill_Address',
  label: 'Billing Address',
  kind: 'address',
  addressPrefix: 'bill',
  required: true,
};

/** The prefix is fixed once saved: printed codes and readable ids carry it. */
export const prefixField: FieldDef = {
  name: 'prefix',
  label: 'Prefix',
  kind: 'text',
  maxLength: 2,
  readOnlyOnEdit: true,
  placeholder: 'Two letters or digits',
};

export const siteFromRow = (row: object): object => {
  const r = row as SiteRow;
  return { ...r, Wcode: r.WCode ?? '', prefix: r.Prefix ?? '' };
};
