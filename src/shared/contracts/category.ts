// Category Master (spec 1 sections 2.21, 3.11, 5.12): three levels, MG1 > MG2 > MG3, each with its
// own fields; a level-2 or level-3 record names its parent one level up.
import { z } from 'zod';
import { activeFlag, recordId, requiredText, wholeNumber } from './fields.js';

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

export interface CategoryMG1Row {
  CategoryIdMG1: number;
  NameMG1: string;
  IsActiveMG1: boolean;
  CreatedDate: string;
}

/** A level-2 row carries its parent's id and name. */
export interface CategoryMG2Row {
  CategoryIdMG2: number;
  NameMG2: string;
  IsActiveMG2: boolean;
  CategoryIdMG1: number;
  NameMG1: string;
  CreatedDate: string;
}

/** A level-3 row carries its parent (MG2) and grandparent (MG1). */
export interface CategoryMG3Row {
  CategoryIdMG3: number;
  NameMG3: string;
  IsActiveMG3: boolean;
  CategoryIdMG2: number;
  NameMG2: string;
  CategoryIdMG1: number;
  NameMG1: string;
  CreatedDate: string;
}

export interface CategoryMG1Option { CategoryIdMG1: number; NameMG1: string }
/** FullNameMG2 ('Fertilisers > Organic') tells apart sub categories of the same name. */
export interface CategoryMG2Option { CategoryIdMG2: number; NameMG2: string; CategoryIdMG1: number; FullNameMG2: string }
export interface CategoryMG3Option { CategoryIdMG3: number; NameMG3: string; CategoryIdMG2: number }

/** The name joining a category to its parent's in labels and exports. */
export const CATEGORY_PATH_SEPARATOR = ' > ';
