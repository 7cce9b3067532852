// Older stock first on the device (client/floor/dispatch/dispatch-rules.ts, packing/scan-rules.ts)
// counts only cartons the lifecycle lets undergo the same operation now: on recall day a recalled
// older carton at my site asks for no approval on a dispatch to a dealer or a warehouse, nor on
// Tertiary Packing, and is not offered in the older-stock list (it still waits for a factory, where it
// may go); an expired older carton does not wait for a dealer, but does for a warehouse and a TID.
import { describe, expect, it } from 'vitest';
import { makeSlipId } from '../../../../src/shared/codes.js';
import type { CacheMasters, OpenCartons } from '../../../../src/shared/contracts/floor/cache.js';
import { DISPATCH_MSG } from '../../../../src/shared/contracts/floor/dispatch.js';
import { PACKING_MSG } from '../../../../src/shared/contracts/floor/packing.js';
import { buildFloorCache, type FloorCache } from '../../../../src/client/floor/cache/lookup.js';
import { checkDispatchScan, type DispatchOp } from '../../../../src/client/floor/dispatch/dispatch-rules.js';
import { emptyLocalWork } from '../../../../src/client/floor/work/local-work.js';
import { checkCarton } from '../../../../src/client/floor/packing/scan-rules.js';
import { cacheMasters } from '../../../helpers/floor-cache-masters.js';

const sid = (n: number) => makeSlipId('SID', 26, 'KA', n);
const tid = (n: number) => makeSlipId('TID', 26, 'KA', n);
const RECALLS: CacheMasters['Recalls'] = [{ ProductId: 7, BatchNo: 'RC-JAN', Reason: 'Seal failure' }];
const PAST = '2020-01-01';
const LATER = '2099-01-01';
const JAN = '2026-01-10';
const FEB = '2026-02-01';
const MAR = '2026-03-01';

const loose = (n: number, BatchNo: string, MFGDate: string, EXPDate = LATER) => ({
  SID: sid(n),
  ProductId: 7,
  Qty: 2,
  CartonSizeId: 1,
  BatchNo,
  MFGDate,
  EXPDate,
  Batches: [{ ProductId: 7, BatchNo, EXPDate }],
});
const tertiary = (n: number, BatchNo: string, MFGDate: string, EXPDate = LATER) => ({
  TID: tid(n),
  ProductId: 7,
  Qty: 2,
  Packs: 4,
  State: 'packed' as const,
  BatchNo,
  MFGDate,
  EXPDate,
  Batches: [{ ProductId: 7, BatchNo, EXPDate }],
  SIDs: [],
});
const cacheOf = (Secondary: OpenCartons['Secondary'], Tertiary: OpenCartons['Tertiary'] = []): FloorCache =>
  buildFloorCache({
    masters: cacheMasters(2, { Recalls: RECALLS }),
    mappings: [],
    damages: [],
    pairs: [],
    packed: [],
    open: { AsOf: '2026-11-24T08:00:00.000Z', Secondary, Tertiary },
    refreshedAt: { masters: 1, open: 1 },
  });
const none = emptyLocalWork();

const dispatch = (c: FloorCache, id: string, op: DispatchOp) =>
  checkDispatchScan(id, { hasTarget: true, op, rows: [], olderAccepted: false }, c, none);
const pack = (c: FloorCache, id: string) => checkCarton(id, { size: 2, rows: [], olderAccepted: false }, c, none);
const olderOf = (ids: string[]) => ({
  ok: false,
  message: DISPATCH_MSG.olderStock,
  older: ids.map((CartonId) => expect.objectContaining({ CartonId })),
});

describe('recalled older stock at my site', () => {
  // January's SID and TID hold the recalled batch; March's two SIDs are clean.
  const recallDay = cacheOf(
    [loose(1, 'RC-JAN', JAN), loose(3, 'MAR', MAR), loose(4, 'MAR', MAR)],
    [tertiary(2, 'RC-JAN', JAN)],
  );

  it('does not hold back newer clean stock to a dealer or a warehouse; to a factory, where it may go, it does', () => {
    expect(dispatch(recallDay, sid(3), 'dispatch-dealer')).toMatchObject({ ok: true, row: { CartonId: sid(3) } });
    expect(dispatch(recallDay, sid(3), 'dispatch-warehouse')).toMatchObject({ ok: true, row: { CartonId: sid(3) } });
    expect(dispatch(recallDay, sid(3), 'dispatch-factory')).toEqual(olderOf([sid(1), tid(2)]));
  });

  it('does not hold back Tertiary Packing of newer clean SIDs', () => {
    expect(pack(recallDay, sid(3))).toMatchObject({ ok: true, row: { CartonId: sid(3) } });
    expect(pack(recallDay, sid(4))).toMatchObject({ ok: true, row: { CartonId: sid(4) } });
  });

  it('is left out of the older-stock list, which offers the clean older cartons alone', () => {
    const mixed = cacheOf(
      [loose(1, 'RC-JAN', JAN), loose(3, 'MAR', MAR), loose(5, 'FEB', FEB)],
      [tertiary(2, 'RC-JAN', JAN), tertiary(6, 'FEB', FEB)],
    );
    expect(dispatch(mixed, sid(3), 'dispatch-dealer')).toEqual(olderOf([sid(5), tid(6)]));
    expect(dispatch(mixed, sid(3), 'dispatch-warehouse')).toEqual(olderOf([sid(5), tid(6)]));
    expect(pack(mixed, sid(3))).toEqual({
      ok: false,
      message: PACKING_MSG.olderStock,
      older: [expect.objectContaining({ SID: sid(5) })],
    });
  });

  it('once the masters no longer carry the recall, it is older stock again', () => {
    const lifted = buildFloorCache({
      masters: cacheMasters(2, { Recalls: [] }),
      mappings: [],
      damages: [],
      pairs: [],
      packed: [],
      open: {
        AsOf: '2026-11-24T08:00:00.000Z',
        Secondary: [loose(1, 'RC-JAN', JAN), loose(3, 'MAR', MAR)],
        Tertiary: [],
      },
      refreshedAt: { masters: 1, open: 1 },
    });
    expect(dispatch(lifted, sid(3), 'dispatch-dealer')).toEqual(olderOf([sid(1)]));
    expect(pack(lifted, sid(3))).toMatchObject({ ok: false, message: PACKING_MSG.olderStock });
  });
});

describe('expired older stock at my site', () => {
  const expired = cacheOf([loose(11, 'EX-JAN', JAN, PAST), loose(13, 'MAR', MAR)], [tertiary(12, 'EX-JAN', JAN, PAST)]);

  it('does not hold back a dispatch to a dealer; to a warehouse it does (it could go there)', () => {
    expect(dispatch(expired, sid(13), 'dispatch-dealer')).toMatchObject({ ok: true, row: { CartonId: sid(13) } });
    expect(dispatch(expired, sid(13), 'dispatch-warehouse')).toEqual(olderOf([sid(11), tid(12)]));
  });

  it('holds back Tertiary Packing (expired stock may be packed)', () => {
    expect(pack(expired, sid(13))).toEqual({
      ok: false,
      message: PACKING_MSG.olderStock,
      older: [expect.objectContaining({ SID: sid(11) })],
    });
  });
});
