// Warehouse Master (spec 1 sections 2.19, 3.9, 5.10): sites with IsFactory false. Warehouses take a
// two-character prefix too (DESIGN section 4: dispatch ids carry it), entered like a factory's.
import {
  SITE_API,
  WAREHOUSE_EXPORT_NAME,
  WAREHOUSE_LIST,
  warehouseSave,
  type SiteRow,
} from '@shared/contracts/site.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../kit/columns.js';
import { ResourcePage, type ResourceDef } from '../../kit/resource-page.js';
import { activeField, addressField, companyField, prefixField, siteFromRow } from './sites/site-fields.js';

export const warehouseResource: ResourceDef<SiteRow> = {
  page: PAGE.warehouseMaster,
  breadcrumb: 'Masters',
  idField: 'ID',
  list: {
    path: SITE_API.list,
    filters: { IsWareHouse: true },
    defaultPageSize: 5,
    columns: listColumns<SiteRow>(WAREHOUSE_LIST),
  },
  form: {
    contract: warehouseSave,
    idField: 'ID',
    savePath: SITE_API.save,
    noun: 'Warehouse',
    addLabel: 'Add Warehouse',
    size: 'lg',
    fixed: { IsFactory: false },
    fromRow: siteFromRow,
    fields: [
      companyField,
      { name: 'Wcode', label: 'Warehouse Code', kind: 'text' },
      { name: 'FirmName', label: 'Warehouse Name', kind: 'text' },
      { name: 'Email', label: 'Email', kind: 'text' },
      { name: 'MobileNo', label: 'Mobile No.', kind: 'text' },
      { name: 'GST', label: 'GST No.', kind: 'text', maxLength: 15 },
      prefixField,
      addressField,
      activeField,
    ],
  },
  exportName: WAREHOUSE_EXPORT_NAME,
};

export function WarehouseMasterPage() {
  return <ResourcePage def={warehouseResource} />;
}
