// The GS1-conformant resolver (issue 28 item 4, docs/resolver.md), asked what GS1's resolver test
// (tests/fixtures/gs1-resolver/GS1DigitalLinkResolverTestSuite.js) asks: the default link (307, the
// verification page, which then verifies the pack), the query passed on, trailing slash and short
// names, linkType redirects and 404, 400 on bad syntax, walk-up, HEAD, OPTIONS with CORS, and
// /.well-known/gs1resolver; and that a GTIN or key not ours answers 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { RESOLVER_MSG } from '../../../src/server/resolver/routes.js';
import { VERIFY_API, VERIFY_MSG } from '../../../src/shared/contracts/public/verify.js';
import { send } from '../../helpers/endpoint-call.js';
import { BASE, gtinWorld, uploadPath, type GtinWorld } from '../../helpers/factories-resolver.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp({ publicBaseUrl: BASE, verifyLimitPerAddress: 1000 });
const LEAFLET = uploadPath('a');
const LABEL = uploadPath('b');
let w: GtinWorld;
let bare: GtinWorld;
let dl: string;

const ask = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' | 'OPTIONS' = 'GET') =>
  t.app.inject({ method, url, headers });
const pageOf = (link: string) => `${BASE}/P?U=${encodeURIComponent(link)}`;

beforeAll(async () => {
  w = await gtinWorld(t, '09506000134352', 'NG-26/04-A', { leafletPdf: LEAFLET, labelPdf: LABEL });
  bare = await gtinWorld(t, '09506000164908', 'B-7');
  dl = `/01/${w.gtin}/10/${encodeURIComponent(w.lot)}/21/${w.uid(3)}`;
});

