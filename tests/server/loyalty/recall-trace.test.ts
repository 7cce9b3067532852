// The recall trace (Recall/GetRecallTrace, issue 14 item 5) on a real database (PGlite; PostgreSQL
// with DATABASE_URL), after real flows: packs packed into SIDs and a TID, dispatched to a depot (and
// received there) and to a dealer (still on the way), one left at the factory, one pack verified by
// a farmer. The trace lists each step; another company's product answers as unknown; a user without
// the page gets 403. Once the batch is recalled, packing refuses its packs with the recall message
// and changes nothing, and the floor's cache carries the recall to the devices.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISPATCH_API } from '../../../src/shared/contracts/floor/dispatch.js';
import { RECEIVE_API } from '../../../src/shared/contracts/floor/dispatch-receive.js';
import { FLOOR_CACHE_API } from '../../../src/shared/contracts/floor/cache.js';
import { PACKING_API, PACKING_MSG } from '../../../src/shared/contracts/floor/packing.js';
import { VERIFY_API } from '../../../src/shared/contracts/public/verify.js';
import { RECALL_API, RECALL_MSG, type TraceAnswer } from '../../../src/shared/contracts/recall.js';
import { PAGE } from '../../../src/shared/pages.js';
import { sites } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { send } from '../../helpers/endpoint-call.js';
import { dispatchBody, dispatchFactory, insertDealer } from '../../helpers/factories-dispatch.js';
import { CartonPacker, insertSiteUser, type SiteUser } from '../../helpers/factories-dispatch-legs.js';
import {
  cartonSize,
  codesOf,
  secondaryBody,
  secondaryHeld,
  slip,
  type FloorFactory,
} from '../../helpers/factories-floor.js';
import { appCodes, insertColleague, insertDamage, insertMapping, staticSeries } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let codes: CodeMac;
let A: FloorFactory;
let B: FloorFactory;
let W: SiteUser;
let tracer: string;
let dealer: number;
let size2: number;
const flow = { tid: '', inTid: [] as string[], toDealer: '', atFactory: '', didDepot: '', didDealer: '' };

const trace = (body: unknown, token = tracer) => send(t, RECALL_API.trace, body, token);
const traced = async (BatchNo = 'B-1', All = false): Promise<TraceAnswer> => {
  const res = await trace({ ProductId: A.productId, BatchNo, All });
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as TraceAnswer;
};
const post = (path: string, body: unknown, token: string, key: string) =>
  t.raw({
    method: 'POST',
    url: `/API/api/${path}`,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
  });
const count = async (q: ReturnType<typeof sql>) =>
  Number(((await t.db.execute(q)) as unknown as { rows: Array<{ n: unknown }> }).rows[0]!.n);

