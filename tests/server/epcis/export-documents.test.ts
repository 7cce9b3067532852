// The EPCIS downloads on a real database (PGlite; PostgreSQL with DATABASE_URL): a dispatch's, a
// batch's and a date range's document, each valid against GS1's EPCIS 2.0 JSON schema (the fixture),
// with the mapping of issue 28 (commissioning with the batch in ilmd, one packing event per level,
// shipping with desadv and bol, receiving, the recall on the batch's LGTIN); every child commissioned
// before it is packed; every eventID the CBV hash of its event. Bad input and another company's ids
// answer the envelope with a message, nothing of theirs.
import { beforeAll, describe, expect, it } from 'vitest';
import { EPCIS_API, EPCIS_MSG } from '../../../src/shared/contracts/epcis.js';
import { endpointPath, type Params } from '../../../src/shared/endpoint.js';
import { PAGE } from '../../../src/shared/pages.js';
import { eventHash } from '../../../src/server/epcis/event-hash.js';
import { DOCUMENT_CONTEXT } from '../../../src/server/epcis/document.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { epcisWorld, schemaErrors, WORLD_STEPS } from '../../helpers/factories-epcis.js';
import { slip, type FloorFactory } from '../../helpers/factories-floor.js';
import { insertColleague } from '../../helpers/factories-pairs.js';
import { useApp } from '../../helpers/use-app.js';
import type { Endpoint } from '../../../src/shared/endpoint.js';

const t = useApp();
let A: FloorFactory;
let B: FloorFactory;
let did: string;
let tid: string;
let loose: string;
let reader: string;

interface Ev {
  eventID: string;
  type: string;
  action: string;
  bizStep: string;
  disposition?: string;
  eventTime: string;
  parentID?: string;
  epcList?: string[];
  childEPCs?: string[];
  ilmd?: Record<string, string>;
  quantityList?: Array<{ epcClass: string; quantity?: number }>;
  bizTransactionList?: Array<{ type: string; bizTransaction: string }>;
  sourceList?: Array<{ type: string; source: string }>;
  destinationList?: Array<{ type: string; destination: string }>;
}

const download = (e: Endpoint, params: Params, token: string) =>
  t.raw({ method: 'GET', url: `/API/api/${endpointPath(e, params)}`, headers: { authorization: `Bearer ${token}` } });

/** The document's events, once it is checked against GS1's schema. */
async function documentOf(e: Endpoint, params: Params, token = reader): Promise<Ev[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/API/api/${endpointPath(e, params)}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8');
  expect(res.headers['gs1-epcis-version']).toBe('2.0.0');
  const doc = JSON.parse(res.payload) as { type: string; epcisBody: { eventList: Ev[] } };
  expect(schemaErrors(doc)).toEqual([]);
  expect(doc.type).toBe('EPCISDocument');
  return doc.epcisBody.eventList;
}

const base = () => t.config.publicBaseUrl;
const carton = (id: string) => `${base()}/id/carton/${id}`;

beforeAll(async () => {
  ({ A, B, did, tid, loose, reader } = await epcisWorld(t));
});

