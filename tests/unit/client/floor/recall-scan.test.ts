// A pack of a recalled batch scanned on Secondary Packing (client/floor/packing/scan-rules.ts): the
// device's cache carries the company's recalled batches (masters), so the scan is refused with the
// recall's message offline; the batch matches whatever its case, and other batches pack as before.
import { describe, expect, it } from 'vitest';
import type { CacheMasters, MappingSeries } from '../../../../src/shared/contracts/floor/cache.js';
import { RECALL_MSG } from '../../../../src/shared/contracts/recall.js';
import { buildFloorCache } from '../../../../src/client/floor/cache/lookup.js';
import { packSeries } from '../../../../src/client/floor/cache/rows.js';
import { emptyLocalWork } from '../../../../src/client/floor/work/local-work.js';
import { checkPack } from '../../../../src/client/floor/packing/scan-rules.js';
import { codeMac } from '../../../../src/server/domain/code-mac.js';
import { cacheMasters } from '../../../helpers/floor-cache-masters.js';

const codes = codeMac('unit-test-secret');
const ka = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const masters = (recalls?: CacheMasters['Recalls']): CacheMasters =>
  cacheMasters(3, recalls ? { Recalls: recalls } : {});
// KA 1–100 batch RC-1, 101–200 batch RC-2, both product 7.
const mappings: MappingSeries = {
  Kind: 'S',
  Prefix: 'KA',
  FromNo: [1, 101],
  ToNo: [100, 200],
  MappingId: [1, 2],
  ProductId: [7, 7],
  BatchNo: ['RC-1', 'RC-2'],
  MFGDate: ['2026-01-10', '2026-01-10'],
  EXPDate: ['2028-01-10', '2028-01-10'],
};
const cacheWith = (m: CacheMasters) =>
  buildFloorCache({
    masters: m,
    mappings: packSeries([mappings]),
    damages: [],
    pairs: [],
    packed: [],
    refreshedAt: { masters: 1 },
  });
const carton = { size: 3, rows: [], olderAccepted: false };

describe('a pack of a recalled batch on Secondary Packing', () => {
  it('is refused with the recall message from the cache, whatever the case of the batch; other batches pack', () => {
    const cache = cacheWith(masters([{ ProductId: 7, BatchNo: 'rc-1', Reason: 'Seal failure' }]));
    expect(cache.codeFacts('S', 'KA', 5).recalled).toBe('Seal failure');
    expect(checkPack(ka(5), carton, cache, emptyLocalWork())).toEqual({
      ok: false,
      message: RECALL_MSG.onFloor('Seal failure'),
    });
    expect(checkPack(ka(150), carton, cache, emptyLocalWork())).toMatchObject({ ok: true, row: { BatchNo: 'RC-2' } });
  });

  it('a cache stored before recalls were sent (no Recalls) refuses nothing for it', () => {
    const cache = cacheWith(masters());
    expect(cache.codeFacts('S', 'KA', 5).recalled).toBeUndefined();
    expect(checkPack(ka(5), carton, cache, emptyLocalWork()).ok).toBe(true);
  });

  it('a recall of another product with the same batch number refuses nothing', () => {
    const cache = cacheWith(masters([{ ProductId: 8, BatchNo: 'RC-1', Reason: 'Seal failure' }]));
    expect(checkPack(ka(5), carton, cache, emptyLocalWork()).ok).toBe(true);
  });
});
