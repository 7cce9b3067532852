// Races on the floor (issue 25, Deliver 6), on a real database: N contests fired at once, each two
// saves after one thing (a carton slip, a pack, a secondary carton, a DID, a carton on two dispatches,
// a receipt). Every answer is HTTP 200 with '200' or '400'; exactly one of each pair wins; the loser is
// told what it lost; the database holds exactly the winner's rows. On PostgreSQL the requests really
// overlap (a pool of connections); PGlite has one connection, so there each pair simply answers one
// '200' and one '400' in turn. An outbox push whose middle entry loses keeps its other entries.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeSlipId } from '../../../src/shared/codes.js';
import { DISPATCH_API, DISPATCH_MSG } from '../../../src/shared/contracts/floor/dispatch.js';
import { RECEIVE_API, RECEIVE_MSG } from '../../../src/shared/contracts/floor/dispatch-receive.js';
import { RETURN_API, RETURN_MSG } from '../../../src/shared/contracts/floor/carton-return.js';
import { PACKING_API, PACKING_MSG } from '../../../src/shared/contracts/floor/packing.js';
import { PUSH_API, type PushAnswer } from '../../../src/shared/contracts/floor/push.js';
import { dispatches, events, items, secondaryCartons, tertiaryCartons } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { dispatchBody, dispatchFactory } from '../../helpers/factories-dispatch.js';
import { insertSiteUser, sentDispatch, type SiteUser } from '../../helpers/factories-dispatch-legs.js';
import {
  cartonSize,
  codesOf,
  secondaryBody,
  secondaryHeld,
  slip,
  tertiaryBody,
  tertiaryHeld,
  YEAR,
  type FloorFactory,
} from '../../helpers/factories-floor.js';
import { appCodes, insertColleague } from '../../helpers/factories-pairs.js';
import { PAGE } from '../../../src/shared/pages.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import type { Answer } from '../../helpers/server-app.js';
import { useApp } from '../../helpers/use-app.js';

/** Contests per race, all fired at once: 20 where they overlap; PGlite takes them in turn, so a few. */
let N = 20;

const t = useApp();
let codes: CodeMac;
let A: FloorFactory;
let W: SiteUser;
/** A's colleague on Carton Return. */
let returner: string;
let size1: number;
let size2: number;
let serial = 0;
let sidNo = 0;
let tidNo = 0;
let didNo = 0;
let keyNo = 0;

const key = () => `race-entry-${String(++keyNo).padStart(5, '0')}`;
/** A save as a device sends it: every other one with an Idempotency-Key (the outbox's), the rest without. */
const call = (path: string, body: unknown, token = A.token, keyed = false) =>
  t.raw({
    method: 'POST',
    url: `/API/api/${path}`,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, ...(keyed ? { 'idempotency-key': key() } : {}) },
  });
const nextSid = () => slip('SID', A.prefix, ++sidNo);
const nextTid = () => slip('TID', A.prefix, ++tidNo);
const nextDid = () => makeSlipId('DID', YEAR, A.prefix, ++didNo);
/** The next `n` fresh packs of A's mapping: their serials and codes. */
function freshPacks(n: number): { serials: number[]; uids: string[] } {
  const from = serial + 1;
  serial += n;
  return { serials: Array.from({ length: n }, (_, i) => from + i), uids: codesOf(codes, A.prefix, from, serial) };
}

/** Both HTTP 200, one '200' and one '400': the index of the winner. */
function winnerOf(pair: Answer[], what: string): 0 | 1 {
  const seen = pair.map((a) => `${a.status} ${a.body.ResponseCode} ${a.body.ResponseMessage}`);
  expect(
    pair.map((a) => a.status),
    `${what}: ${seen.join(' | ')}`,
  ).toEqual([200, 200]);
  expect(pair.map((a) => a.body.ResponseCode).sort(), `${what}: ${seen.join(' | ')}`).toEqual(['200', '400']);
  return pair[0]!.body.ResponseCode === '200' ? 0 : 1;
}

