// The read side of the EPCIS 2.0 REST binding (GS1's openapi): GET /events with its query
// parameters answering an EPCISQueryDocument valid against GS1's schema, paged with nextPageToken
// in a Link header (rel="next"); GET /events/{eventID}; GET /epcs/{epc}/events. A bad query is the
// binding's 400 problem; a token of another company or query is refused; another company's events
// are never in an answer.
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE } from '../../../src/shared/pages.js';
import { epcisIds } from '../../../src/server/epcis/identifiers.js';
import { epcisWorld, schemaErrors, WORLD_STEPS } from '../../helpers/factories-epcis.js';
import { slip, type FloorFactory } from '../../helpers/factories-floor.js';
import { insertColleague, staticSeries } from '../../helpers/factories-pairs.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let A: FloorFactory;
let B: FloorFactory;
let did: string;
let tid: string;
let reader: string;
let rival: string;
let firstPack: string;

interface Ev {
  eventID: string;
  bizStep: string;
  parentID?: string;
  epcList?: string[];
  childEPCs?: string[];
}

const get = (url: string, token = reader) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

/** A query answer's events, the answer checked as the binding and GS1's schema say. */
async function answer(url: string, token = reader): Promise<{ events: Ev[]; next: string | null }> {
  const res = await get(url, token);
  expect(res.statusCode, res.payload).toBe(200);
  expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8');
  expect(res.headers['gs1-epcis-version']).toBe('2.0.0');
  expect(res.headers['gs1-cbv-version']).toBe('2.0.0');
  const doc = JSON.parse(res.payload) as {
    type: string;
    epcisBody: { queryResults: { queryName: string; resultsBody: { eventList: Ev[] } } };
  };
  expect(schemaErrors(doc)).toEqual([]);
  expect(doc.type).toBe('EPCISQueryDocument');
  expect(doc.epcisBody.queryResults.queryName).toBe('SimpleEventQuery');
  const link = res.headers.link as string | undefined;
  const next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
  return { events: doc.epcisBody.queryResults.resultsBody.eventList, next };
}

const EVENTS = '/API/api/epcis/events';
const carton = (id: string) => `${t.config.publicBaseUrl}/id/carton/${id}`;
const local = (absolute: string) => absolute.slice(t.config.publicBaseUrl.length);

beforeAll(async () => {
  const w = await epcisWorld(t);
  ({ A, B, did, tid, reader } = w);
  rival = await insertColleague(t, B, [PAGE.itemLedger.key]);
  const ids = epcisIds(t.config.publicBaseUrl, w.codes);
  firstPack = ids.pack(staticSeries(A.prefix), 1, { id: A.productId, gtin: '8901234567890' });
});

