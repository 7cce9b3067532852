// Dispatch on a real database (PGlite; PostgreSQL with DATABASE_URL): cartons packed through the real
// saves leave the factory for a warehouse or a dealer on one DID, with the invoice data as the answer;
// the spec's messages; every carton at fault named and nothing changed; the DID block rules; the
// older-stock rule ('500' on the scan, the remark on the save); exactly once (Idempotency-Key, the
// outbox's push, two devices); rights and company scoping.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSlipId } from '../../../src/shared/codes.js';
import { CARTON_DAMAGE_API } from '../../../src/shared/contracts/floor/carton-damage.js';
import { DISPATCH_API, DISPATCH_MSG, type DispatchSave } from '../../../src/shared/contracts/floor/dispatch.js';
import { PUSH_API } from '../../../src/shared/contracts/floor/push.js';
import { SITE_API } from '../../../src/shared/contracts/site.js';
import { USERS_API } from '../../../src/shared/contracts/users/common.js';
import { PAGE } from '../../../src/shared/pages.js';
import { secondaryCartons, sites, users } from '../../../src/server/db/schema.js';
import { slipYear } from '../../../src/server/domain/slip-ids.js';
import { IDEMPOTENCY_MSG } from '../../../src/server/http/idempotency.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { checkData } from '../../helpers/endpoint-call.js';
import { listBody } from '../../helpers/factories.js';
import {
  BILL_NAMES,
  cartonAt,
  didCounter,
  dispatchBody,
  dispatchFactory,
  dispatchHeld,
  dispatchState,
  insertDealer,
  insertWarehouse,
  Packer,
} from '../../helpers/factories-dispatch.js';
import { cartonSize, slip, type FloorFactory } from '../../helpers/factories-floor.js';
import { appCodes, insertColleague } from '../../helpers/factories-pairs.js';
import { insertReference, nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let A: FloorFactory;
let B: FloorFactory;
let packA: Packer;
let packB: Packer;
let depot: { id: number; name: string };
let dealer: number;
let road: number;
let didNo = 0;

const save = (body: unknown, token = A.token, headers: Record<string, string> = {}) =>
  t.raw({
    method: 'POST',
    url: `/API/api/${DISPATCH_API.save.path}`,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
/** The next DID of A's reserved block (the factory's slips 1..500 are printed). */
const nextDid = () => slip('DID', A.prefix, ++didNo);
const toDepot = (ids: string[], extra: Partial<DispatchSave> = {}) =>
  dispatchBody({ WareHouseId: depot.id }, ids, { TransportModeId: road, DispatchId: nextDid(), ...extra });
const items = (data: unknown) => (data as { Items: Array<{ Code: string; Reason: string }> }).Items;

/** The save is refused with `message` and the database is as it was. */
async function refused(body: unknown, message: string, token = A.token) {
  const ids = ((body as { scanned?: Array<{ CartonId: string }> }).scanned ?? []).map((s) => s.CartonId);
  const before = await dispatchState(t.db, A.prefix, ids);
  const res = await save(body, token);
  expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: message });
  expect(await dispatchState(t.db, A.prefix, ids)).toEqual(before);
  return res.body.ResponseData;
}

beforeAll(async () => {
  await insertReference(t.db);
  const codes = await appCodes(t);
  A = await dispatchFactory(t, nextPrefix());
  B = await dispatchFactory(t, nextPrefix());
  const size2 = await cartonSize(t.db, 2);
  packA = new Packer(t, codes, A, size2);
  packB = new Packer(t, codes, B, size2);
  const w = await insertWarehouse(t.db, A.companyId, { name: 'North Depot', prefix: nextPrefix() });
  depot = { id: w.id, name: w.name };
  dealer = await insertDealer(t.db, A.companyId, { firstName: 'Ravi', lastName: 'Traders' });
  const modes = await t.get(DISPATCH_API.modes.path, A.token);
  road = (modes.body.ResponseData as Array<{ TransportModeId: number; TransportMode: string }>).find(
    (m) => m.TransportMode === 'By Road',
  )!.TransportModeId;
});

describe('a dispatch', () => {
  it('sends a tertiary and a loose secondary carton to the warehouse, and answers the invoice data', async () => {
    const tid = await packA.tid();
    const sid = await packA.sid();
    const did = nextDid();
    const res = await save(toDepot([tid, sid], { DispatchId: did, LR: 'LR-7788' }), A.token, {
      'idempotency-key': 'dispatch-first-0001',
      'device-time': String(Date.UTC(2026, 5, 1, 9, 30)),
    });
    expect(res.body.ResponseMessage).toBe(DISPATCH_MSG.saved(did, 2));
    checkData(DISPATCH_API.save, res.body.ResponseData);
    expect(res.body.ResponseData).toEqual({
      CartonId: did,
      userDetail: {
        FirmName: 'North Depot',
        bill_Address1: 'Shed 4',
        bill_Address2: 'MIDC Road',
        bill_Pincode: '422010',
        ...BILL_NAMES,
      },
      TransportMode: 'By Road',
      LR: 'LR-7788',
      Qty: 2,
      cartonList: [
        { CartonId: tid, ProductName: A.productName, BatchNo: 'B-1', TotalQty: 4, ProductUOM: 'kg' },
        { CartonId: sid, ProductName: A.productName, BatchNo: 'B-1', TotalQty: 2, ProductUOM: 'kg' },
      ],
      CompanyLogo: 'logo-agro.png',
      CompanyName: expect.stringMatching(/^Company /),
      Address: 'Plot 7, MIDC',
      City: 'Nashik',
      Pincode: '422007',
      Mobile: '9822000111',
      CreatedDt: expect.any(String),
    });
    const held = await dispatchHeld(t.db, did);
    expect(held.dispatch).toMatchObject({
      companyId: A.companyId,
      fromSiteId: A.siteId,
      toSiteId: depot.id,
      toUserId: null,
      transportModeId: road,
      lr: 'LR-7788',
      remark: null,
      cartons: 2,
      packs: 6,
      state: 'sent',
      createdBy: A.userId,
      entryId: 'dispatch-first-0001',
      deviceAt: new Date(Date.UTC(2026, 5, 1, 9, 30)),
    });
    expect(held.legs.map((l) => [l.cartonId, l.qty, l.state, l.productId, l.batchNo, l.mfgDate])).toEqual([
      [sid, 2, 'sent', A.productId, 'B-1', '2026-01-10'],
      [tid, 4, 'sent', A.productId, 'B-1', '2026-01-10'],
    ]);
    expect(held.logged).toHaveLength(1);
    expect(held.logged[0]).toMatchObject({
      userId: A.userId,
      siteId: A.siteId,
      deviceBatch: 'dispatch-first-0001',
      detail: { did, toSiteId: depot.id, cartons: [tid, sid], packs: 6, transportModeId: road, lr: 'LR-7788' },
    });
    for (const id of [tid, sid]) expect(await cartonAt(t.db, id)).toEqual({ locationSiteId: null, dispatchId: did });
    // The secondary cartons inside the tertiary one follow it: they are not loose, and not dispatched alone.
    const inside = await t.db
      .select({ tid: secondaryCartons.tid, dispatchId: secondaryCartons.dispatchId })
      .from(secondaryCartons)
      .where(eq(secondaryCartons.tid, tid));
    expect(inside).toEqual([
      { tid, dispatchId: null },
      { tid, dispatchId: null },
    ]);

    const list = DISPATCH_API.list.data.parse(
      (await t.post(DISPATCH_API.list.path, listBody(), A.token)).body.ResponseData,
    );
    expect(list.find((r) => r.DispatchId === did)).toMatchObject({ TotalCarton: 2, userName: 'North Depot' });
  });

  it("to a dealer (SendTo as the spec client sends it, text): the dealer's name and billing address", async () => {
    const sid = await packA.sid();
    const did = nextDid();
    const res = await save(dispatchBody({ SendTo: String(dealer) }, [sid], { TransportModeId: road, DispatchId: did }));
    expect(res.body.ResponseCode).toBe('200');
    expect(res.body.ResponseData).toMatchObject({
      userDetail: { FirmName: 'Ravi Traders', bill_Address1: 'Shed 4', ...BILL_NAMES },
      Qty: 1,
    });
    expect((await dispatchHeld(t.db, did)).dispatch).toMatchObject({ toUserId: dealer, toSiteId: null });
    const list = DISPATCH_API.list.data.parse(
      (await t.post(DISPATCH_API.list.path, listBody({ SearchValue: did }), A.token)).body.ResponseData,
    );
    expect(list).toEqual([
      {
        DispatchId: did,
        TotalCarton: 1,
        CreatedDt: expect.any(String),
        userName: 'Ravi Traders',
        Remark: '',
        TotalRows: 1,
      },
    ]);
  });

  it('a tertiary carton counts the packs of its secondary cartons that are not damaged', async () => {
    const tid = await packA.tid();
    const [inside] = await t.db
      .select({ sid: secondaryCartons.sid })
      .from(secondaryCartons)
      .where(eq(secondaryCartons.tid, tid))
      .limit(1);
    expect(
      (await t.post(CARTON_DAMAGE_API.damage.path, { DamageCid: inside!.sid, Reason: 'Crushed by forklift' }, A.token))
        .body.ResponseCode,
    ).toBe('200');
    const res = await save(toDepot([tid]));
    expect(res.body.ResponseData).toMatchObject({ Qty: 1, cartonList: [{ CartonId: tid, TotalQty: 2 }] });
  });

  it('the transport modes are the seeded ones', async () => {
    const res = await t.get(DISPATCH_API.modes.path, A.token);
    checkData(DISPATCH_API.modes, res.body.ResponseData);
    expect((res.body.ResponseData as Array<{ TransportMode: string }>).map((m) => m.TransportMode)).toEqual([
      'By Road',
      'By Rail',
      'By Air',
      'By Sea',
      'Courier',
      'Hand Delivery',
    ]);
  });
});

describe("the spec's messages, and nothing changed", () => {
  it('in the order of the form: Select Send To, Scan First, Transport Mode, LR', async () => {
    const sid = await packA.sid();
    await refused({}, DISPATCH_MSG.selectSendTo);
    await refused({ ...toDepot([sid]), WareHouseId: 0, SendTo: '' }, DISPATCH_MSG.selectSendTo);
    await refused({ ...toDepot([]), TransportModeId: 0, LR: '' }, DISPATCH_MSG.scanFirst);
    await refused({ ...toDepot([sid]), TransportModeId: undefined }, DISPATCH_MSG.selectTransport);
    await refused(toDepot([sid], { TransportModeId: 99_999 }), DISPATCH_MSG.selectTransport);
    await refused(toDepot([sid], { LR: '   ' }), DISPATCH_MSG.enterLr);
    await refused(toDepot([sid], { LR: 'L'.repeat(51) }), DISPATCH_MSG.lrTooLong);
    await refused(toDepot([sid], { Remark: 'r'.repeat(201) }), DISPATCH_MSG.remarkTooLong);
  });

  it('Invalid Scanned and Already Scanned..!, each scan named', async () => {
    const sid = await packA.sid();
    const data = await refused(toDepot([sid, 'PID42', sid.toLowerCase()]), DISPATCH_MSG.cartonsRefused(2));
    expect(items(data)).toEqual([
      { Code: 'PID42', Reason: DISPATCH_MSG.invalidScan },
      { Code: sid, Reason: DISPATCH_MSG.alreadyScanned },
    ]);
  });

  it('the target: another active site of the company, or an active dealer of it', async () => {
    const sid = await packA.sid();
    const closed = await insertWarehouse(t.db, A.companyId, { isActive: false });
    for (const WareHouseId of [A.siteId, B.siteId, closed.id, 99_999])
      await refused(dispatchBody({ WareHouseId }, [sid], { TransportModeId: road }), DISPATCH_MSG.badSite);
    const idle = await insertDealer(t.db, A.companyId, { isActive: false });
    const theirs = await insertDealer(t.db, B.companyId);
    for (const SendTo of [A.userId, idle, theirs])
      await refused(dispatchBody({ SendTo }, [sid], { TransportModeId: road }), DISPATCH_MSG.badDealer);
  });

  it('every carton that cannot leave is named, and none leaves', async () => {
    const good = await packA.sid();
    const damaged = await packA.sid();
    expect(
      (await t.post(CARTON_DAMAGE_API.damage.path, { DamageCid: damaged, Reason: 'Crushed by forklift' }, A.token)).body
        .ResponseCode,
    ).toBe('200');
    const elsewhere = await packB.sid();
    const tid = await packA.tid();
    const [inside] = await t.db
      .select({ sid: secondaryCartons.sid })
      .from(secondaryCartons)
      .where(eq(secondaryCartons.tid, tid))
      .limit(1);
    const gone = await packA.sid();
    const goneDid = nextDid();
    expect((await save(toDepot([gone], { DispatchId: goneDid }))).body.ResponseCode).toBe('200');
    const replaced = await packA.sid();
    await t.db
      .update(secondaryCartons)
      .set({ state: 'replaced', replacedBy: `${replaced}X` })
      .where(eq(secondaryCartons.sid, replaced));
    const unknown = slip('TID', A.prefix, 499);
    const data = await refused(
      toDepot([good, damaged, elsewhere, inside!.sid, gone, replaced, unknown]),
      DISPATCH_MSG.cartonsRefused(6),
    );
    expect(items(data)).toEqual([
      { Code: damaged, Reason: DISPATCH_MSG.damaged(damaged) },
      { Code: elsewhere, Reason: DISPATCH_MSG.notHere(elsewhere) },
      { Code: inside!.sid, Reason: DISPATCH_MSG.inTertiary(inside!.sid, tid) },
      { Code: gone, Reason: DISPATCH_MSG.dispatched(gone, goneDid) },
      { Code: replaced, Reason: DISPATCH_MSG.replaced(replaced, `${replaced}X`) },
      { Code: unknown, Reason: DISPATCH_MSG.notHere(unknown) },
    ]);
    expect(await cartonAt(t.db, good)).toEqual({ locationSiteId: A.siteId, dispatchId: null });
    // One carton at fault: its own reason is the message.
    await refused(toDepot([gone]), DISPATCH_MSG.dispatched(gone, goneDid));
  });
});

describe('the DID', () => {
  it('without one, the server takes the next DID of the prefix; the device block is left as it was', async () => {
    const last = await didCounter(t.db, A.prefix);
    const res = await save(toDepot([await packA.sid()], { DispatchId: undefined }));
    const did = makeSlipId('DID', slipYear(), A.prefix, last + 1);
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseData: { CartonId: did } });
    expect(await didCounter(t.db, A.prefix)).toBe(last + 1);
    expect((await dispatchHeld(t.db, did)).dispatch).toBeDefined();
  });

  it("a device's DID must be of the caller's prefix, reserved, and not used (in any year)", async () => {
    const sid = await packA.sid();
    const last = await didCounter(t.db, A.prefix);
    await refused(toDepot([sid], { DispatchId: slip('DID', B.prefix, 1) }), DISPATCH_MSG.didNotOurs(A.prefix));
    await refused(toDepot([sid], { DispatchId: slip('SID', A.prefix, 1) }), DISPATCH_MSG.didNotOurs(A.prefix));
    await refused(toDepot([sid], { DispatchId: 'hello' }), DISPATCH_MSG.didNotOurs(A.prefix));
    const beyond = makeSlipId('DID', slipYear(), A.prefix, last + 1);
    await refused(toDepot([sid], { DispatchId: beyond }), DISPATCH_MSG.didUnreserved(beyond));
    const used = slip('DID', A.prefix, 1);
    await refused(toDepot([sid], { DispatchId: used }), DISPATCH_MSG.didUsed(used));
    await refused(toDepot([sid], { DispatchId: makeSlipId('DID', 25, A.prefix, 1) }), DISPATCH_MSG.didUsed(used));
  });
});

