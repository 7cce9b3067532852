// The 'Categories' export in tree order: each category, then its sub categories, each followed by
// its sub divisions; rows whose parent was not fetched still come out.
import { describe, expect, it } from 'vitest';
import {
  CATEGORY_EXPORT_COLUMNS,
  categoryExportRows,
} from '../../../src/client/features/masters/category/category-export.js';
import { toCsv } from '../../../src/shared/csv.js';

const at = (day: number) => `2025-01-0${day}T10:00:00.000Z`;
const mg1 = [
  { CategoryIdMG1: 1, NameMG1: 'Fertilisers', IsActiveMG1: true, CreatedDate: at(1) },
  { CategoryIdMG1: 2, NameMG1: 'Seeds', IsActiveMG1: false, CreatedDate: at(2) },
];
const mg2 = [
  {
    CategoryIdMG2: 10,
    NameMG2: 'Organic',
    IsActiveMG2: true,
    CategoryIdMG1: 1,
    NameMG1: 'Fertilisers',
    CreatedDate: at(3),
  },
  { CategoryIdMG2: 11, NameMG2: 'Hybrid', IsActiveMG2: true, CategoryIdMG1: 2, NameMG1: 'Seeds', CreatedDate: at(4) },
  {
    CategoryIdMG2: 12,
    NameMG2: 'Water Soluble',
    IsActiveMG2: true,
    CategoryIdMG1: 1,
    NameMG1: 'Fertilisers',
    CreatedDate: at(5),
  },
];
const mg3 = [
  {
    CategoryIdMG3: 20,
    NameMG3: 'Bio-fertilisers',
    IsActiveMG3: true,
    CategoryIdMG2: 10,
    NameMG2: 'Organic',
    CategoryIdMG1: 1,
    NameMG1: 'Fertilisers',
    CreatedDate: at(6),
  },
  {
    CategoryIdMG3: 21,
    NameMG3: 'NPK',
    IsActiveMG3: false,
    CategoryIdMG2: 12,
    NameMG2: 'Water Soluble',
    CategoryIdMG1: 1,
    NameMG1: 'Fertilisers',
    CreatedDate: at(7),
  },
  {
    CategoryIdMG3: 22,
    NameMG3: 'Vermicompost',
    IsActiveMG3: true,
    CategoryIdMG2: 10,
    NameMG2: 'Organic',
    CategoryIdMG1: 1,
    NameMG1: 'Fertilisers',
    CreatedDate: at(8),
  },
];

describe('categoryExportRows', () => {
  it('writes the tree depth first, each level in the order fetched', () => {
    const rows = categoryExportRows(mg1, mg2, mg3).map((r) => [
      r.Category,
      r.SubCategory,
      r.SubDivisionCategory,
      r.IsActive,
    ]);
    expect(rows).toEqual([
      ['Fertilisers', '', '', true],
      ['Fertilisers', 'Organic', '', true],
      ['Fertilisers', 'Organic', 'Bio-fertilisers', true],
      ['Fertilisers', 'Organic', 'Vermicompost', true],
      ['Fertilisers', 'Water Soluble', '', true],
      ['Fertilisers', 'Water Soluble', 'NPK', false],
      ['Seeds', '', '', false],
      ['Seeds', 'Hybrid', '', true],
    ]);
  });

  it('keeps rows whose parent is missing from the fetched lists, at the end', () => {
    const rows = categoryExportRows(mg1.slice(0, 1), mg2, mg3.slice(0, 1));
    const deepest = rows.map((r) => r.SubDivisionCategory || r.SubCategory || r.Category);
    expect(deepest).toEqual(['Fertilisers', 'Organic', 'Bio-fertilisers', 'Water Soluble', 'Hybrid']);
  });

  it('formats as the file users open: titles, dates, statuses', () => {
    const csv = toCsv(categoryExportRows(mg1.slice(1), mg2.slice(1, 2), []), CATEGORY_EXPORT_COLUMNS);
    expect(csv.split('\r\n')).toEqual([
      'Category,Sub Category,Sub Division Category,Created Date,Status',
      'Seeds,,,02-01-2025,Inactive',
      'Seeds,Hybrid,,04-01-2025,Active',
      '',
    ]);
  });
});
