// Response headers: app pages may not be framed and carry a CSP; API answers are never cached;
// a stored upload can never run as a page of ours (sandboxing CSP, a disposition, no sniffing).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filePart, fixture, multipart } from '../helpers/factories-products.js';
import { listBody } from '../helpers/factories.js';
import { INDEX_HTML } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';
import { CARTON_API } from '../../src/shared/contracts/carton.js';

let admin: string;
let clientDir: string;

type Headers = Record<string, string | string[] | number | undefined>;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'ft-headers-client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), INDEX_HTML);
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), 'console.log("app");');
  writeFileSync(join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(clientDir, 'manifest.webmanifest'), '{"name":"Fieldtrace"}');
});
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

// Started after the set-up above, closed before its clean-up.
const t = useApp(() => ({ clientDir }));
beforeAll(async () => {
  admin = await t.token('admin');
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

/** The CSP as directive -> sources. */
function csp(headers: Headers): Map<string, string[]> {
  const value = String(headers['content-security-policy'] ?? '');
  return new Map(
    value
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...sources] = d.split(/\s+/);
        return [name!, sources];
      }),
  );
}

function expectPageHeaders(headers: Headers) {
  const policy = csp(headers);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

describe('app pages', () => {
  it.each(['/login', '/masters/carton-master', '/'])(
    'the shell at %s may not be framed and carries the CSP',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectPageHeaders(res.headers);
    },
  );

  it.each(['/assets/index-abc123.js', '/sw.js', '/manifest.webmanifest'])(
    'the static file %s carries them too',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expectPageHeaders(res.headers);
    },
  );

  it('a missing static file answers 404 with them', async () => {
    const res = await get('/assets/missing-000.js');
    expect(res.statusCode).toBe(404);
    expectPageHeaders(res.headers);
  });
});

describe('API answers are never stored', () => {
  const expectNoStore = (headers: Headers) => {
    expect(headers['cache-control']).toBe('no-store');
    expect(headers['x-content-type-options']).toBe('nosniff');
  };

  it('on success', async () => {
    const health = await t.raw({ method: 'GET', url: '/API/health' });
    expect(health.status).toBe(200);
    expectNoStore(health.headers);
    const list = await t.send(CARTON_API.list, listBody(), admin);
    expect(list.body.ResponseCode).toBe('200');
    expectNoStore(list.headers);
  });

  it('on a refusal, a missing token and a bad body', async () => {
    const refused = await t.send(CARTON_API.list, listBody({ SortColumn: 'nope' }), admin);
    expect(refused.body.ResponseCode).toBe('400');
    expectNoStore(refused.headers);
    const unauthorised = await t.send(CARTON_API.list, listBody());
    expect(unauthorised.status).toBe(401);
    expectNoStore(unauthorised.headers);
    const badJson = await t.raw({
      method: 'POST',
      url: '/API/api/CartonMaster/GetCarton',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(badJson.status).toBe(400);
    expectNoStore(badJson.headers);
  });

  it('on an unknown route, whatever its case', async () => {
    for (const url of ['/API/api/No/Such', '/api/nothing']) {
      const res = await t.raw({ method: 'GET', url });
      expect(res.status, url).toBe(404);
      expectNoStore(res.headers);
    }
  });
});

describe('stored uploads never run as a page', () => {
  const expectSandboxed = (headers: Headers) => {
    const policy = csp(headers);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.has('sandbox')).toBe(true);
    expect(policy.get('sandbox')).toEqual([]);
    expect(headers['x-content-type-options']).toBe('nosniff');
  };

  it('an image is shown inline under its stored name, sandboxed', async () => {
    const res = await get('/uploads/demo-biogrow-1kg.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe('inline; filename="demo-biogrow-1kg.png"');
    expectSandboxed(res.headers);
  });

  it('a PDF is offered as a download, sandboxed', async () => {
    const { payload, headers } = multipart([filePart(fixture('sample.pdf'), 'leaflet.pdf')]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/API/api/Upload/FileUpload?type=pdf',
      payload,
      headers: { ...headers, authorization: `Bearer ${admin}` },
    });
    const source = (JSON.parse(up.payload) as { Source: string }).Source;
    const res = await get(source);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${source.slice('/uploads/'.length)}"`);
    expectSandboxed(res.headers);
  });

  it('a missing upload answers 404, sandboxed', async () => {
    const res = await get('/uploads/0123456789abcdef0123456789abcdef.png');
    expect(res.statusCode).toBe(404);
    expectSandboxed(res.headers);
  });
});
