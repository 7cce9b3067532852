// A first start's heavy steps run in child processes, watched on the real server (`node --import tsx
// src/server/main.ts`, as `npm start` runs it). With no client build in CLIENT_DIR, the build's own
// process is the server's child, running the project's vite into CLIENT_DIR, and the server itself
// never resolves a module of vite or its bundler; a failed build ends the start with vite's output
// and one clear line, before any database is opened. On a new PGlite folder, the set-up (initdb,
// migrations, seed) is a child too. bench/first-start-memory.bench.ts measures what this is for: the
// server's memory after a first start against after a restart.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureClientBuilt, viteBin } from '../../src/server/first-start/client-build.js';

const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'tests/fixtures/first-start');
/** What vite and its bundler resolve to; none of it may load into the server. */
const BUILD_TOOLS = /[\\/]node_modules[\\/](vite|rolldown|@rolldown|vite-plugin-pwa|@vitejs)[\\/]/;
const TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Started {
  child: ChildProcess;
  dir: string;
  clientDir: string;
  dataDir: string;
  moduleLog: string;
  output: () => string;
  exited: Promise<number | null>;
}

const started: Started[] = [];

/** `node --import tsx [node args] src/server/main.ts` in its own process group, on a fresh data
 *  folder and, unless `built`, no client build. */
function startServer(nodeArgs: string[], env: NodeJS.ProcessEnv = {}, built = false): Started {
  const dir = mkdtempSync(join(tmpdir(), 'ft-first-start-'));
  const clientDir = join(dir, 'client');
  if (built) {
    mkdirSync(clientDir);
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html>');
  }
  const dataDir = join(dir, 'data');
  const moduleLog = join(dir, 'modules.log');
  writeFileSync(moduleLog, '');
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    MODULE_LOG: moduleLog,
    ...env,
  };
  delete serverEnv.DATABASE_URL;
  delete serverEnv.NODE_ENV;
  const child = spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, 'src/server/main.ts'], {
    cwd: ROOT,
    env: serverEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    output += d.toString();
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const s = { child, dir, clientDir, dataDir, moduleLog, output: () => output, exited };
  started.push(s);
  return s;
}

/** The pids of a process's children (every thread's), from /proc. */
function childrenOf(pid: number): number[] {
  const tasks = join('/proc', String(pid), 'task');
  if (!existsSync(tasks)) return [];
  return readdirSync(tasks).flatMap((t) => {
    const file = join(tasks, t, 'children');
    return existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
  });
}

/** A process's arguments; none once it is gone. */
function cmdline(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}
const parentOf = (pid: number) => Number(/^PPid:\s*(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
/** Waits for a child of `server` whose arguments end with `script`; undefined if the server ends or time runs out. */
async function childRunning(
  s: Started,
  script: string,
  stopIf: () => boolean = () => false,
): Promise<number | undefined> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline && s.child.exitCode === null && !stopIf()) {
    const found = childrenOf(s.child.pid!).find((pid) => cmdline(pid).some((arg) => arg.endsWith(script)));
    if (found !== undefined) return found;
    await sleep(100);
  }
  return undefined;
}

const buildToolsLoaded = (s: Started) =>
  readFileSync(s.moduleLog, 'utf8')
    .split('\n')
    .filter((url) => BUILD_TOOLS.test(url));

