// Older stock first on Dispatch (spec 2 sections 4, 8; DESIGN section 4), on a real database: a carton
// scanned while an older batch of its product waits at the site (a tertiary or a loose secondary
// carton, not scanned) answers '500' with the older stock list; the user goes on with checkItemDate
// false; the save of newer stock then needs the approval remark, which is stored on the dispatch.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISPATCH_API, DISPATCH_MSG, type DispatchSave } from '../../../src/shared/contracts/floor/dispatch.js';
import { mappings } from '../../../src/server/db/schema.js';
import { checkData } from '../../helpers/endpoint-call.js';
import {
  dispatchBody,
  dispatchFactory,
  dispatchHeld,
  dispatchState,
  insertWarehouse,
  Packer,
} from '../../helpers/factories-dispatch.js';
import { cartonSize, slip, type FloorFactory } from '../../helpers/factories-floor.js';
import { appCodes, insertMapping, staticSeries } from '../../helpers/factories-pairs.js';
import { insertProduct, nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let C: FloorFactory;
let depot: number;
let didNo = 0;
// Cartons of C's product: January (batch B-1) and March (B-MAR); one of another product, January.
let oldSid: string;
let oldTid: string;
let newSid: string;
let newTid: string;
let otherProduct: string;

const scan = (id: string, query = '') => t.get(`${DISPATCH_API.scan.path}?sid=${id}${query}`, C.token);
const scanWith = (id: string, scanned: unknown[], query = '') =>
  t.post(`${DISPATCH_API.scanWithList.path}?sid=${id}${query}`, { scanned }, C.token);
const body = (ids: string[], extra: Partial<DispatchSave> = {}) =>
  dispatchBody({ WareHouseId: depot }, ids, { DispatchId: slip('DID', C.prefix, ++didNo), ...extra });
const save = (b: DispatchSave) => t.post(DISPATCH_API.save.path, b, C.token);

beforeAll(async () => {
  const codes = await appCodes(t);
  C = await dispatchFactory(t, nextPrefix());
  depot = (await insertWarehouse(t.db, C.companyId, { prefix: nextPrefix() })).id;
  const march = await insertMapping(t.db, {
    companyId: C.companyId,
    productId: C.productId,
    series: staticSeries(C.prefix),
    fromNo: 5001,
    toNo: 5100,
    batchNo: 'B-MAR',
  });
  await t.db.update(mappings).set({ mfgDate: '2026-03-01', expDate: '2028-03-01' }).where(eq(mappings.id, march.id));
  const p2 = await insertProduct(t.db, C.companyId);
  await insertMapping(t.db, {
    companyId: C.companyId,
    productId: p2.id,
    series: staticSeries(C.prefix),
    fromNo: 6001,
    toNo: 6100,
  });
  const pack = new Packer(t, codes, C, await cartonSize(t.db, 2));
  oldSid = await pack.sid(1);
  oldTid = await pack.tid([3, 5]);
  otherProduct = await pack.sid(6001);
  newSid = await pack.sid(5001);
  newTid = await pack.tid([5003, 5005]);
});

describe('the scan', () => {
  it("a newer carton answers '500' with the older cartons of its product at the site, oldest first", async () => {
    for (const newer of [newSid, newTid]) {
      const res = await scan(newer, '&checkItemDate=true');
      expect(res.body.ResponseCode).toBe('500');
      expect(res.body.ResponseMessage).toBe(DISPATCH_MSG.olderStock);
      const list = DISPATCH_API.scan.data.array().parse(res.body.ResponseData);
      expect(list.map((r) => [r.CartonId, r.BatchNo, r.MFGDate, r.Qty])).toEqual([
        [oldSid, 'B-1', '2026-01-10', 2],
        [oldTid, 'B-1', '2026-01-10', 4],
      ]);
    }
  });

  it('the cartons scanned so far are not waiting (in the address, or in a POST body)', async () => {
    expect((await scan(newSid, `&scanned=${oldSid},${oldTid}`)).body).toMatchObject({
      ResponseCode: '200',
      ResponseData: { CartonId: newSid },
    });
    const one = await scanWith(newSid, [oldSid]);
    expect(one.body.ResponseCode).toBe('500');
    expect(
      DISPATCH_API.scan.data
        .array()
        .parse(one.body.ResponseData)
        .map((r) => r.CartonId),
    ).toEqual([oldTid]);
    // The spec's scanned rows are taken too.
    const rows = await scanWith(newSid, [{ CartonId: oldSid }, { CartonId: oldTid }]);
    expect(rows.body).toMatchObject({ ResponseCode: '200', ResponseData: { CartonId: newSid } });
  });

  it('once the user goes on with the newer stock (checkItemDate=false), the row; an older carton scans clean', async () => {
    const res = await scan(newTid, '&checkItemDate=false');
    checkData(DISPATCH_API.scan, res.body.ResponseData);
    expect(res.body).toMatchObject({
      ResponseCode: '200',
      ResponseData: { CartonId: newTid, BatchNo: 'B-MAR', MFGDate: '2026-03-01', EXPDate: '2028-03-01', Qty: 4 },
    });
    for (const older of [oldSid, oldTid, otherProduct])
      expect((await scan(older)).body).toMatchObject({ ResponseCode: '200', ResponseData: { CartonId: older } });
  });
});

describe('the save', () => {
  it('of newer stock while older stock waits needs the approval remark; nothing changes without it', async () => {
    const b = body([newSid]);
    const before = await dispatchState(t.db, C.prefix, [newSid]);
    expect((await save(b)).body).toMatchObject({ ResponseCode: '400', ResponseMessage: DISPATCH_MSG.approvalRequired });
    expect(await dispatchState(t.db, C.prefix, [newSid])).toEqual(before);
  });

  it('with the remark it goes, and the remark is stored on the dispatch and in its event', async () => {
    const b = body([newSid], { Remark: '  Older lot on hold for QC  ' });
    const res = await save(b);
    expect(res.body.ResponseCode).toBe('200');
    const held = await dispatchHeld(t.db, b.DispatchId!);
    expect(held.dispatch!.remark).toBe('Older lot on hold for QC');
    expect(held.logged[0]!.detail).toMatchObject({ remark: 'Older lot on hold for QC' });
  });

  it('with the older cartons on the same dispatch, no remark is needed', async () => {
    expect((await save(body([newTid]))).body.ResponseMessage).toBe(DISPATCH_MSG.approvalRequired);
    const b = body([newTid, oldTid, oldSid]);
    expect((await save(b)).body.ResponseCode).toBe('200');
    expect((await dispatchHeld(t.db, b.DispatchId!)).dispatch!.remark).toBeNull();
  });
});