describe('the carton scan (GetTertiaryPackingScan)', () => {
  const scan = (id: string, extra = '', token = A.token) =>
    t.get(`${DISPATCH_API.scan.path}?sid=${encodeURIComponent(id)}&&checkItemDate=true${extra}`, token);

  it("answers the carton's row: a TID with its packs, a loose SID", async () => {
    const tid = await packA.tid();
    const res = await scan(tid.toLowerCase());
    checkData(DISPATCH_API.scan, res.body.ResponseData);
    expect(res.body).toMatchObject({
      ResponseCode: '200',
      ResponseData: {
        CartonId: tid,
        ProductId: A.productId,
        ProductName: A.productName,
        BatchNo: 'B-1',
        Qty: 4,
        MFGDate: '2026-01-10',
        EXPDate: '2028-01-10',
      },
    });
    const sid = await packA.sid();
    expect((await scan(sid)).body).toMatchObject({
      ResponseCode: '200',
      ResponseData: { CartonId: sid, Qty: 2, Id: Number(sid.slice(7)) },
    });
    expect((await scan(sid, `&scanned=${tid},${sid}`)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: DISPATCH_MSG.alreadyScanned,
    });
  });

  it('names the carton that cannot leave; a scan that is no TID or SID is Invalid Scanned', async () => {
    const tid = await packA.tid();
    const [inside] = await t.db
      .select({ sid: secondaryCartons.sid })
      .from(secondaryCartons)
      .where(eq(secondaryCartons.tid, tid))
      .limit(1);
    const gone = await packA.sid();
    const did = nextDid();
    await save(toDepot([gone], { DispatchId: did }));
    const theirs = await packB.sid();
    expect((await scan('PID42')).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: DISPATCH_MSG.invalidScan,
    });
    expect((await scan(did)).body).toMatchObject({ ResponseCode: '400', ResponseMessage: DISPATCH_MSG.invalidScan });
    expect((await scan(inside!.sid)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: DISPATCH_MSG.inTertiary(inside!.sid, tid),
    });
    expect((await scan(gone)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: DISPATCH_MSG.dispatched(gone, did),
    });
    expect((await scan(theirs)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: DISPATCH_MSG.notHere(theirs),
    });
  });
});

