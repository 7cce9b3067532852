// Carton Return on a real database (PGlite; PostgreSQL with DATABASE_URL): the sender takes back
// cartons from transit (their leg 'sent') or after their receipt (still where the receipt left them);
// a DID stands for its cartons; everything else is refused with the carton named and nothing changes;
// a replay answers as the first call did. The lookups answer the return list's row or the reason; and
// "where is this carton now" holds after receive and return in turn.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETURN_API, RETURN_MSG, type ReturnSave } from '../../../src/shared/contracts/floor/carton-return.js';
import { returnProblem } from '../../../src/shared/contracts/floor/return-problem.js';
import { CARTON_DAMAGE_API } from '../../../src/shared/contracts/floor/carton-damage.js';
import { RECEIVE_API, RECEIVE_MSG, RECEIVE_STATUS } from '../../../src/shared/contracts/floor/dispatch-receive.js';
import { PACKING_API } from '../../../src/shared/contracts/floor/packing.js';
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
  type Sender,
  type SiteUser,
} from '../../helpers/factories-dispatch-legs.js';
import {
  cartonSize,
  floorFactory,
  secondaryHeld,
  slip,
  tertiaryBody,
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
let size2: number;
let keyNo = 0;
const REMARK = 'Refused at the depot gate';

const key = () => ({ 'idempotency-key': `return-entry-${String(++keyNo).padStart(4, '0')}` });
const call = (path: string, body: unknown, token: string, headers: Record<string, string> = {}) =>
  t.raw({
    method: 'POST',
    url: `/API/api/${path}`,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
const body = (ids: string[], transit: boolean, extra: Partial<ReturnSave> = {}): ReturnSave => ({
  scanned: ids.map((CartonId) => ({ CartonId })),
  IsActive: transit,
  Remark: REMARK,
  ...extra,
});
const ret = (ids: string[], transit: boolean, token = A.token, headers: Record<string, string> = {}) =>
  call(RETURN_API.save.path, body(ids, transit), token, headers);
const receive = async (did: string, token = W.token, Cartons?: string[]) => {
  const res = await call(RECEIVE_API.save.path, { DispatchId: did, ...(Cartons ? { Cartons } : {}) }, token);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
};
const refused = (res: { body: unknown }, message: string) =>
  expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: message });

/** `n` fresh tertiary cartons of A sent from `from` (A unless said) to a site or a dealer. */
async function sendTo(
  to: { toSiteId?: number; toUserId?: number },
  n = 2,
  from: Sender & { prefix: string } = A,
  cartonIds?: string[],
) {
  const ids = cartonIds ?? (await pack.tids(n));
  const did = nextDid(from);
  await sentDispatch(t.db, { did, from, cartonIds: ids, ...to });
  return { did, cartonIds: ids };
}

/** Everything a refused return could have changed. */
const snapshot = async (ids: string[]) =>
  JSON.stringify({
    where: await Promise.all(ids.map((id) => whereNow(t.db, id))),
    legs: await Promise.all(ids.map((id) => legsOf(t.db, id))),
    events: (await t.db.select().from(events).where(eq(events.action, 'return'))).length,
  });

beforeAll(async () => {
  codes = await appCodes(t);
  A = await floorFactory(t, nextPrefix(), LEG_PAGES);
  B = await floorFactory(t, nextPrefix(), LEG_PAGES);
  W = await insertSiteUser(t, A.companyId);
  W2 = await insertSiteUser(t, A.companyId);
  dealer = await insertReceivingDealer(t, A.companyId);
  size2 = await cartonSize(t.db, 2);
  pack = new CartonPacker(t, codes, A, size2);
});

describe('the rule', () => {
  it("speaks the spec's words", () => {
    expect(RETURN_MSG).toMatchObject({
      scanFirst: 'Scan First',
      invalidScanned: 'Invalid Scanned',
      alreadyScanned: 'Already Scanned..!',
      remarkTitle: 'Add return remarks',
      transit: 'Return From Transit',
    });
  });

  // The facts no sequence of saves leaves, checked as the device checks its caches: a received carton
  // that is not where its receipt left it, or one on the way that is not travelling on its leg.
  it('a carton not where its leg left it is refused, naming the leg', () => {
    const at = { companyId: 7, siteId: 1 };
    const carton = {
      companyId: 7,
      siteId: 1,
      state: 'packed',
      tid: null,
      locationSiteId: 2,
      dispatchId: null,
      dealerId: null,
    };
    const toSite = {
      did: 'DID26AA00001',
      state: 'received' as const,
      companyId: 7,
      fromSiteId: 1,
      toSiteId: 2,
      toUserId: null,
    };
    const toDealer = { ...toSite, toSiteId: null, toUserId: 9 };
    expect(returnProblem('T', carton, toSite, at, false)).toBeNull();
    expect(returnProblem('T', { ...carton, locationSiteId: 3 }, toSite, at, false)).toBe(
      RETURN_MSG.moved('T', toSite.did),
    );
    expect(returnProblem('T', { ...carton, dealerId: 9 }, toSite, at, false)).toBe(RETURN_MSG.moved('T', toSite.did));
    expect(returnProblem('T', { ...carton, locationSiteId: null, dealerId: 9 }, toDealer, at, false)).toBeNull();
    expect(returnProblem('T', { ...carton, locationSiteId: null, dealerId: 8 }, toDealer, at, false)).toBe(
      RETURN_MSG.moved('T', toSite.did),
    );
    const sent = { ...toSite, state: 'sent' as const };
    expect(returnProblem('T', { ...carton, locationSiteId: null, dispatchId: toSite.did }, sent, at, true)).toBeNull();
    expect(returnProblem('T', { ...carton, locationSiteId: null, dispatchId: 'DID26AA00002' }, sent, at, true)).toBe(
      RETURN_MSG.moved('T', toSite.did),
    );
  });
});

describe('return from transit', () => {
  it('the sender takes back a carton on the way: its leg ends, it is home, and the target no longer gets it', async () => {
    const {
      did,
      cartonIds: [t1, t2, t3],
    } = await sendTo({ toSiteId: W.siteId }, 3);
    const headers = { ...key(), 'device-time': String(Date.UTC(2026, 4, 5, 7)) };
    const res = await ret([t1!.toLowerCase()], true, A.token, headers);
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: RETURN_MSG.done(1, true),
      ResponseData: { Cartons: [t1], DispatchIds: [did], Transit: true },
    });
    expect(await whereNow(t.db, t1!)).toEqual({ at: A.siteId, dealer: null, on: null, state: 'packed' });
    const { legs } = await dispatchHeld(t.db, did);
    expect(legs.map((l) => [l.cartonId, l.state, l.endedAt !== null])).toEqual([
      [t1, 'returned', true],
      [t2, 'sent', false],
      [t3, 'sent', false],
    ]);
    const [event] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'return'), eq(events.deviceBatch, headers['idempotency-key'])));
    expect(event).toMatchObject({
      userId: A.userId,
      companyId: A.companyId,
      siteId: A.siteId,
      ref: did,
      detail: { cartons: [t1], transit: true, dids: [did], remark: REMARK },
    });
    expect(event!.deviceAt!.toISOString()).toBe('2026-05-05T07:00:00.000Z');

    // The target sees and receives the rest; the carton taken back is neither received nor missing.
    const list = await send(t, RECEIVE_API.cartons, { DispatchId: did }, W.token);
    expect((list.body.ResponseData as Array<{ TertiaryCartonId: string }>).map((r) => r.TertiaryCartonId)).toEqual([
      t2,
      t3,
    ]);
    refused(
      await call(RECEIVE_API.save.path, { DispatchId: did, Cartons: [t1, t2] }, W.token),
      RECEIVE_MSG.takenBack(t1!),
    );
    const done = await call(RECEIVE_API.save.path, { DispatchId: did }, W.token);
    expect(done.body.ResponseData).toEqual({ DispatchId: did, Received: [t2, t3], Missing: [] });
    expect(await legsOf(t.db, t1!)).toEqual([[did, 'returned']]);
  });

  it('only the sender: the target, another site and another company are refused; nothing changes', async () => {
    const {
      cartonIds: [t1],
    } = await sendTo({ toSiteId: W.siteId }, 1);
    const before = await snapshot([t1!]);
    refused(await ret([t1!], true, W.token), RETURN_MSG.notYours(t1!));
    refused(await ret([t1!], true, W2.token), RETURN_MSG.notYours(t1!));
    refused(await ret([t1!], true, B.token), RETURN_MSG.notFound(t1!));
    expect(await snapshot([t1!])).toBe(before);
  });

  it('a DID stands for its cartons on the way; with none left it is refused, naming it', async () => {
    const one = await sendTo({ toSiteId: W.siteId }, 3);
    const res = await ret([one.cartonIds[1]!, one.did], true);
    expect(res.body.ResponseData).toEqual({
      Cartons: [one.cartonIds[1], one.cartonIds[0], one.cartonIds[2]],
      DispatchIds: [one.did],
      Transit: true,
    });
    for (const id of one.cartonIds) expect(await whereNow(t.db, id)).toMatchObject({ at: A.siteId, on: null });
    refused(await ret([one.did], true), RETURN_MSG.nothing(one.did, true));
    // Every carton taken back: the dispatch reads Returned and cannot be received.
    const rows = RECEIVE_API.list.data.parse(
      (await send(t, RECEIVE_API.list, listBody({ PageSize: -1 }), W.token)).body.ResponseData,
    );
    expect(rows.find((r) => r.DispatchId === one.did)!.Status).toBe(RECEIVE_STATUS.returned);
    refused(await call(RECEIVE_API.save.path, { DispatchId: one.did }, W.token), RECEIVE_MSG.allReturned(one.did));
    refused(await send(t, RECEIVE_API.cartons, { DispatchId: one.did }, W.token), RECEIVE_MSG.allReturned(one.did));
    // Another site's DID, or another company's.
    const theirs = await sendTo({ toSiteId: W2.siteId }, 1, W, [(await sendBack()).tid]);
    refused(await ret([theirs.did], true), RETURN_MSG.notYours(theirs.did));
    refused(await ret([theirs.did], true, B.token), RETURN_MSG.notFound(theirs.did));
  });

  it('a received carton is not in transit, nor a missing one', async () => {
    const {
      did,
      cartonIds: [t1, t2],
    } = await sendTo({ toSiteId: W.siteId }, 2);
    await receive(did, W.token, [t1!]);
    const before = await snapshot([t1!, t2!]);
    refused(await ret([t1!], true), RETURN_MSG.received(t1!, did));
    refused(await ret([t2!], true), RETURN_MSG.missing(t2!, did));
    refused(await ret([t2!], false), RETURN_MSG.missing(t2!, did));
    expect(await snapshot([t1!, t2!])).toBe(before);
  });
});

