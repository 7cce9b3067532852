// The server's guard on every carton path (issue 25 item 3), on a real database (PGlite; PostgreSQL
// with DATABASE_URL): a carton is what it holds. A batch recalled after its packs were packed makes
// every SID holding one of them, and every TID holding such a SID, refused on the dispatch scan, on
// Dispatch/save to a dealer or a warehouse and on tertiary packing, with the recall's reason; it may
// still go back to a factory of the company, and goods on their way are received. A batch whose
// mapping's expiry has passed packs and goes to a warehouse, never to a dealer. Every refusal changes
// nothing; in an outbox push only the refused entry is undone.
import { beforeAll, describe, expect, it } from 'vitest';
import { DISPATCH_API, DISPATCH_MSG, type DispatchSave } from '../../../src/shared/contracts/floor/dispatch.js';
import { RECEIVE_API, RECEIVE_MSG } from '../../../src/shared/contracts/floor/dispatch-receive.js';
import { CARTON_DAMAGE_API, CARTON_DAMAGE_MSG } from '../../../src/shared/contracts/floor/carton-damage.js';
import { PACKING_API, PACKING_MSG } from '../../../src/shared/contracts/floor/packing.js';
import { PUSH_API, type PushAnswer } from '../../../src/shared/contracts/floor/push.js';
import { MAPPING_API, MAPPING_MSG } from '../../../src/shared/contracts/numbers/mapping.js';
import { RECALL_API, RECALL_MSG } from '../../../src/shared/contracts/recall.js';
import { LIFECYCLE_MSG } from '../../../src/shared/lifecycle/index.js';
import { PAGE } from '../../../src/shared/pages.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { send } from '../../helpers/endpoint-call.js';
import {
  cartonAt,
  dispatchBody,
  dispatchFactory,
  dispatchState,
  insertDealer,
  insertWarehouse,
  Packer,
} from '../../helpers/factories-dispatch.js';
import { insertSiteUser, LEG_PAGES, whereNow, type SiteUser } from '../../helpers/factories-dispatch-legs.js';
import {
  cartonSize,
  codesOf,
  secondaryBody,
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
let A: FloorFactory;
let pack: Packer;
let size2: number;
/** A's colleague on the Mapping screen: recalls batches and corrects expiries. */
let mapper: string;
let depot: number;
let dealer: number;
/** Another factory of A's company, with its user. */
let plant: SiteUser;
/** A warehouse of A's company whose user receives and dispatches. */
let W: SiteUser;
/** A's slips beyond the Packer's (which counts from 1). */
let slipNo = 400;
let didNo = 0;
let road = 0;
let keyNo = 0;

const nextDid = () => slip('DID', A.prefix, ++didNo);
const save = (body: DispatchSave, token = A.token) => t.post(DISPATCH_API.save.path, body, token);
/** A save's body: by road, A's next DID unless `extra` says, with an approval remark. */
const body = (target: { WareHouseId?: number; SendTo?: number }, ids: string[], extra: Partial<DispatchSave> = {}) =>
  dispatchBody(target, ids, { TransportModeId: road, DispatchId: nextDid(), Remark: 'lifecycle test', ...extra });
const to = (target: { WareHouseId?: number; SendTo?: number }, ids: string[]) => body(target, ids);
const scan = (id: string, target = '') =>
  t.get(`${DISPATCH_API.scan.path}?sid=${id}&&checkItemDate=true${target}`, A.token);
const recall = async (BatchNo: string, Reason: string) =>
  expect((await send(t, RECALL_API.save, { ProductId: A.productId, BatchNo, Reason }, mapper)).body).toMatchObject({
    ResponseCode: '200',
    ResponseMessage: RECALL_MSG.saved,
  });
/** A batch of A's product on codes from..to of A's series (MFG 2026-01-10, expiry 2028-01-10). */
const batch = (fromNo: number, toNo: number, batchNo: string) =>
  insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo,
    toNo,
    batchNo,
  });
