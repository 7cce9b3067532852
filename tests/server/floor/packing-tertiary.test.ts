// TertiaryPacking/save and GetScanSecondaryPacking, and ProductDamage/CartonDamage, on a real
// database: secondary cartons packed through the real save, then packed into a tertiary carton once;
// the older-stock rule ('500' on the scan, the approval remark on the save); every bad carton refused
// with the cartons at fault and nothing changed; a damaged carton and its packs damaged for good.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARTON_DAMAGE_API, CARTON_DAMAGE_MSG } from '../../../src/shared/contracts/floor/carton-damage.js';
import { PACKING_API, PACKING_MSG, type TertiarySave } from '../../../src/shared/contracts/floor/packing.js';
import { items, mappings, secondaryCartons } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { listBody } from '../../helpers/factories.js';
import {
  cartonSize,
  codesOf,
  floorFactory,
  secondaryBody,
  secondaryHeld,
  slip,
  tertiaryBody,
  tertiaryHeld,
  type FloorFactory,
} from '../../helpers/factories-floor.js';
import { appCodes, insertMapping, staticSeries } from '../../helpers/factories-pairs.js';
import { insertProduct, nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let codes: CodeMac;
let A: FloorFactory;
let B: FloorFactory;
let size2: number;
let size3: number;
let sidNo = 0;
let tidNo = 0;
let serial = 0;

const post = (path: string, body: unknown, token = A.token) => t.post(path, body, token);
const nextTid = (f = A) => slip('TID', f.prefix, ++tidNo);

/** Packs a secondary carton of two packs from `from` (the factory's series) through the real save. */
async function packSid(f = A, from?: number): Promise<string> {
  const sid = slip('SID', f.prefix, ++sidNo);
  const start = from ?? (serial += 2) - 1;
  const res = await post(
    PACKING_API.secondarySave.path,
    secondaryBody(size2, codesOf(codes, f.prefix, start, start + 1), sid),
    f.token,
  );
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return sid;
}

beforeAll(async () => {
  codes = await appCodes(t);
  A = await floorFactory(t, nextPrefix());
  B = await floorFactory(t, nextPrefix());
  size2 = await cartonSize(t.db, 2);
  size3 = await cartonSize(t.db, 3);
  // Codes 5001.. of A are made later (MFG in March): newer stock than 1..1000 (January).
  const newer = await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 5001,
    toNo: 5100,
    batchNo: 'B-MAR',
  });
  await t.db.update(mappings).set({ mfgDate: '2026-03-01', expDate: '2028-03-01' }).where(eq(mappings.id, newer.id));
  const p2 = await insertProduct(t.db, A.companyId);
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: p2.id,
    series: staticSeries(A.prefix),
    fromNo: 6001,
    toNo: 6100,
  });
});

