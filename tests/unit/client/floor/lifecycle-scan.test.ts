// Every floor screen's device check asks the lifecycle (client/floor/device-check.ts over
// shared/lifecycle) on the cache's facts and this device's queued work: a carton holding a recalled
// batch, one holding expired stock, a damaged one, on Secondary and Tertiary Packing, Dispatch (by the
// Send To chosen), Dispatch Receive, Carton Return, Replace and Damage Carton. A recall made after a
// carton was cached applies once the masters carry it; a cache stored before the batches were sent
// knows no flags and does not break.
import { describe, expect, it } from 'vitest';
import { makeSlipId } from '../../../../src/shared/codes.js';
import { CARTON_DAMAGE_MSG } from '../../../../src/shared/contracts/floor/carton-damage.js';
import { RETURN_MSG } from '../../../../src/shared/contracts/floor/carton-return.js';
import type {
  CacheMasters,
  DamageSeries,
  MappingSeries,
  OpenCartons,
} from '../../../../src/shared/contracts/floor/cache.js';
import { DISPATCH_MSG } from '../../../../src/shared/contracts/floor/dispatch.js';
import type { SentCarton } from '../../../../src/shared/contracts/floor/dispatch-cache.js';
import { RECEIVE_MSG } from '../../../../src/shared/contracts/floor/dispatch-receive.js';
import {
  PACKING_API,
  PACKING_MSG,
  type SecondarySave,
  type TertiarySave,
} from '../../../../src/shared/contracts/floor/packing.js';
import { REPLACE_MSG } from '../../../../src/shared/contracts/floor/replace.js';
import { LIFECYCLE_MSG } from '../../../../src/shared/lifecycle/index.js';
import { buildFloorCache, type FloorCache } from '../../../../src/client/floor/cache/lookup.js';
import { packSeries } from '../../../../src/client/floor/cache/rows.js';
import { cartonCheck, receiveCheck } from '../../../../src/client/floor/device-check.js';
import {
  checkDispatchScan,
  dispatchOp,
  type DispatchOp,
} from '../../../../src/client/floor/dispatch/dispatch-rules.js';
import { emptyLocalWork, type LocalWork } from '../../../../src/client/floor/work/local-work.js';
import { localWorkOf } from '../../../../src/client/floor/work/registry.js';
import { checkCarton, checkPack } from '../../../../src/client/floor/packing/scan-rules.js';
import {
  checkReturnScan,
  RETURN_DEVICE_MSG,
  sentIndex,
} from '../../../../src/client/features/floor/return/return-scan.js';
import { checkFirst } from '../../../../src/client/features/floor/replace/replace-rules.js';
import { codeMac } from '../../../../src/server/domain/code-mac.js';
import { cacheMasters } from '../../../helpers/floor-cache-masters.js';

const codes = codeMac('unit-test-secret');
const ka = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const sid = (n: number) => makeSlipId('SID', 26, 'KA', n);
const tid = (n: number) => makeSlipId('TID', 26, 'KA', n);
const REASON = 'Seal failure';
const RECALLS: CacheMasters['Recalls'] = [{ ProductId: 7, BatchNo: 'RC-1', Reason: REASON }];
const PAST = '2020-01-01';
const LATER = '2099-01-01';
const batch = (BatchNo: string, EXPDate = LATER) => ({ ProductId: 7, BatchNo, EXPDate });

