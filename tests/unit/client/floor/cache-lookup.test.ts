// The floor cache's lookups (client/floor/cache/lookup.ts): what a scanned code is, from the ranges
// the server sent, at the boundaries of every range, for paired codes, and fast at the size of a
// big company (50,000 mapping ranges, 1,000,000 packed items as runs).
import { describe, expect, it } from 'vitest';
import type {
  DamageSeries,
  MappingSeries,
  OpenCartons,
  PackedSeries,
  PairSeries,
} from '../../../../src/shared/contracts/floor/cache.js';
import {
  buildFloorCache,
  CARTON_DAMAGED,
  EMPTY_CONTENT,
  rangeIndex,
  type CacheContent,
} from '../../../../src/client/floor/cache/lookup.js';
import { packSeries } from '../../../../src/client/floor/cache/rows.js';
import { bigContent } from '../../../../bench/floor-cache-data.js';
import { cacheMasters } from '../../../helpers/floor-cache-masters.js';

const masters = cacheMasters(10);
const mapping = (Kind: 'P' | 'S', Prefix: string, ranges: Array<[number, number, number]>): MappingSeries => ({
  Kind,
  Prefix,
  FromNo: ranges.map((r) => r[0]),
  ToNo: ranges.map((r) => r[1]),
  MappingId: ranges.map((r) => r[2]),
  ProductId: ranges.map(() => 7),
  BatchNo: ranges.map((r) => `B${r[2]}`),
  MFGDate: ranges.map(() => '2026-01-10'),
  EXPDate: ranges.map(() => '2028-01-10'),
});
const open: OpenCartons = {
  AsOf: masters.AsOf,
  Secondary: [
    {
      SID: 'SID26KA00001',
      ProductId: 7,
      Qty: 8,
      CartonSizeId: 1,
      BatchNo: 'B1',
      MFGDate: '2026-01-10',
      EXPDate: '2028-01-10',
    },
  ],
  Tertiary: [
    {
      TID: 'TID26KA00001',
      ProductId: 7,
      Qty: 2,
      Packs: 20,
      State: 'packed',
      BatchNo: 'B1',
      MFGDate: '2026-01-10',
      EXPDate: '2028-01-10',
    },
  ],
};

function content(): CacheContent {
  // S KA 1–100 (mapping 1), 201–300 (2), 401–404 and 407–450 (3 and 4: 405–406 de-mapped); P 7001–8000 (5).
  const mappings: MappingSeries[] = [
    mapping('P', '', [[7001, 8000, 5]]),
    mapping('S', 'KA', [
      [1, 100, 1],
      [201, 300, 2],
      [401, 404, 3],
      [407, 450, 4],
    ]),
  ];
  const damages: DamageSeries[] = [{ Kind: 'S', Prefix: 'KA', FromNo: [420], ToNo: [422], Reason: ['Crushed'] }];
  // Runs 1–5, 7, 9–10 in SID 1; 11–12 in SID 2, the second page's first run continuing a cut one (13–14).
  const packed: PackedSeries[] = [
    {
      Kind: 'S',
      Prefix: 'KA',
      FromNo: [1, 7, 9, 11],
      ToNo: [5, 7, 10, 12],
      SID: ['SID26KA00001', 'SID26KA00001', 'SID26KA00001', 'SID26KA00002'],
      CartonState: ['packed', 'packed', 'packed', 'packed'],
    },
    {
      Kind: 'S',
      Prefix: 'KA',
      FromNo: [13, 30],
      ToNo: [14, 31],
      SID: ['SID26KA00002', 'SID26KA00009'],
      CartonState: ['packed', 'damaged'],
    },
  ];
  // Static KA 201–203 paired with preprinted 9001–9003 (unmapped as preprinted), 205 with 9010.
  const pairs: PairSeries[] = [
    { Kind: 'S', Prefix: 'KA', FromNo: [201, 205], ToNo: [203, 205], PreprintedNo: [9001, 9010] },
  ];
  return {
    masters,
    open,
    mappings: packSeries(mappings),
    damages: packSeries(damages),
    packed: packSeries(packed),
    pairs: packSeries(pairs),
    refreshedAt: { masters: 1, mappings: 2 },
  };
}