/** A tertiary carton received by W from A (so W holds it and may send it on). */
async function sendBack() {
  const {
    did,
    cartonIds: [tid],
  } = await sendTo({ toSiteId: W.siteId }, 1);
  await receive(did);
  return { did, tid: tid! };
}

describe('return after receipt', () => {
  it('the sender takes back a carton its dispatch delivered; it cannot be taken back twice', async () => {
    const {
      did,
      cartonIds: [t1, t2],
    } = await sendTo({ toSiteId: W.siteId }, 2);
    const before = await snapshot([t1!]);
    refused(await ret([t1!], false), RETURN_MSG.inTransit(t1!, did));
    expect(await snapshot([t1!])).toBe(before);
    await receive(did);
    const res = await ret([t1!], false);
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: RETURN_MSG.done(1, false),
      ResponseData: { Cartons: [t1], DispatchIds: [did], Transit: false },
    });
    expect(await whereNow(t.db, t1!)).toEqual({ at: A.siteId, dealer: null, on: null, state: 'packed' });
    expect(await whereNow(t.db, t2!)).toEqual({ at: W.siteId, dealer: null, on: null, state: 'packed' });
    expect(await legsOf(t.db, t1!)).toEqual([[did, 'returned']]);
    refused(await ret([t1!], false), RETURN_MSG.returned(t1!, did));
    refused(await ret([t2!], false, W.token), RETURN_MSG.notYours(t2!));
  });

  it('from a dealer: the carton is with the dealer no more', async () => {
    const {
      did,
      cartonIds: [t1],
    } = await sendTo({ toUserId: dealer.userId }, 1);
    await receive(did, dealer.token);
    expect(await whereNow(t.db, t1!)).toMatchObject({ at: null, dealer: dealer.userId });
    expect((await ret([did], false)).body.ResponseData).toEqual({ Cartons: [t1], DispatchIds: [did], Transit: false });
    expect(await whereNow(t.db, t1!)).toEqual({ at: A.siteId, dealer: null, on: null, state: 'packed' });
  });

  it('a carton that moved on, was damaged or packed into another carton is refused, naming why', async () => {
    const moved = await sendBack();
    const onward = await sendTo({ toSiteId: W2.siteId }, 1, W, [moved.tid]);
    refused(await ret([moved.tid], false), RETURN_MSG.notYours(moved.tid));
    refused(await ret([moved.did], false), RETURN_MSG.nothing(moved.did, false));
    // W, its sender now, takes it back from transit.
    expect((await ret([moved.tid], true, W.token)).body.ResponseData).toEqual({
      Cartons: [moved.tid],
      DispatchIds: [onward.did],
      Transit: true,
    });

    const damaged = await sendBack();
    expect(
      (await call(CARTON_DAMAGE_API.damage.path, { DamageCid: damaged.tid, Reason: 'Crushed in the depot' }, W.token))
        .body.ResponseCode,
    ).toBe('200');
    refused(await ret([damaged.tid], false), RETURN_MSG.notInUse(damaged.tid, 'damaged'));

    // A loose secondary carton received at W and packed there into W's own tertiary carton.
    const sid = await pack.sid();
    const loose = await sendTo({ toSiteId: W.siteId }, 0, A, [sid]);
    await receive(loose.did);
    const wTid = slip('TID', W.prefix, 1);
    const packed = await call(
      PACKING_API.tertiarySave.path,
      tertiaryBody(size2, [sid], wTid, { reason: 'Single carton' }),
      W.token,
    );
    expect(packed.body.ResponseCode, packed.body.ResponseMessage).toBe('200');
    refused(await ret([sid], false), RETURN_MSG.packedIn(sid, wTid));
  });
});

