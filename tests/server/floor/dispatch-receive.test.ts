// Dispatch Receive on a real database (PGlite; PostgreSQL with DATABASE_URL): the incoming list, the
// scanned DID's cartons, and the receipt by both calls. Only the target (a user of the target site,
// or the dealer) receives, once; cartons left out are missing; every refusal names the dispatch or
// the cartons and changes nothing; a replay answers as the first call did and a changed body is 422.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RECEIVE_API, RECEIVE_MSG, RECEIVE_STATUS } from '../../../src/shared/contracts/floor/dispatch-receive.js';
import { PUSH_API, type PushAnswer } from '../../../src/shared/contracts/floor/push.js';
import { PAGE } from '../../../src/shared/pages.js';
import { events, sites } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { whereIsCode } from '../../../src/server/domain/floor-queries.js';
import { IDEMPOTENCY_MSG } from '../../../src/server/http/idempotency.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { send } from '../../helpers/endpoint-call.js';
import { listBody } from '../../helpers/factories.js';
import {
  CartonPacker,
  dispatchHeld,
  insertReceivingDealer,
  insertSiteUser,
  LEG_PAGES,
  legsOf,
  nextDid,
  sentDispatch,
  whereNow,
  type SiteUser,
} from '../../helpers/factories-dispatch-legs.js';
import {
  cartonSize,
  floorFactory,
  secondaryHeld,
  tertiaryHeld,
  type FloorFactory,
} from '../../helpers/factories-floor.js';
import { appCodes, insertColleague, staticSeries } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let codes: CodeMac;
let A: FloorFactory;
let B: FloorFactory;
let W: SiteUser;
let W2: SiteUser;
let dealer: { userId: number; token: string };
let pack: CartonPacker;
let keyNo = 0;

