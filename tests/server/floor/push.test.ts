// Outbox/push on a real database (PGlite; PostgreSQL with DATABASE_URL): a device's queued saves in
// one request, each answered as its own call answers it alone. A refusal undoes only its own entry; a
// later entry builds on an earlier one; a replay changes nothing; a changed body is 422; a key in
// flight stops the push there; each entry is held to its own call's page, contract and text rule.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PACKING_API, PACKING_MSG } from '../../../src/shared/contracts/floor/packing.js';
import { PUSH_API, PUSH_MAX, PUSH_MSG, type PushAnswer } from '../../../src/shared/contracts/floor/push.js';
import { TEXT_UNSTORABLE } from '../../../src/shared/contracts/text.js';
import { PAGE } from '../../../src/shared/pages.js';
import { events, idempotencyKeys, secondaryCartons } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { IDEMPOTENCY_MSG, requestHash } from '../../../src/server/http/idempotency.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
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
import { checkData } from '../../helpers/endpoint-call.js';
import { appCodes } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let codes: CodeMac;
let A: FloorFactory;
let size2: number;
let serial = 0;
let sidNo = 0;
let tidNo = 0;
let keyNo = 0;

interface Entry {
  Key: string;
  Call: string;
  DeviceTime?: number;
  Body: unknown;
}

