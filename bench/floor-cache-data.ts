// Floor cache data at the size of a big company, for the unit test's timing check and the benchmark.
import { EMPTY_CONTENT, type CacheContent } from '../src/client/floor/cache/lookup.js';
import { packSeries } from '../src/client/floor/cache/rows.js';
import type { CacheMasters, MappingSeries, PackedSeries } from '../src/shared/contracts/floor/cache.js';

const masters: CacheMasters = {
  AsOf: '2026-11-24T08:00:00.000Z',
  Products: [
    { ProductId: 7, ProductName: 'Neem Gold 1 L', ProductCode: 'NG1', UOM: 'L', PackValue: 1, IsActive: true },
  ],
  CartonSizes: [],
  Sites: [],
  MySite: null,
  SlipLast: { SID: 0, TID: 0, DID: 0 },
};

const mapping = (Prefix: string, ranges: Array<[number, number, number]>): MappingSeries => ({
  Kind: 'S',
  Prefix,
  FromNo: ranges.map((r) => r[0]),
  ToNo: ranges.map((r) => r[1]),
  MappingId: ranges.map((r) => r[2]),
  ProductId: ranges.map(() => 7),
  BatchNo: ranges.map((r) => `B${r[2]}`),
  MFGDate: ranges.map(() => '2026-01-10'),
  EXPDate: ranges.map(() => '2028-01-10'),
});

/** 50,000 mapping ranges over 10 series (5,000 each, 900 numbers then a gap of 100), and 1,000,000
 *  packed items in runs of `run` serials, four runs every 1,000 numbers, a SID each. */
export function bigContent(run = 10): CacheContent {
  const mappings: MappingSeries[] = [];
  const packed: PackedSeries[] = [];
  for (let s = 0; s < 10; s++) {
    const prefix = `K${s}`;
    const ranges: Array<[number, number, number]> = [];
    for (let i = 0; i < 5_000; i++) ranges.push([i * 1000 + 1, i * 1000 + 900, s * 5_000 + i]);
    mappings.push(mapping(prefix, ranges));
    const runs = 100_000 / run;
    const FromNo = new Array<number>(runs);
    const ToNo = new Array<number>(runs);
    const SID = new Array<string>(runs);
    for (let i = 0; i < runs; i++) {
      FromNo[i] = Math.floor(i / 4) * 1000 + (i % 4) * (run + 1) + 1;
      ToNo[i] = FromNo[i]! + run - 1;
      SID[i] = `SID26${prefix}${String(i).padStart(5, '0')}`;
    }
    packed.push({ Kind: 'S', Prefix: prefix, FromNo, ToNo, SID, CartonState: SID.map(() => 'packed' as const) });
  }
  return { ...EMPTY_CONTENT, masters, mappings: packSeries(mappings), packed: packSeries(packed), refreshedAt: {} };
}