describe('exactly once', () => {
  it('a replay gets the first answer and dispatches nothing more; another body under the key is 422', async () => {
    const sid = await packA.sid();
    const last = await didCounter(t.db, A.prefix);
    const body = toDepot([sid], { DispatchId: undefined });
    const key = { 'idempotency-key': 'dispatch-replay-0001' };
    const first = await save(body, A.token, key);
    const again = await save(body, A.token, key);
    expect(first.body.ResponseCode).toBe('200');
    expect(again.body).toEqual(first.body);
    const did = (first.body.ResponseData as { CartonId: string }).CartonId;
    expect(await didCounter(t.db, A.prefix)).toBe(last + 1);
    expect((await dispatchHeld(t.db, did)).logged).toHaveLength(1);
    const changed = await save({ ...body, LR: 'LR-other' }, A.token, key);
    expect(changed.status).toBe(422);
    expect(changed.body.ResponseMessage).toBe(IDEMPOTENCY_MSG.changed);
  });

  it('goes through the outbox push as its own call', async () => {
    const sid = await packA.sid();
    const did = nextDid();
    const res = await t.post(
      PUSH_API.push.path,
      {
        Entries: [
          { Key: 'dispatch-push-0001', Call: DISPATCH_API.save.path, Body: toDepot([sid], { DispatchId: did }) },
        ],
      },
      A.token,
    );
    expect(res.body.ResponseData).toEqual([
      {
        Key: 'dispatch-push-0001',
        Status: 200,
        Answer: expect.objectContaining({ ResponseCode: '200', ResponseMessage: DISPATCH_MSG.saved(did, 1) }),
      },
    ]);
    expect((await dispatchHeld(t.db, did)).dispatch).toMatchObject({ entryId: 'dispatch-push-0001' });
  });

  it('two devices dispatched one carton offline: the first wins, the second is refused with the carton', async () => {
    const second = await insertColleague(t, A, [PAGE.dispatch.key]);
    const both = await packA.tid();
    const other = await packA.sid();
    const first = nextDid();
    const late = nextDid();
    expect(
      (await save(toDepot([both], { DispatchId: first }), A.token, { 'idempotency-key': 'device-one-dispatch-1' })).body
        .ResponseCode,
    ).toBe('200');
    const before = await dispatchState(t.db, A.prefix, [both, other]);
    const res = await save(toDepot([other, both], { DispatchId: late }), second, {
      'idempotency-key': 'device-two-dispatch-1',
    });
    expect(res.body).toEqual({
      ResponseCode: '400',
      ResponseMessage: DISPATCH_MSG.dispatched(both, first),
      ResponseData: { Items: [{ Code: both, Reason: DISPATCH_MSG.dispatched(both, first) }] },
    });
    expect(await dispatchState(t.db, A.prefix, [both, other])).toEqual(before);
    // The second device drops the carton and sends again: its DID was never used.
    const again = await save(toDepot([other], { DispatchId: late }), second, {
      'idempotency-key': 'device-two-dispatch-2',
    });
    expect(again.body).toMatchObject({ ResponseCode: '200', ResponseData: { CartonId: late } });
  });

  it('two saves of one carton at once: one wins, the other names the carton; two without a DID get two DIDs', async () => {
    const second = await insertColleague(t, A, [PAGE.dispatch.key]);
    const carton = await packA.tid();
    const [one, two] = await Promise.all([save(toDepot([carton]), A.token), save(toDepot([carton]), second)]);
    const answers = [one!.body, two!.body].sort((a, b) => a.ResponseCode.localeCompare(b.ResponseCode));
    const did = (answers[0]!.ResponseData as { CartonId: string }).CartonId;
    expect(answers.map((a) => a.ResponseCode)).toEqual(['200', '400']);
    expect(answers[1]!.ResponseMessage).toBe(DISPATCH_MSG.dispatched(carton, did));
    const [s1, s2] = [await packA.sid(), await packA.sid()];
    const [x, y] = await Promise.all([
      save(toDepot([s1], { DispatchId: undefined })),
      save(toDepot([s2], { DispatchId: undefined }), second),
    ]);
    expect([x!.body.ResponseCode, y!.body.ResponseCode]).toEqual(['200', '200']);
    const dids = [x!.body, y!.body].map((b) => (b.ResponseData as { CartonId: string }).CartonId);
    expect(new Set(dids).size).toBe(2);
  });
});

