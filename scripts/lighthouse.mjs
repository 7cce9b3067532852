// `npm run lighthouse`: Lighthouse's mobile profile (default simulated throttling) on /login and a
// master screen, signed in, against the built app on a fresh PGlite with the demo data.
// Drives Debian's Chromium (CHROMIUM_PATH); never downloads a browser. Not part of .ci/run (slow).
// Each page is audited LIGHTHOUSE_RUNS times (3) and the median run is shown. CLIENT_DIR picks another
// build folder, audited as it is (built there only when missing, so builds can be compared in turns); LIGHTHOUSE_JSON=dir keeps the median reports;
// LIGHTHOUSE_PAGES picks pages (below); LIGHTHOUSE_TRACE=dir keeps the traces.
// Each page is audited as served over HTTPS with HTTP/2 (how it is deployed: a PWA needs a secure
// origin; the server's own TLS_CERT_FILE/TLS_KEY_FILE, with a certificate made here by openssl) and over
// plain HTTP/1.1; LIGHTHOUSE_SERVE=https or =http picks one.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const ROOT = resolve(import.meta.dirname, '..');
const CLIENT_DIR = resolve(process.env.CLIENT_DIR || join(ROOT, 'dist/client'));
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SOURCES = JSON.parse(readFileSync(join(ROOT, 'src/build/client-sources.json'), 'utf8'));
const ADMIN = { email: 'admin@example.com', password: 'Admin123' };
const PAGES = [
  { name: 'Sign-in', path: '/login', signedIn: false },
  { name: 'Carton Size Master', path: '/masters/carton-master', signedIn: true },
];
// LIGHTHOUSE_PAGES=carton audits only the pages whose path contains one of the comma-separated words.
const ONLY = (process.env.LIGHTHOUSE_PAGES || '').split(',').filter(Boolean);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS) || 3);
const SERVE = (process.env.LIGHTHOUSE_SERVE || 'https,http').split(',').filter(Boolean);
const PROTOCOL = { https: 'HTTPS, HTTP/2', http: 'HTTP/1.1' };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((m, e) => Math.max(m, newest(join(path, e))), s.mtimeMs);
}

function buildIfNeeded() {
  const index = join(CLIENT_DIR, 'index.html');
  // A folder given by CLIENT_DIR is a build under comparison: never rebuilt from newer sources.
  if (process.env.CLIENT_DIR && existsSync(index)) return;
  if (existsSync(index) && !SOURCES.some((p) => newest(join(ROOT, p)) > statSync(index).mtimeMs)) return;
  console.log(`Building the client into ${CLIENT_DIR}...`);
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', CLIENT_DIR, '--logLevel', 'warn'], {
    cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' },
  });
}

function freePort() {
  return new Promise((res, rej) => {
    const probe = createServer().once('error', rej);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => res(port));
    });
  });
}

/** A self-signed certificate for 127.0.0.1 in `dir`. */
function makeCertificate(dir) {
  const files = { TLS_CERT_FILE: join(dir, 'cert.pem'), TLS_KEY_FILE: join(dir, 'key.pem') };
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1',
    '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', files.TLS_KEY_FILE, '-out', files.TLS_CERT_FILE], { stdio: 'ignore' });
  return files;
}

/** Whether GET url answers 200, trusting `ca` for HTTPS. */
function healthy(url, ca) {
  return new Promise((res) => {
    const req = (url.startsWith('https:') ? httpsGet : httpGet)(url, { ca }, (r) => {
      r.resume();
      res(r.statusCode === 200);
    });
    req.on('error', () => res(false));
  });
}

async function startServer(dataDir, scheme) {
  const port = await freePort();
  const baseUrl = `${scheme}://127.0.0.1:${port}`;
  const tls = scheme === 'https' ? makeCertificate(dataDir) : {};
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR, SEED_DEMO: '1', LOG_LEVEL: 'warn', PUBLIC_BASE_URL: baseUrl, ...tls };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const ca = tls.TLS_CERT_FILE && readFileSync(tls.TLS_CERT_FILE);
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['src/server/main.ts'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 480 && child.exitCode === null; i += 1) {
    const up = await healthy(`${baseUrl}/API/health`, ca);
    if (up) return { baseUrl, stop: () => child.exitCode === null && process.kill(-child.pid, 'SIGTERM') };
    await sleep(250);
  }
  if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  throw new Error('The server did not start.');
}