/** Fires every contest's two saves at once and waits for all of them. */
const fire = (contests: Array<[() => Promise<Answer>, () => Promise<Answer>]>) =>
  Promise.all(contests.map(([a, b]) => Promise.all([a(), b()])));

/** Serials of A's packs (among `serials`) that are in a carton. */
async function packedOf(serials: number[]): Promise<number[]> {
  const rows = await t.db
    .select({ n: items.serialNo })
    .from(items)
    .where(and(eq(items.prefix, A.prefix), inArray(items.serialNo, serials), isNotNull(items.secondaryId)));
  return rows.map((r) => Number(r.n)).sort((x, y) => x - y);
}

/** `n` loose secondary cartons of one pack each at A's site, packed through the outbox's push. */
async function looseSids(n: number): Promise<string[]> {
  const sids: string[] = [];
  while (sids.length < n) {
    const batch = Array.from({ length: Math.min(50, n - sids.length) }, () => ({
      sid: nextSid(),
      uids: freshPacks(1).uids,
    }));
    const res = await call(PUSH_API.push.path, {
      Entries: batch.map((b) => ({
        Key: key(),
        Call: PACKING_API.secondarySave.path,
        Body: secondaryBody(size1, b.uids, b.sid),
      })),
    });
    const answers = res.body.ResponseData as PushAnswer[];
    expect(answers.map((a) => a.Answer.ResponseCode)).toEqual(batch.map(() => '200'));
    sids.push(...batch.map((b) => b.sid));
  }
  return sids;
}

const cartonOf = async (sid: string) =>
  (await t.db.select().from(secondaryCartons).where(eq(secondaryCartons.sid, sid)))[0];

beforeAll(async () => {
  if (t.kind === 'pglite') N = 6;
  codes = await appCodes(t);
  A = await dispatchFactory(t, nextPrefix());
  W = await insertSiteUser(t, A.companyId);
  returner = await insertColleague(t, A, [PAGE.cartonReturn.key]);
  size1 = await cartonSize(t.db, 1);
  size2 = await cartonSize(t.db, 2);
}, 60_000);

