// List Master (spec 1 sections 2.17, 5.8), on the user endpoints: entries of the send-to lists other
// than dealers (user type 2 with a list type); List Id is the entry's user name.
import { USERS_API, type UserRow } from '@shared/contracts/users/common.js';
import { LIST_ENTRY_LIST, LIST_TYPES, listEntrySave } from '@shared/contracts/users/list-entry.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../../kit/columns.js';
import type { ResourceDef } from '../../../kit/resource-page.js';
import {
  activeField,
  companyField,
  emailField,
  gstTinFields,
  mobileField,
  nameFields,
  passwordPair,
} from './fields.js';
import { PeoplePage } from './people-page.js';

export const listMasterResource: ResourceDef<UserRow> = {
  page: PAGE.listMaster,
  breadcrumb: 'Masters',
  list: {
    path: USERS_API.list,
    filters: { UserType: 2, IsList: true } as Record<string, unknown>,
    columns: listColumns<UserRow>(LIST_ENTRY_LIST),
  },
  form: {
    contract: listEntrySave,
    idField: 'ReferenceID',
    savePath: USERS_API.save,
    noun: 'List',
    addLabel: 'Add List',
    size: 'xl',
    fixed: { UserType: 2 },
    fields: [
      {
        name: 'ListType',
        label: 'List Type',
        kind: 'select',
        options: LIST_TYPES.map((t) => ({ value: t, label: t })),
      },
      { name: 'UserName', label: 'List Id', kind: 'text' },
      ...nameFields,
      emailField,
      mobileField,
      ...passwordPair,
      companyField,
      ...gstTinFields,
      { name: 'bill', label: 'Billing Address', kind: 'address', addressPrefix: 'bill', required: true },
      activeField,
    ],
  },
  deletePath: USERS_API.remove,
};

export function ListMasterPage() {
  return <PeoplePage def={listMasterResource} />;
}