describe('tertiary packing', () => {
  it('packs loose secondary cartons once, and lists it', async () => {
    const sids = [await packSid(), await packSid()];
    const tid = nextTid();
    const res = await post(PACKING_API.tertiarySave.path, tertiaryBody(size2, sids, tid));
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: PACKING_MSG.tertiarySaved(tid, 2),
      ResponseData: { CartonId: tid, TotalQty: 2, CartonName: expect.any(String) },
    });
    const held = await tertiaryHeld(t.db, tid);
    expect(held.sids).toEqual(sids);
    expect(held.carton).toMatchObject({
      qty: 2,
      productId: A.productId,
      locationSiteId: A.siteId,
      batchNo: 'B-1',
      mfgDate: '2026-01-10',
    });
    const list = PACKING_API.tertiaryList.data.parse(
      (await post(PACKING_API.tertiaryList.path, listBody())).body.ResponseData,
    );
    expect(list[0]).toMatchObject({ TertiaryCartonId: tid, TotalSecondaryCarton: 2 });
    // The cartons inside are no longer loose: packing them again is refused.
    const again = await post(PACKING_API.tertiarySave.path, tertiaryBody(size2, sids, nextTid()));
    expect(again.body).toMatchObject({
      ResponseCode: '400',
      ResponseData: {
        Items: [
          { Code: sids[0], Reason: PACKING_MSG.inTertiary(sids[0]!, tid) },
          { Code: sids[1], Reason: PACKING_MSG.inTertiary(sids[1]!, tid) },
        ],
      },
    });
  });

  const refused = async (body: TertiarySave, message: string, token = A.token) => {
    const res = await post(PACKING_API.tertiarySave.path, body, token);
    expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: message });
    expect((await tertiaryHeld(t.db, body.CartonName.toUpperCase())).carton).toBeUndefined();
    return res.body.ResponseData as { Items: Array<{ Code: string; Reason: string }> } | null;
  };

  it('a scan that is not a SID: Invalid Carton; the same SID twice: already Scanned', async () => {
    const sid = await packSid();
    const data = await refused(tertiaryBody(size3, [sid, 'TID26AB00001', sid], nextTid()), PACKING_MSG.itemsRefused(2));
    expect(data!.Items).toEqual([
      { Code: 'TID26AB00001', Reason: PACKING_MSG.invalidCarton },
      { Code: sid, Reason: PACKING_MSG.alreadyScanned },
    ]);
  });

  it('cartons of another product: only Similar Items Can be packed', async () => {
    const same = await packSid();
    const other = await packSid(A, 6001);
    const data = await refused(tertiaryBody(size2, [same, other], nextTid()), PACKING_MSG.similarItems);
    expect(data!.Items).toEqual([{ Code: other, Reason: PACKING_MSG.similarItems }]);
    expect((await secondaryHeld(t.db, same)).carton!.tid).toBeNull();
  });

  it("another site's carton is not at this site", async () => {
    const theirs = await packSid(B, 1);
    const data = await refused(tertiaryBody(size2, [await packSid(), theirs], nextTid()), PACKING_MSG.notHere(theirs));
    expect(data!.Items).toEqual([{ Code: theirs, Reason: PACKING_MSG.notHere(theirs) }]);
  });

  it('count, fractional remark and slip rules as secondary packing', async () => {
    const sids = [await packSid(), await packSid(), await packSid()];
    await refused(tertiaryBody(size2, sids, nextTid()), PACKING_MSG.cartonFull);
    await refused(tertiaryBody(size3, sids.slice(0, 2), nextTid()), PACKING_MSG.fractional);
    await refused(tertiaryBody(size3, sids, slip('SID', A.prefix, 499)), PACKING_MSG.invalidSlip);
    await refused(tertiaryBody(size3, sids, slip('TID', B.prefix, 499)), PACKING_MSG.invalidSlip);
    const tid = nextTid();
    const ok = await post(
      PACKING_API.tertiarySave.path,
      tertiaryBody(size3, sids.slice(0, 2), tid, { reason: 'Last of the batch' }),
    );
    expect(ok.body.ResponseCode).toBe('200');
    expect((await tertiaryHeld(t.db, tid)).carton).toMatchObject({ qty: 2, reason: 'Last of the batch' });
  });
});

