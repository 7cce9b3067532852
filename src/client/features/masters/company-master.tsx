// Company Master (spec 1 sections 2.14, 3.8, 5.5): the logo shows as a thumbnail and the status as a
// checkbox, as the spec draws them; the logo is an uploaded image.
import { Checkbox, Image } from '@mantine/core';
import { COMPANY_API, COMPANY_LIST, companySave, type CompanyRow } from '@shared/contracts/company.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../kit/columns.js';
import { ResourcePage, type ResourceDef } from '../../kit/resource-page.js';

export const companyResource: ResourceDef<CompanyRow> = {
  page: PAGE.companyMaster,
  breadcrumb: 'Masters',
  idField: 'CompId',
  list: {
    path: COMPANY_API.list,
    columns: listColumns<CompanyRow>(COMPANY_LIST, {
      own: {
        CompanyLogo: {
          noExport: true,
          render: (row) =>
            row.CompanyLogo ? (
              <Image src={row.CompanyLogo} alt={`${row.CompanyName} logo`} h={36} w={72} fit="contain" />
            ) : null,
        },
        IsActive: {
          render: (row) => (
            <Checkbox checked={row.IsActive} readOnly aria-label={row.IsActive ? 'Active' : 'Inactive'} />
          ),
        },
      },
    }),
  },
  form: {
    contract: companySave,
    idField: 'CompId',
    savePath: COMPANY_API.save,
    noun: 'Company',
    updateTitle: 'Update Company',
    addLabel: 'Add Company',
    size: 'lg',
    fields: [
      { name: 'CCode', label: 'Company Code', kind: 'text' },
      { name: 'CompanyName', label: 'Company Name', kind: 'text' },
      { name: 'CompanyDisplayName', label: 'Display Name', kind: 'text' },
      { name: 'Mobile', label: 'Mobile', kind: 'text' },
      { name: 'GTIN', label: 'GTI No', kind: 'text' },
      { name: 'Email', label: 'Email', kind: 'text' },
      { name: 'Address', label: 'Address', kind: 'textarea' },
      { name: 'City', label: 'City', kind: 'text' },
      { name: 'Pincode', label: 'Pincode', kind: 'text', maxLength: 6 },
      { name: 'CompanyLogo', label: 'Company Logo', kind: 'upload', accept: 'image' },
      { name: 'IsActive', label: 'Is Active', kind: 'checkbox' },
    ],
  },
};

export function CompanyMasterPage() {
  return <ResourcePage def={companyResource} />;
}