// KA 1–100 batch RC-1 (recalled), 101–180 batch OLD (expired), 181–200 GOOD; 190–195 damaged by range.
const mappings: MappingSeries = {
  Kind: 'S',
  Prefix: 'KA',
  FromNo: [1, 101, 181],
  ToNo: [100, 180, 200],
  MappingId: [1, 2, 3],
  ProductId: [7, 7, 7],
  BatchNo: ['RC-1', 'OLD', 'GOOD'],
  MFGDate: ['2026-01-10', '2026-01-10', '2026-01-10'],
  EXPDate: [LATER, PAST, LATER],
};
const damages: DamageSeries = { Kind: 'S', Prefix: 'KA', FromNo: [190], ToNo: [195], Reason: ['Torn'], By: [''] };
const loose = (n: number, more: Partial<OpenCartons['Secondary'][number]> = {}) => ({
  SID: sid(n),
  ProductId: 7,
  Qty: 4,
  CartonSizeId: 1,
  BatchNo: 'X',
  MFGDate: '2026-01-10',
  EXPDate: LATER,
  ...more,
});
const open: OpenCartons = {
  AsOf: '2026-11-24T08:00:00.000Z',
  Secondary: [
    loose(42, { Batches: [batch('GOOD'), batch('RC-1')] }), // a recalled batch among others
    loose(43, { Batches: [batch('OLD', PAST)] }), // expired
    loose(44, { Batches: [batch('GOOD')] }),
    loose(45, { BatchNo: 'RC-1' }), // stored before batches were sent: none known
  ],
  Tertiary: [
    {
      TID: tid(7),
      ProductId: 7,
      Qty: 1,
      Packs: 4,
      State: 'packed',
      BatchNo: 'RC-1',
      MFGDate: '2026-01-10',
      EXPDate: LATER,
      Batches: [batch('RC-1')],
      SIDs: [sid(50)],
    },
    {
      TID: tid(8),
      ProductId: 7,
      Qty: 1,
      Packs: 4,
      State: 'damaged',
      BatchNo: 'GOOD',
      MFGDate: '2026-01-10',
      EXPDate: LATER,
      Batches: [batch('GOOD')],
      SIDs: [sid(51)],
    },
    {
      TID: tid(9),
      ProductId: 7,
      Qty: 1,
      Packs: 4,
      State: 'packed',
      BatchNo: 'OLD',
      MFGDate: '2026-01-10',
      EXPDate: PAST,
    },
  ],
  Damaged: [sid(46), sid(51)],
};
const cacheOf = (recalls: CacheMasters['Recalls'] = RECALLS, o: OpenCartons = open) =>
  buildFloorCache({
    masters: cacheMasters(4, { Recalls: recalls }),
    mappings: packSeries([mappings]),
    damages: packSeries([damages]),
    pairs: [],
    packed: [],
    open: o,
    refreshedAt: { masters: 1, open: 1 },
  });
const cache = cacheOf();
const none = emptyLocalWork();

const dispatch = (text: string, op: DispatchOp, c: FloorCache = cache, local: LocalWork = none) =>
  checkDispatchScan(text, { hasTarget: true, op, rows: [], olderAccepted: true }, c, local);
const refusedWith = (message: string) => ({ ok: false, message });

