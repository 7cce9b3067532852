// Global setup of the browser project: builds the client when needed, starts the real server
// (`tsx src/server/main.ts`) on a free port over a fresh PGlite data folder with the demo data, and
// hands its address to the tests through `inject('baseUrl')`. The server is stopped at teardown.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** e.g. http://127.0.0.1:41234, no trailing slash. */
    baseUrl: string;
    /** The server's DATA_DIR: mail it "sends" without SMTP lands in DATA_DIR/mail. */
    serverDataDir: string;
    /** The built client the server serves (dist/client). */
    clientDir: string;
    /** The server's CODE_SECRET, so a test can make genuine codes as a printer's file would carry them. */
    codeSecret: string;
  }
}

const ROOT = resolve(import.meta.dirname, '../..');
const CLIENT_DIR = join(ROOT, 'dist/client');
const CLIENT_INDEX = join(CLIENT_DIR, 'index.html');
// Everything that ends up in dist/client.
const CLIENT_SOURCES: string[] = JSON.parse(readFileSync(join(ROOT, 'src/build/client-sources.json'), 'utf8'));
const START_TIMEOUT_MS = 120_000;
const BROWSER_CODE_SECRET = 'browser-tests-code-secret';
const STOP_TIMEOUT_MS = 10_000;

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function clientIsStale(): boolean {
  if (process.env.CI) return true; // a CI run always tests a build of the commit in hand
  if (!existsSync(CLIENT_INDEX)) return true;
  const built = statSync(CLIENT_INDEX).mtimeMs;
  return CLIENT_SOURCES.some((p) => newestMtime(join(ROOT, p)) > built);
}

function buildClient() {
  const started = Date.now();
  console.log('[browser-server] building the client (vite build)...');
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    // vitest sets NODE_ENV=test, which would make a development build: no service worker, dev React.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  console.log(`[browser-server] client built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForHealth(baseUrl: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${baseUrl}/API/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '(no log)';
  throw new Error(`The server did not become healthy at ${baseUrl} (exit code ${child.exitCode}). Last log:\n${log}`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  // The server runs in its own process group (tsx starts node as a child): signal the whole group.
  process.kill(-child.pid, 'SIGTERM');
  const timedOut = await Promise.race([exited.then(() => false), sleep(STOP_TIMEOUT_MS).then(() => true)]);
  if (timedOut && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
}

export default async function setup(project: TestProject) {
  if (clientIsStale()) buildClient();
  if (!existsSync(CLIENT_INDEX)) throw new Error(`No client build at ${CLIENT_INDEX}`);

  const dataDir = mkdtempSync(join(tmpdir(), 'fieldtrace-browser-'));
  const logFile = join(dataDir, 'server.log');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CLIENT_DIR,
    PUBLIC_BASE_URL: baseUrl,
    SEED_DEMO: '1',
    CODE_SECRET: BROWSER_CODE_SECRET,
    // Every browser test signs in; the real limits would lock the demo accounts out mid-run.
    LOGIN_LIMIT_PER_ADDRESS: '10000',
    LOGIN_LIMIT_PER_ACCOUNT: '10000',
  };
  // Browser tests always run on a fresh PGlite, whatever database the server tests use.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.NODE_ENV; // vitest's 'test', not what `npm start` sees

  const log = openSync(logFile, 'a');
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  try {
    await waitForHealth(baseUrl, child, logFile);
  } catch (err) {
    await stopServer(child);
    throw err;
  }
  console.log(`[browser-server] server ready at ${baseUrl} (log: ${logFile})`);
  project.provide('baseUrl', baseUrl);
  project.provide('serverDataDir', dataDir);
  project.provide('clientDir', CLIENT_DIR);
  project.provide('codeSecret', BROWSER_CODE_SECRET);

  return async () => {
    await stopServer(child);
    if (!process.env.KEEP_BROWSER_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
