// With TLS_CERT_FILE and TLS_KEY_FILE the server answers HTTPS itself: HTTP/2 for browsers (pages as
// their brotli copies, the API, the security headers), HTTP/1.1 over TLS for older clients. The
// certificate is a real one made by openssl for 127.0.0.1, and the clients check it against itself.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type ClientHttp2Session } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { tlsFiles } from '../../src/server/http/tls.js';
import { makeCertificate, type Certificate } from '../helpers/certificate.js';
import { listBody } from '../helpers/factories.js';
import { parseEnvelope } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';

const SCREEN =
  '<!doctype html><title>Fieldtrace</title><link rel="modulepreload" href="/assets/carton-1.js"><!-- carton -->';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

function h2(
  session: ClientHttp2Session,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = session.request({ ':method': init.method ?? 'GET', ':path': path, ...init.headers });
    const chunks: Buffer[] = [];
    let head: Record<string, string | string[] | number | undefined> = {};
    req.on('response', (h) => (head = h as typeof head));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve({ status: Number(head[':status']), headers: head, body: Buffer.concat(chunks) }));
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('the server over HTTPS', () => {
  let dir: string;
  let certificate: Certificate;
  let cert: Buffer;
  let origin: string;
  let session: ClientHttp2Session;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ft-tls-'));
    certificate = makeCertificate();
    cert = certificate.cert;
    const client = join(dir, 'client');
    mkdirSync(join(client, 'screens'), { recursive: true });
    writeFileSync(join(client, 'index.html'), '<!doctype html><title>Fieldtrace</title>');
    writeFileSync(join(client, 'shell.html'), '<!doctype html><title>Fieldtrace</title><!-- shell -->');
    writeFileSync(join(client, 'screens', 'cartonMaster.html'), SCREEN);
    writeFileSync(join(client, 'screens', 'cartonMaster.html.br'), brotliCompressSync(SCREEN));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    certificate?.remove();
  });

  // Started after the certificate and client folder above, closed before they go.
  const t = useApp(() => ({
    clientDir: join(dir, 'client'),
    tlsCertFile: certificate.certFile,
    tlsKeyFile: certificate.keyFile,
  }));
  beforeAll(async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = address.replace('http://', 'https://');
    session = connect(origin, { ca: cert });
  });
  afterAll(() => session?.close());

  it("sends a screen's page over HTTP/2 as its brotli copy, with the page headers", async () => {
    const res = await h2(session, '/masters/carton-master', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(SCREEN);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('answers the API over HTTP/2: sign-in, then a list with the token', async () => {
    const json = { 'content-type': 'application/json' };
    const login = await h2(session, '/API/api/Login/CheckUser', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ Email: 'admin@example.com', Password: 'Admin123' }),
    });
    expect(login.status).toBe(200);
    const signedIn = parseEnvelope(login.body.toString());
    expect(signedIn.ResponseCode).toBe('200');
    const token = (signedIn.ResponseData as Array<{ Token: string }>)[0]!.Token;

    const list = await h2(session, '/API/api/CartonMaster/GetCarton', {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${token}` },
      body: JSON.stringify(listBody({ First: 1, PageSize: 10 })),
    });
    expect(list.status).toBe(200);
    const answer = parseEnvelope(list.body.toString());
    expect(answer.ResponseCode, answer.ResponseMessage).toBe('200');
    const rows = answer.ResponseData as Array<{ CartonName: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => typeof r.CartonName === 'string')).toBe(true);

    const refused = await h2(session, '/API/api/CartonMaster/GetCarton', { method: 'POST', headers: json, body: '{}' });
    expect(refused.status).toBe(401);
    expect(parseEnvelope(refused.body.toString()).ResponseCode).toBe('401');
  });

  it('answers HTTP/1.1 over TLS too', async () => {
    const res = await new Promise<{ status: number; body: string; protocol: string }>((resolve, reject) => {
      const req = httpsRequest(`${origin}/masters/carton-master`, { ca: cert }, (r) => {
        let body = '';
        r.setEncoding('utf8');
        r.on('data', (c: string) => (body += c));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, body, protocol: r.httpVersion }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(res).toEqual({ status: 200, body: SCREEN, protocol: '1.1' });
  });
});

describe('the TLS settings', () => {
  it('refuses a certificate without its key, and the other way round', () => {
    expect(() => tlsFiles({ tlsCertFile: '/tmp/cert.pem', tlsKeyFile: undefined })).toThrow(
      'Set both TLS_CERT_FILE and TLS_KEY_FILE, or neither.',
    );
    expect(() => tlsFiles({ tlsCertFile: undefined, tlsKeyFile: '/tmp/key.pem' })).toThrow(
      'Set both TLS_CERT_FILE and TLS_KEY_FILE, or neither.',
    );
  });

  it('names the file it cannot read', () => {
    expect(() => tlsFiles({ tlsCertFile: '/nonexistent/cert.pem', tlsKeyFile: '/nonexistent/key.pem' })).toThrow(
      'TLS_CERT_FILE: cannot read /nonexistent/cert.pem (ENOENT).',
    );
  });

  it('is plain HTTP when neither is given', () => {
    expect(tlsFiles({ tlsCertFile: undefined, tlsKeyFile: undefined })).toBeUndefined();
  });

  it('reads the files from the environment, and makes the default public address https', () => {
    const tls = loadConfig({ TLS_CERT_FILE: '/etc/ft/cert.pem', TLS_KEY_FILE: '/etc/ft/key.pem', PORT: '8443' });
    expect([tls.tlsCertFile, tls.tlsKeyFile, tls.publicBaseUrl]).toEqual([
      '/etc/ft/cert.pem',
      '/etc/ft/key.pem',
      'https://localhost:8443',
    ]);
    expect(loadConfig({}).publicBaseUrl).toBe('http://localhost:8080');
  });
});
