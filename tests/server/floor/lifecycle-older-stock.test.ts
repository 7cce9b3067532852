// Older stock first counts only stock that may go the same way (issue 25, after the lifecycle's carton
// guard), on a real database (PGlite; PostgreSQL with DATABASE_URL). On recall day the recalled older
// cartons at a site neither answer the dispatch scan or the tertiary scan with '500' nor ask Dispatch/save
// or Tertiary Packing for an approval remark, and the '500' list offers only cartons that could go; they
// still wait for a factory of the company, where they may go. Expired older cartons do not wait for a
// dealer, but do for a warehouse (the scan's own default) and for a TID.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISPATCH_API, DISPATCH_MSG, type DispatchSave } from '../../../src/shared/contracts/floor/dispatch.js';
import { PACKING_API, PACKING_MSG } from '../../../src/shared/contracts/floor/packing.js';
import { RECALL_API, RECALL_MSG } from '../../../src/shared/contracts/recall.js';
import { PAGE } from '../../../src/shared/pages.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { olderStockAt } from '../../../src/server/domain/dispatch-cartons.js';
import { olderStock } from '../../../src/server/domain/packing-tertiary.js';
import { mappings } from '../../../src/server/db/schema.js';
import { send } from '../../helpers/endpoint-call.js';
import {
  dispatchBody,
  dispatchFactory,
  dispatchHeld,
  dispatchState,
  insertDealer,
  insertWarehouse,
  Packer,
} from '../../helpers/factories-dispatch.js';
import {
  cartonSize,
  secondaryHeld,
  slip,
  tertiaryBody,
  tertiaryHeld,
  type FloorFactory,
} from '../../helpers/factories-floor.js';
import { appCodes, insertColleague, insertMapping, staticSeries } from '../../helpers/factories-pairs.js';
import { insertReference, nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let codes: CodeMac;
let size2: number;
let road = 0;

/** A dispatching factory with its January batch B-1 (codes 1..1000), a February batch FEB (3001..3100)
 *  and a March batch MAR (5001..5100); its dealer, a warehouse and another factory of its company. */
async function site() {
  const F: FloorFactory = await dispatchFactory(t, nextPrefix());
  const batch = async (fromNo: number, batchNo: string, mfgDate: string) => {
    const m = await insertMapping(t.db, {
      companyId: F.companyId,
      productId: F.productId,
      series: staticSeries(F.prefix),
      fromNo,
      toNo: fromNo + 99,
      batchNo,
    });
    await t.db.update(mappings).set({ mfgDate }).where(eq(mappings.id, m.id));
  };
  await batch(3001, 'FEB', '2026-02-01');
  await batch(5001, 'MAR', '2026-03-01');
  const mapper = await insertColleague(t, F, [PAGE.mapping.key]);
  let didNo = 0;
  let tidNo = 450;
  return {
    F,
    pack: new Packer(t, codes, F, size2),
    dealer: await insertDealer(t.db, F.companyId),
    depot: (await insertWarehouse(t.db, F.companyId, { prefix: nextPrefix() })).id,
    plant: (await insertWarehouse(t.db, F.companyId, { prefix: nextPrefix(), isFactory: true })).id,
    /** The dispatch scan, checking older stock, for the target in `query` (none: the scan's default). */
    scan: (id: string, query = '') => t.get(`${DISPATCH_API.scan.path}?sid=${id}&checkItemDate=true${query}`, F.token),
    /** The tertiary screen's scan, checking older stock. */
    scanLoose: (id: string) => t.post(`${PACKING_API.scanSecondary.path}?sid=${id}`, { scanned: [] }, F.token),
    /** A save's body with no approval remark. */
    body: (target: { WareHouseId?: number; SendTo?: number }, ids: string[]): DispatchSave =>
      dispatchBody(target, ids, { TransportModeId: road, DispatchId: slip('DID', F.prefix, ++didNo), Remark: '' }),
    save: (b: DispatchSave) => t.post(DISPATCH_API.save.path, b, F.token),
    /** Tertiary Packing's save of `sids` with no approval remark; the TID's id with the answer. */
    packTid: async (sids: string[]) => {
      const tid = slip('TID', F.prefix, ++tidNo);
      return { tid, res: await t.post(PACKING_API.tertiarySave.path, tertiaryBody(size2, sids, tid), F.token) };
    },
    recall: async (BatchNo: string, Reason: string) =>
      expect((await send(t, RECALL_API.save, { ProductId: F.productId, BatchNo, Reason }, mapper)).body).toMatchObject({
        ResponseCode: '200',
        ResponseMessage: RECALL_MSG.saved,
      }),
    /** The caller's site as the domain rules take it. */
    at: { userId: 0, companyId: F.companyId, siteId: F.siteId, prefix: F.prefix },
  };
}

/** The ids of a '500' answer's older-stock list, after its message. */
const olderList = (body: { ResponseCode: string; ResponseMessage: string; ResponseData: unknown }) => [
  body.ResponseCode,
  body.ResponseMessage,
  (body.ResponseData as Array<{ CartonId: string }>).map((r) => r.CartonId),
];

beforeAll(async () => {
  await insertReference(t.db);
  codes = await appCodes(t);
  size2 = await cartonSize(t.db, 2);
  const probe = await dispatchFactory(t, nextPrefix());
  road = (
    (await send(t, DISPATCH_API.modes, undefined, probe.token)).body.ResponseData as Array<{ TransportModeId: number }>
  )[0]!.TransportModeId;
});

describe('recalled older stock at the site', () => {
  it('does not hold back newer clean stock to a dealer or a warehouse, nor into a TID; to a factory it still waits', async () => {
    const s = await site();
    const oldSid = await s.pack.sid(1);
    const oldTid = await s.pack.tid([3, 5]);
    const [newSid, newA, newB] = [await s.pack.sid(5001), await s.pack.sid(5003), await s.pack.sid(5005)];
    // Before the recall January waits for every target and for a TID.
    expect(olderList((await s.scan(newSid, `&SendTo=${s.dealer}`)).body)).toEqual([
      '500',
      DISPATCH_MSG.olderStock,
      [oldSid, oldTid],
    ]);
    expect(olderList((await s.scanLoose(newA)).body)).toEqual(['500', PACKING_MSG.olderStock, [oldSid]]);

    await s.recall('B-1', 'Seal failure');
    expect((await s.scan(newSid, `&SendTo=${s.dealer}`)).body).toMatchObject({
      ResponseCode: '200',
      ResponseData: { CartonId: newSid, BatchNo: 'MAR' },
    });
    expect((await s.scan(newSid, `&WareHouseId=${s.depot}`)).body).toMatchObject({
      ResponseCode: '200',
      ResponseData: { CartonId: newSid },
    });
    expect((await s.scan(newSid)).body).toMatchObject({ ResponseCode: '200', ResponseData: { CartonId: newSid } });
    // Recalled stock may go back to a factory: there it is older stock still.
    expect(olderList((await s.scan(newSid, `&WareHouseId=${s.plant}`)).body)).toEqual([
      '500',
      DISPATCH_MSG.olderStock,
      [oldSid, oldTid],
    ]);

    const toDealer = s.body({ SendTo: s.dealer }, [newSid]);
    expect((await s.save(toDealer)).body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: DISPATCH_MSG.saved(toDealer.DispatchId!, 1),
    });
    expect((await dispatchHeld(t.db, toDealer.DispatchId!)).dispatch).toMatchObject({
      remark: null,
      toUserId: s.dealer,
    });

    expect((await s.scanLoose(newA)).body).toMatchObject({ ResponseCode: '200', ResponseData: { CartonId: newA } });
    const { tid, res } = await s.packTid([newA, newB]);
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseMessage: PACKING_MSG.tertiarySaved(tid, 2) });
    expect(await tertiaryHeld(t.db, tid)).toMatchObject({ carton: { remark: null }, sids: [newA, newB].sort() });

    // To the factory the approval is still asked, and nothing moves without it.
    const newC = await s.pack.sid(5007);
    const toPlant = s.body({ WareHouseId: s.plant }, [newC]);
    const before = await dispatchState(t.db, s.F.prefix, [newC]);
    expect((await s.save(toPlant)).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: DISPATCH_MSG.approvalRequired,
      ResponseData: null,
    });
    expect(await dispatchState(t.db, s.F.prefix, [newC])).toEqual(before);
  });

  it('is left out of the older-stock list, which offers the clean older cartons alone; they still ask for the remark', async () => {
    const s = await site();
    const oldSid = await s.pack.sid(1);
    const oldTid = await s.pack.tid([3, 5]);
    const febSid = await s.pack.sid(3001);
    const febTid = await s.pack.tid([3003, 3005]);
    const [newSid, newA, newB] = [await s.pack.sid(5001), await s.pack.sid(5003), await s.pack.sid(5005)];
    await s.recall('B-1', 'Seal failure');

    expect(olderList((await s.scan(newSid, `&SendTo=${s.dealer}`)).body)).toEqual([
      '500',
      DISPATCH_MSG.olderStock,
      [febSid, febTid],
    ]);
    expect(olderList((await s.scan(newSid)).body)).toEqual(['500', DISPATCH_MSG.olderStock, [febSid, febTid]]);
    expect(olderList((await s.scanLoose(newA)).body)).toEqual(['500', PACKING_MSG.olderStock, [febSid]]);

    const toDealer = s.body({ SendTo: s.dealer }, [newSid]);
    const before = await dispatchState(t.db, s.F.prefix, [newSid]);
    expect((await s.save(toDealer)).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: DISPATCH_MSG.approvalRequired,
      ResponseData: null,
    });
    expect(await dispatchState(t.db, s.F.prefix, [newSid])).toEqual(before);
    const held = [await secondaryHeld(t.db, newA), await secondaryHeld(t.db, newB)];
    const { tid, res } = await s.packTid([newA, newB]);
    expect(res.body).toEqual({
      ResponseCode: '400',
      ResponseMessage: PACKING_MSG.approvalRequired,
      ResponseData: null,
    });
    expect(await tertiaryHeld(t.db, tid)).toEqual({ carton: undefined, sids: [] });
    expect([await secondaryHeld(t.db, newA), await secondaryHeld(t.db, newB)]).toEqual(held);

    // Page by page, a save looks past every recalled carton to the first that could go (a page of one here).
    const newer = [{ CartonId: newSid, ProductId: s.F.productId, MFGDate: '2026-03-01' }];
    expect(await olderStockAt(t.db, s.at, 'dispatch-dealer', newer, [], 1, 1)).toEqual([
      { CartonId: febSid, ProductId: s.F.productId, MFGDate: '2026-02-01' },
    ]);
    expect(await olderStockAt(t.db, s.at, 'dispatch-dealer', newer, [], 200, 1)).toEqual([
      { CartonId: febSid, ProductId: s.F.productId, MFGDate: '2026-02-01' },
      { CartonId: febTid, ProductId: s.F.productId, MFGDate: '2026-02-01' },
    ]);
    expect((await olderStock(t.db, s.at, s.F.productId, '2026-03-01', [newA], 1, 1)).map((c) => c.sid)).toEqual([
      febSid,
    ]);
    expect((await olderStock(t.db, s.at, s.F.productId, '2026-03-01', [newA], 200, 1)).map((c) => c.sid)).toEqual([
      febSid,
    ]);
    expect((await olderStockAt(t.db, s.at, 'dispatch-factory', newer, [], 3, 1)).map((c) => c.CartonId)).toEqual([
      oldSid,
      oldTid,
      febSid,
    ]);
  });
});

