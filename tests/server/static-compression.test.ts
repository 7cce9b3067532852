// The built client is compressed once at build time (brotli and gzip files beside each asset) and
// served by what the browser accepts: br, else gzip, else the file as it is; always the same bytes.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../src/build/precompress.js';
import { useApp } from '../helpers/use-app.js';

let clientDir: string;

// Big enough to be worth compressing, and repetitive like real bundles.
const SCRIPT = Array.from(
  { length: 400 },
  (_, i) => `export const screen${i} = () => render("Carton Size Master ${i}");`,
).join('\n');
const SHELL = `<!doctype html><html lang="en"><head><title>Fieldtrace</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const STYLE = Array.from({ length: 200 }, (_, i) => `.m_${i} { color: var(--mantine-color-green-${i % 10}); }`).join(
  '\n',
);
const TINY = 'console.log(1);';

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'ft-compress-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), SHELL);
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(clientDir, 'assets', 'index-abc123.css'), STYLE);
  writeFileSync(join(clientDir, 'assets', 'tiny-abc123.js'), TINY);
  writeFileSync(join(clientDir, 'sw.js'), SCRIPT);
  await precompressDir(clientDir);
});
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

// Started after the set-up above, closed before its clean-up.
const t = useApp(() => ({ clientDir }));

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('the build step', () => {
  it('writes .br and .gz beside each text asset, smaller than the file, and leaves tiny files alone', () => {
    for (const file of ['index.html', 'assets/index-abc123.js', 'assets/index-abc123.css', 'sw.js']) {
      const original = readFileSync(join(clientDir, file));
      const br = readFileSync(join(clientDir, `${file}.br`));
      const gz = readFileSync(join(clientDir, `${file}.gz`));
      expect(br.length, file).toBeLessThan(original.length);
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
    }
    expect(existsSync(join(clientDir, 'assets/tiny-abc123.js.br'))).toBe(false);
  });
});

describe('content negotiation', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1, br;q=0', 'gzip'],
    [undefined, undefined],
    ['identity', undefined],
    ['br;q=0, gzip;q=0', undefined],
  ])('Accept-Encoding %s gets %s', async (accept, expected) => {
    for (const [url, body, type] of [
      ['/assets/index-abc123.js', SCRIPT, /^text\/javascript|^application\/javascript/],
      ['/assets/index-abc123.css', STYLE, /^text\/css/],
      ['/sw.js', SCRIPT, /javascript/],
    ] as const) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(expected);
      expect(res.headers['content-type'], url).toMatch(type);
      expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
      expect(decode(expected, res.rawPayload), url).toBe(body);
    }
  });

  it('the app shell of any page is compressed too, and keeps its no-cache', async () => {
    for (const url of ['/login', '/masters/carton-master']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode('br', res.rawPayload)).toBe(SHELL);
    }
  });

  it('hashed assets stay cached for good whatever the encoding', async () => {
    const res = await get('/assets/index-abc123.js', 'br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a file too small to compress is sent as it is', async () => {
    const res = await get('/assets/tiny-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.payload).toBe(TINY);
  });
});
