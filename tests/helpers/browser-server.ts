// Global setup of the browser project: builds the client when needed, starts the real server
// (`tsx src/server/main.ts`) on a free port over a fresh PGlite data folder with the demo data, and
// hands its address to the tests through `inject('baseUrl')`. The server is stopped at teardown.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { CLIENT_DIR, freePort, ROOT, startServerProcess } from './server-process.js';

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

const CLIENT_INDEX = join(CLIENT_DIR, 'index.html');
// Everything that ends up in dist/client.
const CLIENT_SOURCES: string[] = JSON.parse(readFileSync(join(ROOT, 'src/build/client-sources.json'), 'utf8'));
const BROWSER_CODE_SECRET = 'browser-tests-code-secret';

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

export default async function setup(project: TestProject) {
  if (clientIsStale()) buildClient();
  if (!existsSync(CLIENT_INDEX)) throw new Error(`No client build at ${CLIENT_INDEX}`);

  const dataDir = mkdtempSync(join(tmpdir(), 'fieldtrace-browser-'));
  // Browser tests always run on a fresh PGlite, whatever database the server tests use.
  const server = await startServerProcess({ port: await freePort(), dataDir, codeSecret: BROWSER_CODE_SECRET });
  const { baseUrl, logFile } = server;
  console.log(`[browser-server] server ready at ${baseUrl} (log: ${logFile})`);
  project.provide('baseUrl', baseUrl);
  project.provide('serverDataDir', dataDir);
  project.provide('clientDir', CLIENT_DIR);
  project.provide('codeSecret', BROWSER_CODE_SECRET);

  return async () => {
    await server.stop();
    if (!process.env.KEEP_BROWSER_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