describe('bad input and all or nothing', () => {
  it("the spec's messages for no scan, a scan that is no carton and a repeat; the remark rule", async () => {
    const {
      cartonIds: [t1],
    } = await sendTo({ toSiteId: W.siteId }, 1);
    const before = await snapshot([t1!]);
    refused(await call(RETURN_API.save.path, body([], true), A.token), RETURN_MSG.scanFirst);
    refused(await call(RETURN_API.save.path, { IsActive: true, Remark: REMARK }, A.token), RETURN_MSG.scanFirst);
    const bad = await ret([t1!, 'PID42', t1!.toLowerCase()], true);
    expect(bad.body).toEqual({
      ResponseCode: '400',
      ResponseMessage: RETURN_MSG.itemsRefused(2),
      ResponseData: {
        Items: [
          { Code: 'PID42', Reason: RETURN_MSG.invalidScanned },
          { Code: t1, Reason: RETURN_MSG.alreadyScanned },
        ],
      },
    });
    refused(await ret(['hello'], true), RETURN_MSG.invalidScanned);
    for (const Remark of [undefined, '', '  ok  ', 'x'.repeat(201)]) {
      refused(
        await call(RETURN_API.save.path, body([t1!], true, { Remark: Remark as string }), A.token),
        RETURN_MSG.remark,
      );
    }
    refused(await call(RETURN_API.save.path, { ...body([t1!], true), IsActive: 'yes' }, A.token), RETURN_MSG.flag);
    expect(await snapshot([t1!])).toBe(before);
  });

  it('one bad carton refuses the whole return, naming it; a SID in a TID and an unknown carton', async () => {
    const {
      cartonIds: [t1],
    } = await sendTo({ toSiteId: W.siteId }, 1);
    const home = await pack.tid();
    const unknown = slip('TID', A.prefix, 499);
    const before = await snapshot([t1!, home.tid]);
    const res = await ret([t1!, home.tid, home.sids[0]!, unknown], true);
    expect(res.body).toEqual({
      ResponseCode: '400',
      ResponseMessage: RETURN_MSG.itemsRefused(3),
      ResponseData: {
        Items: [
          { Code: home.tid, Reason: RETURN_MSG.notYours(home.tid) },
          { Code: home.sids[0], Reason: RETURN_MSG.packedIn(home.sids[0]!, home.tid) },
          { Code: unknown, Reason: RETURN_MSG.notFound(unknown) },
        ],
      },
    });
    expect(await snapshot([t1!, home.tid])).toBe(before);
  });

  it('a replay gets the first answer and changes nothing; another body under the key is 422', async () => {
    const {
      cartonIds: [t1, t2],
    } = await sendTo({ toSiteId: W.siteId }, 2);
    const headers = key();
    const first = await ret([t1!], true, A.token, headers);
    expect(first.body.ResponseCode).toBe('200');
    const after = await snapshot([t1!, t2!]);
    expect((await ret([t1!], true, A.token, headers)).body).toEqual(first.body);
    expect(await snapshot([t1!, t2!])).toBe(after);
    const changed = await ret([t2!], true, A.token, headers);
    expect(changed.status).toBe(422);
    expect(changed.body.ResponseMessage).toBe(IDEMPOTENCY_MSG.changed);
    expect(await snapshot([t1!, t2!])).toBe(after);
  });

  it('a user without the Carton Return page gets 403; an account with no site cannot take cartons back', async () => {
    const {
      cartonIds: [t1],
    } = await sendTo({ toSiteId: W.siteId }, 1);
    const packer = await insertColleague(t, A, [PAGE.secondaryPacking.key, PAGE.dispatchReceive.key]);
    for (const [path, b] of [
      [RETURN_API.save.path, body([t1!], true)],
      [RETURN_API.packing.path, { cartonID: t1, isTransit: true }],
      [RETURN_API.info.path, { code: t1, isTransit: true }],
    ] as const) {
      const res = await call(path, b, packer);
      expect(res.status, path).toBe(403);
      expect(res.body.ResponseMessage).toBe(FORBIDDEN);
    }
    const admin = await t.token('admin');
    refused(await ret([t1!], true, admin), RETURN_MSG.noSite);
    expect(await whereNow(t.db, t1!)).toMatchObject({ on: expect.any(String), at: null });
  });
});