beforeAll(async () => {
  codes = await appCodes(t);
  A = await dispatchFactory(t, nextPrefix());
  B = await dispatchFactory(t, nextPrefix());
  tracer = await insertColleague(t, A, [PAGE.recallTrace.key]);
  // The batch B-1 is A's 1..1000 (floorFactory) and 5001..5010, 5003..5004 damaged; B-2 is 2001..2010.
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 5001,
    toNo: 5010,
    batchNo: 'B-1',
  });
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 2001,
    toNo: 2010,
    batchNo: 'B-2',
  });
  await insertDamage(t.db, A.companyId, A.productId, staticSeries(A.prefix), 5003, 5004, 'Torn label');
  size2 = await cartonSize(t.db, 2);
  const pack = new CartonPacker(t, codes, A, size2);
  // Packs 1..4 in two SIDs in a TID, 5..6 and 7..8 in loose SIDs (slips 1..5 of A).
  ({ tid: flow.tid, sids: flow.inTid } = await pack.tid());
  flow.toDealer = await pack.sid();
  flow.atFactory = await pack.sid();
  W = await insertSiteUser(t, A.companyId);
  dealer = await insertDealer(t.db, A.companyId, { firstName: 'Ravi', lastName: 'Traders' });
  const modes = await send(t, DISPATCH_API.modes, undefined, A.token);
  const road = (modes.body.ResponseData as Array<{ TransportModeId: number }>)[0]!.TransportModeId;
  flow.didDepot = slip('DID', A.prefix, 1);
  flow.didDealer = slip('DID', A.prefix, 2);
  const sent1 = await post(
    DISPATCH_API.save.path,
    dispatchBody({ WareHouseId: W.siteId }, [flow.tid], { TransportModeId: road, DispatchId: flow.didDepot }),
    A.token,
    'recall-trace-d1',
  );
  expect(sent1.body.ResponseCode, sent1.body.ResponseMessage).toBe('200');
  const sent2 = await post(
    DISPATCH_API.save.path,
    dispatchBody({ SendTo: String(dealer) }, [flow.toDealer], { TransportModeId: road, DispatchId: flow.didDealer }),
    A.token,
    'recall-trace-d2',
  );
  expect(sent2.body.ResponseCode, sent2.body.ResponseMessage).toBe('200');
  const got = await post(RECEIVE_API.save.path, { DispatchId: flow.didDepot }, W.token, 'recall-trace-r1');
  expect(got.body.ResponseCode, got.body.ResponseMessage).toBe('200');
  // A farmer verifies pack 2 (in the TID, now at the depot).
  const seen = await send(t, VERIFY_API.verify, {
    UID: codes.make(staticSeries(A.prefix), 2),
    verificationMode: 'Web',
    verificationType: 2,
    UsrCity: 'Nashik',
    UsrState: 'Maharashtra',
  });
  expect(seen.body.ResponseCode, seen.body.ResponseMessage).toBe('200');
});

describe('the trace of a batch', () => {
  it('lists its ranges, cartons and where they are, the dispatches and their receipt, and the verifications', async () => {
    const a = await traced('b-1');
    expect(a).toMatchObject({ ProductId: A.productId, ProductName: A.productName, BatchNo: 'B-1', Recall: null });
    expect(a.Totals).toEqual({
      Mapped: 1010,
      Packed: 8,
      Damaged: 2,
      Unpacked: 1000,
      Cartons: 4,
      Dispatches: 2,
      Verifications: 1,
      VerifiedPacks: 1,
    });
    expect(a.Ranges).toEqual([
      expect.objectContaining({
        Kind: 'S',
        Prefix: A.prefix,
        FromNo: 1,
        ToNo: 1000,
        Qty: 1000,
        Packed: 8,
        Damaged: 0,
        MFGDate: '2026-01-10',
      }),
      expect.objectContaining({
        Kind: 'S',
        Prefix: A.prefix,
        FromNo: 5001,
        ToNo: 5010,
        Qty: 10,
        Packed: 0,
        Damaged: 2,
      }),
    ]);
    const siteName = async (id: number) =>
      (await t.db.select({ name: sites.name }).from(sites).where(eq(sites.id, id)))[0]!.name;
    const [depot, factory] = [await siteName(W.siteId), await siteName(A.siteId)];
    expect(a.Cartons.map((c) => [c.SID, c.TID, c.Packs, c.Where])).toEqual([
      [flow.inTid[0], flow.tid, 2, 'site'],
      [flow.inTid[1], flow.tid, 2, 'site'],
      [flow.toDealer, null, 2, 'transit'],
      [flow.atFactory, null, 2, 'site'],
    ]);
    expect(a.Cartons.map((c) => [c.PackedAt, c.WhereName])).toEqual([
      [factory, depot],
      [factory, depot],
      [factory, flow.didDealer],
      [factory, factory],
    ]);
    expect(a.Places).toEqual([
      { Where: 'site', WhereName: depot, Cartons: 2, Packs: 4 },
      { Where: 'site', WhereName: factory, Cartons: 1, Packs: 2 },
      { Where: 'transit', WhereName: flow.didDealer, Cartons: 1, Packs: 2 },
    ]);
    const byDid = new Map(a.Dispatches.map((d) => [d.DID, d]));
    expect(byDid.get(flow.didDepot)).toMatchObject({
      ToKind: 'site',
      ToName: depot,
      Cartons: 1,
      Packs: 4,
      State: 'Received',
      ReceivedDate: expect.any(String),
    });
    expect(byDid.get(flow.didDealer)).toMatchObject({
      ToKind: 'dealer',
      ToName: 'Ravi Traders',
      Cartons: 1,
      Packs: 2,
      State: 'In Transit',
      ReceivedDate: null,
    });
    expect(a.Verifications).toEqual([
      expect.objectContaining({ Code: `${A.prefix}2`, City: 'Nashik', State: 'Maharashtra', Result: '200' }),
    ]);
  });

  it('another batch of the product traces on its own; a batch no pack carries is refused', async () => {
    expect((await traced('B-2')).Totals).toMatchObject({
      Mapped: 10,
      Packed: 0,
      Cartons: 0,
      Dispatches: 0,
      Verifications: 0,
    });
    expect((await trace({ ProductId: A.productId, BatchNo: 'NOPE' })).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECALL_MSG.noBatch,
    });
    expect((await trace({ ProductId: A.productId, BatchNo: ' ' })).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECALL_MSG.batch,
    });
  });

  it("another company's product answers as unknown, and a user without the page gets 403", async () => {
    const theirs = await insertColleague(t, B, [PAGE.recallTrace.key]);
    expect((await trace({ ProductId: A.productId, BatchNo: 'B-1' }, theirs)).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: RECALL_MSG.product,
      ResponseData: null,
    });
    const res = await trace({ ProductId: A.productId, BatchNo: 'B-1' }, A.token);
    expect(res.status).toBe(403);
    expect(res.body.ResponseMessage).toBe(FORBIDDEN);
  });

  it('All gives every row; the screen gets them too while there are few', async () => {
    expect(await traced('B-1', true)).toEqual(await traced('B-1'));
  });
});

