// Category Master (spec 1 sections 2.21, 3.11, 5.12): three levels, MG1 > MG2 > MG3, each with its
// own fields; a level-2 or level-3 record names its parent one level up.
import { z } from 'zod';
import { getEndpoint, postEndpoint } from '../endpoint.js';
import { PAGE } from '../pages.js';
import { dateText, noData } from './answer.js';
import { activeFlag, recordId, requiredText, wholeNumber } from './fields.js';
import { col, listContract, type ListColumn, type RowKey } from './list-contract.js';

export const CATEGORY_LEVELS = [1, 2, 3] as const;
export type CategoryLevel = (typeof CATEGORY_LEVELS)[number];

export const CATEGORY_MSG = {
  adminOnly: 'Categories are shared by every company; only the administrator can add, change or delete them.',
  mg1Required: 'Please enter Category.',
  mg2Required: 'Please enter Sub category.',
  mg3Required: 'Please Enter Sub Division category.',
  mg1Select: 'Please Select Category.',
  mg2Select: 'Please Select Sub Category.',
  // The spec's client appends SAVED_SUFFIX to these (spec 1 section 5.12): 'Category Saved Successfully'.
  mg1Created: 'Category Saved',
  mg1Updated: 'Category Updated',
  mg2Created: 'Sub Category Saved',
  mg2Updated: 'Sub Category Updated',
  mg3Created: 'Sub Division Category Saved',
  mg3Updated: 'Sub Division Category Updated',
  mg1Deleted: 'Category Deleted Successfully',
  mg2Deleted: 'Sub Category Deleted Successfully',
  mg3Deleted: 'Sub Division Category Deleted Successfully',
  mg1Duplicate: 'A category with this name already exists.',
  mg2Duplicate: 'A sub category with this name already exists under this category.',
  mg3Duplicate: 'A sub division category with this name already exists under this sub category.',
  mg1NotFound: 'Category not found.',
  mg2NotFound: 'Sub category not found.',
  mg3NotFound: 'Sub division category not found.',
  mg1Inactive: 'The chosen category is not active.',
  mg2Inactive: 'The chosen sub category is not active.',
  mg1HasChildren: 'This category has sub categories: delete or move them first.',
  mg2HasChildren: 'This sub category has sub division categories: delete or move them first.',
  usedByProducts: 'This category is used by products and cannot be deleted.',
} as const;

/** What the Category Master's client adds to a save's server message. */
export const SAVED_SUFFIX = ' Successfully';
export const CATEGORY_EXPORT_NAME = 'Categories';

const parent = (message: string) => wholeNumber(message, 1);

export const categoryMG1Save = z.strictObject({
  CategoryIdMG1: recordId('CategoryIdMG1'),
  NameMG1: requiredText(CATEGORY_MSG.mg1Required, 'Category', 100),
  IsActiveMG1: activeFlag,
});

// The parent comes first: the form shows its picker above the name.
export const categoryMG2Save = z.strictObject({
  CategoryIdMG2: recordId('CategoryIdMG2'),
  CategoryIdMG1: parent(CATEGORY_MSG.mg1Select),
  NameMG2: requiredText(CATEGORY_MSG.mg2Required, 'Sub category', 100),
  IsActiveMG2: activeFlag,
});

export const categoryMG3Save = z.strictObject({
  CategoryIdMG3: recordId('CategoryIdMG3'),
  CategoryIdMG2: parent(CATEGORY_MSG.mg2Select),
  NameMG3: requiredText(CATEGORY_MSG.mg3Required, 'Sub division category', 100),
  IsActiveMG3: activeFlag,
});

export type CategoryMG1Save = z.input<typeof categoryMG1Save>;
export type CategoryMG2Save = z.input<typeof categoryMG2Save>;
export type CategoryMG3Save = z.input<typeof categoryMG3Save>;

export const categoryMG1Row = z.object({
  CategoryIdMG1: z.number(),
  NameMG1: z.string(),
  IsActiveMG1: z.boolean(),
  CreatedDate: dateText,
});
export type CategoryMG1Row = z.infer<typeof categoryMG1Row>;

/** A level-2 row carries its parent's id and name. */
export const categoryMG2Row = z.object({
  CategoryIdMG2: z.number(),
  NameMG2: z.string(),
  IsActiveMG2: z.boolean(),
  CategoryIdMG1: z.number(),
  NameMG1: z.string(),
  CreatedDate: dateText,
});
export type CategoryMG2Row = z.infer<typeof categoryMG2Row>;

/** A level-3 row carries its parent (MG2) and grandparent (MG1). */
export const categoryMG3Row = z.object({
  CategoryIdMG3: z.number(),
  NameMG3: z.string(),
  IsActiveMG3: z.boolean(),
  CategoryIdMG2: z.number(),
  NameMG2: z.string(),
  CategoryIdMG1: z.number(),
  NameMG1: z.string(),
  CreatedDate: dateText,
});
export type CategoryMG3Row = z.infer<typeof categoryMG3Row>;