describe('GET /events', () => {
  it("answers the company's events in order, and none of another company's", async () => {
    const { events, next } = await answer(EVENTS);
    expect(next).toBeNull();
    expect(events.map((e) => e.bizStep)).toEqual(WORLD_STEPS);
    const theirs = await answer(EVENTS, rival);
    expect(theirs.events.map((e) => e.bizStep)).toEqual(['commissioning']);
    expect(JSON.stringify(theirs.events)).not.toContain(A.prefix + '0000');
  });

  it('takes EQ_bizStep (pipe-delimited), EQ_bizTransaction_desadv, MATCH_epc and MATCH_parentID', async () => {
    const steps = await answer(`${EVENTS}?EQ_bizStep=shipping|receiving`);
    expect(steps.events.map((e) => e.bizStep)).toEqual(['shipping', 'receiving']);
    const desadv = encodeURIComponent(`${t.config.publicBaseUrl}/id/dispatch/${did}`);
    const legs = await answer(`${EVENTS}?EQ_bizTransaction_desadv=${desadv}`);
    expect(legs.events.map((e) => e.bizStep)).toEqual(['shipping', 'receiving']);
    const pack = await answer(`${EVENTS}?MATCH_epc=${encodeURIComponent(firstPack)}`);
    expect(pack.events.map((e) => e.bizStep)).toEqual(['commissioning', 'packing']);
    expect(pack.events[1]!.childEPCs).toContain(firstPack);
    const parent = await answer(`${EVENTS}?MATCH_parentID=${encodeURIComponent(carton(tid))}`);
    expect(parent.events).toHaveLength(1);
    expect(parent.events[0]!.childEPCs).toEqual([slip('SID', A.prefix, 1), slip('SID', A.prefix, 2)].map(carton));
  });

  it("is served at /epcis on the company's domain too, as a partner's client is configured", async () => {
    const steps = await answer('/epcis/events?EQ_bizStep=shipping|receiving');
    expect(steps.events.map((e) => e.bizStep)).toEqual(['shipping', 'receiving']);
    const one = await answer(`/epcis/events/${encodeURIComponent(steps.events[0]!.eventID)}`);
    expect(one.events.map((e) => e.eventID)).toEqual([steps.events[0]!.eventID]);
    expect((await t.app.inject({ method: 'GET', url: '/epcis/events' })).statusCode).toBe(401);
  });

  it('takes GE_eventTime and LT_eventTime', async () => {
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await answer(`${EVENTS}?GE_eventTime=${later}`)).events).toEqual([]);
    expect((await answer(`${EVENTS}?LT_eventTime=${later}&EQ_bizStep=holding`)).events).toHaveLength(1);
  });

  it('pages with perPage and the Link header, every event once, in the same order', async () => {
    const whole = (await answer(EVENTS)).events.map((e) => e.eventID);
    const paged: string[] = [];
    let url: string | null = `${EVENTS}?perPage=3`;
    let pages = 0;
    while (url) {
      const page: { events: Ev[]; next: string | null } = await answer(url);
      expect(page.events.length).toBeLessThanOrEqual(3);
      paged.push(...page.events.map((e) => e.eventID));
      url = page.next ? local(page.next) : null;
      pages++;
    }
    expect(pages).toBe(3);
    expect(paged).toEqual(whole);
  });

  it('refuses a page token of another company, of another query, or altered, with the 400 problem', async () => {
    const first = await answer(`${EVENTS}?perPage=2`);
    const next = local(first.next!);
    for (const [url, token] of [
      [next, rival],
      [next.replace('perPage=2', 'perPage=2&EQ_bizStep=packing'), reader],
      [next.replace(/nextPageToken=[^&]{5}/, 'nextPageToken=AAAAA'), reader],
    ] as const) {
      const res = await get(url, token);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(JSON.parse(res.payload)).toEqual({
        type: 'epcisException:QueryParameterException',
        title: 'EPCIS query exception',
        status: 400,
        detail: 'The nextPageToken is not one this query gave.',
      });
    }
  });

  it('refuses malformed and unsupported parameters with the 400 problem, naming them', async () => {
    const cases: Array<[string, string]> = [
      ['GE_eventTime=yesterday', 'GE_eventTime must be a date and time as RFC 3339 writes it (2026-11-29T04:15:00Z).'],
      ['perPage=0', 'perPage must be a whole number from 1 to 1000.'],
      ['perPage=1000000', 'perPage must be a whole number from 1 to 1000.'],
      ['EQ_readPoint=x', 'The query parameter EQ_readPoint is not supported.'],
      ['EQ_bizStep=shipping&EQ_bizStep=packing', 'The query parameter EQ_bizStep is given more than once.'],
      ['EQ_action=MOVE', 'EQ_action takes ADD, OBSERVE or DELETE.'],
      ['MATCH_epc=', 'MATCH_epc has an empty or over-long value.'],
    ];
    for (const [query, detail] of cases) {
      const res = await get(`${EVENTS}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.parse(res.payload)).toMatchObject({ type: 'epcisException:QueryParameterException', detail });
    }
  });

  it('is refused without a token (401) and to a user without the pages (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: EVENTS })).statusCode).toBe(401);
    expect((await get(EVENTS, A.token)).statusCode).toBe(403);
  });
});

describe('GET /events/{eventID} and /epcs/{epc}/events', () => {
  it('answers one event by its eventID, and 404 to another company and for an unknown one', async () => {
    const { events } = await answer(`${EVENTS}?EQ_bizStep=shipping`);
    const id = events[0]!.eventID;
    const one = await answer(`${EVENTS}/${encodeURIComponent(id)}`);
    expect(one.events).toEqual(events);
    for (const [url, token] of [
      [`${EVENTS}/${encodeURIComponent(id)}`, rival],
      [`${EVENTS}/${encodeURIComponent(id.replace(/[0-9a-f]{4}\?/, '0000?'))}`, reader],
      [`${EVENTS}/not-a-hash`, reader],
    ] as const) {
      const res = await get(url, token);
      expect(res.statusCode).toBe(404);
      expect(JSON.parse(res.payload)).toEqual({
        type: 'epcisException:NoSuchResourceException',
        title: 'Resource not found',
        status: 404,
        detail: 'No event of yours has this eventID.',
      });
    }
  });

  it("answers an EPC's events, none to another company, and 404 for what is not an EPC of ours", async () => {
    const url = `/API/api/epcis/epcs/${encodeURIComponent(carton(tid))}/events`;
    const { events } = await answer(url);
    expect(events.map((e) => e.bizStep)).toEqual(['packing', 'shipping', 'receiving']);
    expect((await answer(url, rival)).events).toEqual([]);
    const res = await get(`/API/api/epcis/epcs/${encodeURIComponent('urn:epc:id:sgtin:0614141.107346.2017')}/events`);
    expect(res.statusCode).toBe(404);
  });
});
