// A code retired by Replace on another device, known to this one through its cache (the damages part
// carries retired codes with the code that took their place): Secondary Packing refuses it offline with
// the server's message, Replace refuses it as the code to replace and as the new code, and a cache
// stored before the server sent retired codes (no By column) reads its damages as before.
import { describe, expect, it } from 'vitest';
import type { DamageSeries, MappingSeries } from '../../../../src/shared/contracts/floor/cache.js';
import { PACKING_MSG } from '../../../../src/shared/contracts/floor/packing.js';
import { REPLACE_MSG } from '../../../../src/shared/contracts/floor/replace.js';
import { buildFloorCache } from '../../../../src/client/floor/cache/lookup.js';
import { packSeries } from '../../../../src/client/floor/cache/rows.js';
import { emptyLocalWork } from '../../../../src/client/floor/work/local-work.js';
import { checkPack } from '../../../../src/client/floor/packing/scan-rules.js';
import { checkFirst, checkSecond } from '../../../../src/client/features/floor/replace/replace-rules.js';
import { codeMac } from '../../../../src/server/domain/code-mac.js';
import { cacheMasters } from '../../../helpers/floor-cache-masters.js';

const codes = codeMac('unit-test-secret');
const ka = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const masters = cacheMasters(3);
const mappings: MappingSeries = {
  Kind: 'S',
  Prefix: 'KA',
  FromNo: [1],
  ToNo: [100],
  MappingId: [1],
  ProductId: [7],
  BatchNo: ['B1'],
  MFGDate: ['2026-01-10'],
  EXPDate: ['2028-01-10'],
};
// KA 10 retired (by KA 11), KA 20–22 damaged.
const damages: DamageSeries = {
  Kind: 'S',
  Prefix: 'KA',
  FromNo: [10, 20],
  ToNo: [10, 22],
  Reason: ['', 'Torn'],
  By: ['KA11', ''],
};
const cacheOf = (d: DamageSeries) =>
  buildFloorCache({
    masters,
    mappings: packSeries([mappings]),
    damages: packSeries([d]),
    pairs: [],
    packed: [],
    refreshedAt: { masters: 1 },
  });
const carton = { size: 3, rows: [], olderAccepted: false };

describe('a code retired on another device', () => {
  const cache = cacheOf(damages);

  it('is known to the cache with the code that took its place; a damaged one stays damaged', () => {
    expect(cache.codeFacts('S', 'KA', 10)).toMatchObject({ state: 'replaced', by: 'KA11' });
    expect(cache.codeFacts('S', 'KA', 21)).toMatchObject({ state: 'damaged', reason: 'Torn' });
    expect(cache.codeFacts('S', 'KA', 11).state).toBe('mapped');
  });

  it('is refused on Secondary Packing with the message the server gives, and its neighbours pack', () => {
    expect(checkPack(ka(10), carton, cache, emptyLocalWork())).toEqual({ ok: false, message: REPLACE_MSG.retired });
    expect(checkPack(ka(21), carton, cache, emptyLocalWork())).toEqual({
      ok: false,
      message: PACKING_MSG.damaged('Torn'),
    });
    expect(checkPack(ka(11), carton, cache, emptyLocalWork()).ok).toBe(true);
  });

  it('is refused by Replace as the code to replace and as the new code', () => {
    expect(checkFirst('PID', ka(10), cache, emptyLocalWork())).toMatchObject({
      ok: false,
      message: REPLACE_MSG.replaced('KA10'),
    });
    const first = checkFirst('PID', ka(30), cache, emptyLocalWork());
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(checkSecond(first.value, ka(10), cache, emptyLocalWork())).toMatchObject({
      ok: false,
      message: REPLACE_MSG.replaced('KA10'),
    });
  });

  it("refuses as the new code one that already took a retired code's place on another device", () => {
    const first = checkFirst('PID', ka(30), cache, emptyLocalWork());
    if (!first.ok) throw new Error(first.message);
    expect(checkSecond(first.value, ka(11), cache, emptyLocalWork())).toEqual({
      ok: false,
      message: REPLACE_MSG.alreadyNew('KA11'),
    });
    expect(checkSecond(first.value, ka(12), cache, emptyLocalWork())).toEqual({ ok: true, value: ka(12) });
  });

  it('a cache stored before retired codes were sent (no By) reads its damages as before', () => {
    const { By: _by, ...old } = damages;
    const before = cacheOf({ ...old, FromNo: [20], ToNo: [22], Reason: ['Torn'] });
    expect(before.codeFacts('S', 'KA', 21)).toMatchObject({ state: 'damaged', reason: 'Torn' });
    expect(before.codeFacts('S', 'KA', 10).state).toBe('mapped');
  });
});