afterEach(async () => {
  for (const s of started.splice(0)) {
    if (s.child.exitCode === null && s.child.pid !== undefined) {
      try {
        process.kill(-s.child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await s.exited;
    }
    rmSync(s.dir, { recursive: true, force: true });
  }
});

describe('the first start builds the client', () => {
  it(
    "in a child process running the project's vite into CLIENT_DIR, with no vite module in the server; a stop signal ends both",
    { timeout: TIMEOUT_MS + 15_000 },
    async () => {
      const s = startServer(['--import', join(FIXTURES, 'module-log.mjs')]);
      const server = s.child.pid!;
      // Until the build's process shows, or the server loads a build tool itself (the in-process build), or ends.
      const build = await childRunning(s, 'vite.js', () => buildToolsLoaded(s).length > 0);
      expect(buildToolsLoaded(s), `build tools resolved in the server process. Output:\n${s.output()}`).toEqual([]);
      expect(build, `no build process under the server. Output:\n${s.output()}`).toBeDefined();
      expect(cmdline(build!)).toEqual([
        process.execPath,
        viteBin(),
        'build',
        '--logLevel',
        'warn',
        '--outDir',
        s.clientDir,
      ]);
      expect(parentOf(build!)).toBe(server);
      expect(s.output()).toContain(
        `No client build in ${s.clientDir}: building it once (vite build, in a process of its own)...`,
      );
      // The log did record the server's modules: an empty log would have proved nothing.
      expect(readFileSync(s.moduleLog, 'utf8')).toMatch(/src\/server\/main\.ts\n/);

      process.kill(server, 'SIGTERM');
      expect(await s.exited).toBe(1);
      // The server answered only once its build had ended (and was reaped).
      expect(existsSync(`/proc/${build}`)).toBe(false);
      expect(s.output()).toContain('The client build (vite build) was stopped by SIGTERM; its output is above.');
      expect(existsSync(join(s.dataDir, 'pglite')), 'the database was opened').toBe(false);
    },
  );

  it(
    "that fails: vite's output, then one line saying so, exit code 1, and no database opened",
    { timeout: TIMEOUT_MS },
    async () => {
      const s = startServer([], { NODE_OPTIONS: `--import=${join(FIXTURES, 'failing-build.mjs')}` });
      const code = await Promise.race([s.exited, sleep(TIMEOUT_MS - 5_000).then(() => 'still running')]);
      expect(code, s.output()).toBe(1);
      const output = s.output();
      const viteError = output.indexOf('error during build: src/client/broken.ts');
      const ours = output.indexOf(
        'The client build (vite build) failed with exit code 3; its output is above. ' +
          'Fix the cause and start again, or build it yourself with `npm run build`.',
      );
      expect(viteError, output).toBeGreaterThanOrEqual(0);
      expect(ours, output).toBeGreaterThan(viteError);
      // One clear line, no stack trace.
      expect(output).not.toMatch(/\n\s+at /);
      expect(existsSync(join(s.dataDir, 'pglite'))).toBe(false);
    },
  );

  it('only when CLIENT_DIR has no index.html', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ft-built-'));
    try {
      mkdirSync(join(dir, 'client'));
      writeFileSync(join(dir, 'client', 'index.html'), '<!doctype html>');
      const said: string[] = [];
      await ensureClientBuilt(join(dir, 'client'), (line) => said.push(line));
      expect(said).toEqual([]);
      expect(readdirSync(join(dir, 'client'))).toEqual(['index.html']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the first start on a new PGlite folder', () => {
  it(
    'sets it up in a child process, before the server opens it; a stop signal ends both and leaves no database',
    { timeout: TIMEOUT_MS + 15_000 },
    async () => {
      const s = startServer([], {}, true);
      const setUp = await childRunning(s, 'set-up-database-main.ts');
      expect(setUp, `no set-up process under the server. Output:\n${s.output()}`).toBeDefined();
      expect(parentOf(setUp!)).toBe(s.child.pid);
      expect(s.output()).toContain(
        `No database in ${join(s.dataDir, 'pglite')}: setting it up once (in a process of its own)...`,
      );
      // The server has not opened the database: its own start goes on once the set-up has ended.
      expect(s.output()).not.toContain('seed:');

      process.kill(s.child.pid!, 'SIGTERM');
      expect(await s.exited, s.output()).toBe(1);
      expect(existsSync(`/proc/${setUp}`)).toBe(false);
      expect(s.output()).toContain('Setting up the new database was stopped by SIGTERM; its output is above.');
      // A set-up stopped half way left no half-made database where the next start would open it.
      expect(existsSync(join(s.dataDir, 'pglite'))).toBe(false);
    },
  );
});