describe('the lookups', () => {
  it('GetPackingForReturn answers the return list row when the carton can be taken back under the flag, else the reason', async () => {
    const {
      did,
      cartonIds: [t1, t2],
    } = await sendTo({ toSiteId: W.siteId }, 2);
    const res = await send(t, RETURN_API.packing, { cartonID: t1, isTransit: true, wareHouseId: A.siteId }, A.token);
    expect(res.body).toMatchObject({
      ResponseCode: '200',
      ResponseData: [
        {
          Id: Number(t1!.slice(7)),
          CartonId: t1,
          ProductName: A.productName,
          MFGDate: '2026-01-10',
          EXPDate: '2028-01-10',
          DispatchId: did,
        },
      ],
    });
    const all = await send(t, RETURN_API.packing, { cartonID: did, isTransit: 1 }, A.token);
    expect((all.body.ResponseData as Array<{ CartonId: string }>).map((r) => r.CartonId)).toEqual([t1, t2]);
    refused(
      await send(t, RETURN_API.packing, { cartonID: t1, isTransit: false }, A.token),
      RETURN_MSG.inTransit(t1!, did),
    );
    refused(await send(t, RETURN_API.packing, { cartonID: t1, isTransit: true }, B.token), RETURN_MSG.notFound(t1!));
    refused(
      await send(t, RETURN_API.packing, { cartonID: 'PID42', isTransit: true }, A.token),
      RETURN_MSG.invalidScanned,
    );
    // A lookup changes nothing.
    expect(await whereNow(t.db, t1!)).toMatchObject({ on: did });
  });

  it('GetReturnInfo answers the leg a carton would come back from', async () => {
    const names = new Map((await t.db.select().from(sites)).map((s) => [s.id, s.name]));
    const toW = await sendTo({ toSiteId: W.siteId }, 1);
    await receive(toW.did);
    const res = await send(t, RETURN_API.info, { code: toW.cartonIds[0], isTransit: false }, A.token);
    expect(res.body.ResponseData).toEqual([
      {
        CartonId: toW.cartonIds[0],
        DispatchId: toW.did,
        Status: RECEIVE_STATUS.received,
        SentFrom: names.get(A.siteId),
        SentTo: names.get(W.siteId),
        SentDt: expect.any(String),
        ReceivedDt: expect.any(String),
        ReturnTo: names.get(A.siteId),
      },
    ]);
    const toDealer = await sendTo({ toUserId: dealer.userId }, 1);
    const info = await send(t, RETURN_API.info, { code: toDealer.did, isTransit: true }, A.token);
    expect(info.body.ResponseData).toEqual([
      expect.objectContaining({ Status: RECEIVE_STATUS.inTransit, SentTo: 'Test User', ReceivedDt: null }),
    ]);
    refused(
      await send(t, RETURN_API.info, { code: toDealer.did, isTransit: false }, A.token),
      RETURN_MSG.nothing(toDealer.did, false),
    );
  });
});