describe('Dispatch, by the Send To chosen', () => {
  it("to a dealer: a SID or TID holding a recalled batch is refused with the recall's reason, expired stock with its date, a damaged one as damaged", () => {
    expect(dispatch(sid(42), 'dispatch-dealer')).toEqual(refusedWith(LIFECYCLE_MSG.cartonRecalled(sid(42), REASON)));
    expect(dispatch(tid(7), 'dispatch-dealer')).toEqual(refusedWith(LIFECYCLE_MSG.cartonRecalled(tid(7), REASON)));
    expect(dispatch(sid(43), 'dispatch-dealer')).toEqual(refusedWith(LIFECYCLE_MSG.cartonExpired(sid(43), PAST)));
    expect(dispatch(sid(46), 'dispatch-dealer')).toEqual(refusedWith(DISPATCH_MSG.damaged(sid(46))));
    expect(dispatch(tid(8), 'dispatch-dealer')).toEqual(refusedWith(DISPATCH_MSG.damaged(tid(8))));
    expect(dispatch(sid(50), 'dispatch-dealer')).toEqual(refusedWith(DISPATCH_MSG.inTertiary(sid(50), tid(7))));
    expect(dispatch(sid(44), 'dispatch-dealer')).toMatchObject({ ok: true, row: { CartonId: sid(44), Qty: 4 } });
  });

  it('to a warehouse: recalled stock is refused, expired stock goes; to a factory: recalled stock goes back', () => {
    expect(dispatch(sid(42), 'dispatch-warehouse')).toEqual(refusedWith(LIFECYCLE_MSG.cartonRecalled(sid(42), REASON)));
    expect(dispatch(sid(43), 'dispatch-warehouse')).toMatchObject({ ok: true });
    expect(dispatch(sid(42), 'dispatch-factory')).toMatchObject({ ok: true });
    expect(dispatch(tid(7), 'dispatch-factory')).toMatchObject({ ok: true, row: { CartonId: tid(7), Qty: 4 } });
    expect(dispatch(sid(46), 'dispatch-factory')).toEqual(refusedWith(DISPATCH_MSG.damaged(sid(46))));
  });

  it('the op follows the target: a dealer, a factory site, any other site', () => {
    const c = buildFloorCache({
      mappings: [],
      damages: [],
      pairs: [],
      packed: [],
      refreshedAt: {},
      dispatch: {
        ...cache.dispatch,
        Sites: [
          { SiteId: 5, Name: 'Pune', IsFactory: true, Billing: {} as never },
          { SiteId: 6, Name: 'Depot', IsFactory: false, Billing: {} as never },
        ],
      },
    });
    expect([dispatchOp('Dealer', 9, c), dispatchOp('WareHouse', 5, c), dispatchOp('WareHouse', 6, c)]).toEqual([
      'dispatch-dealer',
      'dispatch-factory',
      'dispatch-warehouse',
    ]);
  });

  it('a recall made after the carton was cached applies once the masters carry it', () => {
    expect(dispatch(sid(42), 'dispatch-dealer', cacheOf([]))).toMatchObject({ ok: true });
    expect(dispatch(sid(42), 'dispatch-dealer', cacheOf(RECALLS))).toEqual(
      refusedWith(LIFECYCLE_MSG.cartonRecalled(sid(42), REASON)),
    );
  });

  it('a cache stored before cartons carried their batches (no Batches, SIDs, Damaged) knows no flags and still answers', () => {
    const old: OpenCartons = {
      AsOf: open.AsOf,
      Secondary: [loose(45, { BatchNo: 'RC-1' })],
      Tertiary: [{ ...open.Tertiary[2]! }],
    };
    const c = cacheOf(RECALLS, old);
    expect(dispatch(sid(45), 'dispatch-dealer', c)).toMatchObject({ ok: true });
    expect(dispatch(tid(9), 'dispatch-dealer', c)).toMatchObject({ ok: true });
    expect(dispatch(sid(46), 'dispatch-dealer', c)).toEqual(refusedWith(DISPATCH_MSG.notHere(sid(46))));
  });

  it('cartons packed on this device carry the batches of their packs: a recalled one is refused, in its TID too', () => {
    const packed: SecondarySave = {
      CartonName: sid(60),
      cartonMasterId: 1,
      scanned: [ka(5), ka(185)].map((UID) => ({ UID })),
    } as SecondarySave;
    const tertiary: TertiarySave = {
      CartonName: tid(61),
      scanned: [{ CartonId: sid(60), ProductId: 7, BatchNo: 'GOOD', Qty: 2 }],
    } as TertiarySave;
    const one = localWorkOf([{ endpoint: PACKING_API.secondarySave.path, payload: packed, status: 'pending' }], cache);
    expect(dispatch(sid(60), 'dispatch-dealer', cache, one)).toEqual(
      refusedWith(LIFECYCLE_MSG.cartonRecalled(sid(60), REASON)),
    );
    const both = localWorkOf(
      [
        { endpoint: PACKING_API.secondarySave.path, payload: packed, status: 'pending' },
        { endpoint: PACKING_API.tertiarySave.path, payload: tertiary, status: 'pending' },
      ],
      cache,
    );
    expect(dispatch(tid(61), 'dispatch-dealer', cache, both)).toEqual(
      refusedWith(LIFECYCLE_MSG.cartonRecalled(tid(61), REASON)),
    );
    expect(dispatch(sid(60), 'dispatch-dealer', cache, both)).toEqual(
      refusedWith(DISPATCH_MSG.inTertiary(sid(60), tid(61))),
    );
    expect(dispatch(tid(61), 'dispatch-factory', cache, both)).toMatchObject({ ok: true });
  });
});

describe('Secondary and Tertiary Packing', () => {
  const pack = (text: string) => checkPack(text, { size: 4, rows: [], olderAccepted: false }, cache, none);
  const carton = (text: string) => checkCarton(text, { size: 4, rows: [], olderAccepted: true }, cache, none);

  it('a pack of a recalled batch is refused with the recall; an expired one packs; a damaged one is refused as damaged', () => {
    expect(pack(ka(5))).toEqual(refusedWith(LIFECYCLE_MSG.recalled(REASON)));
    expect(pack(ka(150))).toMatchObject({ ok: true, row: { BatchNo: 'OLD', EXPDate: PAST } });
    expect(pack(ka(191))).toEqual(refusedWith(PACKING_MSG.damaged('Torn')));
  });

  it('a SID holding a recalled batch is refused; an expired one packs; a damaged one, or one in a TID, is refused', () => {
    expect(carton(sid(42))).toEqual(refusedWith(LIFECYCLE_MSG.cartonRecalled(sid(42), REASON)));
    expect(carton(sid(43))).toMatchObject({ ok: true, row: { CartonId: sid(43) } });
    expect(carton(sid(46))).toEqual(refusedWith(PACKING_MSG.cartonDamaged(sid(46))));
    expect(carton(sid(51))).toEqual(refusedWith(PACKING_MSG.cartonDamaged(sid(51))));
    expect(carton(sid(50))).toEqual(refusedWith(PACKING_MSG.inTertiary(sid(50), tid(7))));
  });
});

