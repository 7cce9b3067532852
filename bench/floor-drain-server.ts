// The real server for the floor benchmarks (floor-drain.bench.ts, floor-scan.bench.ts): `tsx
// src/server/main.ts` in a process of its own, as `npm start` runs it (demo seed, request log at
// 'info' into a file), over a fresh PGlite folder or a fresh database on DATABASE_URL's server
// (bench/db.ts), and the API calls a factory makes before packing: a KA range mapped, a carton size,
// SID slips printed (reserved). Mirrors tests/helpers/browser-server.ts and floor-browser.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makeSlipId } from '../src/shared/codes.js';
import type { Envelope } from '../src/shared/contracts/envelope.js';
import { createTarget, type Target } from './db.js';
import { freePort } from './free-port.js';

export const ROOT = resolve(import.meta.dirname, '..');
/** The built client the server serves; FLOOR_BENCH_CLIENT_DIR points at another build (e.g. one built with --minify false for a readable profile). */
export const CLIENT_DIR = process.env.FLOOR_BENCH_CLIENT_DIR ?? join(ROOT, 'dist/client');
export const BENCH_CODE_SECRET = 'fieldtrace floor bench secret (not a production secret)';
export const FACTORY = { email: 'factory@example.com', password: 'Factory123' } as const;
export const ADMIN = { email: 'admin@example.com', password: 'Admin123' } as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface BenchServer {
  baseUrl: string;
  target: Target;
  dataDir: string;
  logFile: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the server on a fresh database (PostgreSQL when `databaseUrl` is given, else PGlite). */
export async function startServer(databaseUrl: string | undefined): Promise<BenchServer> {
  const { target, drop } = await createTarget(databaseUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'ft-floor-bench-'));
  const logFile = join(dataDir, 'server.log');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: target.kind === 'pglite' ? target.dataDir : dataDir,
    CLIENT_DIR,
    PUBLIC_BASE_URL: baseUrl,
    SEED_DEMO: '1',
    CODE_SECRET: BENCH_CODE_SECRET,
    LOGIN_LIMIT_PER_ADDRESS: '10000',
    LOGIN_LIMIT_PER_ACCOUNT: '10000',
  };
  delete env.DATABASE_URL;
  if (target.kind === 'postgres') env.DATABASE_URL = target.url;
  delete env.NODE_ENV;
  delete env.SMTP_URL;
  const log = openSync(logFile, 'a');
  // BENCH_SERVER_NODE_ARGS: node flags for the server only (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(join(ROOT, 'node_modules/.bin/tsx'), [...nodeArgs, 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      process.kill(-child.pid, 'SIGTERM');
      // A --cpu-prof server writes its profile on the way out: tens of MB, slow on a busy machine.
      const grace = nodeArgs.some((a) => a.startsWith('--cpu-prof')) ? 120_000 : 10_000;
      const late = await Promise.race([exited.then(() => false), sleep(grace).then(() => true)]);
      if (late && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      if (child.exitCode !== 0)
        console.error(
          `the server ended with ${child.exitCode ?? child.signalCode}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`,
        );
    }
    await drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/API/health`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      const tail = readFileSync(logFile, 'utf8').slice(-3000);
      await stop();
      throw new Error(`the server did not start:\n${tail}`);
    }
    await sleep(250);
  }
  return { baseUrl, target, dataDir, logFile, pid: child.pid!, stop };
}

/** One API call; throws unless the envelope says '200'. */
export async function api<T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}/API/api/${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.ResponseCode !== '200') throw new Error(`${path}: ${res.status} ${env.ResponseCode} ${env.ResponseMessage}`);
  return env.ResponseData;
}

export interface Login {
  Token: string;
  RefreshToken: string;
  UserId: number;
}

export async function signIn(baseUrl: string, who: { email: string; password: string }): Promise<Login> {
  const [r] = await api<Login[]>(baseUrl, 'POST', 'Login/CheckUser', undefined, {
    Email: who.email,
    Password: who.password,
  });
  return r!;
}

export interface FloorData {
  factory: Login;
  productId: number;
  productName: string;
  sizeId: number;
  sizeName: string;
  batchNo: string;
  mfgDate: string;
  /** The i-th SID reserved here (0-based). */
  sid(i: number): string;
}

/** As a factory does before packing: KA `from`..`to` mapped (static), a carton size of `size`, `slips` SIDs reserved. */
export async function floorData(
  baseUrl: string,
  o: { from: number; to: number; size: number; slips: number },
): Promise<FloorData> {
  const factory = await signIn(baseUrl, FACTORY);
  const [product] = await api<Array<{ ProductId: number; ProductName: string }>>(
    baseUrl,
    'GET',
    'Product/GetProductsDDL',
    factory.Token,
  );
  const batchNo = `BENCH-${o.from}`;
  const mfgDate = '2026-02-01';
  // One mapping save covers at most this many numbers: the range goes in as several.
  const step = 100_000;
  for (let f = o.from; f <= o.to; f += step) {
    const t = Math.min(o.to, f + step - 1);
    await api(baseUrl, 'POST', 'Mapping/CreateMapping', factory.Token, {
      MappingId: 0,
      ProductId: product!.ProductId,
      FromNo: f,
      ToNo: t,
      Qty: t - f + 1,
      MFGDate: mfgDate,
      EXPDate: '',
      BatchNo: batchNo,
      Mrp: '',
      Remark: '',
      isPreprinted: false,
    });
  }
  const admin = await signIn(baseUrl, ADMIN);
  const sizeName = `Bench box ${o.size} ${Date.now().toString(36)}`;
  await api(baseUrl, 'POST', 'CartonMaster/CreateCarton', admin.Token, {
    CartonId: 0,
    CartonName: sizeName,
    CartonSize: o.size,
    Description: 'Benchmark',
    IsActive: true,
  });
  const sizes = await api<Array<{ CartonId: number; CartonName: string }>>(
    baseUrl,
    'GET',
    'CartonMaster/GetActiveCartonDDL',
    factory.Token,
  );
  const sizeId = sizes.find((s) => s.CartonName === sizeName)!.CartonId;
  const last = await api<Record<string, number>>(baseUrl, 'GET', 'Product/GetIds/KA', factory.Token);
  const sids = await api<{ FromNo: number; ToNo: number }>(
    baseUrl,
    'GET',
    `Product/UpdateIds/KA,SID,${(last.SID ?? 0) + o.slips}`,
    factory.Token,
  );
  const year = new Date().getFullYear() % 100;
  return {
    factory,
    productId: product!.ProductId,
    productName: product!.ProductName,
    sizeId,
    sizeName,
    batchNo,
    mfgDate,
    sid: (i) => makeSlipId('SID', year, 'KA', sids.FromNo + i),
  };
}

/** How many secondary cartons the factory's history lists (the server's count). */
export async function secondaryCount(baseUrl: string, token: string): Promise<number> {
  const rows = await api<Array<{ TotalRows?: number }>>(
    baseUrl,
    'POST',
    'SecondaryPacking/GetSecondaryPacking',
    token,
    { First: 1, PageSize: 1, SearchValue: '' },
  );
  return rows[0]?.TotalRows ?? 0;
}
