// The CBV 2.0 event hash (issue 28 item 1) against the reference generator's published JSON-LD test
// vectors (tests/fixtures/epcis-hash, RalphTro/epcis-event-hash-generator at 5d2f1c3, see SOURCE.md):
// every event's pre-hash string and hash, exactly as the reference wrote them.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventHash, preHashString } from '../../../src/server/epcis/event-hash.js';

const DIR = join(import.meta.dirname, '../../fixtures/epcis-hash');

interface Vector {
  name: string;
  context: unknown;
  events: Record<string, unknown>[];
  ignoreFields: string[];
  preHashes: string[];
  hashes: string[];
}

type Json = Record<string, unknown>;

/** The events of a document as the reference finds them: eventList, a query's results, or one event. */
function eventsOf(body: Json): Json[] {
  if (Array.isArray(body.eventList)) return body.eventList as Json[];
  const results = body.queryResults as Json | undefined;
  if (results) return (results.resultsBody as Json).eventList as Json[];
  return [body.event as Json];
}

/** The document's "ignoreFields" extension, under the prefix its @context gives repository-x. */
function ignoreFieldsOf(document: Json): string[] {
  const context = Array.isArray(document['@context']) ? document['@context'] : [];
  const prefix = context
    .flatMap((entry: unknown) => (entry && typeof entry === 'object' ? Object.entries(entry) : []))
    .find(([, iri]) => iri === 'https://repository-x.example.com/')?.[0];
  if (!prefix) return [];
  const body = document.epcisBody as Json;
  const holder = (body.queryResults as Json | undefined) ?? document;
  return (holder[`${prefix}:ignoreFields`] as string[] | undefined) ?? [];
}

const lines = (file: string) =>
  readFileSync(join(DIR, file), 'utf8')
    .split('\n')
    .filter((line) => line !== '');

const vectors: Vector[] = readdirSync(DIR)
  .filter((file) => file.endsWith('.jsonld'))
  .sort()
  .map((file) => {
    const name = file.replace(/\.jsonld$/, '');
    const document = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Json;
    return {
      name,
      context: document['@context'],
      events: eventsOf(document.epcisBody as Json),
      ignoreFields: ignoreFieldsOf(document),
      preHashes: lines(`${name}.prehashes`),
      hashes: lines(`${name}.hashes`),
    };
  });

/**
 * Published pre-hash lines that disagree with the reference's own published hash (sha-256 of the line
 * is not the hash beside it; the reference's CI checks only the hashes). Our string hashes to it.
 */
const INCONSISTENT_PRE_HASH: Record<string, string> = {
  'epcisDocWithAllGS1Keys#1': 'the published line is garbled (pieces of it written over, "epc=httpspc=https://...")',
  'epcisDocWithCustomSchemaInContext#2': "the published line repeats another event's pre-hash string",
  'epcisDocWithDefaultSchemaInContext#2': 'the published line is cut off after "bt:06141410734"',
};

const sha256Id = (text: string) =>
  `ni:///sha-256;${createHash('sha256').update(text, 'utf8').digest('hex')}?ver=CBV2.0`;

describe('the reference test vectors', () => {
  it('are all kept: 21 documents', () => {
    expect(vectors.map((v) => v.name)).toHaveLength(21);
  });

  for (const vector of vectors)
    describe(vector.name, () => {
      vector.events.forEach((event, i) => {
        const options = { ignoreFields: vector.ignoreFields };
        const inconsistent = INCONSISTENT_PRE_HASH[`${vector.name}#${i + 1}`];
        if (inconsistent) {
          it.skip(`event ${i + 1}: the pre-hash string (skipped: ${inconsistent})`, () => {});
          it(`event ${i + 1}: the published pre-hash line is inconsistent with the published hash, ours is not`, () => {
            expect(sha256Id(vector.preHashes[i]!)).not.toBe(vector.hashes[i]);
            expect(sha256Id(preHashString(event, vector.context, options))).toBe(vector.hashes[i]);
          });
        } else
          it(`event ${i + 1}: the pre-hash string`, () => {
            expect(preHashString(event, vector.context, options)).toBe(vector.preHashes[i]);
          });
        it(`event ${i + 1}: the hash`, () => {
          expect(eventHash(event, vector.context, options)).toBe(vector.hashes[i]);
        });
      });
    });
});