/** A SID of the given codes of A's series (one each), through the real save. */
async function sidOf(...serials: number[]) {
  const sid = slip('SID', A.prefix, ++slipNo);
  const res = await t.post(
    PACKING_API.secondarySave.path,
    secondaryBody(
      size2,
      serials.flatMap((n) => codesOf(codes, A.prefix, n, n)),
      sid,
    ),
    A.token,
  );
  expect(res.body).toMatchObject({
    ResponseCode: '200',
    ResponseMessage: PACKING_MSG.secondarySaved(sid, serials.length),
  });
  return sid;
}

/** Dispatch/save is refused with `message` (and `items` when given), and nothing moved. */
async function saveRefused(body: DispatchSave, message: string, items?: Array<{ Code: string; Reason: string }>) {
  const ids = (body.scanned ?? []).map((s) => s.CartonId);
  const before = await dispatchState(t.db, A.prefix, ids);
  const res = await save(body);
  expect(res.body).toEqual({
    ResponseCode: '400',
    ResponseMessage: message,
    ResponseData: { Items: items ?? [{ Code: ids[0], Reason: message }] },
  });
  expect(await dispatchState(t.db, A.prefix, ids)).toEqual(before);
}

beforeAll(async () => {
  await insertReference(t.db);
  codes = await appCodes(t);
  A = await dispatchFactory(t, nextPrefix());
  size2 = await cartonSize(t.db, 2);
  pack = new Packer(t, codes, A, size2);
  mapper = await insertColleague(t, A, [PAGE.mapping.key]);
  depot = (await insertWarehouse(t.db, A.companyId, { prefix: nextPrefix() })).id;
  dealer = await insertDealer(t.db, A.companyId);
  plant = await insertSiteUser(t, A.companyId, LEG_PAGES, true);
  W = await insertSiteUser(t, A.companyId, [...LEG_PAGES, PAGE.dispatch.key]);
  const modes = (await send(t, DISPATCH_API.modes, undefined, A.token)).body.ResponseData as Array<{
    TransportModeId: number;
  }>;
  road = modes[0]!.TransportModeId;
});

