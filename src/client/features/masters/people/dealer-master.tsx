// Dealer Master, menu label Retailer Master (spec 1 sections 2.15, 5.6): user type 1 with billing and
// shipping addresses; 'Same as Billing Address' copies billing to shipping.
import { USERS_API, type UserRow } from '@shared/contracts/users/common.js';
import { DEALER_EXPORT_NAME, DEALER_LIST, dealerSave } from '@shared/contracts/users/dealer.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../../kit/columns.js';
import type { ResourceDef } from '../../../kit/resource-page.js';
import { activeField, companyField, emailField, gstTinFields, mobileField, passwordPair } from './fields.js';
import { PeoplePage } from './people-page.js';

export const dealerMasterResource: ResourceDef<UserRow> = {
  page: PAGE.dealerMaster,
  breadcrumb: 'Masters',
  list: {
    path: USERS_API.list,
    filters: { UserType: 1 },
    columns: listColumns<UserRow>(DEALER_LIST),
  },
  form: {
    contract: dealerSave,
    idField: 'ReferenceID',
    savePath: USERS_API.save,
    noun: 'Dealer',
    addLabel: 'Add Dealer',
    size: 'xl',
    fixed: { UserType: 1 },
    fields: [
      companyField,
      { name: 'FirstName', label: 'Dealer Name', kind: 'text' },
      { name: 'LastName', label: 'Contact Person', kind: 'text' },
      emailField,
      mobileField,
      ...passwordPair,
      ...gstTinFields,
      {
        name: 'bill',
        label: 'Billing Address',
        kind: 'address',
        addressPrefix: 'bill',
        required: true,
        addressLineRequired: true,
      },
      {
        name: 'ship',
        label: 'Shipping Address',
        kind: 'address',
        addressPrefix: 'ship',
        copyFrom: 'bill',
        required: true,
        addressLineRequired: true,
      },
      activeField,
    ],
  },
  exportName: DEALER_EXPORT_NAME,
};

export function DealerMasterPage() {
  return <PeoplePage def={dealerMasterResource} />;
}
