// Every list contract (and every other screen's view of a shared list, and every table of one answer's
// rows) names columns its row has,
// each with a title; a view's sortable columns are sorts its list accepts. A typo in a column key
// or a title left empty fails here rather than as an empty cell or a refused sort.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  sortNames,
  type ListContract,
  type ListView,
  type RowTable,
} from '../../../src/shared/contracts/list-contract.js';

const modules = import.meta.glob('../../../src/shared/contracts/**/*.ts', { eager: true });

/** A row schema with columns: a list contract when it has its calls (`api`), else a table of one answer's rows. */
const hasRowColumns = (v: unknown): v is RowTable =>
  typeof v === 'object' &&
  v !== null &&
  'row' in v &&
  v.row instanceof z.ZodObject &&
  'columns' in v &&
  Array.isArray(v.columns);
const isList = (v: unknown): v is ListContract => hasRowColumns(v) && 'api' in v;
const isTable = (v: unknown): v is RowTable => hasRowColumns(v) && !('api' in v);
const isView = (v: unknown): v is ListView =>
  typeof v === 'object' && v !== null && 'list' in v && isList(v.list) && 'columns' in v && 'page' in v;

/** List contracts and views among a module's exports, and one level into exported objects (CATEGORY_API.MG1.rows). */
function found(): { lists: Map<string, ListContract>; views: Map<string, ListView>; tables: Map<string, RowTable> } {
  const lists = new Map<string, ListContract>();
  const views = new Map<string, ListView>();
  const tables = new Map<string, RowTable>();
  const visit = (name: string, v: unknown, depth: number) => {
    if (isList(v)) lists.set(name, v);
    else if (isView(v)) views.set(name, v);
    else if (isTable(v)) tables.set(name, v);
    else if (depth > 0 && typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof z.ZodType)) {
      for (const [k, inner] of Object.entries(v)) visit(`${name}.${k}`, inner, depth - 1);
    }
  };
  for (const [file, mod] of Object.entries(modules)) {
    for (const [k, v] of Object.entries(mod as Record<string, unknown>))
      visit(`${file.replace(/^.*contracts\//, '')}:${k}`, v, 2);
  }
  return { lists, views, tables };
}

const { lists, views, tables } = found();
const all: [string, { row: z.ZodObject; columns: ListContract['columns'] }][] = [
  ...[...lists].map(([n, l]) => [n, l] as [string, ListContract]),
  ...[...tables],
  ...[...views].map(
    ([n, v]) =>
      [n, { row: v.list.row, columns: v.columns }] as [string, { row: z.ZodObject; columns: ListContract['columns'] }],
  ),
];

describe('list columns', () => {
  it('finds the lists and the views', () => {
    expect(lists.size).toBeGreaterThan(30);
    expect(views.size).toBeGreaterThan(0);
    expect([...tables.keys()]).toEqual(
      expect.arrayContaining([
        'loyalty/lucky.ts:LUCKY_TABLE',
        'loyalty/scheme.ts:MAPPED_BATCH_TABLE',
        'numbers/mapping-upload.ts:SHEET_ERROR_TABLE',
        'reports/dispatch.ts:SAP_TABLE',
      ]),
    );
  });

  it.each(all)('%s: every column is a row field with a title', (_, l) => {
    const fields = Object.keys(l.row.shape);
    for (const c of l.columns) {
      expect(fields, `column ${c.key}`).toContain(c.key);
      if (c.sortKey !== undefined) expect(fields, `sort of ${c.key}`).toContain(c.sortKey);
      expect(c.title.trim(), `title of ${c.key}`).not.toBe('');
    }
    expect(new Set(l.columns.map((c) => c.key)).size, 'a column twice').toBe(l.columns.length);
  });

  it.each([...views])('%s: its sortable columns are sorts the list accepts', (_, v) => {
    const accepted = sortNames(v.list);
    for (const c of v.columns.filter((x) => x.sortable !== false))
      expect(accepted, c.key).toContain(c.sortKey ?? c.key);
  });
});
