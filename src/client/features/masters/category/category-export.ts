// The 'Categories' export: the three lists as one file in tree order, each category followed by its
// sub categories, each of those by its sub divisions (every level oldest first, as fetched).
import type { CategoryMG1Row, CategoryMG2Row, CategoryMG3Row } from '@shared/contracts/category.js';
import type { CsvColumn } from '@shared/csv.js';

export interface CategoryExportRow {
  Category: string;
  SubCategory: string;
  SubDivisionCategory: string;
  CreatedDate: string;
  IsActive: boolean;
}

export const CATEGORY_EXPORT_COLUMNS: readonly CsvColumn<CategoryExportRow>[] = [
  { title: 'Category', key: 'Category' },
  { title: 'Sub Category', key: 'SubCategory' },
  { title: 'Sub Division Category', key: 'SubDivisionCategory' },
  { title: 'Created Date', key: 'CreatedDate', format: 'date' },
  { title: 'Status', key: 'IsActive', format: 'status' },
];

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
  return out;
}

export function categoryExportRows(
  mg1: readonly CategoryMG1Row[],
  mg2: readonly CategoryMG2Row[],
  mg3: readonly CategoryMG3Row[],
): CategoryExportRow[] {
  const subs = groupBy(mg2, (r) => r.CategoryIdMG1);
  const divisions = groupBy(mg3, (r) => r.CategoryIdMG2);
  const out: CategoryExportRow[] = [];
  const placed = new Set<CategoryMG2Row | CategoryMG3Row>();
  const addSub = (s: CategoryMG2Row) => {
    placed.add(s);
    out.push({
      Category: s.NameMG1,
      SubCategory: s.NameMG2,
      SubDivisionCategory: '',
      CreatedDate: s.CreatedDate,
      IsActive: s.IsActiveMG2,
    });
    for (const d of divisions.get(s.CategoryIdMG2) ?? []) {
      placed.add(d);
      out.push({
        Category: d.NameMG1,
        SubCategory: d.NameMG2,
        SubDivisionCategory: d.NameMG3,
        CreatedDate: d.CreatedDate,
        IsActive: d.IsActiveMG3,
      });
    }
  };
  for (const c of mg1) {
    out.push({
      Category: c.NameMG1,
      SubCategory: '',
      SubDivisionCategory: '',
      CreatedDate: c.CreatedDate,
      IsActive: c.IsActiveMG1,
    });
    for (const s of subs.get(c.CategoryIdMG1) ?? []) addSub(s);
  }
  // Rows whose parent was not in the fetched lists (changed between the calls) still get exported.
  for (const s of mg2) if (!placed.has(s)) addSub(s);
  for (const d of mg3) {
    if (!placed.has(d)) {
      out.push({
        Category: d.NameMG1,
        SubCategory: d.NameMG2,
        SubDivisionCategory: d.NameMG3,
        CreatedDate: d.CreatedDate,
        IsActive: d.IsActiveMG3,
      });
    }
  }
  return out;
}