describe('packing', () => {
  it('two cartons under one secondary slip: one packs, the other is told the slip is used and packs nothing', async () => {
    const contests = Array.from({ length: N }, () => ({ sid: nextSid(), sides: [freshPacks(2), freshPacks(2)] }));
    const answers = await fire(
      contests.map((c, i) => [
        () => call(PACKING_API.secondarySave.path, secondaryBody(size2, c.sides[0]!.uids, c.sid), A.token, i % 2 === 0),
        () => call(PACKING_API.secondarySave.path, secondaryBody(size2, c.sides[1]!.uids, c.sid), A.token, i % 2 === 1),
      ]),
    );
    for (const [i, c] of contests.entries()) {
      const w = winnerOf(answers[i]!, c.sid);
      expect(answers[i]![1 - w]!.body).toEqual({
        ResponseCode: '400',
        ResponseMessage: PACKING_MSG.slipUsed(c.sid),
        ResponseData: null,
      });
      expect((await secondaryHeld(t.db, c.sid)).serials).toEqual(c.sides[w]!.serials);
      expect(await packedOf(c.sides[1 - w]!.serials)).toEqual([]);
    }
  });

  it('two secondary cartons of the same packs: one packs them, the other is told they are packed and is not made', async () => {
    const contests = Array.from({ length: N }, () => ({ sids: [nextSid(), nextSid()], packs: freshPacks(2) }));
    const answers = await fire(
      contests.map((c, i) => [
        () =>
          call(PACKING_API.secondarySave.path, secondaryBody(size2, c.packs.uids, c.sids[0]!), A.token, i % 2 === 0),
        () =>
          call(PACKING_API.secondarySave.path, secondaryBody(size2, c.packs.uids, c.sids[1]!), A.token, i % 2 === 1),
      ]),
    );
    for (const [i, c] of contests.entries()) {
      const w = winnerOf(answers[i]!, c.sids.join(' '));
      const lost = answers[i]![1 - w]!.body;
      expect(lost.ResponseMessage).toBe(PACKING_MSG.itemsRefused(2));
      const reasons = (lost.ResponseData as { Items: Array<{ Reason: string }> }).Items.map((x) => x.Reason);
      // Seen packed before its own check, or found taken when its rows went in.
      for (const r of reasons)
        expect([PACKING_MSG.packed(c.sids[w]!), PACKING_MSG.packed('another carton')]).toContain(r);
      expect(reasons).toHaveLength(2);
      expect((await secondaryHeld(t.db, c.sids[w]!)).serials).toEqual(c.packs.serials);
      expect(await cartonOf(c.sids[1 - w]!)).toBeUndefined();
    }
  });

  it('two cartons under one tertiary slip: one packs, the other is told the slip is used and its carton stays loose', async () => {
    const loose = await looseSids(2 * N);
    const contests = Array.from({ length: N }, (_, i) => ({
      tid: nextTid(),
      sides: [loose[2 * i]!, loose[2 * i + 1]!],
    }));
    const answers = await fire(
      contests.map((c, i) => [
        () =>
          call(
            PACKING_API.tertiarySave.path,
            tertiaryBody(size1, [c.sides[0]!], c.tid, { remark: 'race' }),
            A.token,
            i % 2 === 0,
          ),
        () =>
          call(
            PACKING_API.tertiarySave.path,
            tertiaryBody(size1, [c.sides[1]!], c.tid, { remark: 'race' }),
            A.token,
            i % 2 === 1,
          ),
      ]),
    );
    for (const [i, c] of contests.entries()) {
      const w = winnerOf(answers[i]!, c.tid);
      expect(answers[i]![1 - w]!.body).toEqual({
        ResponseCode: '400',
        ResponseMessage: PACKING_MSG.slipUsed(c.tid),
        ResponseData: null,
      });
      expect((await tertiaryHeld(t.db, c.tid)).sids).toEqual([c.sides[w]]);
      expect((await cartonOf(c.sides[1 - w]!))!.tid).toBeNull();
    }
  });

  it('two tertiary cartons of the same secondary carton: one packs it, the other is told where it went and is not made', async () => {
    const loose = await looseSids(N);
    const contests = loose.map((sid) => ({ sid, tids: [nextTid(), nextTid()] }));
    const answers = await fire(
      contests.map((c, i) => [
        () =>
          call(
            PACKING_API.tertiarySave.path,
            tertiaryBody(size1, [c.sid], c.tids[0]!, { remark: 'race' }),
            A.token,
            i % 2 === 0,
          ),
        () =>
          call(
            PACKING_API.tertiarySave.path,
            tertiaryBody(size1, [c.sid], c.tids[1]!, { remark: 'race' }),
            A.token,
            i % 2 === 1,
          ),
      ]),
    );
    for (const [i, c] of contests.entries()) {
      const w = winnerOf(answers[i]!, c.sid);
      expect([PACKING_MSG.inTertiary(c.sid, c.tids[w]!), PACKING_MSG.itemsAlreadyPacked]).toContain(
        answers[i]![1 - w]!.body.ResponseMessage,
      );
      expect((await cartonOf(c.sid))!.tid).toBe(c.tids[w]);
      expect(
        await t.db
          .select()
          .from(tertiaryCartons)
          .where(eq(tertiaryCartons.tid, c.tids[1 - w]!)),
      ).toEqual([]);
    }
  });
});