describe('a recalled batch on the floor', () => {
  it('refuses its SID and a TID holding it on the scan and to a dealer or a warehouse, naming each; a factory of the company takes them', async () => {
    await batch(2001, 2100, 'RC-1');
    const sid = await pack.sid(2001);
    const tid = await pack.tid([2003, 2005]);
    expect((await scan(sid)).body.ResponseCode).toBe('200');
    await recall('RC-1', 'Seal failure');
    const sidSays = LIFECYCLE_MSG.cartonRecalled(sid, 'Seal failure');
    const tidSays = LIFECYCLE_MSG.cartonRecalled(tid, 'Seal failure');

    // The spec's scan names no target: a recalled carton is refused with the recall's reason.
    expect((await scan(sid)).body).toEqual({ ResponseCode: '400', ResponseMessage: sidSays, ResponseData: null });
    expect((await scan(tid)).body).toEqual({ ResponseCode: '400', ResponseMessage: tidSays, ResponseData: null });
    expect((await scan(tid, `&SendTo=${dealer}`)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: tidSays,
    });
    expect((await scan(tid, `&WareHouseId=${depot}`)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: tidSays,
    });
    // Naming a factory of the company, it scans.
    expect((await scan(tid, `&WareHouseId=${plant.siteId}`)).body).toMatchObject({
      ResponseCode: '200',
      ResponseData: { CartonId: tid, Qty: 4 },
    });
    expect(
      (
        await t.post(
          `${DISPATCH_API.scanWithList.path}?sid=${sid}&WareHouseId=${plant.siteId}`,
          { scanned: [] },
          A.token,
        )
      ).body,
    ).toMatchObject({ ResponseCode: '200', ResponseData: { CartonId: sid } });
    // A target that is not the company's is refused as the save refuses it.
    expect((await scan(sid, '&WareHouseId=999999')).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: DISPATCH_MSG.badSite,
    });

    const both = [
      { Code: sid, Reason: sidSays },
      { Code: tid, Reason: tidSays },
    ];
    await saveRefused(to({ SendTo: dealer }, [sid, tid]), DISPATCH_MSG.cartonsRefused(2), both);
    await saveRefused(to({ WareHouseId: depot }, [sid, tid]), DISPATCH_MSG.cartonsRefused(2), both);

    const did = nextDid();
    const res = await save(body({ WareHouseId: plant.siteId }, [sid, tid], { DispatchId: did }));
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseMessage: DISPATCH_MSG.saved(did, 2) });
    expect(await cartonAt(t.db, tid)).toEqual({ locationSiteId: null, dispatchId: did });
  });

  it('a TID with one recalled SID among clean ones is refused; so is a SID with one recalled pack among clean batches', async () => {
    await batch(3001, 3100, 'RC-2');
    const tid = await pack.tid([101, 3001]);
    const mixed = await sidOf(3003, 103);
    const clean = await pack.sid(105);
    await recall('RC-2', 'Label misprint');

    expect((await scan(tid)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: LIFECYCLE_MSG.cartonRecalled(tid, 'Label misprint'),
    });
    expect((await scan(mixed)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: LIFECYCLE_MSG.cartonRecalled(mixed, 'Label misprint'),
    });
    expect((await scan(clean)).body).toMatchObject({ ResponseCode: '200', ResponseData: { CartonId: clean } });
    await saveRefused(to({ WareHouseId: depot }, [tid]), LIFECYCLE_MSG.cartonRecalled(tid, 'Label misprint'));
    await saveRefused(to({ SendTo: dealer }, [clean, mixed]), LIFECYCLE_MSG.cartonRecalled(mixed, 'Label misprint'), [
      { Code: mixed, Reason: LIFECYCLE_MSG.cartonRecalled(mixed, 'Label misprint') },
    ]);
  });

  it('tertiary packing refuses a recalled SID on the scan and on the save; Damage Carton still takes it', async () => {
    await batch(3501, 3600, 'RC-3');
    const recalled = await pack.sid(3501);
    const clean = await pack.sid(107);
    await recall('RC-3', 'Wrong formulation');
    const says = LIFECYCLE_MSG.cartonRecalled(recalled, 'Wrong formulation');

    expect((await t.post(`${PACKING_API.scanSecondary.path}?sid=${recalled}`, { scanned: [] }, A.token)).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: says,
      ResponseData: null,
    });
    expect(
      (await t.post(`${PACKING_API.scanSecondary.path}?sid=${clean}`, { scanned: [] }, A.token)).body,
    ).toMatchObject({ ResponseCode: '200', ResponseData: { CartonId: clean } });

    const tid = slip('TID', A.prefix, ++slipNo);
    const before = [await secondaryHeld(t.db, recalled), await secondaryHeld(t.db, clean)];
    const res = await t.post(
      PACKING_API.tertiarySave.path,
      tertiaryBody(size2, [clean, recalled], tid, { remark: 'lifecycle test' }),
      A.token,
    );
    expect(res.body).toEqual({
      ResponseCode: '400',
      ResponseMessage: says,
      ResponseData: { Items: [{ Code: recalled, Reason: says }] },
    });
    expect(await tertiaryHeld(t.db, tid)).toEqual({ carton: undefined, sids: [] });
    expect([await secondaryHeld(t.db, recalled), await secondaryHeld(t.db, clean)]).toEqual(before);

    // A damage is a physical fact: recalled stock may be written off.
    const damaged = await t.post(
      CARTON_DAMAGE_API.damage.path,
      { DamageCid: recalled, Reason: 'crushed on the forklift' },
      A.token,
    );
    expect(damaged.body).toMatchObject({ ResponseCode: '200', ResponseMessage: CARTON_DAMAGE_MSG.done(recalled, 2) });
  });
});

