// Product Master (spec 1 sections 2.11, 3.5, 4, 5.3): a declaration on the kit, with the form in two
// tabs ('Add Product', 'Add Product Description') and the category levels as a cascade.
import {
  DEFAULT_BEST_BEFORE_DAYS,
  PRODUCT_API,
  PRODUCT_EXPORT_NAME,
  PRODUCT_LIST,
  PRODUCT_MSG,
  PRODUCT_STEP1,
  productSave,
  type ProductRow,
} from '@shared/contracts/product.js';
import { CATEGORY_API } from '@shared/contracts/category.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../kit/columns.js';
import type { FieldDef } from '../../kit/form-values.js';
import { companyPicker } from './common-fields.js';
import { ResourcePage, type ResourceDef } from '../../kit/resource-page.js';

const Thumb = ({ row }: { row: ProductRow }) =>
  row.ProductImg ? (
    <img src={row.ProductImg} alt={row.ProductName} style={{ height: 32, width: 32, objectFit: 'contain' }} />
  ) : null;

const FIELDS: FieldDef[] = [
  { name: 'ProductName', label: 'Product Name', kind: 'text' },
  { name: 'ProductCd', label: 'Product Code', kind: 'text' },
  { name: 'ProductDscrptn', label: 'Description', kind: 'textarea' },
  {
    name: 'ProductUOM',
    label: 'Product UOM',
    kind: 'select',
    optionsPath: PRODUCT_API.uoms,
    optionValue: 'UOM',
    optionLabel: 'UOM',
  },
  { name: 'ProductValue', label: 'Product Pack', kind: 'number' },
  companyPicker('CompId'),
  {
    name: 'CategoryId',
    label: 'Category',
    kind: 'select',
    optionsPath: CATEGORY_API.ddlMG1,
    optionValue: 'CategoryIdMG1',
    optionLabel: 'NameMG1',
    clears: ['MG2Id', 'MG3Id'],
  },
  {
    name: 'MG2Id',
    label: 'Sub Category',
    kind: 'select',
    optionsPath: CATEGORY_API.ddlMG2,
    optionsParams: { id: 'CategoryId' },
    optionValue: 'CategoryIdMG2',
    optionLabel: 'NameMG2',
    clears: ['MG3Id'],
  },
  {
    name: 'MG3Id',
    label: 'Sub Division',
    kind: 'select',
    optionsPath: CATEGORY_API.ddlMG3,
    optionsParams: { id: 'MG2Id' },
    optionValue: 'CategoryIdMG3',
    optionLabel: 'NameMG3',
  },
  { name: 'SapProductCd', label: 'SAP Code', kind: 'text' },
  { name: 'TechnicalName', label: 'Technical Name', kind: 'text' },
  { name: 'gtin', label: 'GTIN', kind: 'text' },
  { name: 'mrp', label: 'MRP', kind: 'text', maxLength: 12 },
  { name: 'IsActive', label: 'Is Active', kind: 'checkbox' },
  {
    name: 'WarrantyPeriodInMonth',
    label: 'Best Before (days)',
    kind: 'number',
    required: true,
    defaultValue: DEFAULT_BEST_BEFORE_DAYS,
  },
  { name: 'ManufactureName', label: 'Manufacturer', kind: 'text' },
  { name: 'RegistrationNo', label: 'Registration No', kind: 'text' },
  { name: 'MarketedBy', label: 'Marketed By', kind: 'text' },
  { name: 'ProductImg', label: 'Product Image', kind: 'upload', accept: 'image' },
  { name: 'GenuineAudio', label: 'Genuine Audio', kind: 'upload', accept: 'audio' },
  { name: 'label', label: 'Label (PDF)', kind: 'upload', accept: 'pdf' },
  { name: 'Pamphlet', label: 'Leaflet (PDF)', kind: 'upload', accept: 'pdf' },
  { name: 'CautionarySymbol', label: 'Cautionary Symbol', kind: 'upload', accept: 'image' },
  { name: 'AntidoteStatement', label: 'Antidote Statement', kind: 'upload', accept: 'image' },
];

const STEP1: readonly string[] = PRODUCT_STEP1;

export const productResource: ResourceDef<ProductRow> = {
  page: PAGE.productMaster,
  title: 'Product Master',
  breadcrumb: 'Masters',
  list: {
    path: PRODUCT_API.list,
    columns: listColumns<ProductRow>(PRODUCT_LIST, {
      own: { ProductImg: { noExport: true, render: (row) => <Thumb row={row} /> } },
    }),
  },
  form: {
    contract: productSave,
    idField: 'ProductId',
    savePath: PRODUCT_API.save,
    noun: 'Product',
    // Written out so the spec's titles are findable as they read.
    addTitle: 'Add Product',
    updateTitle: 'Update Product',
    addLabel: 'Add Product',
    size: 'lg',
    editNotice: PRODUCT_MSG.editWarning,
    fields: FIELDS,
    steps: [
      { label: 'Add Product', fields: STEP1 },
      { label: 'Add Product Description', fields: FIELDS.map((f) => f.name).filter((n) => !STEP1.includes(n)) },
    ],
  },
  exportName: PRODUCT_EXPORT_NAME,
};

export function ProductMasterPage() {
  return <ResourcePage def={productResource} />;
}