describe('codeFacts', () => {
  const cache = buildFloorCache(content());
  const state = (kind: 'P' | 'S', prefix: string, serial: number) => cache.codeFacts(kind, prefix, serial).state;

  it('a mapped code with its mapping and product', () => {
    expect(cache.codeFacts('S', 'ka', 50)).toEqual({
      state: 'mapped',
      series: { kind: 'S', prefix: 'KA' },
      serial: 50,
      mapping: {
        MappingId: 1,
        ProductId: 7,
        ProductName: 'Neem Gold 1 L',
        BatchNo: 'B1',
        MFGDate: '2026-01-10',
        EXPDate: '2028-01-10',
      },
    });
  });
  it('every range boundary: first and last in, one outside out', () => {
    expect([0, 1, 100, 101, 200, 201, 300, 301].map((n) => state('S', 'KA', n))).toEqual([
      'unmapped',
      'packed',
      'mapped',
      'unmapped',
      'unmapped',
      'mapped',
      'mapped',
      'unmapped',
    ]);
    expect([7000, 7001, 8000, 8001].map((n) => state('P', '', n))).toEqual([
      'unmapped',
      'mapped',
      'mapped',
      'unmapped',
    ]);
  });
  it('de-mapped numbers are outside every mapping', () => {
    expect([404, 405, 406, 407].map((n) => state('S', 'KA', n))).toEqual(['mapped', 'unmapped', 'unmapped', 'mapped']);
    expect(cache.codeFacts('S', 'KA', 407).mapping?.MappingId).toBe(4);
  });
  it('damaged with its reason, only inside the damage', () => {
    expect([419, 420, 422, 423].map((n) => state('S', 'KA', n))).toEqual(['mapped', 'damaged', 'damaged', 'mapped']);
    expect(cache.codeFacts('S', 'KA', 421)).toMatchObject({
      state: 'damaged',
      reason: 'Crushed',
      mapping: { MappingId: 4 },
    });
  });
  it("packed with its SID, runs joined across a page cut, a damaged carton's packs damaged", () => {
    expect([1, 5, 6, 7, 8, 9, 10].map((n) => cache.codeFacts('S', 'KA', n).sid ?? '-')).toEqual([
      'SID26KA00001',
      'SID26KA00001',
      '-',
      'SID26KA00001',
      '-',
      'SID26KA00001',
      'SID26KA00001',
    ]);
    expect(cache.codeFacts('S', 'KA', 14)).toMatchObject({
      state: 'packed',
      sid: 'SID26KA00002',
      mapping: { MappingId: 1 },
    });
    expect(cache.codeFacts('S', 'KA', 30)).toMatchObject({
      state: 'damaged',
      sid: 'SID26KA00009',
      reason: CARTON_DAMAGED,
    });
  });
  it('a paired preprinted code is its static twin', () => {
    expect(cache.codeFacts('P', '', 9002)).toMatchObject({
      state: 'mapped',
      series: { kind: 'S', prefix: 'KA' },
      serial: 202,
      mapping: { MappingId: 2 },
    });
    expect(cache.codeFacts('P', '', 9010)).toMatchObject({ serial: 205 });
    expect(cache.codeFacts('P', '', 9004)).toEqual({
      state: 'unmapped',
      series: { kind: 'P', prefix: '' },
      serial: 9004,
    });
  });
  it("another series (another company's prefix) is unmapped", () => {
    expect(state('S', 'ZZ', 50)).toBe('unmapped');
  });
  it('open cartons, masters and the times of each part', () => {
    expect(cache.openSecondary(' sid26ka00001 ')?.Qty).toBe(8);
    expect(cache.openSecondary('SID26KA00002')).toBeUndefined();
    expect(cache.openSecondaries()).toHaveLength(1);
    expect(cache.tertiaryAt('TID26KA00001')?.Qty).toBe(2);
    expect(cache.products.get(7)?.ProductName).toBe('Neem Gold 1 L');
    expect(cache.slipLast).toEqual({ SID: 42, TID: 7, DID: 0 });
    expect(cache.mySite?.Prefix).toBe('KA');
    expect(cache.refreshedAt).toEqual({
      masters: 1,
      mappings: 2,
      damages: undefined,
      pairs: undefined,
      packed: undefined,
      open: undefined,
    });
  });
  it('an empty cache knows nothing', () => {
    const empty = buildFloorCache(EMPTY_CONTENT);
    expect(empty.codeFacts('S', 'KA', 1).state).toBe('unmapped');
    expect(empty.mySite).toBeNull();
  });
});

describe('rangeIndex', () => {
  it('finds the range holding n by binary search', () => {
    const from = Float64Array.of(1, 10, 20);
    const to = Float64Array.of(5, 15, 20);
    expect([0, 1, 5, 6, 10, 15, 16, 20, 21].map((n) => rangeIndex(from, to, n))).toEqual([
      -1, 0, 0, -1, 1, 1, -1, 2, -1,
    ]);
  });
});

describe('at scale', () => {
  it('50,000 ranges and 1,000,000 packed items: 100,000 lookups complete', () => {
    const cache = buildFloorCache(bigContent());
    expect(cache.codeFacts('S', 'K3', 1).state).toBe('packed');
    expect(cache.codeFacts('S', 'K3', 12).state).toBe('packed');
    expect(cache.codeFacts('S', 'K3', 11).state).toBe('mapped');
    expect(cache.codeFacts('S', 'K3', 950).state).toBe('unmapped');
    const start = performance.now();
    let packedSeen = 0;
    for (let i = 0; i < 100_000; i++) {
      const f = cache.codeFacts('S', `K${i % 10}`, ((i * 7919) % 5_000_000) + 1);
      if (f.state === 'packed') packedSeen++;
    }
    const perScan = (performance.now() - start) / 100_000;
    expect(packedSeen).toBeGreaterThan(0);
    // Far under a frame; the benchmark (bench/floor-cache.bench.ts) gives the real figures.
    expect(perScan).toBeLessThan(1);
  });
});
