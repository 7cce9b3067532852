// Scan-first packing (issue 27): the size a first scan takes with none picked, in the rules' order.
import { describe, expect, it } from 'vitest';
import { firstScanSize, type FirstScanFacts } from '../../../../src/client/floor/packing/first-scan-size.js';

const sizes = [
  { CartonId: 1, CartonName: 'Box of 3', CartonSize: 3 },
  { CartonId: 2, CartonName: 'Box of 10', CartonSize: 10 },
  { CartonId: 5, CartonName: 'Master of 4', CartonSize: 4 },
];
const product = (SecondaryCartonId: number | null, TertiaryCartonId: number | null = null) => ({
  ProductId: 7,
  ProductName: 'Neem Gold 1 L',
  ProductCode: 'NG1',
  UOM: 'L',
  PackValue: 1,
  IsActive: true,
  SecondaryCartonId,
  TertiaryCartonId,
});
const facts = (f: Partial<FirstScanFacts>): FirstScanFacts => ({
  picked: null,
  rowCount: 0,
  kind: 'secondary',
  product: undefined,
  lastUsed: undefined,
  sizes,
  ...f,
});

describe('the carton size of a first scan', () => {
  it('keeps a size already on the carton, picked or kept from the last carton', () => {
    expect(firstScanSize(facts({ picked: 1, product: product(2), lastUsed: 5 }))).toBe(1);
  });

  it("takes the product's default for the kind of carton first", () => {
    expect(firstScanSize(facts({ product: product(2, 5), lastUsed: 1 }))).toBe(2);
    expect(firstScanSize(facts({ kind: 'tertiary', product: product(2, 5), lastUsed: 1 }))).toBe(5);
  });

  it('else the size last used on this device', () => {
    expect(firstScanSize(facts({ product: product(null, 5), lastUsed: 1 }))).toBe(1);
    expect(firstScanSize(facts({ lastUsed: 2 }))).toBe(2);
  });

  it('passes over a default or a remembered size no longer offered (inactive since)', () => {
    expect(firstScanSize(facts({ product: product(9), lastUsed: 2 }))).toBe(2);
    expect(firstScanSize(facts({ product: product(9), lastUsed: 8 }))).toBeNull();
  });

  it('with neither, none: the scan is refused as before', () => {
    expect(firstScanSize(facts({ product: product(null) }))).toBeNull();
    // A cache stored before the defaults were sent lists products without them.
    const { SecondaryCartonId: _s, TertiaryCartonId: _t, ...old } = product(null);
    expect(firstScanSize(facts({ product: old }))).toBeNull();
  });

  it('never changes the size of a carton with rows (the spec locks it after the first scan)', () => {
    expect(firstScanSize(facts({ rowCount: 2, picked: null, product: product(2) }))).toBeNull();
  });
});
