// The Category Master's three lists as declarations on the kit's ResourceSection: each level's
// columns, and its form with the parent picker loaded from the level above.
import {
  CATEGORY_API,
  categoryMG1Save,
  categoryMG2Save,
  categoryMG3Save,
  CATEGORY_PATH_SEPARATOR,
  SAVED_SUFFIX,
  type CategoryMG1Row,
  type CategoryMG2Row,
  type CategoryMG3Row,
} from '@shared/contracts/category.js';
import { PAGE } from '@shared/pages.js';
import { listColumns } from '../../../kit/columns.js';
import type { ResourceDef } from '../../../kit/resource-section.js';

const active = (name: string) => ({ name, label: 'Is Active', kind: 'checkbox', defaultValue: true }) as const;

export const mg1Resource: ResourceDef<CategoryMG1Row> = {
  page: PAGE.category,
  list: { path: CATEGORY_API.MG1.list, columns: listColumns<CategoryMG1Row>(CATEGORY_API.MG1.rows) },
  form: {
    contract: categoryMG1Save,
    idField: 'CategoryIdMG1',
    savePath: CATEGORY_API.MG1.save,
    noun: 'Category',
    addLabel: 'Add Category',
    successSuffix: SAVED_SUFFIX,
    fields: [{ name: 'NameMG1', label: 'Category Name', kind: 'text' }, active('IsActiveMG1')],
  },
  deletePath: CATEGORY_API.MG1.remove,
};

export const mg2Resource: ResourceDef<CategoryMG2Row> = {
  page: PAGE.category,
  list: {
    path: CATEGORY_API.MG2.list,
    columns: listColumns<CategoryMG2Row>(CATEGORY_API.MG2.rows),
  },
  form: {
    contract: categoryMG2Save,
    idField: 'CategoryIdMG2',
    savePath: CATEGORY_API.MG2.save,
    noun: 'Sub Category',
    addLabel: 'Add Sub Category',
    successSuffix: SAVED_SUFFIX,
    fields: [
      {
        name: 'CategoryIdMG1',
        label: 'Category',
        kind: 'select',
        placeholder: 'Select Category',
        optionsPath: CATEGORY_API.ddlMG1,
        optionValue: 'CategoryIdMG1',
        optionLabel: 'NameMG1',
      },
      { name: 'NameMG2', label: 'Sub Category Name', kind: 'text' },
      active('IsActiveMG2'),
    ],
  },
  deletePath: CATEGORY_API.MG2.remove,
};

export const mg3Resource: ResourceDef<CategoryMG3Row> = {
  page: PAGE.category,
  list: {
    path: CATEGORY_API.MG3.list,
    columns: listColumns<CategoryMG3Row>(CATEGORY_API.MG3.rows, {
      own: { NameMG2: { render: (r) => `${r.NameMG1}${CATEGORY_PATH_SEPARATOR}${r.NameMG2}` } },
    }),
  },
  form: {
    contract: categoryMG3Save,
    idField: 'CategoryIdMG3',
    savePath: CATEGORY_API.MG3.save,
    noun: 'Sub Division Category',
    addLabel: 'Add Sub Division Category',
    successSuffix: SAVED_SUFFIX,
    fields: [
      {
        name: 'CategoryIdMG2',
        label: 'Sub Category',
        kind: 'select',
        placeholder: 'Select Sub Category',
        optionsPath: CATEGORY_API.subgrp,
        optionValue: 'CategoryIdMG2',
        optionLabel: 'FullNameMG2',
      },
      { name: 'NameMG3', label: 'Sub Division Category Name', kind: 'text' },
      active('IsActiveMG3'),
    ],
  },
  deletePath: CATEGORY_API.MG3.remove,
};