describe('dispatch and receipt', () => {
  const send = (ids: string[], did: string, keyed: boolean) =>
    call(
      DISPATCH_API.save.path,
      dispatchBody({ WareHouseId: W.siteId }, ids, { DispatchId: did, Remark: 'race' }),
      A.token,
      keyed,
    );
  const legsOf = async (did: string) =>
    (
      (await t.db.execute(
        sql`select carton_id from dispatch_cartons where did = ${did} order by carton_id`,
      )) as unknown as { rows: Array<{ carton_id: string }> }
    ).rows.map((r) => r.carton_id);

  it('two dispatches on one DID: one leaves, the other is told the DID is used and its carton stays', async () => {
    const loose = await looseSids(2 * N);
    const contests = Array.from({ length: N }, (_, i) => ({
      did: nextDid(),
      sides: [loose[2 * i]!, loose[2 * i + 1]!],
    }));
    const answers = await fire(
      contests.map((c, i) => [
        () => send([c.sides[0]!], c.did, i % 2 === 0),
        () => send([c.sides[1]!], c.did, i % 2 === 1),
      ]),
    );
    for (const [i, c] of contests.entries()) {
      const w = winnerOf(answers[i]!, c.did);
      expect(answers[i]![1 - w]!.body).toEqual({
        ResponseCode: '400',
        ResponseMessage: DISPATCH_MSG.didUsed(c.did),
        ResponseData: null,
      });
      expect(await legsOf(c.did)).toEqual([c.sides[w]]);
      expect(await cartonOf(c.sides[1 - w]!)).toMatchObject({ locationSiteId: A.siteId, dispatchId: null });
    }
  });

  it('one carton on two dispatches: one takes it, the other is told the DID it left on and is not saved', async () => {
    const loose = await looseSids(N);
    const contests = loose.map((sid) => ({ sid, dids: [nextDid(), nextDid()] }));
    const answers = await fire(
      contests.map((c, i) => [
        () => send([c.sid], c.dids[0]!, i % 2 === 0),
        () => send([c.sid], c.dids[1]!, i % 2 === 1),
      ]),
    );
    for (const [i, c] of contests.entries()) {
      const w = winnerOf(answers[i]!, c.sid);
      expect([DISPATCH_MSG.dispatched(c.sid, c.dids[w]!), DISPATCH_MSG.alreadyDispatched]).toContain(
        answers[i]![1 - w]!.body.ResponseMessage,
      );
      expect(await cartonOf(c.sid)).toMatchObject({ locationSiteId: null, dispatchId: c.dids[w] });
      expect(
        await t.db
          .select()
          .from(dispatches)
          .where(eq(dispatches.did, c.dids[1 - w]!)),
      ).toEqual([]);
    }
  });

  it('one dispatch received twice at once (both calls): one receipt, the other is told it is received', async () => {
    const loose = await looseSids(N);
    const contests: string[] = [];
    for (const sid of loose) {
      const did = nextDid();
      await sentDispatch(t.db, { did, from: A, toSiteId: W.siteId, cartonIds: [sid] });
      contests.push(did);
    }
    const answers = await fire(
      contests.map((did, i) => [
        () => call(RECEIVE_API.save.path, { DispatchId: did }, W.token, i % 2 === 0),
        () => call(RECEIVE_API.cartonReceive.path, [did], W.token, i % 2 === 1),
      ]),
    );
    for (const [i, did] of contests.entries()) {
      const w = winnerOf(answers[i]!, did);
      expect(answers[i]![1 - w]!.body).toEqual({
        ResponseCode: '400',
        ResponseMessage: RECEIVE_MSG.alreadyReceived(did),
        ResponseData: null,
      });
      expect(await t.db.select({ state: dispatches.state }).from(dispatches).where(eq(dispatches.did, did))).toEqual([
        { state: 'received' },
      ]);
      expect(
        await t.db
          .select()
          .from(events)
          .where(and(eq(events.action, 'receive'), eq(events.ref, did))),
      ).toHaveLength(1);
      expect(await cartonOf(loose[i]!)).toMatchObject({ locationSiteId: W.siteId, dispatchId: null });
    }
  });

  it('a dispatch received while its sender takes its carton back from transit: one of the two, the other is told', async () => {
    const loose = await looseSids(N);
    const contests: Array<{ did: string; sid: string }> = [];
    for (const sid of loose) {
      const did = nextDid();
      await sentDispatch(t.db, { did, from: A, toSiteId: W.siteId, cartonIds: [sid] });
      contests.push({ did, sid });
    }
    const answers = await fire(
      contests.map((c, i) => [
        () => call(RECEIVE_API.save.path, { DispatchId: c.did }, W.token, i % 2 === 0),
        () =>
          call(
            RETURN_API.save.path,
            { scanned: [{ CartonId: c.sid }], IsActive: true, Remark: 'Sent by mistake' },
            returner,
            i % 2 === 1,
          ),
      ]),
    );
    for (const [i, c] of contests.entries()) {
      const w = winnerOf(answers[i]!, c.did);
      const [state] = await t.db.select({ state: dispatches.state }).from(dispatches).where(eq(dispatches.did, c.did));
      if (w === 0) {
        expect(answers[i]![1]!.body.ResponseMessage).toBe(RETURN_MSG.received(c.sid, c.did));
        expect(state).toEqual({ state: 'received' });
        expect(await cartonOf(c.sid)).toMatchObject({ locationSiteId: W.siteId, dispatchId: null });
      } else {
        expect(answers[i]![0]!.body.ResponseMessage).toBe(RECEIVE_MSG.allReturned(c.did));
        expect(await cartonOf(c.sid)).toMatchObject({ locationSiteId: A.siteId, dispatchId: null });
      }
    }
  });
});

