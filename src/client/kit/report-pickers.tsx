// The pickers some reports add beside the dates: a site (the admin's entity on the stock reports, a
// warehouse on the item ledger, factories first), a user, a product ('All Products' when none).
import { Select } from '@mantine/core';
import { PRODUCT_API } from '@shared/contracts/product.js';
import { SITE_API } from '@shared/contracts/site.js';
import { USERS_API } from '@shared/contracts/users/common.js';
import type { FieldDef } from './form-values.js';
import { useOptions } from './use-options.js';

export type ReportPicker = 'entity' | 'warehouse' | 'user' | 'product';

export const PICKER_FIELD: Record<
  ReportPicker,
  { filter: 'WareHouseId' | 'UserId' | 'ProductId'; label: string; placeholder: string; field: FieldDef }
> = {
  entity: {
    filter: 'WareHouseId',
    label: 'Entity',
    placeholder: 'All Entities',
    field: {
      name: 'WareHouseId',
      label: '',
      kind: 'select',
      optionsPath: SITE_API.dropdown,
      optionValue: 'ID',
      optionLabel: 'FirmName',
    },
  },
  warehouse: {
    filter: 'WareHouseId',
    label: 'Warehouse',
    placeholder: 'All Warehouses',
    field: {
      name: 'WareHouseId',
      label: '',
      kind: 'select',
      optionsPath: SITE_API.dropdown,
      optionValue: 'ID',
      optionLabel: 'FirmName',
    },
  },
  user: {
    filter: 'UserId',
    label: 'User',
    placeholder: 'All Users',
    field: {
      name: 'UserId',
      label: '',
      kind: 'select',
      optionsPath: USERS_API.pickerActive,
      optionValue: 'UserId',
      optionLabel: 'UserName',
    },
  },
  product: {
    filter: 'ProductId',
    label: 'Product',
    placeholder: 'All Products',
    field: {
      name: 'ProductId',
      label: '',
      kind: 'select',
      optionsPath: PRODUCT_API.dropdown,
      optionValue: 'ProductId',
      optionLabel: 'ProductName',
    },
  },
};

export function PickerSelect({
  picker,
  value,
  onChange,
}: {
  picker: ReportPicker;
  value: number | null;
  onChange: (v: number | null) => void;
}) {
  const def = PICKER_FIELD[picker];
  const options = useOptions(def.field);
  return (
    <Select
      label={def.label}
      placeholder={def.placeholder}
      searchable
      clearable
      data={options.map((o) => ({ value: String(o.value), label: o.label }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
    />
  );
}
