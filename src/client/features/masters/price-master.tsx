// Price Master (spec 1 sections 2.18, 3.10, 5.9): the spec shows no Action column, so a row opens
// for update when clicked. The price is a text box: the kit's number box takes whole numbers only.
import { PRICE_API, PRICE_LIST, priceSave, type PriceRow } from '@shared/contracts/price.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../kit/columns.js';
import { ResourcePage, type ResourceDef } from '../../kit/resource-page.js';

const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const priceResource: ResourceDef<PriceRow> = {
  page: PAGE.priceMaster,
  breadcrumb: 'Masters',
  idField: 'PriceId',
  editOnRowClick: true,
  list: {
    path: PRICE_API.list,
    columns: listColumns<PriceRow>(PRICE_LIST, { own: { Price: { render: (row) => rupees.format(row.Price) } } }),
  },
  form: {
    contract: priceSave,
    idField: 'PriceId',
    savePath: PRICE_API.save,
    noun: 'Price',
    addLabel: 'Add Price',
    fields: [
      {
        name: 'ProductId',
        label: 'Product',
        kind: 'select',
        optionsPath: PRICE_API.productDropdown,
        optionValue: 'ProductId',
        optionLabel: 'ProductName',
      },
      { name: 'Price', label: 'Price', kind: 'text', maxLength: 13, placeholder: '0.00' },
    ],
  },
};

export function PriceMasterPage() {
  return <ResourcePage def={priceResource} />;
}
