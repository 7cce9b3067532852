// The real server as `npm start` runs it (`tsx src/server/main.ts`, demo seed, request log into a
// file), in a process group of its own: started on a port and a data folder, waited for until healthy,
// stopped (SIGTERM, then SIGKILL) or killed hard. The browser project's global server
// (browser-server.ts) and a test that kills and restarts its own server (floor-faults) both start it here.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const CLIENT_DIR = join(ROOT, 'dist/client');
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
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

export interface ServerOptions {
  port: number;
  /** DATA_DIR: PGlite's folder (unless `databaseUrl`), mail, the log. */
  dataDir: string;
  codeSecret: string;
  /** PUBLIC_BASE_URL: the address the browser uses (a proxy's, when one stands in between). */
  publicBaseUrl?: string;
  /** PostgreSQL instead of PGlite in dataDir. */
  databaseUrl?: string;
  /** Appended to; DATA_DIR/server.log unless given. */
  logFile?: string;
  /** CLIENT_DIR: the project's build unless given (a folder with an index.html skips building it). */
  clientDir?: string;
  /** More environment, over the defaults (e.g. a higher VERIFY_LIMIT_PER_ADDRESS). */
  env?: NodeJS.ProcessEnv;
}

export interface ServerProcess {
  readonly baseUrl: string;
  readonly logFile: string;
  readonly child: ChildProcess;
  /** SIGTERM to the group, SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** SIGKILL to the group at once: a crash, a power cut of the process. */
  kill(): Promise<void>;
}

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

async function signalGroup(child: ChildProcess, signal: NodeJS.Signals, waitMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return true;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  // tsx starts node as a child: signal the whole group.
  process.kill(-child.pid, signal);
  return Promise.race([exited.then(() => true), sleep(waitMs).then(() => false)]);
}

/** Starts the server and resolves once /API/health answers. */
export async function startServerProcess(o: ServerOptions): Promise<ServerProcess> {
  const baseUrl = `http://127.0.0.1:${o.port}`;
  const logFile = o.logFile ?? join(o.dataDir, 'server.log');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(o.port),
    HOST: '127.0.0.1',
    DATA_DIR: o.dataDir,
    CLIENT_DIR: o.clientDir ?? CLIENT_DIR,
    PUBLIC_BASE_URL: o.publicBaseUrl ?? baseUrl,
    SEED_DEMO: '1',
    CODE_SECRET: o.codeSecret,
    // Every browser test signs in; the real limits would lock the demo accounts out mid-run.
    LOGIN_LIMIT_PER_ADDRESS: '10000',
    LOGIN_LIMIT_PER_ACCOUNT: '10000',
    ...o.env,
  };
  delete env.DATABASE_URL;
  if (o.databaseUrl) env.DATABASE_URL = o.databaseUrl;
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
  const stop = async () => {
    if (!(await signalGroup(child, 'SIGTERM', STOP_TIMEOUT_MS))) await signalGroup(child, 'SIGKILL', STOP_TIMEOUT_MS);
  };
  const kill = async () => {
    await signalGroup(child, 'SIGKILL', STOP_TIMEOUT_MS);
  };
  try {
    await waitForHealth(baseUrl, child, logFile);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, logFile, child, stop, kill };
}