describe('expired older stock at the site', () => {
  it("does not hold back a dispatch to a dealer; to a warehouse (the scan's default) and into a TID it does", async () => {
    const s = await site();
    const oldSid = await s.pack.sid(1);
    const oldTid = await s.pack.tid([3, 5]);
    const [newSid, newA] = [await s.pack.sid(5001), await s.pack.sid(5003)];
    // The January batch's expiry is corrected to a day long past.
    await t.db.update(mappings).set({ expDate: '2026-01-11' }).where(eq(mappings.id, s.F.mappingId));

    expect((await s.scan(newSid, `&SendTo=${s.dealer}`)).body).toMatchObject({
      ResponseCode: '200',
      ResponseData: { CartonId: newSid },
    });
    expect(olderList((await s.scan(newSid)).body)).toEqual(['500', DISPATCH_MSG.olderStock, [oldSid, oldTid]]);
    expect(olderList((await s.scan(newSid, `&WareHouseId=${s.depot}`)).body)).toEqual([
      '500',
      DISPATCH_MSG.olderStock,
      [oldSid, oldTid],
    ]);
    expect(olderList((await s.scanLoose(newA)).body)).toEqual(['500', PACKING_MSG.olderStock, [oldSid]]);

    const toDepot = s.body({ WareHouseId: s.depot }, [newSid]);
    const before = await dispatchState(t.db, s.F.prefix, [newSid]);
    expect((await s.save(toDepot)).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: DISPATCH_MSG.approvalRequired,
      ResponseData: null,
    });
    expect(await dispatchState(t.db, s.F.prefix, [newSid])).toEqual(before);

    const toDealer = s.body({ SendTo: s.dealer }, [newSid]);
    expect((await s.save(toDealer)).body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: DISPATCH_MSG.saved(toDealer.DispatchId!, 1),
    });
    expect((await dispatchHeld(t.db, toDealer.DispatchId!)).dispatch).toMatchObject({
      remark: null,
      toUserId: s.dealer,
    });
  });
});