const push = async (entries: Entry[], token = A.token) => {
  const res = await t.raw({
    method: 'POST',
    url: `/API/api/${PUSH_API.push.path}`,
    payload: { Entries: entries },
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.body.ResponseCode === '200') checkData(PUSH_API.push, res.body.ResponseData);
  return res;
};
const answersOf = (res: { body: { ResponseData: unknown } }) => res.body.ResponseData as PushAnswer[];
const codesOfAnswers = (res: { body: { ResponseData: unknown } }) =>
  answersOf(res).map((a) => `${a.Status} ${a.Answer.ResponseCode}`);

const key = () => `push-entry-${String(++keyNo).padStart(4, '0')}`;
/** A secondary save of two fresh packs into a fresh SID, as an entry. */
function secondary(extra: Partial<Entry> = {}): Entry & { sid: string } {
  const sid = slip('SID', A.prefix, ++sidNo);
  const from = (serial += 2) - 1;
  return {
    Key: key(),
    Call: PACKING_API.secondarySave.path,
    Body: secondaryBody(size2, codesOf(codes, A.prefix, from, from + 1), sid),
    sid,
    ...extra,
  };
}
const tertiary = (sids: string[]): Entry & { tid: string } => {
  const tid = slip('TID', A.prefix, ++tidNo);
  return { Key: key(), Call: PACKING_API.tertiarySave.path, Body: tertiaryBody(size2, sids, tid), tid };
};
const cartonCount = async () =>
  Number(
    (
      (await t.db.execute(sql`select count(*) as n from secondary_cartons`)) as unknown as {
        rows: Array<{ n: unknown }>;
      }
    ).rows[0]!.n,
  );

beforeAll(async () => {
  codes = await appCodes(t);
  A = await floorFactory(t, nextPrefix());
  size2 = await cartonSize(t.db, 2);
});

describe('a push of floor saves', () => {
  it('answers each entry as its own call, in order, and keeps each device time and key', async () => {
    const one = secondary({ DeviceTime: Date.UTC(2026, 10, 20, 8, 0) });
    const two = secondary({ DeviceTime: Date.UTC(2026, 10, 20, 8, 5) });
    const res = await push([one, two]);
    expect(res.status).toBe(200);
    expect(answersOf(res)).toEqual([
      {
        Key: one.Key,
        Status: 200,
        Answer: {
          ResponseCode: '200',
          ResponseMessage: PACKING_MSG.secondarySaved(one.sid, 2),
          ResponseData: { CartonId: one.sid, TotalQty: 2, CartonName: expect.any(String) },
        },
      },
      {
        Key: two.Key,
        Status: 200,
        Answer: {
          ResponseCode: '200',
          ResponseMessage: PACKING_MSG.secondarySaved(two.sid, 2),
          ResponseData: { CartonId: two.sid, TotalQty: 2, CartonName: expect.any(String) },
        },
      },
    ]);
    const held = await secondaryHeld(t.db, two.sid);
    expect(held.serials).toHaveLength(2);
    expect(held.carton).toMatchObject({ entryId: two.Key });
    expect(held.carton!.deviceAt!.toISOString()).toBe('2026-11-20T08:05:00.000Z');
    const [event] = await t.db.select().from(events).where(eq(events.ref, one.sid));
    expect(event).toMatchObject({ action: 'pack-secondary', deviceBatch: one.Key });
    expect(event!.deviceAt!.toISOString()).toBe('2026-11-20T08:00:00.000Z');
  });

  it('refuses only the entry at fault, with its items; a later entry packs what earlier ones packed', async () => {
    const one = secondary();
    const bad = secondary();
    // The same two packs as `one`: refused as already packed, nothing of it kept.
    bad.Body = { ...(bad.Body as object), scanned: (one.Body as { scanned: unknown }).scanned };
    const three = secondary();
    const outer = tertiary([one.sid, three.sid]);
    const res = await push([one, bad, three, outer]);
    expect(codesOfAnswers(res)).toEqual(['200 200', '200 400', '200 200', '200 200']);
    const refused = answersOf(res)[1]!.Answer;
    expect(refused.ResponseMessage).toBe(PACKING_MSG.itemsRefused(2));
    expect((refused.ResponseData as { Items: Array<{ Reason: string }> }).Items.map((i) => i.Reason)).toEqual([
      PACKING_MSG.packed(one.sid),
      PACKING_MSG.packed(one.sid),
    ]);
    expect((await secondaryHeld(t.db, bad.sid)).carton).toBeUndefined();
    expect((await tertiaryHeld(t.db, outer.tid)).sids).toEqual([one.sid, three.sid]);
  });

  it('answers a replay as the first time and changes nothing; a changed body under a used key is 422', async () => {
    const one = secondary();
    const two = secondary();
    const first = await push([one, two]);
    const before = await cartonCount();
    const eventsBefore = (await t.db.select().from(events)).length;
    const again = await push([one, two]);
    expect(again.body).toEqual(first.body);
    expect(await cartonCount()).toBe(before);
    expect((await t.db.select().from(events)).length).toBe(eventsBefore);

    const changed = { ...two, Body: { ...(two.Body as object), reason: 'other' } };
    const three = secondary();
    const res = await push([changed, three]);
    expect(answersOf(res).map((a) => [a.Status, a.Answer.ResponseMessage])).toEqual([
      [422, IDEMPOTENCY_MSG.changed],
      [200, PACKING_MSG.secondarySaved(three.sid, 2)],
    ]);
  });

  it('replays a save first sent alone under the same key', async () => {
    const one = secondary();
    const alone = await t.raw({
      method: 'POST',
      url: `/API/api/${PACKING_API.secondarySave.path}`,
      payload: one.Body as object,
      headers: { authorization: `Bearer ${A.token}`, 'idempotency-key': one.Key },
    });
    expect(alone.body.ResponseCode).toBe('200');
    expect(answersOf(await push([one]))[0]).toEqual({ Key: one.Key, Status: 200, Answer: alone.body });
  });

  it('stops at a key still being worked on (409): the entries after it are not tried', async () => {
    const one = secondary();
    const busy = secondary();
    const after = secondary();
    const hash = requestHash(`POST ${PACKING_API.secondarySave.path}`, PACKING_API.secondarySave.body.parse(busy.Body));
    await t.db.insert(idempotencyKeys).values({
      userId: A.userId,
      companyId: A.companyId,
      key: busy.Key,
      route: `POST ${PACKING_API.secondarySave.path}`,
      requestHash: hash,
      state: 'in-flight',
      claimedAt: new Date(),
    });
    const res = await push([one, busy, after]);
    expect(answersOf(res).map((a) => [a.Key, a.Status, a.Answer.ResponseMessage])).toEqual([
      [one.Key, 200, PACKING_MSG.secondarySaved(one.sid, 2)],
      [busy.Key, 409, IDEMPOTENCY_MSG.inFlight],
    ]);
    expect((await secondaryHeld(t.db, after.sid)).carton).toBeUndefined();
    // A claim left by a server that died mid-work (older than the stale time) is taken over.
    await t.db
      .update(idempotencyKeys)
      .set({ claimedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(idempotencyKeys.key, busy.Key));
    expect(codesOfAnswers(await push([busy, after]))).toEqual(['200 200', '200 200']);
  });

  it("holds each entry to its own call's page, contract and text rule, and names a call it cannot push", async () => {
    const secondaryOnly = await floorFactory(t, nextPrefix(), [PAGE.secondaryPacking.key]);
    const outer = tertiary([]);
    const res = await push(
      [
        { Key: key(), Call: PACKING_API.tertiarySave.path, Body: outer.Body },
        { Key: key(), Call: 'Users/Save', Body: {} },
        {
          Key: key(),
          Call: PACKING_API.secondarySave.path,
          Body: { cartonMasterId: size2, scanned: [], reason: '', CartonName: 'x' },
        },
        {
          Key: key(),
          Call: PACKING_API.secondarySave.path,
          Body: { cartonMasterId: size2, scanned: [{ UID: 'A\u0000B' }], reason: '', CartonName: 'x' },
        },
        { Key: 'bad key!', Call: PACKING_API.secondarySave.path, Body: secondary().Body },
      ],
      secondaryOnly.token,
    );
    expect(answersOf(res).map((a) => [a.Status, a.Answer.ResponseCode, a.Answer.ResponseMessage])).toEqual([
      [403, '403', FORBIDDEN],
      [200, '400', PUSH_MSG.notPushable('Users/Save')],
      [200, '400', PACKING_MSG.scanFirst],
      [200, '400', TEXT_UNSTORABLE],
      [400, '400', IDEMPOTENCY_MSG.invalid],
    ]);
    expect(await t.db.select().from(secondaryCartons).where(eq(secondaryCartons.siteId, secondaryOnly.siteId))).toEqual(
      [],
    );
  });

  it('refuses a push that is not one: no entries, too many, a key twice, no sign-in', async () => {
    const msg = async (entries: unknown) =>
      (
        await t.raw({
          method: 'POST',
          url: `/API/api/${PUSH_API.push.path}`,
          payload: { Entries: entries },
          headers: { authorization: `Bearer ${A.token}` },
        })
      ).body.ResponseMessage;
    expect(await msg([])).toBe(PUSH_MSG.entries);
    expect(await msg(Array.from({ length: PUSH_MAX + 1 }, () => secondary()))).toBe(PUSH_MSG.entries);
    const e = secondary();
    expect(await msg([e, e])).toBe(PUSH_MSG.duplicateKey);
    expect(await msg([{ Key: 'abcdefgh' }])).toBe(PUSH_MSG.entry);
    const anon = await t.raw({ method: 'POST', url: `/API/api/${PUSH_API.push.path}`, payload: { Entries: [e] } });
    expect(anon.status).toBe(401);
    expect((await secondaryHeld(t.db, e.sid)).carton).toBeUndefined();
  });
});