describe('where is this carton now', () => {
  it('stays exact through receive, return, dispatch again and receive', async () => {
    const { tid, sids } = await pack.tid();
    const serial = (await secondaryHeld(t.db, sids[0]!)).serials[0]!;
    const at = async () => ({
      carton: await whereNow(t.db, tid),
      code: (await whereIsCode(t.db, staticSeries(A.prefix), serial)) as { siteId: number | null },
    });

    const one = await sendTo({ toSiteId: W.siteId }, 0, A, [tid]);
    expect(await at()).toMatchObject({ carton: { at: null, on: one.did }, code: { siteId: null } });
    await receive(one.did);
    expect(await at()).toMatchObject({ carton: { at: W.siteId, on: null }, code: { siteId: W.siteId } });
    expect((await ret([tid], false)).body.ResponseCode).toBe('200');
    expect(await at()).toMatchObject({ carton: { at: A.siteId, dealer: null, on: null }, code: { siteId: A.siteId } });

    const two = await sendTo({ toUserId: dealer.userId }, 0, A, [tid]);
    expect((await ret([two.did], true)).body.ResponseCode).toBe('200');
    expect(await at()).toMatchObject({ carton: { at: A.siteId, dealer: null, on: null } });

    const three = await sendTo({ toUserId: dealer.userId }, 0, A, [tid]);
    await receive(three.did, dealer.token);
    expect(await at()).toMatchObject({ carton: { at: null, dealer: dealer.userId, on: null }, code: { siteId: null } });
    expect((await ret([tid], false)).body.ResponseCode).toBe('200');

    const four = await sendTo({ toSiteId: W.siteId }, 0, A, [tid]);
    await receive(four.did);
    expect(await at()).toMatchObject({
      carton: { at: W.siteId, dealer: null, on: null, state: 'packed' },
      code: { state: 'packed', siteId: W.siteId },
    });
    expect(await legsOf(t.db, tid)).toEqual([
      [one.did, 'returned'],
      [two.did, 'returned'],
      [three.did, 'returned'],
      [four.did, 'received'],
    ]);
    expect((await tertiaryHeld(t.db, tid)).sids).toEqual(sids);
    // An old leg is history: its DID takes nothing back now.
    refused(await ret([one.did], false), RETURN_MSG.nothing(one.did, false));
  });
});
