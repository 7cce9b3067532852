// Salesperson Master (spec 1 sections 2.20, 5.11): user type 6 with an employee id; the Status
// column is a read-only checkbox.
import { Checkbox } from '@mantine/core';
import { USERS_API, type UserRow } from '@shared/contracts/users/common.js';
import { SALESPERSON_EXPORT_NAME, SALESPERSON_LIST, salespersonSave } from '@shared/contracts/users/salesperson.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../../kit/columns.js';
import type { ResourceDef } from '../../../kit/resource-page.js';
import { activeField, companyField, emailField, mobileField, passwordPair } from './fields.js';
import { PeoplePage } from './people-page.js';

export const salespersonMasterResource: ResourceDef<UserRow> = {
  page: PAGE.salepersonMaster,
  breadcrumb: 'Masters',
  list: {
    path: USERS_API.list,
    filters: { UserType: 6 },
    columns: listColumns<UserRow>(SALESPERSON_LIST, {
      own: {
        IsActive: {
          render: (row) => (
            <Checkbox checked={row.IsActive} readOnly aria-label={row.IsActive ? 'Active' : 'Inactive'} />
          ),
        },
      },
    }),
  },
  form: {
    contract: salespersonSave,
    idField: 'ReferenceID',
    savePath: USERS_API.save,
    noun: 'Salesperson',
    addLabel: 'Add Salesperson',
    size: 'lg',
    fixed: { UserType: 6 },
    fields: [
      companyField,
      { name: 'FirstName', label: 'First Name', kind: 'text' },
      { name: 'LastName', label: 'Last Name', kind: 'text' },
      { name: 'EmpId', label: 'Emp Id', kind: 'text' },
      emailField,
      mobileField,
      ...passwordPair,
      activeField,
    ],
  },
  exportName: SALESPERSON_EXPORT_NAME,
};

export function SalespersonMasterPage() {
  return <PeoplePage def={salespersonMasterResource} />;
}
