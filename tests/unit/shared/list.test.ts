// The shared list request (spec 1 section 3.3; DESIGN section 3): defaults, paging bounds, sort order.
import { describe, expect, it } from 'vitest';
import { flagOn, listRequest, MAX_PAGE_SIZE } from '../../../src/shared/contracts/list.js';
import { firstMessage } from '../../../src/shared/contracts/issues.js';

const parse = (v: unknown) => listRequest.safeParse(v);
const message = (v: unknown) => {
  const r = parse(v);
  if (r.success) throw new Error('expected a failure');
  return firstMessage(r.error);
};

describe('listRequest', () => {
  it('defaults First to 1 and PageSize to 10', () => {
    expect(parse({}).data).toMatchObject({ First: 1, PageSize: 10 });
  });

  it('accepts PageSize -1 (all rows) and 1 to 500', () => {
    for (const PageSize of [-1, 1, 5, MAX_PAGE_SIZE]) expect(parse({ PageSize }).success).toBe(true);
    expect(MAX_PAGE_SIZE).toBe(500);
  });

  it('takes First and PageSize as JSON numbers or digits, as spec clients send either', () => {
    expect(parse({ First: '11', PageSize: '10' }).data).toMatchObject({ First: 11, PageSize: 10 });
    expect(parse({ PageSize: '-1' }).data?.PageSize).toBe(-1);
  });

  it.each([0, -2, 501, 2.5, '2.5', 'ten', '', null])('refuses PageSize %j', (PageSize) => {
    expect(message({ PageSize })).toBe('PageSize must be -1 or 1 to 500.');
  });

  it.each([0, -1, 1.5, '0', 'one', '1e3'])('refuses First %j', (First) => {
    expect(message({ First })).toBe('First must be a whole number from 1.');
  });

  it('reads SortOrder in any case and refuses anything else', () => {
    expect(parse({ SortOrder: 'asc' }).data?.SortOrder).toBe('ASC');
    expect(parse({ SortOrder: 'Desc' }).data?.SortOrder).toBe('DESC');
    expect(parse({ SortOrder: null }).data?.SortOrder).toBeNull();
    expect(message({ SortOrder: 'sideways' })).toBe('SortOrder must be ASC or DESC.');
    expect(message({ SortOrder: 1 })).toBe('SortOrder must be ASC or DESC.');
  });

  it("takes the spec's other fields and refuses unknown ones", () => {
    const r = parse({
      IsActive: true,
      PageNo: 1,
      SearchValue: 'x',
      SortColumn: 'CreatedDt',
      ProductId: '12',
      UserType: 4,
      FromDate: '2025-01-01',
      ToDate: '2025-01-31',
      IsAccepted: '1',
      IsWareHouse: 0,
      isAdmin: 'true',
      Prefix: 'KA',
      isPreprinted: false,
      Qty: 5,
    });
    expect(r.success).toBe(true);
    expect(r.data?.ProductId).toBe(12);
    expect(message({ Bogus: 1 })).toBe('Unknown field: Bogus');
  });

  it('caps free text', () => {
    expect(message({ SortColumn: 'x'.repeat(65) })).toBe('SortColumn must be at most 64 characters.');
    expect(message({ SearchValue: 'x'.repeat(101) })).toBe('SearchValue must be at most 100 characters.');
    expect(message({ ProductId: '12abc' })).toBe('ProductId must be a whole number.');
  });
});

describe('flagOn', () => {
  it('reads the flag forms clients send', () => {
    expect([true, 1, '1', 'true'].map(flagOn)).toEqual([true, true, true, true]);
    expect([false, 0, '0', 'false', null, undefined].map(flagOn)).toEqual([false, false, false, false, false, false]);
  });
});