describe('the default link', () => {
  it("redirects (307) a pack's link to the verification page, which answers the pack genuine", async () => {
    const res = await ask(dl);
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe(pageOf(BASE + dl));
    expect(res.headers.link).toBe(`<${BASE}${dl}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    // The page sends what it was opened with (src/public-page/api.ts): U, and its own address.
    const location = String(res.headers.location);
    const verified = await send(t, VERIFY_API.verify, {
      UID: new URL(location).searchParams.get('U'),
      qrData: location,
      verificationMode: 'Web',
      verificationType: 2,
    });
    expect(verified.body).toMatchObject({ ResponseCode: '200', ResponseData: { BatchNo: w.lot, GTIN: w.gtin } });
  });

  it('keeps the dates in the link the page checks, and passes the whole query on', async () => {
    const res = await ask(`${dl}?11=260110&17=280110&foo=bar`);
    expect(res.headers.location).toBe(`${pageOf(`${BASE}${dl}?11=260110&17=280110`)}&11=260110&17=280110&foo=bar`);
    const wrong = await ask(`${dl}?17=290110`);
    const verified = await send(t, VERIFY_API.verify, {
      UID: new URL(String(wrong.headers.location)).searchParams.get('U'),
      verificationMode: 'Web',
    });
    expect(verified.body).toMatchObject({
      ResponseCode: '-1',
      ResponseMessage: VERIFY_MSG.labelMismatch('expiry date'),
    });
  });

  it('answers a trailing slash and the short names as the link itself', async () => {
    const plain = await ask(dl);
    for (const url of [`${dl}/`, `/gtin/${w.gtin}/lot/${encodeURIComponent(w.lot)}/ser/${w.uid(3)}`]) {
      const res = await ask(url);
      expect([res.statusCode, res.headers.location], url).toEqual([307, plain.headers.location]);
    }
  });

  it('sends a serial that is no code of ours to the page too: it is the page that says it is not genuine', async () => {
    const link = `/01/${w.gtin}/10/${encodeURIComponent(w.lot)}/21/NOTACODE1`;
    const res = await ask(link);
    expect(res.headers.location).toBe(pageOf(BASE + link));
    const verified = await send(t, VERIFY_API.verify, { UID: BASE + link, verificationMode: 'Web' });
    expect(verified.body).toMatchObject({ ResponseCode: '-1', ResponseMessage: VERIFY_MSG.forged });
  });
});

describe('a label printed before links were held to GS1', () => {
  it('goes to the page, which still answers its pack genuine, though GS1 refuses its batch', async () => {
    const old = await gtinWorld(t, '09506000134376', 'GH/26 11&A%');
    const link = `/01/${old.gtin}/10/${encodeURIComponent(old.lot)}/21/${old.uid(2)}`;
    const res = await ask(link);
    expect([res.statusCode, res.headers.location]).toEqual([307, pageOf(BASE + link)]);
    const verified = await send(t, VERIFY_API.verify, {
      UID: new URL(String(res.headers.location)).searchParams.get('U'),
      verificationMode: 'Web',
    });
    expect(verified.body).toMatchObject({ ResponseCode: '200', ResponseData: { BatchNo: old.lot } });
    // The same batch in any other form is bad syntax, as GS1 says.
    expect((await ask(`/gtin/${old.gtin}/lot/${encodeURIComponent(old.lot)}/ser/${old.uid(2)}`)).statusCode).toBe(400);
  });
});

describe('walk-up', () => {
  it('from an unknown batch to the product: its default, the leaflet', async () => {
    const res = await ask(`/01/${w.gtin}/10/KL8G`);
    expect([res.statusCode, res.headers.location]).toEqual([307, BASE + LEAFLET]);
    expect((await ask(`/01/${w.gtin}`)).headers.location).toBe(BASE + LEAFLET);
  });

  it("from a pack to its product for the product's link types", async () => {
    expect((await ask(`${dl}?linkType=gs1:instructions`)).headers.location).toBe(BASE + LEAFLET);
    expect((await ask(`${dl}?linkType=https://gs1.org/voc/safetyInfo`)).headers.location).toBe(BASE + LABEL);
  });

  it("a product without documents defaults to the verification page, which asks for the pack's code", async () => {
    expect((await ask(`/01/${bare.gtin}/10/B-7`)).headers.location).toBe(`${BASE}/P`);
  });
});

describe('linkType', () => {
  it('redirects to a known type, passing the rest of the query on', async () => {
    const res = await ask(`/01/${w.gtin}?linkType=${encodeURIComponent('https://ref.gs1.org/voc/instructions')}&x=1`);
    expect([res.statusCode, res.headers.location]).toEqual([307, `${BASE}${LEAFLET}?x=1`]);
    expect((await ask(`${dl}?linkType=gs1:pip`)).headers.location).toBe(pageOf(BASE + dl));
  });

  it('answers 404 for a type no level has', async () => {
    for (const url of [`${dl}?linkType=gs1:nosuchlt`, `/01/${bare.gtin}?linkType=gs1:instructions`]) {
      const res = await ask(url);
      expect([res.statusCode, res.payload], url).toEqual([404, 'No link of that type for this item.']);
    }
  });
});

describe('errors', () => {
  it.each([
    ['an extra segment', () => `${dl}/foo`],
    ['a wrong check digit', () => `/01/09506000134353`],
    ['qualifiers out of order', () => `/01/${w.gtin}/21/${w.uid(3)}/10/${w.lot}`],
    ['a batch too long', () => `/01/${w.gtin}/10/${'A'.repeat(21)}`],
    ['an unknown AI in the query', () => `${dl}?99999=1`],
  ])('answers 400 for %s, in plain text', async (_what, url) => {
    const res = await ask(url());
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.payload.startsWith(RESOLVER_MSG.syntax)).toBe(true);
  });

  it.each([
    ['a GTIN no product of ours carries', '/01/09506000134369'],
    ['a GLN (we hold GTINs only)', '/414/9520123456788'],
    ['an SSCC', '/00/095201234567891235'],
  ])('answers 404 for %s', async (_what, url) => {
    const res = await ask(url);
    expect([res.statusCode, res.payload]).toEqual([404, RESOLVER_MSG.notOurs]);
  });
});

describe('HEAD, OPTIONS and the description file', () => {
  it('HEAD answers as GET does, without the body', async () => {
    for (const url of [dl, `${dl}?linkType=linkset`, `${dl}/foo`]) {
      const [get, head] = [await ask(url), await ask(url, {}, 'HEAD')];
      expect(head.statusCode).toBe(get.statusCode);
      expect(head.headers.location).toBe(get.headers.location);
      expect(head.headers.link).toBe(get.headers.link);
      expect(head.payload).toBe('');
    }
  });

  it('OPTIONS answers 204 with CORS for GET, HEAD and OPTIONS, and names the linkset', async () => {
    const res = await ask(dl, { origin: 'https://ref.gs1.org', 'access-control-request-method': 'GET' }, 'OPTIONS');
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.link).toContain('rel="linkset"');
    expect(res.headers.link).not.toContain('rel="gs1:');
  });

  it('/.well-known/gs1resolver describes the resolver', async () => {
    const res = await ask('/.well-known/gs1resolver', { accept: 'application/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resolverRoot: BASE, supportedPrimaryKeys: ['01'] });
  });
});
