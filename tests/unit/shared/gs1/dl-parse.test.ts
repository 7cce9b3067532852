// The Digital Link parser (src/shared/gs1/dl-parse.ts) against GS1's reference tests, kept as
// fixtures in tests/fixtures/gs1-digital-link/ (SOURCE.md): every test_parseDLuri case of
// gs1-syntax-engine's dl.c, with the options it had on, and evrythng/digital-link.js's URI cases.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { elementString, parseDlUri, type DlOptions } from '../../../../src/shared/gs1/dl-parse.js';

interface Case {
  line: number;
  succeed: boolean;
  uri: string;
  expect?: string;
  options?: DlOptions;
  gs1SyntaxEngine?: { succeed: boolean; expect?: string; error?: string };
}
const fixture = (name: string) =>
  JSON.parse(readFileSync(`tests/fixtures/gs1-digital-link/${name}`, 'utf8')) as { cases: Case[] };

/** What the parser says of a URI, in the fixtures' terms. */
function verdict(uri: string, options: DlOptions) {
  const p = parseDlUri(uri, options);
  return p.ok ? { succeed: true, expect: elementString(p, options) } : { succeed: false };
}

describe("gs1-syntax-engine's dl.c parse cases", () => {
  const { cases } = fixture('dl-c-cases.json');
  it('are all here', () => expect(cases.length).toBe(118));

  it.each(cases.map((c) => [`dl.c:${c.line} ${c.uri}`, c] as const))('%s', (_, c) => {
    // dl.c's tests run with short names off unless they switch them on; ours are on by default.
    const options = { shortNames: false, ...c.options };
    expect(verdict(c.uri, options)).toEqual(c.succeed ? { succeed: true, expect: c.expect } : { succeed: false });
  });
});

/** evrythng cases where the two suites disagree: gs1-syntax-engine (GS1's own, newer) is followed. */
const EVRYTHNG_SKIPPED: Record<number, string> = {
  611: 'a compressed Digital Link URI: GS1 withdrew DL compression; the syntax engine finds no key in it',
  678: 'a trailing slash: the syntax engine refuses it ("Can\'t end in slash", dl.c); parseDigitalLink tolerates it on a scan',
  783: 'GIAI (8004) has no check digit; evrythng refuses it for lacking one, the syntax engine accepts it',
  785: 'GIAI (8004) has no check digit; evrythng refuses it for lacking one, the syntax engine accepts it',
};
/** evrythng pads a GTIN-8, -12 or -13 with a valid check digit: the syntax engine does so only with its
 *  permitZeroSuppressedGTINinDLuris option, as do we. Those cases run with that option on. */
const ZERO_SUPPRESSED = /\/01\/(\d{8}|\d{12,13})(\/|$|\?)/;

describe("evrythng/digital-link.js's URI cases", () => {
  const { cases } = fixture('evrythng-cases.json');

  it('agree with the syntax engine, where they do not, it was the syntax engine we followed', () => {
    for (const c of cases) {
      const engine = c.gs1SyntaxEngine!;
      const padded = ZERO_SUPPRESSED.test(c.uri);
      if (engine.succeed !== c.succeed)
        expect(Boolean(EVRYTHNG_SKIPPED[c.line]) || padded, `${c.line} ${c.uri}`).toBe(true);
    }
  });

  it.each(cases.map((c) => [`tests/index.js:${c.line} ${c.uri}`, c] as const))('%s', (_, c) => {
    const engine = c.gs1SyntaxEngine!;
    if (EVRYTHNG_SKIPPED[c.line]) {
      // Skipped in favour of the syntax engine, whose verdict we give.
      expect(parseDlUri(c.uri).ok).toBe(engine.succeed);
      return;
    }
    const options = ZERO_SUPPRESSED.test(c.uri) ? { zeroSuppressedGtin: true } : {};
    expect(parseDlUri(c.uri, options).ok).toBe(c.succeed);
    if (engine.succeed) expect(verdict(c.uri, {})).toEqual(engine);
  });
});