async function signIn(context, baseUrl) {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/^Email\b/).fill(ADMIN.email);
  await page.getByLabel(/^Password\b/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/dashboard', { timeout: 60_000 });
  await page.close();
}

async function audit(url, port) {
  const { lhr, artifacts } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  // LIGHTHOUSE_TRACE=dir keeps each run's Chromium trace (open it in DevTools' Performance panel).
  if (process.env.LIGHTHOUSE_TRACE) {
    mkdirSync(process.env.LIGHTHOUSE_TRACE, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.trace.json`;
    writeFileSync(join(process.env.LIGHTHOUSE_TRACE, name), JSON.stringify(artifacts.Trace));
  }
  return lhr;
}

const score = (lhr, c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);

function summary(lhr) {
  const s = (id) => `${((lhr.audits[id]?.numericValue ?? 0) / 1000).toFixed(1)} s`;
  const a11y = new Set(lhr.categories.accessibility.auditRefs.filter((r) => r.weight > 0).map((r) => r.id));
  const failing = Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 1 && a11y.has(a.id)).map((a) => a.id);
  return {
    final: new URL(lhr.finalDisplayedUrl).pathname,
    ...Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr, c)])),
    FCP: s('first-contentful-paint'), LCP: s('largest-contentful-paint'), TBT: `${Math.round(lhr.audits['total-blocking-time'].numericValue)} ms`,
    CLS: lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3), KB: Math.round(lhr.audits['total-byte-weight'].numericValue / 1024),
    benchmark: Math.round(lhr.environment.benchmarkIndex), a11yFailing: failing.join(' ') || '-',
  };
}

/** Audits the chosen pages on one server; a row per page with its median run. */
async function auditPages(context, port, server, scheme) {
  const rows = [];
  for (const target of PAGES.filter((p) => ONLY.length === 0 || ONLY.some((w) => p.path.includes(w)))) {
    if (target.signedIn) await signIn(context, server.baseUrl);
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await audit(`${server.baseUrl}${target.path}`, port));
    // The median run by performance, as Lighthouse's docs advise for noisy machines.
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = runs[Math.floor((runs.length - 1) / 2)];
    if (process.env.LIGHTHOUSE_JSON) {
      mkdirSync(process.env.LIGHTHOUSE_JSON, { recursive: true });
      writeFileSync(join(process.env.LIGHTHOUSE_JSON, `${scheme}${target.path.replace(/\W+/g, '_')}.json`), JSON.stringify(lhr));
    }
    rows.push({ page: `${target.name} (${target.path})`, served: PROTOCOL[scheme], runs: runs.map((r) => score(r, 'performance')).join(' '), ...summary(lhr) });
  }
  return rows;
}

async function main() {
  buildIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), 'fieldtrace-lighthouse-'));
  const port = await freePort();
  // A persistent context is Chromium's default profile, the one Lighthouse's tab opens in, so the
  // session signed in here (IndexedDB, which Lighthouse's storage reset keeps) is the audit's too.
  // The certificate is this run's own, made a moment ago, hence no check of it.
  const context = await chromium.launchPersistentContext(join(dataDir, 'profile'), {
    executablePath: CHROMIUM,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', `--remote-debugging-port=${port}`, '--ignore-certificate-errors'],
    ignoreHTTPSErrors: true,
  });
  const rows = [];
  try {
    for (const scheme of SERVE) {
      if (!PROTOCOL[scheme]) throw new Error(`LIGHTHOUSE_SERVE: ${scheme} is neither https nor http.`);
      const dir = join(dataDir, scheme);
      mkdirSync(dir);
      const server = await startServer(dir, scheme);
      try {
        rows.push(...(await auditPages(context, port, server, scheme)));
      } finally {
        server.stop();
        await sleep(500);
      }
    }
  } finally {
    await context.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const { version } = (await import('lighthouse/package.json', { with: { type: 'json' } })).default;
  // benchmark: Lighthouse's CPU index of this machine during the run (a quiet laptop scores 1500+).
  console.log(`Lighthouse ${version}, mobile profile, default throttling, median of ${RUNS} runs, Chromium at ${CHROMIUM}`);
  console.table(rows);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
