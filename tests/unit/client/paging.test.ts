import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  firstRow,
  listBody,
  nextSort,
  pageAfterEmpty,
  paginationText,
  sortFromTable,
  totalOf,
} from '../../../src/client/kit/paging.js';

describe('paging maths', () => {
  it('turns a page into the 1-based First row', () => {
    expect(firstRow(1, 5)).toBe(1);
    expect(firstRow(3, 5)).toBe(11);
    expect(firstRow(2, 20)).toBe(21);
  });

  it('builds the list request the server expects', () => {
    expect(listBody({ page: 2, pageSize: 10, sort: DEFAULT_SORT, search: '  box ' })).toEqual({
      First: 11,
      PageSize: 10,
      SortColumn: 'CreatedDate',
      SortOrder: 'DESC',
      SearchValue: 'box',
    });
  });

  it('keeps a screen filter but never lets it override paging', () => {
    const body = listBody({ page: 1, pageSize: 5, sort: DEFAULT_SORT, search: '' }, { UserType: 1, First: 99 });
    expect(body.UserType).toBe(1);
    expect(body.First).toBe(1);
  });

  it('reads the total from the first row, 0 otherwise', () => {
    expect(totalOf([{ TotalRows: 12 }, { TotalRows: 12 }])).toBe(12);
    expect(totalOf([])).toBe(0);
    expect(totalOf(null)).toBe(0);
    expect(totalOf([{ Name: 'x' }])).toBe(0);
    expect(totalOf([{ TotalRows: '7' }])).toBe(7);
  });

  it('writes the spec pagination text', () => {
    expect(paginationText({ from: 1, to: 5, totalRecords: 12 })).toBe('Showing 1 to 5 of 12');
  });

  it('steps back a page when a later page comes back empty', () => {
    expect(pageAfterEmpty(3, 0)).toBe(2);
    expect(pageAfterEmpty(1, 0)).toBeNull();
    expect(pageAfterEmpty(3, 2)).toBeNull();
  });

  it('maps the table sort to the server names', () => {
    expect(sortFromTable({ columnAccessor: 'CartonName', direction: 'asc' })).toEqual({
      column: 'CartonName',
      order: 'ASC',
    });
    expect(sortFromTable({ columnAccessor: 'Name', sortKey: 'FirmName', direction: 'desc' })).toEqual({
      column: 'FirmName',
      order: 'DESC',
    });
  });

  it('starts a newly clicked column ascending and flips the sorted one', () => {
    expect(nextSort(DEFAULT_SORT, { column: 'CartonName', order: 'DESC' })).toEqual({
      column: 'CartonName',
      order: 'ASC',
    });
    expect(nextSort({ column: 'CartonName', order: 'ASC' }, { column: 'CartonName', order: 'DESC' })).toEqual({
      column: 'CartonName',
      order: 'DESC',
    });
  });
});
