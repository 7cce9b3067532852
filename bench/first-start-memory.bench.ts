// `npx tsx bench/first-start-memory.bench.ts [--settle 5] [--root DIR]` (issue 26, "Done when": server
// memory after a first start is within 20% of memory after a restart). Starts the real server twice
// on one fresh PGlite folder, as `npm start` does (`node --import tsx src/server/main.ts`, demo seed):
// first with no client build (it builds one), then again. After each is ready (GET /API/health), waits
// --settle seconds, calls GET /API/live three times and reads VmRSS and VmHWM (the peak) from
// /proc/<pid>/status. Exits 1 when the first start's VmRSS is more than 20% above or below the
// restart's. Takes a few minutes (the build and the new database's set-up are most of it).
// --root DIR runs another checkout instead (e.g. `git archive <commit> | tar -x -C DIR` with a
// node_modules link), for the figures before a change; its build goes where its main.ts puts it, so
// DIR/dist/client must not exist yet. Without --root the build goes into a temporary CLIENT_DIR.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port.js';
import { log, table } from './stats.js';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ROOT = resolve(arg('root') ?? join(import.meta.dirname, '..'));
const OWN_CHECKOUT = arg('root') === undefined;
const SETTLE_MS = Number(arg('settle') ?? 5) * 1000;
const START_TIMEOUT_MS = 600_000;
const WITHIN = 0.2;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Memory {
  readyMs: number;
  rssAtReady: number;
  rss: number;
  hwm: number;
}

/** VmRSS and VmHWM of a process, in bytes. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s*(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  process.kill(-child.pid, 'SIGTERM');
  if (await Promise.race([exited.then(() => false), sleep(15_000).then(() => true)]))
    process.kill(-child.pid, 'SIGKILL');
}

/** One start of the server: ready, settled, measured, stopped. */
async function startAndMeasure(label: string, env: NodeJS.ProcessEnv, logFile: string): Promise<Memory> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const out = openSync(logFile, 'a');
  const started = Date.now();
  // node itself, not the tsx CLI, so the pid is the server's own.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), PUBLIC_BASE_URL: baseUrl },
    detached: true,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  try {
    for (;;) {
      if (child.exitCode !== null || Date.now() - started > START_TIMEOUT_MS) {
        const tail = readFileSync(logFile, 'utf8').slice(-3000);
        throw new Error(`${label}: the server did not become ready (exit code ${child.exitCode}):\n${tail}`);
      }
      const ready = await fetch(`${baseUrl}/API/health`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await sleep(250);
    }
    const readyMs = Date.now() - started;
    const rssAtReady = memoryOf(child.pid!).rss;
    await sleep(SETTLE_MS);
    for (let i = 0; i < 3; i++) await fetch(`${baseUrl}/API/live`).then((r) => r.arrayBuffer());
    const { rss, hwm } = memoryOf(child.pid!);
    log(`${label}: ready in ${(readyMs / 1000).toFixed(1)} s; VmRSS ${mb(rss)}, peak (VmHWM) ${mb(hwm)}`);
    return { readyMs, rssAtReady, rss, hwm };
  } finally {
    await stop(child);
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'ft-first-start-bench-'));
  const clientDir = OWN_CHECKOUT ? join(dir, 'client') : join(ROOT, 'dist/client');
  if (existsSync(join(clientDir, 'index.html')))
    throw new Error(`${clientDir} holds a build already: a first start needs none.`);
  const logFile = join(dir, 'server.log');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: join(dir, 'data'),
    CLIENT_DIR: clientDir,
    SEED_DEMO: '1',
  };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  delete env.SMTP_URL;
  const loadBefore = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  try {
    log(`first start of ${ROOT} (no client build in ${clientDir}; log ${logFile})`);
    const first = await startAndMeasure('first start', env, logFile);
    log('restart on the same data folder and build');
    const again = await startAndMeasure('restart', env, logFile);
    const ratio = first.rss / again.rss;
    const rows = [
      ['', 'ready after', 'VmRSS at ready', `VmRSS ${SETTLE_MS / 1000} s later`, 'peak VmHWM'],
      ...(
        [
          ['first start (builds the client)', first],
          ['restart', again],
        ] as const
      ).map(([name, m]) => [name, `${(m.readyMs / 1000).toFixed(1)} s`, mb(m.rssAtReady), mb(m.rss), mb(m.hwm)]),
    ];
    console.log(
      `\nServer memory, first start against restart, ${new Date().toISOString().slice(0, 10)}: PGlite, Node ${process.version}; ` +
        `load average ${loadBefore} before, ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} after; ${ROOT}`,
    );
    console.log(table(rows));
    const ok = Math.abs(ratio - 1) <= WITHIN;
    console.log(`first start / restart (VmRSS): ${ratio.toFixed(2)}, ${ok ? 'within' : 'NOT within'} ${WITHIN * 100}%`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (!OWN_CHECKOUT) rmSync(clientDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
