// Factory Master (spec 1 sections 2.19, 3.9, 5.10): sites with IsFactory true, on the kit's ResourcePage.
import { FACTORY_EXPORT_NAME, factorySave, type SiteRow } from '../../../shared/contracts/site.js';
import { PAGE } from '../../../shared/pages.js';
import { ResourcePage, type ResourceDef } from '../../kit/resource-page.js';
import { activeField, addressField, companyField, prefixField, siteFromRow } from './sites/site-fields.js';

export const factoryResource: ResourceDef<SiteRow> = {
  page: PAGE.factoryMaster,
  breadcrumb: 'Masters',
  idField: 'ID',
  list: {
    path: 'WareHouser/Get',
    filters: { IsWareHouse: false },
    defaultPageSize: 5,
    columns: [
      { accessor: 'CompanyName', title: 'Company' },
      { accessor: 'WCode', title: 'Factory code' },
      { accessor: 'FirmName', title: 'Factory Name' },
      { accessor: 'Email', title: 'Email' },
      { accessor: 'MobileNo', title: 'Mobile No.' },
      { accessor: 'CreatedDt', title: 'Created Date', format: 'date' },
      { accessor: 'Prefix', title: 'Prefix' },
    ],
  },
  form: {
    contract: factorySave,
    idField: 'ID',
    savePath: 'WareHouser/Save',
    noun: 'Factory',
    updateTitle: 'Update Factory',
    addLabel: 'Add Factory',
    size: 'lg',
    fixed: { IsFactory: true },
    fromRow: siteFromRow,
    fields: [
      companyField,
      { name: 'Wcode', label: 'Factory Code', kind: 'text', required: true, maxLength: 20 },
      { name: 'FirmName', label: 'Factory Name', kind: 'text', required: true, maxLength: 150 },
      { name: 'Email', label: 'Email', kind: 'text', required: true, maxLength: 100 },
      { name: 'MobileNo', label: 'Mobile No.', kind: 'text', maxLength: 10 },
      { name: 'GST', label: 'GST No.', kind: 'text', required: true, maxLength: 15 },
      prefixField,
      addressField,
      activeField,
    ],
  },
  exportName: FACTORY_EXPORT_NAME,
};

export function FactoryMasterPage() {
  return <ResourcePage def={factoryResource} />;
}
