// Factory Master (spec 1 sections 2.19, 3.9, 5.10): sites with IsFactory true, on the kit's ResourcePage.
import { FACTORY_EXPORT_NAME, factorySave, SITE_API, SITE_LIST, type SiteRow } from '@shared/contracts/site.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../kit/columns.js';
import { ResourcePage, type ResourceDef } from '../../kit/resource-page.js';
import { activeField, addressField, companyField, prefixField, siteFromRow } from './sites/site-fields.js';

export const factoryResource: ResourceDef<SiteRow> = {
  page: PAGE.factoryMaster,
  breadcrumb: 'Masters',
  idField: 'ID',
  list: {
    path: SITE_API.list,
    filters: { IsWareHouse: false },
    defaultPageSize: 5,
    columns: listColumns<SiteRow>(SITE_LIST),
  },
  form: {
    contract: factorySave,
    idField: 'ID',
    savePath: SITE_API.save,
    noun: 'Factory',
    updateTitle: 'Update Factory',
    addLabel: 'Add Factory',
    size: 'lg',
    fixed: { IsFactory: true },
    fromRow: siteFromRow,
    fields: [
      companyField,
      { name: 'Wcode', label: 'Factory Code', kind: 'text' },
      { name: 'FirmName', label: 'Factory Name', kind: 'text' },
      { name: 'Email', label: 'Email', kind: 'text' },
      { name: 'MobileNo', label: 'Mobile No.', kind: 'text' },
      { name: 'GST', label: 'GST No.', kind: 'text', maxLength: 15 },
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