describe('a recalled batch', () => {
  it('shows on the trace, reaches the device cache, and packing refuses its packs and changes nothing', async () => {
    const saved = await send(
      t,
      RECALL_API.save,
      { ProductId: A.productId, BatchNo: 'b-1', Reason: 'Seal failure' },
      tracer,
    );
    expect(saved.body).toMatchObject({ ResponseCode: '200', ResponseMessage: RECALL_MSG.saved });
    expect((await traced()).Recall).toEqual({ Reason: 'Seal failure', CreatedDate: expect.any(String) });

    const masters = await send(t, FLOOR_CACHE_API.masters, undefined, A.token);
    expect((masters.body.ResponseData as { Recalls: unknown }).Recalls).toEqual([
      { ProductId: A.productId, BatchNo: 'B-1', Reason: 'Seal failure' },
    ]);
    expect((await send(t, FLOOR_CACHE_API.masters, undefined, B.token)).body.ResponseData).toMatchObject({
      Recalls: [],
    });

    const before = {
      items: await count(sql`select count(*) as n from items`),
      events: await count(sql`select count(*) as n from events`),
    };
    const sid = slip('SID', A.prefix, 50);
    const res = await post(
      PACKING_API.secondarySave.path,
      secondaryBody(size2, codesOf(codes, A.prefix, 20, 21), sid),
      A.token,
      'recall-trace-p1',
    );
    expect(res.body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: PACKING_MSG.itemsRefused(2),
      ResponseData: {
        Items: [
          { Code: `${A.prefix}20`, Reason: RECALL_MSG.onFloor('Seal failure') },
          { Code: `${A.prefix}21`, Reason: RECALL_MSG.onFloor('Seal failure') },
        ],
      },
    });
    expect((await secondaryHeld(t.db, sid)).carton).toBeUndefined();
    expect({
      items: await count(sql`select count(*) as n from items`),
      events: await count(sql`select count(*) as n from events`),
    }).toEqual(before);

    // Another batch of the same product still packs.
    const ok = await post(
      PACKING_API.secondarySave.path,
      secondaryBody(size2, codesOf(codes, A.prefix, 2001, 2002), sid),
      A.token,
      'recall-trace-p2',
    );
    expect(ok.body.ResponseCode, ok.body.ResponseMessage).toBe('200');
  });
});
