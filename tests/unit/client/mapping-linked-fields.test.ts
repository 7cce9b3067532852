// The Mapping form's computed fields: To and Quantity follow each other, the expiry follows MFG.
import { describe, expect, it } from 'vitest';
import { expiryFor, qtyFrom, toFrom } from '../../../src/client/features/transactions/mapping/linked-fields.js';

describe('Mapping form links', () => {
  it('To = From + Qty - 1, empty while either is not a whole number of at least 1', () => {
    expect(toFrom('100001', '50')).toBe('100050');
    expect(toFrom('7', '1')).toBe('7');
    expect([toFrom('', '5'), toFrom('5', ''), toFrom('5', '0'), toFrom('5', '2.5'), toFrom('x', '3')]).toEqual([
      '',
      '',
      '',
      '',
      '',
    ]);
  });

  it('Qty = To - From + 1, empty while To is before From or not a number', () => {
    expect(qtyFrom('100001', '100060')).toBe('60');
    expect(qtyFrom('9', '9')).toBe('1');
    expect([qtyFrom('10', '9'), qtyFrom('10', ''), qtyFrom('', '10')]).toEqual(['', '', '']);
  });

  it('EXP = MFG + best-before days, across month and leap-year ends', () => {
    expect(expiryFor('2026-01-15', 730)).toBe('2028-01-15');
    expect(expiryFor('2028-02-28', 1)).toBe('2028-02-29');
    expect(expiryFor('2026-01-10', 0)).toBe('2026-01-10');
    expect([expiryFor('', 30), expiryFor('2026-01-10', null), expiryFor('2026-02-30', 5)]).toEqual([null, null, null]);
  });
});