describe('an outbox push', () => {
  it('whose middle entry loses a race keeps its first and third entries, and answers each', async () => {
    const contests = Array.from({ length: N }, () => ({
      first: { sid: nextSid(), ...freshPacks(2) },
      contested: nextSid(),
      mine: freshPacks(2),
      theirs: freshPacks(2),
      third: { sid: nextSid(), ...freshPacks(2) },
    }));
    const pushes: Answer[] = [];
    const singles: Answer[] = [];
    await Promise.all(
      contests.map(async (c, i) => {
        const [p, s] = await Promise.all([
          call(PUSH_API.push.path, {
            Entries: [
              {
                Key: key(),
                Call: PACKING_API.secondarySave.path,
                Body: secondaryBody(size2, c.first.uids, c.first.sid),
              },
              {
                Key: key(),
                Call: PACKING_API.secondarySave.path,
                Body: secondaryBody(size2, c.mine.uids, c.contested),
              },
              {
                Key: key(),
                Call: PACKING_API.secondarySave.path,
                Body: secondaryBody(size2, c.third.uids, c.third.sid),
              },
            ],
          }),
          call(PACKING_API.secondarySave.path, secondaryBody(size2, c.theirs.uids, c.contested), A.token, i % 2 === 0),
        ]);
        pushes[i] = p;
        singles[i] = s;
      }),
    );
    for (const [i, c] of contests.entries()) {
      expect(pushes[i]!.status).toBe(200);
      expect(pushes[i]!.body.ResponseCode).toBe('200');
      const [first, middle, third] = pushes[i]!.body.ResponseData as PushAnswer[];
      expect([first, third].map((a) => `${a!.Status} ${a!.Answer.ResponseCode} ${a!.Answer.ResponseMessage}`)).toEqual([
        `200 200 ${PACKING_MSG.secondarySaved(c.first.sid, 2)}`,
        `200 200 ${PACKING_MSG.secondarySaved(c.third.sid, 2)}`,
      ]);
      expect((await secondaryHeld(t.db, c.first.sid)).serials).toEqual(c.first.serials);
      expect((await secondaryHeld(t.db, c.third.sid)).serials).toEqual(c.third.serials);
      const w = winnerOf([{ status: middle!.Status, body: middle!.Answer, headers: {} }, singles[i]!], c.contested);
      const lost = w === 0 ? singles[i]!.body : middle!.Answer;
      expect(lost).toEqual({
        ResponseCode: '400',
        ResponseMessage: PACKING_MSG.slipUsed(c.contested),
        ResponseData: null,
      });
      expect((await secondaryHeld(t.db, c.contested)).serials).toEqual((w === 0 ? c.mine : c.theirs).serials);
      expect(await packedOf((w === 0 ? c.theirs : c.mine).serials)).toEqual([]);
    }
  });
});