describe('Damage Carton, Replace, Dispatch Receive, Carton Return: physical facts, recalled or expired', () => {
  it('Damage Carton damages a recalled or an expired carton, and one in a TID here; a damaged one is damaged already', () => {
    for (const id of [sid(42), sid(43), tid(7), sid(50)])
      expect(cartonCheck('damage-carton', id, cache, none)).toBeNull();
    expect(cartonCheck('damage-carton', sid(46), cache, none)).toBe(CARTON_DAMAGE_MSG.already(sid(46)));
    expect(cartonCheck('damage-carton', tid(8), cache, none)).toBe(CARTON_DAMAGE_MSG.already(tid(8)));
    expect(cartonCheck('damage-carton', sid(99), cache, none)).toBe(CARTON_DAMAGE_MSG.notHere(sid(99)));
  });

  it("Replace takes a recalled or an expired carton's slip and a recalled pack's code; a damaged carton or pack is refused", () => {
    expect(checkFirst('SID', sid(42), cache, none)).toMatchObject({ ok: true, value: { code: sid(42) } });
    expect(checkFirst('SID', sid(43), cache, none)).toMatchObject({ ok: true });
    expect(checkFirst('SID', sid(46), cache, none)).toEqual({ ok: false, message: REPLACE_MSG.cartonDamaged(sid(46)) });
    expect(checkFirst('PID', ka(5), cache, none)).toMatchObject({ ok: true });
    expect(checkFirst('PID', ka(150), cache, none)).toMatchObject({ ok: true });
    expect(checkFirst('PID', ka(191), cache, none)).toMatchObject({
      ok: false,
      message: expect.stringContaining('Torn'),
    });
  });

  it('Dispatch Receive takes a carton of the dispatch whatever it holds; one not on it is named', () => {
    const loaded = { did: makeSlipId('DID', 26, 'KB', 3), rows: [{ CartonId: sid(42) }, { CartonId: sid(43) }] };
    expect(receiveCheck(sid(42), loaded)).toBeNull();
    expect(receiveCheck(sid(43), loaded)).toBeNull();
    expect(receiveCheck(sid(46), loaded)).toBe(RECEIVE_MSG.notOnDispatch(sid(46), loaded.did));
  });

  it('Carton Return takes back a recalled or expired carton on the leg asked; the other leg is refused; one not listed is asked of the server', () => {
    const DID = makeSlipId('DID', 26, 'KA', 9);
    const sent: SentCarton[] = [
      {
        CartonId: sid(42),
        DispatchId: DID,
        Leg: 'sent',
        ProductName: 'Neem Gold 1 L',
        MFGDate: '2026-01-10',
        EXPDate: LATER,
      },
      {
        CartonId: sid(43),
        DispatchId: DID,
        Leg: 'received',
        ProductName: 'Neem Gold 1 L',
        MFGDate: '2026-01-10',
        EXPDate: PAST,
      },
    ];
    const st = (transit: boolean) => ({ rows: [], transit, sent: sentIndex(sent), returned: new Set<string>() });
    expect(checkReturnScan(sid(42), st(true))).toMatchObject({ kind: 'add', rows: [{ CartonId: sid(42) }] });
    expect(checkReturnScan(sid(43), st(false))).toMatchObject({ kind: 'add', rows: [{ CartonId: sid(43) }] });
    expect(checkReturnScan(sid(42), st(false))).toEqual({
      kind: 'refuse',
      message: RETURN_MSG.inTransit(sid(42), DID),
    });
    expect(checkReturnScan(sid(43), st(true))).toEqual({ kind: 'refuse', message: RETURN_MSG.received(sid(43), DID) });
    expect(checkReturnScan(DID, st(true))).toMatchObject({ kind: 'add', rows: [{ CartonId: sid(42) }] });
    // A damaged carton is never among those its site may take back: offline, the device says so.
    expect(checkReturnScan(sid(46), st(true))).toEqual({
      kind: 'ask',
      id: sid(46),
      offline: RETURN_DEVICE_MSG.notInDeviceData(sid(46)),
    });
  });
});
