// Every family of the mapping (docs/epcis.md "The mapping"), made from log rows as the domain writes
// them (the catalogue's details) on a real database for the lookups: each event as the table says,
// every one valid in an EPCISDocument against GS1's schema, a range cut in chunks of 1,000 packs.
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventAction, EventDetail } from '../../../src/shared/events.js';
import type { EpcisEventBody } from '../../../src/server/epcis/epcis-event.js';
import { mapperContext, type MapperContext } from '../../../src/server/epcis/mapper-context.js';
import { eventsOfRow } from '../../../src/server/epcis/mapper.js';
import { identified } from '../../../src/server/epcis/stream.js';
import type { LogRow, RecallRow } from '../../../src/server/epcis/source.js';
import { items, secondaryCartons } from '../../../src/server/db/schema.js';
import { insertCarton } from '../../helpers/factories.js';
import { GTIN, schemaErrors, setGtin } from '../../helpers/factories-epcis.js';
import { appCodes, insertFactory, insertMapping, staticSeries, type Factory } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let f: Factory;
let c: MapperContext;
let id = 0;
const AT = new Date('2026-11-20T10:00:00.000Z');

function row<A extends EventAction>(action: A, detail: EventDetail<A>, range?: [number, number]): LogRow {
  return {
    source: 0,
    micros: AT.getTime() * 1000,
    id: ++id,
    deviceAt: null,
    series: range ? staticSeries(f.prefix) : null,
    event: {
      id,
      action,
      at: AT,
      userId: f.userId,
      companyId: f.companyId,
      siteId: f.siteId,
      ref: null,
      fromNo: range?.[0] ?? null,
      toNo: range?.[1] ?? null,
      detail,
    } as LogRow['event'],
  };
}

async function eventsOf(r: LogRow | RecallRow): Promise<EpcisEventBody[]> {
  const out: EpcisEventBody[] = [];
  for await (const e of eventsOfRow(t.db, c, r)) out.push(e);
  const doc = {
    '@context': ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld'],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: AT.toISOString(),
    epcisBody: { eventList: out.map(identified) },
  };
  expect(schemaErrors(doc)).toEqual([]);
  return out;
}

const shape = (es: EpcisEventBody[]) => es.map((e) => `${e.type} ${e.action} ${e.bizStep} ${e.disposition ?? '-'}`);
const carton = (x: string) => `${t.config.publicBaseUrl}/id/carton/${x}`;

beforeAll(async () => {
  f = await insertFactory(t, nextPrefix());
  await setGtin(t.db, f.productId, GTIN);
  await insertMapping(t.db, { ...f, series: staticSeries(f.prefix), fromNo: 1, toNo: 2500, batchNo: 'LOT 7' });
  c = mapperContext(t.db, t.config.publicBaseUrl, await appCodes(t));
});

describe('ranges', () => {
  it('commissions a mapping of 2,500 packs in chunks of 1,000, the lot and dates in ilmd', async () => {
    const es = await eventsOf(row('map', { productId: f.productId, batchNo: 'LOT 7' }, [1, 2500]));
    expect(shape(es)).toEqual(Array(3).fill('ObjectEvent ADD commissioning active'));
    expect(es.map((e) => e.epcList!.length)).toEqual([1000, 1000, 500]);
    expect(es[0]!.ilmd!['cbvmda:lotNumber']).toBe('LOT 7');
    expect(es[0]!.readPoint).toEqual({ id: `${t.config.publicBaseUrl}/id/site/${f.siteId}` });
  });

  it('decommissions a de-mapped range, and damages then destroys a damaged one', async () => {
    const common = { mappingId: 1, productId: f.productId, batchNo: 'LOT 7' };
    expect(shape(await eventsOf(row('demap', { ...common, split: 'end' }, [2401, 2500])))).toEqual([
      'ObjectEvent DELETE decommissioning inactive',
    ]);
    expect(shape(await eventsOf(row('damage', { ...common, reason: 'torn' }, [11, 20])))).toEqual([
      'ObjectEvent OBSERVE inspecting damaged',
      'ObjectEvent DELETE destroying destroyed',
    ]);
  });
});

