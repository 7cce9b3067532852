// Dispatch's Send To tiles: most used on this device first, ties in the list's order.
import { describe, expect, it } from 'vitest';
import { byUse, countUse } from '../../../../src/client/floor/dispatch/target-order.js';

const sites = [
  { value: '1', label: 'Pune' },
  { value: '2', label: 'Nashik' },
  { value: '3', label: 'Indore' },
];

describe('send-to order', () => {
  it('keeps the list order while nothing is counted', () => {
    expect(byUse(sites, 'WareHouse', undefined).map((s) => s.label)).toEqual(['Pune', 'Nashik', 'Indore']);
  });

  it('puts the most used first, counted per kind', () => {
    let counts = countUse(undefined, 'WareHouse', 3);
    counts = countUse(counts, 'WareHouse', 3);
    counts = countUse(counts, 'WareHouse', 2);
    counts = countUse(counts, 'Dealer', 1);
    counts = countUse(counts, 'Dealer', 1);
    counts = countUse(counts, 'Dealer', 1);
    expect(counts).toEqual({ 'WareHouse:3': 2, 'WareHouse:2': 1, 'Dealer:1': 3 });
    expect(byUse(sites, 'WareHouse', counts).map((s) => s.label)).toEqual(['Indore', 'Nashik', 'Pune']);
    // A dealer's uses say nothing of the warehouse with the same id.
    expect(byUse(sites, 'Dealer', counts).map((s) => s.label)).toEqual(['Pune', 'Nashik', 'Indore']);
  });
});