const key = () => ({ 'idempotency-key': `receive-entry-${String(++keyNo).padStart(4, '0')}` });
const call = (path: string, body: unknown, token: string, headers: Record<string, string> = {}) =>
  t.raw({
    method: 'POST',
    url: `/API/api/${path}`,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
const save = (body: unknown, token = W.token, headers: Record<string, string> = {}) =>
  call(RECEIVE_API.save.path, body, token, headers);
const byIds = (ids: unknown, token = W.token, headers: Record<string, string> = {}) =>
  call(RECEIVE_API.cartonReceive.path, ids, token, headers);
const cartonsOf = (DispatchId: unknown, token = W.token) => send(t, RECEIVE_API.cartons, { DispatchId }, token);
const incoming = async (token: string, extra = {}) => {
  const res = await send(t, RECEIVE_API.list, listBody({ PageSize: -1, ...extra }), token);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return RECEIVE_API.list.data.parse(res.body.ResponseData);
};

/** A dispatch of `n` fresh tertiary cartons from A to `to`; its DID and cartons. */
async function sendTo(to: { toSiteId?: number; toUserId?: number }, n = 3) {
  const cartonIds = await pack.tids(n);
  const did = nextDid(A);
  await sentDispatch(t.db, { did, from: A, cartonIds, ...to });
  return { did, cartonIds };
}

/** Everything a refused receipt could have changed. */
const snapshot = async (did: string, cartonIds: string[]) =>
  JSON.stringify({
    held: await dispatchHeld(t.db, did),
    where: await Promise.all(cartonIds.map((id) => whereNow(t.db, id))),
    events: (await t.db.select().from(events).where(eq(events.ref, did))).length,
  });

beforeAll(async () => {
  codes = await appCodes(t);
  A = await floorFactory(t, nextPrefix(), LEG_PAGES);
  B = await floorFactory(t, nextPrefix(), LEG_PAGES);
  W = await insertSiteUser(t, A.companyId);
  W2 = await insertSiteUser(t, A.companyId);
  dealer = await insertReceivingDealer(t, A.companyId);
  pack = new CartonPacker(t, codes, A, await cartonSize(t.db, 2));
});

it("speaks the spec's words", () => {
  expect(RECEIVE_MSG).toMatchObject({
    enterDispatchId: 'Please enter DispatchId.',
    invalidDispatchId: 'Invalid DispatchId.',
    invalidScanned: 'Invalid Scanned',
    alreadyScanned: 'Already Scanned..!',
    scanFirst: 'Scan First',
  });
});

describe('the incoming list and the scanned dispatch', () => {
  let toW: { did: string; cartonIds: string[] };
  let toW2: string;
  let toDealer: string;

  beforeAll(async () => {
    toW = await sendTo({ toSiteId: W.siteId }, 2);
    toW2 = (await sendTo({ toSiteId: W2.siteId }, 1)).did;
    toDealer = (await sendTo({ toUserId: dealer.userId }, 1)).did;
  });

  it('lists the dispatches addressed to the caller only, with their cartons and status', async () => {
    const [aSite] = await t.db.select().from(sites).where(eq(sites.id, A.siteId));
    const rows = await incoming(W.token);
    expect(rows.find((r) => r.DispatchId === toW.did)).toMatchObject({
      TotalCarton: 2,
      Status: RECEIVE_STATUS.inTransit,
      SentFrom: aSite!.name,
      ReceivedDt: null,
    });
    expect(rows.map((r) => r.DispatchId)).not.toContain(toW2);
    expect(rows.map((r) => r.DispatchId)).not.toContain(toDealer);
    expect((await incoming(dealer.token)).map((r) => r.DispatchId)).toEqual([toDealer]);
    expect(await incoming(B.token)).toEqual([]);
    expect((await incoming(W.token, { SearchValue: toW.did.toLowerCase() })).map((r) => r.DispatchId)).toEqual([
      toW.did,
    ]);
    expect(await incoming(W.token, { SearchValue: 'no such thing' })).toEqual([]);
  });

  it('a scanned DID lists its cartons still on the way', async () => {
    const res = await cartonsOf(` ${toW.did.toLowerCase()} `);
    expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
    expect(res.body.ResponseData).toEqual(
      toW.cartonIds.map((id) => ({
        TertiaryCartonId: id,
        ProductName: A.productName,
        Qty: 4,
        CreatedDt: expect.any(String),
        DispatchId: toW.did,
      })),
    );
  });

  it("a scan without a DID answers the spec's messages", async () => {
    for (const [scan, message] of [
      ['', RECEIVE_MSG.enterDispatchId],
      ['   ', RECEIVE_MSG.enterDispatchId],
      [undefined, RECEIVE_MSG.enterDispatchId],
      [toW.cartonIds[0], RECEIVE_MSG.invalidDispatchId],
      ['hello', RECEIVE_MSG.invalidDispatchId],
    ] as const) {
      expect((await cartonsOf(scan)).body, String(scan)).toMatchObject({
        ResponseCode: '400',
        ResponseMessage: message,
      });
    }
  });

  it('a DID that is not for the caller is refused, naming it', async () => {
    expect((await cartonsOf(toW.did, W2.token)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.notAddressed(toW.did),
    });
    expect((await cartonsOf(toW.did, A.token)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.notAddressed(toW.did),
    });
    // Another company's dispatch is as unknown as one never made.
    expect((await cartonsOf(toW.did, B.token)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.notFound(toW.did),
    });
    const never = nextDid(A);
    expect((await cartonsOf(never)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.notFound(never),
    });
  });
});

describe('receiving', () => {
  it('the target receives once: cartons that came are at its site, those left out are missing', async () => {
    const {
      did,
      cartonIds: [t1, t2, t3],
    } = await sendTo({ toSiteId: W.siteId });
    const headers = { ...key(), 'device-time': String(Date.UTC(2026, 3, 2, 8, 15)) };
    const res = await save({ DispatchId: did, Cartons: [t1, t2!.toLowerCase()] }, W.token, headers);
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: RECEIVE_MSG.received(did, 2, 1),
      ResponseData: { DispatchId: did, Received: [t1, t2], Missing: [t3] },
    });
    const { d, legs } = await dispatchHeld(t.db, did);
    expect(d).toMatchObject({ state: 'received', receivedBy: W.userId, receivedEntryId: headers['idempotency-key'] });
    expect(d!.receivedAt).toBeInstanceOf(Date);
    expect(d!.receivedDeviceAt!.toISOString()).toBe('2026-04-02T08:15:00.000Z');
    expect(legs.map((l) => [l.cartonId, l.state, l.endedAt !== null])).toEqual([
      [t1, 'received', true],
      [t2, 'received', true],
      [t3, 'missing', true],
    ]);
    expect(await whereNow(t.db, t1!)).toEqual({ at: W.siteId, dealer: null, on: null, state: 'packed' });
    expect(await whereNow(t.db, t3!)).toEqual({ at: null, dealer: null, on: null, state: 'packed' });
    // A pack inside a received carton is at the warehouse now.
    const serial = (await secondaryHeld(t.db, (await tertiaryHeld(t.db, t1!)).sids[0]!)).serials[0]!;
    expect(await whereIsCode(t.db, staticSeries(A.prefix), serial)).toMatchObject({
      state: 'packed',
      tid: t1,
      siteId: W.siteId,
    });
    const [event] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'receive'), eq(events.ref, did)));
    expect(event).toMatchObject({
      userId: W.userId,
      companyId: A.companyId,
      siteId: W.siteId,
      deviceBatch: headers['idempotency-key'],
      detail: { did, received: [t1, t2], missing: [t3] },
    });
    expect((await incoming(W.token)).find((r) => r.DispatchId === did)).toMatchObject({
      Status: RECEIVE_STATUS.received,
      ReceivedDt: expect.any(String),
    });

    // Once: a second receipt, by either call, and a scan of the DID are refused; nothing changes.
    const before = await snapshot(did, [t1!, t2!, t3!]);
    expect((await save({ DispatchId: did, Cartons: [t3] })).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.alreadyReceived(did),
    });
    expect((await byIds([did])).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.alreadyReceived(did),
    });
    expect((await byIds([t3, t1])).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.alreadyReceived(did),
    });
    expect((await cartonsOf(did)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.alreadyReceived(did),
    });
    expect(await snapshot(did, [t1!, t2!, t3!])).toBe(before);
  });

  it('only the target receives: another site, the sender, another company; nothing changes', async () => {
    const { did, cartonIds } = await sendTo({ toSiteId: W.siteId }, 1);
    const before = await snapshot(did, cartonIds);
    expect((await save({ DispatchId: did }, W2.token)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.notAddressed(did),
    });
    expect((await save({ DispatchId: did }, A.token)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.notAddressed(did),
    });
    expect((await save({ DispatchId: did }, dealer.token)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.notAddressed(did),
    });
    expect((await save({ DispatchId: did }, B.token)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.notFound(did),
    });
    expect((await byIds(cartonIds, B.token)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.notInTransit(cartonIds[0]!),
    });
    expect(await snapshot(did, cartonIds)).toBe(before);
    expect(await whereNow(t.db, cartonIds[0]!)).toEqual({ at: null, dealer: null, on: did, state: 'packed' });
  });

  it('cartons not on the dispatch, bad scans and repeats are refused, each named; nothing changes', async () => {
    const {
      did,
      cartonIds: [t1, t2],
    } = await sendTo({ toSiteId: W.siteId }, 2);
    const stranger = (await pack.tid()).tid;
    const before = await snapshot(did, [t1!, t2!]);
    const res = await save({ DispatchId: did, Cartons: [t1, stranger, 'PID42', t1!.toLowerCase()] });
    expect(res.body).toEqual({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.itemsRefused(3),
      ResponseData: {
        Items: [
          { Code: 'PID42', Reason: RECEIVE_MSG.invalidScanned },
          { Code: t1, Reason: RECEIVE_MSG.alreadyScanned },
          { Code: stranger, Reason: RECEIVE_MSG.notOnDispatch(stranger, did) },
        ],
      },
    });
    expect((await save({ DispatchId: 'SID26KA00001' })).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.invalidDispatchId,
    });
    expect((await save({ Cartons: [t1] })).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.enterDispatchId,
    });
    expect((await save({ DispatchId: did, Cartons: t1 })).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.idList,
    });
    expect(await snapshot(did, [t1!, t2!])).toBe(before);
  });

  it('without Cartons every carton on the way arrived; with none listed, all are missing', async () => {
    const all = await sendTo({ toSiteId: W.siteId }, 2);
    expect((await save({ DispatchId: all.did })).body.ResponseData).toEqual({
      DispatchId: all.did,
      Received: all.cartonIds,
      Missing: [],
    });
    const none = await sendTo({ toSiteId: W.siteId }, 2);
    const res = await save({ DispatchId: none.did, Cartons: [] });
    expect(res.body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: RECEIVE_MSG.received(none.did, 0, 2),
      ResponseData: { Received: [], Missing: none.cartonIds },
    });
    for (const id of none.cartonIds) expect(await legsOf(t.db, id)).toEqual([[none.did, 'missing']]);
  });

  it('a dealer receives by the list of ids: the cartons are with the dealer, at no site', async () => {
    const {
      did,
      cartonIds: [t1, t2, t3],
    } = await sendTo({ toUserId: dealer.userId });
    const res = await byIds([t2, t1], dealer.token);
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: RECEIVE_MSG.received(did, 2, 1),
      ResponseData: { DispatchId: did, Received: [t2, t1], Missing: [t3] },
    });
    expect(await whereNow(t.db, t1!)).toEqual({ at: null, dealer: dealer.userId, on: null, state: 'packed' });
    expect(await whereNow(t.db, t3!)).toEqual({ at: null, dealer: null, on: null, state: 'packed' });
    const [event] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'receive'), eq(events.ref, did)));
    expect(event).toMatchObject({
      userId: dealer.userId,
      siteId: null,
      detail: { did, received: [t2, t1], missing: [t3] },
    });
  });

  it('the list of ids: a DID receives all of it; one dispatch at a time; each bad id named', async () => {
    const one = await sendTo({ toSiteId: W.siteId }, 2);
    const two = await sendTo({ toSiteId: W.siteId }, 1);
    const home = (await pack.tid()).tid;
    const before = await snapshot(one.did, one.cartonIds);
    const mixed = await byIds([one.cartonIds[0], two.cartonIds[0], home]);
    expect(mixed.body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.itemsRefused(2),
      ResponseData: {
        Items: [
          { Code: two.cartonIds[0], Reason: RECEIVE_MSG.otherDispatch(two.cartonIds[0]!, one.did) },
          { Code: home, Reason: RECEIVE_MSG.notInTransit(home) },
        ],
      },
    });
    expect((await byIds([one.did, two.did])).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.otherDispatch(two.did, one.did),
    });
    expect((await byIds([one.did, 'LR-1001'])).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.invalidScanned,
    });
    expect((await byIds([])).body).toMatchObject({ ResponseCode: '400', ResponseMessage: RECEIVE_MSG.scanFirst });
    expect((await byIds({ DispatchId: one.did })).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.idList,
    });
    expect(await snapshot(one.did, one.cartonIds)).toBe(before);
    const res = await byIds([one.cartonIds[1], one.did.toLowerCase()]);
    expect(res.body.ResponseData).toEqual({ DispatchId: one.did, Received: one.cartonIds, Missing: [] });
  });
});

