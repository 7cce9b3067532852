// The device cache's masters part as the unit tests of floor scans build it: one product (7, Neem Gold
// 1 L), one carton size of `size`, the factory Nashik (prefix KA) as the user's site.
import type { CacheMasters } from '../../src/shared/contracts/floor/cache.js';

export const cacheMasters = (size: number, more: Partial<CacheMasters> = {}): CacheMasters => ({
  AsOf: '2026-11-24T08:00:00.000Z',
  Products: [
    { ProductId: 7, ProductName: 'Neem Gold 1 L', ProductCode: 'NG1', UOM: 'L', PackValue: 1, IsActive: true },
  ],
  CartonSizes: [{ CartonId: 1, CartonName: `Box of ${size}`, CartonSize: size }],
  Sites: [{ SiteId: 3, Name: 'Nashik', Prefix: 'KA', IsFactory: true }],
  MySite: { SiteId: 3, Name: 'Nashik', Prefix: 'KA' },
  SlipLast: { SID: 42, TID: 7, DID: 0 },
  ...more,
});
