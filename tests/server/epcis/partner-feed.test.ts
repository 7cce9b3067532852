// The partner feed: an admin of the company (a Role Management holder) sets up a partner on one of
// the company's user accounts; the partner reads the company's events in order from its cursor,
// which moves only when the partner acknowledges a page. A token of another partner, an altered one
// and a caller who is no partner are refused, with nothing of the feed in the answer.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { EPCIS_API, EPCIS_MSG, FEED_ACK_HEADER } from '../../../src/shared/contracts/epcis.js';
import { USER_TYPE } from '../../../src/shared/contracts/auth.js';
import { PAGE } from '../../../src/shared/pages.js';
import { FEED_SETTLE_MS } from '../../../src/server/epcis/feed.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { insertUser } from '../../helpers/factories.js';
import { epcisWorld, schemaErrors } from '../../helpers/factories-epcis.js';
import type { FloorFactory } from '../../helpers/factories-floor.js';
import { insertColleague } from '../../helpers/factories-pairs.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let A: FloorFactory;
let B: FloorFactory;
let admin: string;
const partners: Record<'a' | 'a2' | 'b', { userId: number; token: string }> = {} as never;

/** A user of the company who will be its partner's account. */
async function account(f: FloorFactory) {
  const u = await insertUser(t.db, { companyId: f.companyId, userType: USER_TYPE.factory, pages: [] });
  return { userId: u.id, token: (await t.signIn(u.email, u.password)).token };
}

/** The partner's next page: its events' steps and the token that acknowledges it. */
async function page(token: string, perPage = 100) {
  // Rows younger than the settling time are not served yet: the clock is moved past it.
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + FEED_SETTLE_MS + 1000 });
  const res = await t.app.inject({
    method: 'GET',
    url: `/API/api/${EPCIS_API.feed.path}?perPage=${perPage}`,
    headers: { authorization: `Bearer ${token}` },
  });
  vi.useRealTimers();
  expect(res.statusCode, res.payload).toBe(200);
  const doc = JSON.parse(res.payload) as {
    epcisBody: { queryResults: { resultsBody: { eventList: Array<{ bizStep: string }> } } };
  };
  expect(schemaErrors(doc)).toEqual([]);
  return {
    steps: doc.epcisBody.queryResults.resultsBody.eventList.map((e) => e.bizStep),
    ack: (res.headers[FEED_ACK_HEADER] as string | undefined) ?? null,
  };
}

const ack = (token: string, PageToken: string) => t.post(EPCIS_API.feedAck.path, { PageToken }, token);

afterEach(() => vi.useRealTimers());

beforeAll(async () => {
  ({ A, B } = await epcisWorld(t));
  admin = await insertColleague(t, A, [PAGE.accessRight.key]);
  partners.a = await account(A);
  partners.a2 = await account(A);
  partners.b = await account(B);
  const adminB = await insertColleague(t, B, [PAGE.accessRight.key]);
  for (const [who, by, name] of [
    ['a', admin, 'Agri Distributors'],
    ['a2', admin, 'State Regulator'],
    ['b', adminB, 'B Partner'],
  ] as const) {
    const res = await t.send(EPCIS_API.savePartner, { Name: name, UserId: partners[who].userId }, by);
    expect(res.body.ResponseMessage).toBe(EPCIS_MSG.partnerSaved);
  }
});

describe('setting up partners', () => {
  it("lists the company's partners only", async () => {
    const res = await t.fetch(EPCIS_API.partners, admin);
    expect(
      (res.body.ResponseData as Array<{ Name: string; AckedUpTo: string }>).map((p) => [p.Name, p.AckedUpTo]),
    ).toEqual([
      ['Agri Distributors', ''],
      ['State Regulator', ''],
    ]);
  });

  it("refuses another company's user as unknown, a partner twice, and a caller without Role Management", async () => {
    const res = await t.send(EPCIS_API.savePartner, { Name: 'X', UserId: partners.b.userId }, admin);
    expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: EPCIS_MSG.partnerUser });
    const twice = await t.send(EPCIS_API.savePartner, { Name: 'X', UserId: partners.a.userId }, admin);
    expect(twice.body).toMatchObject({ ResponseCode: '400', ResponseMessage: EPCIS_MSG.partnerUserTaken });
    const res403 = await t.post(EPCIS_API.savePartner.path, { Name: 'X', UserId: partners.a.userId }, A.token);
    expect(res403.status).toBe(403);
    expect(res403.body.ResponseMessage).toBe(FORBIDDEN);
  });
});

describe('the feed', () => {
  it('gives whole rows from the cursor, the same page again until it is acknowledged, then the next', async () => {
    const first = await page(partners.a.token, 2);
    // The commissioning row and the first packing row (a page ends on a row's end).
    expect(first.steps).toEqual(['commissioning', 'packing']);
    expect(await page(partners.a.token, 2)).toEqual(first);
    const res = await ack(partners.a.token, first.ack!);
    expect(res.body).toMatchObject({ ResponseCode: '200', ResponseMessage: EPCIS_MSG.acknowledged });
    const rest = await page(partners.a.token, 100);
    expect(rest.steps).toEqual(['packing', 'packing', 'packing', 'shipping', 'receiving', 'holding']);
    await ack(partners.a.token, rest.ack!);
    expect(await page(partners.a.token)).toEqual({ steps: [], ack: null });
    // An old page acknowledged again leaves the cursor where it is.
    expect((await ack(partners.a.token, first.ack!)).body.ResponseCode).toBe('200');
    expect((await page(partners.a.token)).steps).toEqual([]);
  });

  it("keeps each partner's cursor its own, and gives another company's partner its company's events only", async () => {
    expect((await page(partners.a2.token)).steps).toHaveLength(8);
    expect((await page(partners.b.token)).steps).toEqual(['commissioning']);
  });

  it("refuses another partner's token and an altered one, moving nothing", async () => {
    const theirs = await page(partners.a2.token);
    const before = await page(partners.b.token);
    for (const token of [theirs.ack!, `${theirs.ack!.slice(0, -3)}AAA`, 'garbage']) {
      const res = await ack(partners.b.token, token);
      expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: EPCIS_MSG.pageToken, ResponseData: null });
    }
    expect(await page(partners.b.token)).toEqual(before);
  });

  it('is refused to a signed-in user who is no partner (403), and a bad perPage is the 400 problem', async () => {
    const res = await t.get(EPCIS_API.feed.path, A.token);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ ResponseCode: '403', ResponseMessage: EPCIS_MSG.notPartner, ResponseData: null });
    const bad = await t.app.inject({
      method: 'GET',
      url: `/API/api/${EPCIS_API.feed.path}?perPage=abc`,
      headers: { authorization: `Bearer ${partners.a.token}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  });
});