describe('exactly once, rights', () => {
  it('a replay gets the first answer and changes nothing; another body under the key is 422', async () => {
    const { did, cartonIds } = await sendTo({ toSiteId: W.siteId }, 2);
    const headers = key();
    const first = await save({ DispatchId: did, Cartons: [cartonIds[0]] }, W.token, headers);
    expect(first.body.ResponseCode).toBe('200');
    const after = await snapshot(did, cartonIds);
    const again = await save({ DispatchId: did, Cartons: [cartonIds[0]] }, W.token, headers);
    expect(again.body).toEqual(first.body);
    expect(await snapshot(did, cartonIds)).toBe(after);
    const changed = await save({ DispatchId: did, Cartons: cartonIds }, W.token, headers);
    expect(changed.status).toBe(422);
    expect(changed.body.ResponseMessage).toBe(IDEMPOTENCY_MSG.changed);
    expect(await snapshot(did, cartonIds)).toBe(after);
  });

  it('two devices of the target receive the same dispatch at once: the first wins, the other is refused', async () => {
    const { did, cartonIds } = await sendTo({ toSiteId: W.siteId }, 2);
    const other = await insertColleague(t, A, [PAGE.dispatchReceive.key], W.siteId);
    const answers = await Promise.all([
      save({ DispatchId: did, Cartons: [cartonIds[0]] }, W.token, key()),
      byIds(cartonIds, other, key()),
    ]);
    const codes = answers.map((a) => a.body.ResponseCode).sort();
    expect(codes).toEqual(['200', '400']);
    expect(answers.find((a) => a.body.ResponseCode === '400')!.body.ResponseMessage).toBe(
      RECEIVE_MSG.alreadyReceived(did),
    );
    const winner = answers.find((a) => a.body.ResponseCode === '200')!.body.ResponseData as {
      Received: string[];
      Missing: string[];
    };
    const { legs } = await dispatchHeld(t.db, did);
    expect(legs.filter((l) => l.state === 'received').map((l) => l.cartonId)).toEqual(winner.Received);
    expect(legs.filter((l) => l.state === 'missing').map((l) => l.cartonId)).toEqual(winner.Missing);
    expect(
      await t.db
        .select()
        .from(events)
        .where(and(eq(events.action, 'receive'), eq(events.ref, did))),
    ).toHaveLength(1);
  });

  it('the list of ids is idempotent too, and a receipt goes through the outbox push', async () => {
    const viaIds = await sendTo({ toSiteId: W.siteId }, 1);
    const headers = key();
    const first = await byIds([viaIds.did], W.token, headers);
    expect((await byIds([viaIds.did], W.token, headers)).body).toEqual(first.body);
    expect((await byIds(viaIds.cartonIds, W.token, headers)).status).toBe(422);

    const pushed = await sendTo({ toSiteId: W.siteId }, 2);
    const entry = {
      Key: key()['idempotency-key'],
      Call: RECEIVE_API.save.path,
      DeviceTime: Date.UTC(2026, 3, 3, 10),
      Body: { DispatchId: pushed.did, Cartons: [pushed.cartonIds[1]] },
    };
    const res = await call(PUSH_API.push.path, { Entries: [entry] }, W.token);
    const [answer] = res.body.ResponseData as PushAnswer[];
    expect(answer).toMatchObject({
      Key: entry.Key,
      Status: 200,
      Answer: {
        ResponseCode: '200',
        ResponseData: { Received: [pushed.cartonIds[1]], Missing: [pushed.cartonIds[0]] },
      },
    });
    expect((await dispatchHeld(t.db, pushed.did)).d!.receivedDeviceAt!.toISOString()).toBe('2026-04-03T10:00:00.000Z');
  });

  it('a user without the Dispatch Receive page gets 403; an account with no site and no dealer cannot receive', async () => {
    const { did } = await sendTo({ toSiteId: W.siteId }, 1);
    const packer = await insertColleague(t, A, [PAGE.secondaryPacking.key], W.siteId);
    for (const e of [RECEIVE_API.list, RECEIVE_API.cartons, RECEIVE_API.save, RECEIVE_API.cartonReceive]) {
      const res = await call(e.path, e === RECEIVE_API.cartonReceive ? [did] : { DispatchId: did }, packer);
      expect(res.status, e.path).toBe(403);
      expect(res.body.ResponseMessage).toBe(FORBIDDEN);
    }
    const admin = await t.token('admin');
    expect((await save({ DispatchId: did }, admin)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: RECEIVE_MSG.noReceiver,
    });
    expect((await dispatchHeld(t.db, did)).d!.state).toBe('sent');
  });
});
