// Browser tests take Chromium and their pages from tests/helpers/use-browser.ts, and call the API
// through endpoint objects (tests/helpers/api-client.ts `api`): a file that launches its own browser,
// opens its own contexts or types an API path into a request copies what one helper owns (issue 26).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const BROWSER_TESTS = resolve(import.meta.dirname, '../browser');

const files = readdirSync(BROWSER_TESTS, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .sort();
const text = (f: string) => readFileSync(join(BROWSER_TESTS, f), 'utf8');

/** The set-up useBrowser owns: launching, fresh contexts, saved sign-ins, closing the browser. */
const OWN_SETUP = /\b(?:launchBrowser|newPage|signedInState)\(|\bchromium\.launch\(|\bbrowser\??\.close\(\)/g;
/** A request typing an API path (`page.request.post('/API/api/X/Y'`); a route glob may name a prefix. */
const TYPED_REQUEST = /\brequest\.(?:get|post|fetch)\(\s*['`]\/API\/api\/[A-Z]/g;

const offences = (pattern: RegExp) => files.flatMap((f) => [...text(f).matchAll(pattern)].map((m) => `${f}: ${m[0]}`));

describe('browser test files', () => {
  it('finds the files', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it('take Chromium and their pages from useBrowser', () => {
    expect(offences(OWN_SETUP)).toEqual([]);
  });

  it('request the API through endpoint objects', () => {
    expect(offences(TYPED_REQUEST)).toEqual([]);
  });

  it('sees what it guards against', () => {
    const found = (source: string, pattern: RegExp) => [...source.matchAll(pattern)].map((m) => m[0]);
    expect(found('browser = await launchBrowser();\nawait browser?.close();', OWN_SETUP)).toEqual([
      'launchBrowser(',
      'browser?.close()',
    ]);
    expect(found('const { page } = await newPage(browser, HANDHELD);', OWN_SETUP)).toEqual(['newPage(']);
    expect(found('const { page } = await b.open({ device: "handheld" });', OWN_SETUP)).toEqual([]);
    expect(found("await page.request.post('/API/api/Company/GetCompany', {})", TYPED_REQUEST)).toHaveLength(1);
    expect(found("await page.route('**/API/api/CartonMaster/**', abort)", TYPED_REQUEST)).toEqual([]);
  });
});
