// Scheme Master (spec 2 sections 2, 5, 9): loyalty points for one product and one user type between
// two dates, a declaration on the kit's ResourcePage validated by the server's own contract.
import { Checkbox } from '@mantine/core';
import {
  SCHEME_API,
  SCHEME_LIST,
  SCHEME_PAGE_SIZES,
  schemeMasterSave,
  type SchemeRow,
} from '@shared/contracts/loyalty/scheme.js';
import { PRODUCT_API } from '@shared/contracts/product.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../kit/columns.js';
import { ResourcePage, type ResourceDef } from '../../kit/resource-page.js';

export const schemeMasterResource: ResourceDef<SchemeRow> = {
  page: PAGE.schemeMaster,
  title: 'Scheme Master',
  breadcrumb: 'Masters',
  list: {
    path: SCHEME_API.list,
    pageSizes: SCHEME_PAGE_SIZES,
    defaultPageSize: 5,
    filters: { SchemeKind: 'master' },
    columns: listColumns<SchemeRow>(SCHEME_LIST, {
      // Read-only here: the flag changes through the edit form.
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
    contract: schemeMasterSave,
    idField: 'SchemeId',
    savePath: SCHEME_API.save,
    noun: 'Scheme',
    addLabel: 'Add Scheme',
    size: 'lg',
    fields: [
      {
        name: 'ProductId',
        label: 'Product',
        kind: 'select',
        optionsPath: PRODUCT_API.dropdown,
        optionValue: 'ProductId',
        optionLabel: 'ProductName',
      },
      {
        name: 'Utype',
        label: 'User Type',
        kind: 'select',
        optionsPath: SCHEME_API.userTypes,
        optionValue: 'Utype',
        optionLabel: 'TypeName',
      },
      { name: 'SchemeName', label: 'Scheme Name', kind: 'text' },
      { name: 'Schemedescription', label: 'Scheme Description', kind: 'textarea' },
      { name: 'StartDate', label: 'Valid From', kind: 'date' },
      { name: 'EndDate', label: 'Valid To', kind: 'date' },
      { name: 'LoyaltyPoints', label: 'Loyalty Points', kind: 'number' },
      { name: 'IsActive', label: 'Is Active', kind: 'checkbox' },
    ],
  },
};

export function SchemeMasterPage() {
  return <ResourcePage def={schemeMasterResource} />;
}
