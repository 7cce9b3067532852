// The three category levels as data: their paths, field names, contract, messages and list fields.
// One `categories` table holds them all (level 1-3, parentId one level up).
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  CATEGORY_MSG,
  categoryMG1Save,
  categoryMG2Save,
  categoryMG3Save,
  CATEGORY_PATH_SEPARATOR,
  type CategoryLevel,
} from '../../../shared/contracts/category.js';
import { categories } from '../../db/schema.js';

/** The parent (one level up) and grandparent (two up) of a listed category. */
export const parentCat = alias(categories, 'parent_cat');
export const grandCat = alias(categories, 'grand_cat');

/** What a save sends, read the same way for every level. */
export interface CategoryInput {
  id: number;
  parentId: number | null;
  name: string;
  isActive: boolean;
}

export interface LevelDef {
  level: CategoryLevel;
  /** MG1, MG2 or MG3: the suffix of the spec's paths and field names. */
  tag: 'MG1' | 'MG2' | 'MG3';
  schema: z.ZodType;
  read: (body: Record<string, unknown>) => CategoryInput;
  msg: {
    created: string;
    updated: string;
    deleted: string;
    duplicate: string;
    notFound: string;
    /** For levels 2 and 3: the parent is missing (the picker's message) or inactive. */
    parentMissing?: string;
    parentInactive?: string;
    /** For levels 1 and 2: children block a delete. */
    hasChildren?: string;
  };
}

const num = (v: unknown) => Number(v);

export const LEVELS: readonly LevelDef[] = [
  {
    level: 1,
    tag: 'MG1',
    schema: categoryMG1Save,
    read: (b) => ({
      id: num(b.CategoryIdMG1),
      parentId: null,
      name: String(b.NameMG1),
      isActive: Boolean(b.IsActiveMG1),
    }),
    msg: {
      created: CATEGORY_MSG.mg1Created,
      updated: CATEGORY_MSG.mg1Updated,
      deleted: CATEGORY_MSG.mg1Deleted,
      duplicate: CATEGORY_MSG.mg1Duplicate,
      notFound: CATEGORY_MSG.mg1NotFound,
      hasChildren: CATEGORY_MSG.mg1HasChildren,
    },
  },
  {
    level: 2,
    tag: 'MG2',
    schema: categoryMG2Save,
    read: (b) => ({
      id: num(b.CategoryIdMG2),
      parentId: num(b.CategoryIdMG1),
      name: String(b.NameMG2),
      isActive: Boolean(b.IsActiveMG2),
    }),
    msg: {
      created: CATEGORY_MSG.mg2Created,
      updated: CATEGORY_MSG.mg2Updated,
      deleted: CATEGORY_MSG.mg2Deleted,
      duplicate: CATEGORY_MSG.mg2Duplicate,
      notFound: CATEGORY_MSG.mg2NotFound,
      hasChildren: CATEGORY_MSG.mg2HasChildren,
      parentMissing: CATEGORY_MSG.mg1Select,
      parentInactive: CATEGORY_MSG.mg1Inactive,
    },
  },
  {
    level: 3,
    tag: 'MG3',
    schema: categoryMG3Save,
    read: (b) => ({
      id: num(b.CategoryIdMG3),
      parentId: num(b.CategoryIdMG2),
      name: String(b.NameMG3),
      isActive: Boolean(b.IsActiveMG3),
    }),
    msg: {
      created: CATEGORY_MSG.mg3Created,
      updated: CATEGORY_MSG.mg3Updated,
      deleted: CATEGORY_MSG.mg3Deleted,
      duplicate: CATEGORY_MSG.mg3Duplicate,
      notFound: CATEGORY_MSG.mg3NotFound,
      parentMissing: CATEGORY_MSG.mg2Select,
      parentInactive: CATEGORY_MSG.mg2Inactive,
    },
  },
];

export const levelDef = (level: CategoryLevel): LevelDef => LEVELS[level - 1]!;

/** List row fields by level: the record's own, then its parent's and grandparent's. */
export function listFields(level: CategoryLevel) {
  const own = { CreatedDate: categories.createdAt };
  if (level === 1) {
    return { CategoryIdMG1: categories.id, NameMG1: categories.name, IsActiveMG1: categories.isActive, ...own };
  }
  if (level === 2) {
    return {
      CategoryIdMG2: categories.id,
      NameMG2: categories.name,
      IsActiveMG2: categories.isActive,
      CategoryIdMG1: parentCat.id,
      NameMG1: parentCat.name,
      ...own,
    };
  }
  return {
    CategoryIdMG3: categories.id,
    NameMG3: categories.name,
    IsActiveMG3: categories.isActive,
    CategoryIdMG2: parentCat.id,
    NameMG2: parentCat.name,
    CategoryIdMG1: grandCat.id,
    NameMG1: grandCat.name,
    ...own,
  };
}

export const parentJoin = eq(parentCat.id, categories.parentId);
export const grandJoin = eq(grandCat.id, parentCat.parentId);

/** 'Fertilisers > Organic': a level-2 name with its parent's. */
export const fullNameMG2 = sql<string>`${parentCat.name} || ${CATEGORY_PATH_SEPARATOR} || ${categories.name}`;
