// The resolver's linkset (issue 28 item 4): gs1/linkset's schema (tests/fixtures/gs1-linkset) first
// checked on its own valid and invalid examples, then every linkset the resolver answers validated
// against it with ajv, as GS1's resolver test does. Each level up to the product, the link types and
// titles, the default link a plain request follows, a recalled batch's notice, and an unknown batch
// answered exactly as a known one, so the linkset tells nobody which batches exist.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_MSG } from '../../../src/shared/contracts/public/verify.js';
import { BASE, gtinWorld, recallBatch, uploadPath, type GtinWorld } from '../../helpers/factories-resolver.js';
import { useApp } from '../../helpers/use-app.js';

const FIXTURES = join(import.meta.dirname, '../../fixtures/gs1-linkset');
const json = (name: string): unknown => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8'));
// GS1's test compiles the schema the same way: its "name" annotations are not JSON Schema keywords.
const validate = new Ajv({ strict: false, allErrors: true }).compile(json('gs1-linkset-schema.json') as object);
const VOC = 'https://ref.gs1.org/voc/';

const t = useApp({ publicBaseUrl: BASE, verifyLimitPerAddress: 1000 });
const LEAFLET = uploadPath('c');
let w: GtinWorld;
let pack: string;
const ask = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function linksetOf(url: string, headers: Record<string, string> = {}) {
  const res = await ask(url, headers);
  expect(res.statusCode, url).toBe(200);
  const body: unknown = res.json();
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  return { res, body: body as { linkset: Array<Record<string, unknown>> } };
}

beforeAll(async () => {
  w = await gtinWorld(t, '09506000134376', 'RC-26', { leafletPdf: LEAFLET });
  pack = `/01/${w.gtin}/10/${w.lot}/21/${w.uid(2)}`;
});

describe("gs1/linkset's schema", () => {
  it('accepts its valid example and refuses its invalid one', () => {
    expect(validate(json('valid-gs1-example.json'))).toBe(true);
    expect(validate(json('invalid-gs1-example.json'))).toBe(false);
  });
});

describe('a pack of a batch not recalled', () => {
  it('lists the pack and its product, with GS1 link types and titles', async () => {
    const { res, body } = await linksetOf(`${pack}?linkType=linkset`);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = `${BASE}/P?U=${encodeURIComponent(BASE + pack)}`;
    expect(body).toEqual({
      linkset: [
        {
          anchor: BASE + pack,
          itemDescription: `${w.productName}, pack ${w.uid(2)}`,
          [`${VOC}defaultLink`]: [{ href: page, title: 'Verify this pack' }],
          [`${VOC}pip`]: [{ href: page, title: 'Verify this pack', type: 'text/html', hreflang: ['en', 'hi'] }],
        },
        {
          anchor: `${BASE}/01/${w.gtin}`,
          itemDescription: w.productName,
          [`${VOC}defaultLink`]: [{ href: BASE + LEAFLET, title: 'Product leaflet' }],
          [`${VOC}instructions`]: [{ href: BASE + LEAFLET, title: 'Product leaflet', type: 'application/pdf' }],
        },
      ],
    });
    // GS1's test: a plain request redirects to the most qualified level's default link.
    expect((await ask(pack)).headers.location).toBe(page);
  });

  it('answers the same linkset for Accept: application/linkset+json, typed so, with its JSON-LD context', async () => {
    const asked = await linksetOf(`${pack}?linkType=linkset`);
    for (const url of [pack, `${pack}?linkType=all`]) {
      const { res, body } = await linksetOf(url, { accept: 'application/linkset+json' });
      expect(res.headers['content-type']).toBe('application/linkset+json; charset=utf-8');
      expect(res.headers.link).toContain('rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"');
      expect(res.headers.link).toContain(`<${BASE + pack}?linkType=linkset>; rel="linkset"`);
      expect(body).toEqual(asked.body);
    }
  });

  it('answers an unknown batch as the known one: the product level alone', async () => {
    const known = await linksetOf(`/01/${w.gtin}/10/${w.lot}?linkType=linkset`);
    const unknown = await linksetOf(`/01/${w.gtin}/10/NOSUCH?linkType=linkset`);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.linkset.map((l) => l.anchor)).toEqual([`${BASE}/01/${w.gtin}`]);
  });
});

describe('a recalled batch', () => {
  beforeAll(() => recallBatch(t, w, 'Seal <failed> & leaking'));

  it('lists its recall notice at the batch level, reached from the pack by walking up', async () => {
    const { body } = await linksetOf(`${pack}?linkType=linkset`);
    const notice = `${BASE}/recall/01/${w.gtin}/10/${w.lot}`;
    expect(body.linkset.map((l) => l.anchor)).toEqual([
      BASE + pack,
      `${BASE}/01/${w.gtin}/10/${w.lot}`,
      `${BASE}/01/${w.gtin}`,
    ]);
    expect(body.linkset[1]).toEqual({
      anchor: `${BASE}/01/${w.gtin}/10/${w.lot}`,
      itemDescription: `${w.productName}, batch ${w.lot}`,
      [`${VOC}recallStatus`]: [{ href: notice, title: 'Recall notice', type: 'text/html', hreflang: ['en'] }],
    });
    const res = await ask(`${pack}?linkType=gs1:recallStatus`);
    expect([res.statusCode, res.headers.location]).toEqual([307, notice]);
  });

  it('serves the notice, saying what the verification page says, escaped', async () => {
    const res = await ask(`/recall/01/${w.gtin}/10/${w.lot}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.payload).toContain(VERIFY_MSG.recalled('Seal &lt;failed&gt; &amp; leaking'));
    expect(res.payload).not.toContain('<failed>');
    expect((await ask(`/recall/01/${w.gtin}/10/OTHER`)).statusCode).toBe(404);
  });
});
