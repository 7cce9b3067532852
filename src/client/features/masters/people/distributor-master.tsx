// Distributor Master, menu label Dealer Master (spec 1 sections 2.16, 5.7): user type 2, with edit
// and delete ('Confirm to delete').
import { USERS_API, type UserRow } from '@shared/contracts/users/common.js';
import { DISTRIBUTOR_EXPORT_NAME, DISTRIBUTOR_LIST, distributorSave } from '@shared/contracts/users/distributor.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../../kit/columns.js';
import type { ResourceDef } from '../../../kit/resource-page.js';
import { activeField, companyField, emailField, gstTinFields, mobileField, passwordPair } from './fields.js';
import { PeoplePage } from './people-page.js';

export const distributorMasterResource: ResourceDef<UserRow> = {
  page: PAGE.distributorMaster,
  breadcrumb: 'Masters',
  list: {
    path: USERS_API.list,
    filters: { UserType: 2 },
    columns: listColumns<UserRow>(DISTRIBUTOR_LIST),
  },
  form: {
    contract: distributorSave,
    idField: 'ReferenceID',
    savePath: USERS_API.save,
    noun: 'Distributor',
    addLabel: 'Add Distributor',
    size: 'xl',
    fixed: { UserType: 2 },
    fields: [
      companyField,
      { name: 'SAPCustomerCode', label: 'SAP Customer Code', kind: 'text' },
      { name: 'FirstName', label: 'Name', kind: 'text' },
      { name: 'LastName', label: 'Contact Person', kind: 'text' },
      emailField,
      mobileField,
      ...passwordPair,
      ...gstTinFields,
      { name: 'bill', label: 'Billing Address', kind: 'address', addressPrefix: 'bill', required: true },
      activeField,
    ],
  },
  exportName: DISTRIBUTOR_EXPORT_NAME,
  deletePath: USERS_API.remove,
};

export function DistributorMasterPage() {
  return <PeoplePage def={distributorMasterResource} />;
}