describe('rights and company scoping', () => {
  it('a user without the Dispatch page is refused every call', async () => {
    const noPage = await insertColleague(t, A, [PAGE.tertiaryPacking.key]);
    const calls = [
      save(toDepot([await packA.sid()]), noPage),
      t.post(DISPATCH_API.list.path, listBody(), noPage),
      t.get(DISPATCH_API.modes.path, noPage),
      t.get(`${DISPATCH_API.scan.path}?sid=x`, noPage),
      t.post(`${DISPATCH_API.scanWithList.path}?sid=x`, { scanned: [] }, noPage),
    ];
    for (const res of await Promise.all(calls))
      expect(res).toMatchObject({ status: 403, body: { ResponseMessage: FORBIDDEN } });
  });

  it('a user holding only Dispatch fills the Send To lists: active users (dealers are type 1) and the sites, of its company', async () => {
    const only = await insertColleague(t, A, [PAGE.dispatch.key]);
    const people = await t.get(USERS_API.pickerActive.path, only);
    checkData(USERS_API.pickerActive, people.body.ResponseData);
    const rows = people.body.ResponseData as Array<{ UserId: number; UserType: number }>;
    expect(rows.find((r) => r.UserId === dealer)).toMatchObject({ UserType: 1 });
    const companyOf = async (id: number) =>
      (await t.db.select({ c: users.companyId }).from(users).where(eq(users.id, id)))[0]!.c;
    for (const r of rows) expect(await companyOf(r.UserId)).toBe(A.companyId);
    const places = (await t.get(SITE_API.dropdown.path, only)).body.ResponseData as Array<{
      ID: number;
      IsFactory: boolean;
    }>;
    const ours = await t.db
      .select({ id: sites.id, active: sites.isActive })
      .from(sites)
      .where(eq(sites.companyId, A.companyId));
    expect(places.map((p) => p.ID).sort()).toEqual(
      ours
        .filter((s) => s.active)
        .map((s) => s.id)
        .sort(),
    );
    expect(places.find((p) => p.ID === depot.id)).toMatchObject({ IsFactory: false });
  });

  it("another company's user cannot scan, send or list A's cartons, sites or dealers", async () => {
    const tid = await packA.tid();
    expect((await t.get(`${DISPATCH_API.scan.path}?sid=${tid}`, B.token)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: DISPATCH_MSG.notHere(tid),
    });
    const body = (target: { WareHouseId?: number; SendTo?: number }, ids: string[]) =>
      dispatchBody(target, ids, { TransportModeId: road });
    expect((await save(body({ WareHouseId: B.siteId }, [tid]), B.token)).body.ResponseCode).toBe('400');
    expect((await save(body({ WareHouseId: depot.id }, [await packB.sid()]), B.token)).body.ResponseMessage).toBe(
      DISPATCH_MSG.badSite,
    );
    expect((await save(body({ SendTo: dealer }, [await packB.sid()]), B.token)).body.ResponseMessage).toBe(
      DISPATCH_MSG.badDealer,
    );
    expect(await cartonAt(t.db, tid)).toEqual({ locationSiteId: A.siteId, dispatchId: null });
    const theirs = DISPATCH_API.list.data.parse(
      (await t.post(DISPATCH_API.list.path, listBody({ PageSize: -1 }), B.token)).body.ResponseData,
    );
    expect(theirs).toEqual([]);
  });

  it("the list is the caller's site's dispatches; the admin sees every company's; a user without a site cannot dispatch", async () => {
    const ours = DISPATCH_API.list.data.parse(
      (await t.post(DISPATCH_API.list.path, listBody({ PageSize: -1 }), A.token)).body.ResponseData,
    );
    expect(ours.length).toBeGreaterThan(3);
    const depotUser = await insertColleague(t, A, [PAGE.dispatch.key], depot.id);
    expect((await t.post(DISPATCH_API.list.path, listBody({ PageSize: -1 }), depotUser)).body.ResponseData).toEqual([]);
    const admin = await t.token('admin');
    const all = DISPATCH_API.list.data.parse(
      (await t.post(DISPATCH_API.list.path, listBody({ PageSize: -1 }), admin)).body.ResponseData,
    );
    expect(all.map((r) => r.DispatchId)).toEqual(expect.arrayContaining(ours.map((r) => r.DispatchId)));
    await refused(toDepot([await packA.sid()]), DISPATCH_MSG.noSite, admin);
    expect((await t.post(DISPATCH_API.list.path, listBody({ SortColumn: 'Nope' }), A.token)).body.ResponseCode).toBe(
      '400',
    );
    const sorted = DISPATCH_API.list.data.parse(
      (
        await t.post(
          DISPATCH_API.list.path,
          listBody({ SortColumn: 'userName', SortOrder: 'ASC', PageSize: -1 }),
          A.token,
        )
      ).body.ResponseData,
    );
    expect(sorted.map((r) => r.userName)).toEqual([...sorted.map((r) => r.userName)].sort());
  });
});