/** The events the EPCIS export emits (issue 28 item 1), each with the vector event that covers it. */
const COVERAGE: [string, string, number, (event: Json) => boolean][] = [
  [
    'ObjectEvent ADD with ilmd (mapping: commissioning)',
    'epcisDocWithVariousEventTypes',
    4,
    (e) => e.type === 'ObjectEvent' && e.action === 'ADD' && typeof e.ilmd === 'object',
  ],
  [
    'ObjectEvent OBSERVE (dispatch, receipt, damage)',
    'epcisDocWithShippingAndTransportingEvent',
    1,
    (e) => e.type === 'ObjectEvent' && e.action === 'OBSERVE',
  ],
  [
    'bizTransactionList (desadv)',
    'epcisDocWithShippingAndTransportingEvent',
    1,
    (e) => JSON.stringify(e.bizTransactionList ?? []).includes('"desadv"'),
  ],
  [
    'sourceList and destinationList',
    'epcisDocWithShippingAndTransportingEvent',
    1,
    (e) => Array.isArray(e.sourceList) && Array.isArray(e.destinationList),
  ],
  [
    'AggregationEvent ADD with parentID and childEPCs (packing)',
    'epcisDocWithVariousEventTypes',
    5,
    (e) => e.type === 'AggregationEvent' && e.action === 'ADD' && !!e.parentID && Array.isArray(e.childEPCs),
  ],
  [
    'quantityList with an LGTIN class (recall)',
    'epcisDocWithVariousEventTypes',
    4,
    (e) => JSON.stringify(e.quantityList ?? []).includes('urn:epc:class:lgtin:'),
  ],
  [
    'Digital Link EPCs (GTIN + serial)',
    'epcisEventWithCURIEs',
    1,
    (e) => JSON.stringify(e.epcList ?? []).includes('/01/') && JSON.stringify(e.epcList).includes('/21/'),
  ],
  [
    'DELETE (the action the nearest vector shares with de-map and replace)',
    'epcisDocWithVariousEventTypes',
    7,
    (e) => e.action === 'DELETE',
  ],
];

describe('the events the export emits are covered by a vector', () => {
  for (const [shape, name, index, covers] of COVERAGE)
    it(`${shape}: ${name} event ${index}`, () => {
      const vector = vectors.find((v) => v.name === name)!;
      expect(covers(vector.events[index - 1]!)).toBe(true);
    });

  // The reference's own output for these is checked in epcis-event-hash-differential.test.ts.
  it.skip('ObjectEvent DELETE (de-map, replace): no published vector has one (only AggregationEvent DELETE)', () => {});
  it.skip('bizTransaction type bol (dispatch LR): no published vector has one (desadv, po and inv only)', () => {});

  it('an ObjectEvent DELETE differs from its ADD by the action word alone, as the action is hashed as written', () => {
    const vector = vectors.find((v) => v.name === 'epcisDocWithVariousEventTypes')!;
    const add = vector.events[3]!;
    const deleted = preHashString({ ...add, action: 'DELETE' }, vector.context);
    expect(deleted).toBe(preHashString(add, vector.context).replace('action=ADD', 'action=DELETE'));
  });
});

describe('eventHash', () => {
  it('leaves the event it is given as it was (the export writes the same object out)', () => {
    const vector = vectors.find((v) => v.name === 'epcisDocWithVariousEventTypes')!;
    for (const event of vector.events) {
      const before = structuredClone(event);
      eventHash(event, vector.context);
      expect(event).toEqual(before);
    }
  });
});
