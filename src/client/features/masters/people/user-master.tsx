// User Master (spec 1 sections 2.10, 5.2): factory and warehouse users. The Factory/WareHouse radio
// is the user type (4 or 5) and filters the site choices to that kind in the chosen company.
import { USERS_API, USERS_LIST, type UserRow } from '@shared/contracts/users/common.js';
import { SITE_API } from '@shared/contracts/site.js';
import { SITE_USER_TYPES, USER_EXPORT_NAME, userSave } from '@shared/contracts/users/user.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../../kit/columns.js';
import type { ResourceDef } from '../../../kit/resource-page.js';
import { activeField, companyField, emailField, mobileField, nameFields, passwordPair } from './fields.js';
import { PeoplePage } from './people-page.js';

export const userMasterResource: ResourceDef<UserRow> = {
  page: PAGE.userMaster,
  breadcrumb: 'Masters',
  list: {
    path: USERS_API.list,
    columns: listColumns<UserRow>(USERS_LIST),
  },
  form: {
    contract: userSave,
    idField: 'ReferenceID',
    savePath: USERS_API.save,
    noun: 'User',
    addLabel: 'Add User',
    size: 'lg',
    fields: [
      { name: 'UserName', label: 'User Name', kind: 'text' },
      ...nameFields,
      emailField,
      mobileField,
      ...passwordPair,
      companyField,
      {
        name: 'UserType',
        label: 'Factory/WareHouse',
        kind: 'radio',
        defaultValue: SITE_USER_TYPES.factory,
        options: [
          { value: SITE_USER_TYPES.factory, label: 'Factory' },
          { value: SITE_USER_TYPES.warehouse, label: 'WareHouse' },
        ],
      },
      {
        name: 'WareHouseId',
        label: 'WareHouse / Factory',
        kind: 'select',
        optionsPath: SITE_API.dropdown,
        optionsParams: { CompId: 'CompanyId' },
        optionValue: 'ID',
        optionLabel: 'FirmName',
        optionsFilter: (row, v) =>
          row.CompId === v.CompanyId && row.IsFactory === (v.UserType === SITE_USER_TYPES.factory),
      },
      activeField,
    ],
  },
  exportName: USER_EXPORT_NAME,
};

export function UserMasterPage() {
  return <PeoplePage def={userMasterResource} />;
}