export const categoryMG1Option = z.object({ CategoryIdMG1: z.number(), NameMG1: z.string() });
export type CategoryMG1Option = z.infer<typeof categoryMG1Option>;
/** FullNameMG2 ('Fertilisers > Organic') tells apart sub categories of the same name. */
export const categoryMG2Option = z.object({
  CategoryIdMG2: z.number(),
  NameMG2: z.string(),
  CategoryIdMG1: z.number(),
  FullNameMG2: z.string(),
});
export type CategoryMG2Option = z.infer<typeof categoryMG2Option>;
export const categoryMG3Option = z.object({
  CategoryIdMG3: z.number(),
  NameMG3: z.string(),
  CategoryIdMG2: z.number(),
});
export type CategoryMG3Option = z.infer<typeof categoryMG3Option>;

const pages = [PAGE.category];
/** Screens that pick a category read the dropdowns. */
const pickers = {
  pages: [PAGE.category, PAGE.productMaster, PAGE.productConfiguration, PAGE.schemeMaster, PAGE.schemeConfiguration],
};

/** A level's list, save and delete; the spec does not show the paths beyond DeleteSubCategory, these follow its naming. */
const level = <S extends z.ZodType, R extends z.ZodObject>(
  list: string,
  save: string,
  remove: string,
  body: S,
  row: R,
  rowKey: RowKey<R>,
  columns: readonly ListColumn<RowKey<R>>[],
) => {
  const rows = listContract({
    page: pages[0]!,
    pages,
    list,
    row,
    columns,
    sortKeys: 'all',
    defaultSort: 'CreatedDt',
    rowKey,
  });
  return {
    rows,
    list: rows.api.list,
    save: postEndpoint(save, { pages }, body, noData),
    remove: getEndpoint(`${remove}/:id`, { pages }, noData),
  };
};

/** The spec's columns for every level (Category Name, Created Date, Status), after its parent's. */
const levelColumns = <K extends string>(
  name: K,
  status: K,
  parent?: ListColumn<K>,
): ListColumn<K | 'CreatedDate'>[] => [
  ...(parent ? [parent] : []),
  col(name, 'Category Name'),
  col('CreatedDate', 'Created Date', { format: 'date' }),
  col(status, 'Status', { format: 'status' }),
];
const MG2_COLUMNS = levelColumns('NameMG2', 'IsActiveMG2', col('NameMG1', 'Parent Category'));

export const CATEGORY_API = {
  MG1: level(
    'Category/GetCategoriesMG1',
    'Category/CreateUpdateCategoryMG1',
    'Category/DeleteCategoryMG1',
    categoryMG1Save,
    categoryMG1Row,
    'CategoryIdMG1',
    levelColumns('NameMG1', 'IsActiveMG1'),
  ),
  MG2: level(
    'Category/GetCategoriesMG2',
    'Category/CreateUpdateCategoryMG2',
    'Category/DeleteCategoryMG2',
    categoryMG2Save,
    categoryMG2Row,
    'CategoryIdMG2',
    MG2_COLUMNS,
  ),
  MG3: level(
    'Category/GetCategoriesMG3',
    'Category/CreateUpdateCategoryMG3',
    'Category/DeleteCategoryMG3',
    categoryMG3Save,
    categoryMG3Row,
    'CategoryIdMG3',
    levelColumns('NameMG3', 'IsActiveMG3', col('NameMG2', 'Parent Sub Category')),
  ),
  /** The spec's older names of level 2's calls. */
  sub: level(
    'Category/GetSubCategories',
    'Category/CreateUpdateSubCategory',
    'Category/DeleteSubCategory',
    categoryMG2Save,
    categoryMG2Row,
    'CategoryIdMG2',
    MG2_COLUMNS,
  ),
  ddlMG1: getEndpoint('Category/GetCategoryDDLMG1', pickers, z.array(categoryMG1Option)),
  /** = GetCategoryDDLMG1 */
  maingrp: getEndpoint('Category/GetMaingrp', pickers, z.array(categoryMG1Option)),
  /** Level 2 under one parent (`:id`), or all for 0. */
  ddlMG2: getEndpoint('Category/GetCategoryDDLMG2/:id', pickers, z.array(categoryMG2Option)),
  /** = GetCategoryDDLMG2/:id */
  subCategoryDDL: getEndpoint('Category/GetSubCategoryDDL/:id', pickers, z.array(categoryMG2Option)),
  /** = GetCategoryDDLMG2/0 */
  subgrp: getEndpoint('Category/GetSubgrp', pickers, z.array(categoryMG2Option)),
  ddlMG3: getEndpoint('Category/GetCategoryDDLMG3/:id', pickers, z.array(categoryMG3Option)),
};

/** The name joining a category to its parent's in labels and exports. */
export const CATEGORY_PATH_SEPARATOR = ' > ';