describe('the dispatch document', () => {
  it('holds the packs commissioned, each carton packed once per level, the shipping and the receipt', async () => {
    const events = await documentOf(EPCIS_API.dispatchDocument, { DispatchId: did });
    expect(events.map((e) => `${e.type} ${e.action} ${e.bizStep}`)).toEqual([
      'ObjectEvent ADD commissioning',
      'AggregationEvent ADD packing',
      'AggregationEvent ADD packing',
      'AggregationEvent ADD packing',
      'AggregationEvent ADD packing',
      'ObjectEvent OBSERVE shipping',
      'ObjectEvent OBSERVE receiving',
    ]);
    const [commissioned] = events;
    // A product with a GTIN: canonical Digital Links of GTIN and serial; the batch in ilmd.
    expect(commissioned!.epcList).toHaveLength(1000);
    expect(commissioned!.epcList![0]).toMatch(/^https:\/\/id\.gs1\.org\/01\/08901234567890\/21\/[0-9A-Z]{19}$/);
    expect(commissioned!.disposition).toBe('active');
    expect(commissioned!.ilmd).toEqual({
      'cbvmda:lotNumber': 'B-1',
      'cbvmda:itemExpirationDate': '2028-01-10',
      [`${base()}/voc/productionDate`]: '2026-01-10',
    });
    const packing = events.filter((e) => e.bizStep === 'packing');
    expect(packing.map((e) => e.parentID).sort()).toEqual(
      [tid, loose, slip('SID', A.prefix, 1), slip('SID', A.prefix, 2)].map(carton).sort(),
    );
    expect(packing.find((e) => e.parentID === carton(tid))!.childEPCs).toEqual(
      [slip('SID', A.prefix, 1), slip('SID', A.prefix, 2)].map(carton),
    );
    const shipping = events.find((e) => e.bizStep === 'shipping')!;
    expect(shipping).toMatchObject({
      disposition: 'in_transit',
      epcList: [tid, loose].map(carton),
      bizTransactionList: [
        { type: 'desadv', bizTransaction: `${base()}/id/dispatch/${did}` },
        { type: 'bol', bizTransaction: `${base()}/id/lr/LR%2077%2FA` },
      ],
      sourceList: [
        { type: 'owning_party', source: `${base()}/id/company/${A.companyId}` },
        { type: 'location', source: `${base()}/id/site/${A.siteId}` },
      ],
    });
    expect(shipping.destinationList).toContainEqual({
      type: 'owning_party',
      destination: `${base()}/id/company/${A.companyId}`,
    });
    const receiving = events.find((e) => e.bizStep === 'receiving')!;
    expect(receiving.disposition).toBe('in_progress');
    expect([...receiving.epcList!].sort()).toEqual([tid, loose].map(carton).sort());
    expect(receiving.bizTransactionList).toEqual([{ type: 'desadv', bizTransaction: `${base()}/id/dispatch/${did}` }]);
  });

  it('commissions every child before it is packed, and aggregates each carton once', async () => {
    const events = await documentOf(EPCIS_API.dispatchDocument, { DispatchId: did });
    const seen = new Set<string>();
    const parents = new Set<string>();
    for (const e of events) {
      if (e.bizStep === 'commissioning') for (const epc of e.epcList!) seen.add(epc);
      if (e.bizStep === 'packing') {
        for (const child of e.childEPCs!)
          expect(seen.has(child), `${child} packed before it was commissioned`).toBe(true);
        expect(parents.has(e.parentID!), `${e.parentID} aggregated twice`).toBe(false);
        parents.add(e.parentID!);
        seen.add(e.parentID!);
      }
    }
  });

  it('gives every event its CBV hash as eventID', async () => {
    const events = await documentOf(EPCIS_API.dispatchDocument, { DispatchId: did });
    for (const { eventID, ...event } of events) expect(eventID).toBe(eventHash(event, DOCUMENT_CONTEXT));
    expect(new Set(events.map((e) => e.eventID)).size).toBe(events.length);
  });

  it("answers another company's dispatch, an unknown one and a malformed id alike, with nothing of it", async () => {
    const other = await insertColleague(t, B, [PAGE.dispatchReport.key]);
    for (const DispatchId of [did, slip('DID', A.prefix, 499), 'DID26', "x' or 1=1"]) {
      const res = await download(EPCIS_API.dispatchDocument, { DispatchId }, other);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: EPCIS_MSG.dispatch, ResponseData: null });
    }
  });

  it('is refused to a user without the Dispatch report', async () => {
    const res = await download(EPCIS_API.dispatchDocument, { DispatchId: did }, A.token);
    expect(res.status).toBe(403);
    expect(res.body.ResponseMessage).toBe(FORBIDDEN);
  });
});

describe('the batch document (the recall case)', () => {
  it('holds the batch commissioned, its cartons and legs, and the recall on its LGTIN with the packs', async () => {
    const events = await documentOf(EPCIS_API.batchDocument, { ProductId: A.productId, BatchNo: 'b-1' });
    const recall = events.at(-1)!;
    expect(recall).toMatchObject({
      type: 'ObjectEvent',
      action: 'OBSERVE',
      bizStep: 'holding',
      disposition: 'recalled',
      quantityList: [{ epcClass: 'https://id.gs1.org/01/08901234567890/10/B-1', quantity: 1000 }],
    });
    expect(events.filter((e) => e.bizStep === 'packing')).toHaveLength(4);
    expect(events.some((e) => e.bizStep === 'shipping')).toBe(true);
  });

  it("answers a batch nobody mapped and another company's product with the same message", async () => {
    for (const params of [
      { ProductId: A.productId, BatchNo: 'NOPE' },
      { ProductId: B.productId, BatchNo: 'B-1' },
    ]) {
      const res = await download(EPCIS_API.batchDocument, params, reader);
      expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: EPCIS_MSG.batch, ResponseData: null });
    }
  });
});

describe('the date range document', () => {
  it("holds the company's events of the range, and none of another company's", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const events = await documentOf(EPCIS_API.rangeDocument, { FromDate: today, ToDate: today });
    expect(events.map((e) => e.bizStep)).toEqual(WORLD_STEPS);
    const all = JSON.stringify(events);
    expect(all).not.toContain(`/site/${B.siteId}"`);
  });

  it('refuses ten years, reversed and malformed dates with a message', async () => {
    const cases: Array<[Params, string]> = [
      [{ FromDate: '2016-01-01', ToDate: '2026-01-01' }, EPCIS_MSG.range],
      [{ FromDate: '2026-02-01', ToDate: '2026-01-01' }, EPCIS_MSG.dates],
      [{ FromDate: '2026-02-30', ToDate: '2026-03-01' }, EPCIS_MSG.dates],
      [{ FromDate: 'yesterday', ToDate: '2026-03-01' }, EPCIS_MSG.dates],
    ];
    for (const [params, message] of cases) {
      const res = await download(EPCIS_API.rangeDocument, params, reader);
      expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
    }
  });
});