describe('an expired batch', () => {
  it('packs and goes to a warehouse; to a dealer it is refused with its expiry', async () => {
    const m = await batch(4001, 4100, 'EX-1');
    const fix = await send(t, MAPPING_API.save, { MappingId: m.id, EXPDate: '2026-01-11' }, mapper);
    expect(fix.body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: MAPPING_MSG.updated,
      ResponseData: { MappingId: m.id, EXPDate: '2026-01-11' },
    });

    const sid = await sidOf(4001, 4002);
    const tid = await pack.tid([4003, 109]);
    const says = LIFECYCLE_MSG.cartonExpired(tid, '2026-01-11');
    // The carton row keeps the expiry of its packing; the lifecycle reads the mapping's.
    expect((await scan(tid)).body).toMatchObject({ ResponseCode: '200', ResponseData: { CartonId: tid } });
    expect((await scan(tid, `&SendTo=${dealer}`)).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: says,
      ResponseData: null,
    });

    await saveRefused(to({ SendTo: dealer }, [tid]), says);
    await saveRefused(to({ SendTo: dealer }, [sid, tid]), DISPATCH_MSG.cartonsRefused(2), [
      { Code: sid, Reason: LIFECYCLE_MSG.cartonExpired(sid, '2026-01-11') },
      { Code: tid, Reason: says },
    ]);
    const did = nextDid();
    expect((await save(body({ WareHouseId: depot }, [sid, tid], { DispatchId: did }))).body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: DISPATCH_MSG.saved(did, 2),
    });
  });
});

describe('goods on their way when their batch is recalled', () => {
  it('are received; from there they may go back to a factory of the company, not to a dealer', async () => {
    await batch(5001, 5100, 'RC-5');
    const tid = await pack.tid([5001, 5003]);
    const did = nextDid();
    expect((await save(body({ WareHouseId: W.siteId }, [tid], { DispatchId: did }))).body.ResponseCode).toBe('200');
    await recall('RC-5', 'Contaminated drum');

    const got = await t.post(RECEIVE_API.save.path, { DispatchId: did }, W.token);
    expect(got.body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: RECEIVE_MSG.received(did, 1, 0),
      ResponseData: { DispatchId: did, Received: [tid], Missing: [] },
    });
    expect(await whereNow(t.db, tid)).toEqual({ at: W.siteId, dealer: null, on: null, state: 'packed' });

    const says = LIFECYCLE_MSG.cartonRecalled(tid, 'Contaminated drum');
    const onward = await t.post(DISPATCH_API.save.path, body({ SendTo: dealer }, [tid], { DispatchId: '' }), W.token);
    expect(onward.body).toEqual({
      ResponseCode: '400',
      ResponseMessage: says,
      ResponseData: { Items: [{ Code: tid, Reason: says }] },
    });
    expect(await whereNow(t.db, tid)).toEqual({ at: W.siteId, dealer: null, on: null, state: 'packed' });
    const back = await t.post(
      DISPATCH_API.save.path,
      body({ WareHouseId: A.siteId }, [tid], { DispatchId: '' }),
      W.token,
    );
    expect(back.body).toMatchObject({ ResponseCode: '200' });
  });
});

describe('an outbox push', () => {
  it('refuses the entry dispatching a recalled carton with the reason and applies the others', async () => {
    await batch(6001, 6100, 'RC-6');
    const recalled = await pack.sid(6001);
    const clean = await pack.sid(111);
    await recall('RC-6', 'Leaking caps');
    const says = LIFECYCLE_MSG.cartonRecalled(recalled, 'Leaking caps');
    const key = () => `lifecycle-push-${++keyNo}`;
    const first = { Key: key(), Call: DISPATCH_API.save.path, Body: to({ SendTo: dealer }, [recalled]) };
    const second = { Key: key(), Call: DISPATCH_API.save.path, Body: to({ WareHouseId: depot }, [clean]) };
    const secondDid = second.Body.DispatchId!;
    const before = await cartonAt(t.db, recalled);

    const res = await t.post(PUSH_API.push.path, { Entries: [first, second] }, A.token);
    expect(res.body.ResponseCode).toBe('200');
    const answers = res.body.ResponseData as PushAnswer[];
    expect(answers).toEqual([
      {
        Key: first.Key,
        Status: 200,
        Answer: {
          ResponseCode: '400',
          ResponseMessage: says,
          ResponseData: { Items: [{ Code: recalled, Reason: says }] },
        },
      },
      {
        Key: second.Key,
        Status: 200,
        Answer: expect.objectContaining({ ResponseCode: '200', ResponseMessage: DISPATCH_MSG.saved(secondDid, 1) }),
      },
    ]);
    expect(await cartonAt(t.db, recalled)).toEqual(before);
    expect(await cartonAt(t.db, clean)).toEqual({ locationSiteId: null, dispatchId: secondDid });
  });
});
