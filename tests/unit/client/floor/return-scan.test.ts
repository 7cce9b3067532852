// Carton Return's device check (features/floor/return/return-scan.ts) with cartons this device
// dispatched itself: until the next refresh the cache's Sent does not list them, so the queued
// dispatch does (a return from transit, in queue order after its dispatch); once the cache lists a
// carton, its row wins.
import { describe, expect, it } from 'vitest';
import { makeSlipId } from '../../../../src/shared/codes.js';
import { RETURN_MSG } from '../../../../src/shared/contracts/floor/carton-return.js';
import { DISPATCH_API, type DispatchSave } from '../../../../src/shared/contracts/floor/dispatch.js';
import type { SentCarton } from '../../../../src/shared/contracts/floor/dispatch-cache.js';
import type { FloorCache } from '../../../../src/client/floor/cache/index.js';
import { localWorkOf } from '../../../../src/client/floor/work/registry.js';
import {
  checkReturnScan,
  RETURN_DEVICE_MSG,
  sentIndex,
} from '../../../../src/client/features/floor/return/return-scan.js';

const tid = (n: number) => makeSlipId('TID', 26, 'KA', n);
const DID = makeSlipId('DID', 26, 'KA', 9);
const row = (n: number) => ({
  CartonId: tid(n),
  ProductName: 'Neem Gold 1 L',
  ProductId: 7,
  MFGDate: '2026-02-01',
  EXPDate: '2028-01-31',
  Qty: 20,
});
const dispatch: DispatchSave = {
  WareHouseId: 4,
  SendTo: 0,
  scanned: [row(1), row(2)],
  TransportModeId: 1,
  LR: 'LR-1',
  Remark: '',
  DispatchId: DID,
} as DispatchSave;
// A dispatch entry's effect reads nothing from the cache.
const local = localWorkOf(
  [{ endpoint: DISPATCH_API.save.path, payload: dispatch, status: 'pending' }],
  undefined as unknown as FloorCache,
);
const state = (transit: boolean, cacheSent: SentCarton[] = []) => ({
  rows: [],
  transit,
  sent: sentIndex(cacheSent, local.sentHere),
  returned: local.returned,
});

describe('a return of cartons dispatched on this device', () => {
  it('lists them as on their way on the DID the device gave them', () => {
    expect([...local.sentHere.values()]).toEqual(
      [1, 2].map((n) => ({
        CartonId: tid(n),
        DispatchId: DID,
        Leg: 'sent',
        ProductName: 'Neem Gold 1 L',
        MFGDate: '2026-02-01',
        EXPDate: '2028-01-31',
      })),
    );
  });

  it('takes one back from transit before any refresh, and all of them by the DID', () => {
    expect(checkReturnScan(tid(1), state(true))).toEqual({
      kind: 'add',
      message: RETURN_DEVICE_MSG.added(tid(1)),
      rows: [
        {
          CartonId: tid(1),
          ProductName: 'Neem Gold 1 L',
          MFGDate: '2026-02-01',
          EXPDate: '2028-01-31',
          DispatchId: DID,
        },
      ],
    });
    const all = checkReturnScan(DID, state(true));
    expect(all.kind === 'add' && all.rows.map((r) => r.CartonId)).toEqual([tid(1), tid(2)]);
  });

  it('refuses them unticked (they are in transit), and a carton it never dispatched is asked of the server', () => {
    expect(checkReturnScan(tid(1), state(false))).toEqual({
      kind: 'refuse',
      message: RETURN_MSG.inTransit(tid(1), DID),
    });
    expect(checkReturnScan(tid(3), state(true))).toEqual({
      kind: 'ask',
      id: tid(3),
      offline: RETURN_DEVICE_MSG.notInDeviceData(tid(3)),
    });
  });

  it('follows the cache once it lists the carton: received there, so not from transit', () => {
    const received: SentCarton = {
      CartonId: tid(1),
      DispatchId: DID,
      Leg: 'received',
      ProductName: 'Neem Gold 1 L',
      MFGDate: '2026-02-01',
      EXPDate: '2028-01-31',
    };
    expect(checkReturnScan(tid(1), state(true, [received]))).toEqual({
      kind: 'refuse',
      message: RETURN_MSG.received(tid(1), DID),
    });
    expect(checkReturnScan(tid(1), state(false, [received])).kind).toBe('add');
  });
});