describe('older stock first', () => {
  let older: string;
  let newer: string;

  beforeAll(async () => {
    // Empty the site of loose January cartons left by other tests: they are older stock too.
    await t.db
      .update(secondaryCartons)
      .set({ state: 'damaged' })
      .where(sql`${secondaryCartons.tid} is null and ${secondaryCartons.siteId} = ${A.siteId}`);
    older = await packSid(A, 901);
    newer = await packSid(A, 5001);
  });

  it('scanning the newer carton answers 500 with the older stock list', async () => {
    const res = await t.post(`${PACKING_API.scanSecondary.path}?sid=${newer}`, { scanned: [] }, A.token);
    expect(res.body.ResponseCode).toBe('500');
    expect(res.body.ResponseMessage).toBe(PACKING_MSG.olderStock);
    const list = PACKING_API.scanSecondary.data.array().parse(res.body.ResponseData);
    expect(list.map((r) => r.CartonId)).toEqual([older]);
    expect(list[0]).toMatchObject({ BatchNo: 'B-1', MFGDate: '2026-01-10', Qty: 2, ProductId: A.productId });
  });

  it('once the user goes on with the newer stock (checkItemDate=false), the row; the older one itself scans clean', async () => {
    const res = await t.post(
      `${PACKING_API.scanSecondary.path}?sid=${newer}&checkItemDate=false`,
      { scanned: [] },
      A.token,
    );
    expect(res.body).toMatchObject({
      ResponseCode: '200',
      ResponseData: { CartonId: newer, BatchNo: 'B-MAR', MFGDate: '2026-03-01', EXPDate: '2028-03-01' },
    });
    const plain = await t.post(`${PACKING_API.scanSecondary.path}?sid=${older}`, { scanned: [] }, A.token);
    expect(plain.body).toMatchObject({ ResponseCode: '200', ResponseData: { CartonId: older } });
    const bad = await t.post(`${PACKING_API.scanSecondary.path}?sid=PID42`, { scanned: [] }, A.token);
    expect(bad.body).toMatchObject({ ResponseCode: '400', ResponseMessage: PACKING_MSG.invalidCarton });
  });

  it('the save of newer stock needs the approval remark, and stores it', async () => {
    await refused(tertiaryBody(size3, [newer], nextTid(), { reason: 'Part pallet' }), PACKING_MSG.approvalRequired);
    const tid = nextTid();
    const res = await post(
      PACKING_API.tertiarySave.path,
      tertiaryBody(size3, [newer], tid, { reason: 'Part pallet', remark: 'Older lot on hold for QC' }),
    );
    expect(res.body.ResponseCode).toBe('200');
    expect((await tertiaryHeld(t.db, tid)).carton).toMatchObject({
      remark: 'Older lot on hold for QC',
      mfgDate: '2026-03-01',
    });
  });

  const refused = async (body: TertiarySave, message: string) => {
    const res = await post(PACKING_API.tertiarySave.path, body);
    expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: message });
  };
});

describe('damage carton', () => {
  const damage = (DamageCid: string, Reason = 'Crushed by forklift', token = A.token) =>
    post(CARTON_DAMAGE_API.damage.path, { DamageCid, Reason }, token);

  it('a secondary carton and its packs become damaged for good; it cannot be packed or damaged again', async () => {
    const sid = await packSid();
    const res = await damage(sid);
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: CARTON_DAMAGE_MSG.done(sid, 2),
      ResponseData: { CartonId: sid, Packs: 2, Cartons: 1 },
    });
    expect((await secondaryHeld(t.db, sid)).carton!.state).toBe('damaged');
    expect(
      (await t.db.select({ s: items.status }).from(items).where(eq(items.secondaryId, sid))).map((r) => r.s),
    ).toEqual(['damaged', 'damaged']);
    expect((await damage(sid)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: CARTON_DAMAGE_MSG.already(sid),
    });
    const pack = await post(PACKING_API.tertiarySave.path, tertiaryBody(size2, [sid, await packSid()], nextTid()));
    expect(pack.body).toMatchObject({
      ResponseCode: '400',
      ResponseData: { Items: [{ Code: sid, Reason: PACKING_MSG.cartonDamaged(sid) }] },
    });
  });

  it('a tertiary carton takes its secondary cartons and their packs with it', async () => {
    const sids = [await packSid(), await packSid()];
    const tid = nextTid();
    expect((await post(PACKING_API.tertiarySave.path, tertiaryBody(size2, sids, tid))).body.ResponseCode).toBe('200');
    const res = await damage(tid.toLowerCase());
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseData: { CartonId: tid, Packs: 4, Cartons: 2 } });
    for (const sid of sids) expect((await secondaryHeld(t.db, sid)).carton!.state).toBe('damaged');
  });

  it("the spec's messages for a short reason and a scan that is no carton; another site's carton", async () => {
    const sid = await packSid();
    expect((await damage(sid, 'torn')).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: CARTON_DAMAGE_MSG.reason,
    });
    expect((await damage(sid, 'x'.repeat(201))).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: CARTON_DAMAGE_MSG.reason,
    });
    expect((await damage('PID42')).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: CARTON_DAMAGE_MSG.invalidScan,
    });
    expect((await damage(sid, 'Crushed by forklift', B.token)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: CARTON_DAMAGE_MSG.notHere(sid),
    });
    expect((await secondaryHeld(t.db, sid)).carton!.state).toBe('packed');
  });
});