describe('cartons and codes', () => {
  it('damages a carton and its SIDs for good', async () => {
    const es = await eventsOf(
      row('damage-carton', { cartonId: 'TID26AB00001', reason: 'wet', sids: ['SID26AB00001'], packs: 2 }),
    );
    expect(shape(es)).toEqual(['ObjectEvent OBSERVE inspecting damaged', 'ObjectEvent DELETE destroying destroyed']);
    expect(es[0]!.epcList).toEqual([carton('TID26AB00001'), carton('SID26AB00001')]);
  });

  it("replaces a pack's code: the old decommissioned, the new commissioned and packed where the old was", async () => {
    const p = f.prefix;
    const es = await eventsOf(row('replace', { type: 'PID', old: `S:${p}:5`, new: `S:${p}:6`, sid: 'SID26AB00009' }));
    expect(shape(es)).toEqual([
      'ObjectEvent DELETE decommissioning inactive',
      'ObjectEvent ADD commissioning active',
      'AggregationEvent ADD packing in_progress',
    ]);
    expect(es[2]).toMatchObject({ parentID: carton('SID26AB00009'), childEPCs: es[1]!.epcList });
    expect(es[1]!.ilmd).toEqual({ 'cbvmda:lotNumber': 'LOT 7' });
  });

  it('replaces a slip: the old SID decommissioned, the new one commissioned and packed over its packs', async () => {
    const sid = 'SID26AB00002';
    const size = (await insertCarton(t.db, { size: 2 })).id;
    await t.db.insert(secondaryCartons).values({
      sid,
      companyId: f.companyId,
      siteId: f.siteId,
      cartonSizeId: size,
      productId: f.productId,
      qty: 2,
      state: 'packed',
      createdBy: f.userId,
    });
    for (const serialNo of [31, 32])
      await t.db
        .insert(items)
        .values({ companyId: f.companyId, kind: 'S', prefix: f.prefix, serialNo, secondaryId: sid, status: 'packed' });
    const es = await eventsOf(row('replace', { type: 'SID', old: 'SID26AB00001', new: sid, sid }));
    expect(shape(es)).toEqual([
      'ObjectEvent DELETE decommissioning inactive',
      'ObjectEvent ADD commissioning active',
      'AggregationEvent ADD packing in_progress',
    ]);
    expect(es[2]!.parentID).toBe(carton(sid));
    expect(es[2]!.childEPCs).toEqual(
      [31, 32].map((n) => c.ids.pack(staticSeries(f.prefix), n, { id: f.productId, gtin: GTIN })),
    );
  });
});

describe('legs and recalls', () => {
  it('sends to a dealer as the new owning party, with desadv and bol', async () => {
    const es = await eventsOf(
      row('dispatch', {
        did: 'DID26AB00001',
        toUserId: 77,
        cartons: ['TID26AB00001'],
        packs: 4,
        transportModeId: 1,
        lr: 'LR-1',
      }),
    );
    expect(es[0]!.destinationList).toEqual([
      { type: 'owning_party', destination: `${t.config.publicBaseUrl}/id/dealer/77` },
    ]);
  });

  it('voids the shipping of cartons taken back from transit, and receives as returned those taken back after', async () => {
    const back = { cartons: ['SID26AB00003'], dids: ['DID26AB00001'], remark: 'wrong lorry' };
    expect(shape(await eventsOf(row('return', { ...back, transit: true })))).toEqual([
      'ObjectEvent OBSERVE void_shipping in_progress',
    ]);
    expect(shape(await eventsOf(row('return', { ...back, transit: false })))).toEqual([
      'ObjectEvent OBSERVE receiving returned',
    ]);
  });

  it('holds a recalled batch on its LGTIN with the packs mapped to it', async () => {
    const recall: RecallRow = {
      source: 1,
      micros: 0,
      id: 1,
      companyId: f.companyId,
      productId: f.productId,
      batchNo: 'LOT 7',
      at: AT,
    };
    // A lot GS1's AI 10 can hold is its LGTIN (no pack is mapped to LOT-7: none is held).
    const es = await eventsOf({ ...recall, batchNo: 'LOT-7' });
    expect(es[0]).toMatchObject({
      bizStep: 'holding',
      disposition: 'recalled',
      quantityList: [{ epcClass: `https://id.gs1.org/01/0${GTIN}/10/LOT-7`, quantity: 0 }],
    });
    // One it cannot hold (a space) is no LGTIN: the company's own class names it.
    const spaced = await eventsOf(recall);
    expect(spaced[0]).toMatchObject({
      bizStep: 'holding',
      quantityList: [{ epcClass: `${t.config.publicBaseUrl}/id/product/${f.productId}/lot/LOT%207`, quantity: 2500 }],
    });
  });

  it('makes no event of rows that change no object (issuing numbers, slip ids, expiry edits)', async () => {
    expect(await eventsOf(row('issue', { salesOrderNo: 'SO-1' }))).toEqual([]);
    expect(await eventsOf(row('map-expiry', { from: '2027-01-01', to: '2028-01-01' }))).toEqual([]);
  });
});
