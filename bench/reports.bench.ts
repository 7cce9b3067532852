// `npx tsx bench/reports.bench.ts [--scale 1 | --harvest [--scale-down f]] [--standby] [--runs 20]
// [--warmup 2] [--no-export] [--keep | --reuse DBNAME] [--only REGEX]` (issue 14 item 7, issue 29 item 6): every report, the dashboard, a
// journey and a batch trace on a year of data (reports-data.ts: 10 M mapped codes, 1 M packed items,
// 2,000 dispatches, 1 M verifications at scale 1; --harvest: 100 M codes, 2 M packed items, 10 M
// verifications, 10 M events), on PostgreSQL (DATABASE_URL, else the development server's app_test; a
// fresh database, dropped at the end). --standby: on a primary and a streaming standby of the bench's own
// (tests/helpers/pg-standby.ts, ports 5475/5476, under /tmp, stopped at the end) instead: the database
// made on the primary, the standby waited for until it has replayed it all, the server run with
// DATABASE_READ_URL = the standby; the answers that carried x-data-as-of (read from the standby) counted.
//
// Setup, not measured: the database migrated and seeded (demo) as the server's start does it, the data
// generated, VACUUM ANALYZE (autovacuum's work). Then the real server, `node --import tsx
// src/server/main.ts`, in a process of its own on that database (request log at 'info' into a file, as
// deployed), and over HTTP from this process, one request at a time, signed in as the report user (a
// user of the demo company at Nashik Plant holding every report page) and as the seeded admin:
// - each report of REPORTS: the first page as the screen asks it first (First 1, PageSize 10, the
//   contract's default sort, DESC, no search, the last 30 days in India for a dated report), 2 warm-up
//   runs then `runs` timed, from the request to the parsed answer: p50 and p95;
// - each report's export over every date (the streamed CSV): rows (x-total-rows, checked against the
//   lines received) per second from the request to the last byte, and the server process's resident
//   memory (VmRSS in /proc/<pid>/status, sampled every 50 ms) before and at its peak;
// - Dashboard/GetDashboardData of Nashik Plant (static numbers); Dispatch/GetJourney of a pack packed,
//   dispatched, received and verified (its uid made with the server's code MAC) and of a received DID,
//   Dispatch/GetScanInfo of that DID; Recall/GetRecallTrace of the demo company's biggest batch.
// Kept data (the harvest takes ~20 minutes to make): `--standby --keep` leaves the pair running in
// /tmp/ft-bench-pair (ports 5475/5476) with the database (its name logged at the end) and what was
// measured with (world-DBNAME.json there). `--standby --reuse DBNAME [--only REGEX]` starts that pair again
// (or finds it running), generates nothing, lets the server migrate the database at its start, waits for
// the standby to replay it and measures (only the pages, singles and exports whose name matches REGEX),
// leaving the pair running again. To remove the pair: as postgres, `pg_ctl -D /tmp/ft-bench-pair/standby
// stop` then the same for primary (/usr/lib/postgresql/15/bin), then `rm -rf /tmp/ft-bench-pair`.
// Figures printed as tables and, at scale 1, saved in bench/results/<date>-reports-postgresql.txt; with
// --harvest (not scaled down), in bench/results/<date>-reports-harvest-postgresql.txt.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { codeMac } from '../src/server/domain/code-mac.js';
import { rowsOf } from '../src/server/domain/sql-rows.js';
import { SEED_LOGINS } from '../src/server/db/seed.js';
import { DASHBOARD_API } from '../src/shared/contracts/dashboard.js';
import type { Envelope } from '../src/shared/contracts/envelope.js';
import { DATA_AS_OF_HEADER } from '../src/shared/endpoint.js';
import { RECALL_API } from '../src/shared/contracts/recall.js';
import { REPORTS } from '../src/shared/contracts/reports/index.js';
import { EXPORT_ROWS_HEADER, type ReportContract } from '../src/shared/contracts/reports/report.js';
import { TRACKING_API } from '../src/shared/contracts/tracking.js';
import { indiaDate } from '../src/shared/today.js';
import { createTarget, openTarget, type Target } from './db.js';
import { freePort } from './free-port.js';
import { generateReportsData, prepareDatabase, REPORT_USER, type ReportsWorld } from './reports-data.js';
import { describeSizes, sizesOfArgs } from './reports-sizes.js';
import { KEPT_PAIR_DIR, startStandbyPair, type StandbyPair } from './standby-pair.js';
import { fmtInt, fmtMB, fmtMs, log, now, table, Timings, type Summary } from './stats.js';

const ROOT = resolve(import.meta.dirname, '..');
const CODE_SECRET = 'fieldtrace reports bench secret (not a production secret)';
const AIM = { pageMs: 100, exportRowsPerSecond: 100_000, journeyMs: 200 };
/** Exports smaller than this are mostly the round trip: their rows per second are shown, not judged. */
const EXPORT_JUDGED_FROM = 10_000;

const argValue = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!(v >= 0)) throw new Error(`--${name} needs a number`);
  return v;
};
const { sizes: SIZES, label: LABEL } = sizesOfArgs(process.argv);
const STANDBY = process.argv.includes('--standby');
const RUNS = argValue('runs', 20);
const WARMUP = argValue('warmup', 2);
const EXPORTS = !process.argv.includes('--no-export');
const KEEP = process.argv.includes('--keep');
const argText = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
/** `--reuse DBNAME`: the kept pair's database, measured again (implies --standby, keeps it). */
const REUSE = argText('reuse');
if (REUSE !== undefined && !/^ft_bench_[0-9a-f]{8}$/.test(REUSE))
  throw new Error('--reuse needs a kept ft_bench_ name');
const ONLY = argText('only');
const wanted = (name: string) => ONLY === undefined || new RegExp(ONLY, 'i').test(name);
/** What a kept database was measured with, beside the pair. */
const worldFile = (name: string) => join(KEPT_PAIR_DIR, `world-${name}.json`);
interface Kept {
  world: ReportsWorld;
  version: string;
  dbSize: string;
}
/** `--wait-quiet L`: after the data is made, wait until the 1-minute load is under L before measuring
 *  (the long generation may run beside other work; the figures must not). */
const QUIET_LOAD = argValue('wait-quiet', 0);
const loads = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

// ---- The server in a process of its own ----

interface Server {
  baseUrl: string;
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(
  target: Extract<Target, { kind: 'postgres' }>,
  dir: string,
  readUrl: string | undefined,
): Promise<Server> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = join(dir, 'server.log');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    DATABASE_URL: target.url,
    ...(readUrl ? { DATABASE_READ_URL: readUrl } : {}),
    CLIENT_DIR: join(ROOT, 'dist/client'),
    PUBLIC_BASE_URL: baseUrl,
    SEED_DEMO: '1',
    CODE_SECRET,
    LOGIN_LIMIT_PER_ADDRESS: '10000',
    LOGIN_LIMIT_PER_ACCOUNT: '10000',
    // The run outlasts a 15-minute token; the benchmark does not refresh.
    ACCESS_TOKEN_SECONDS: '7200',
  };
  delete env.NODE_ENV;
  if (!readUrl) delete env.DATABASE_READ_URL;
  delete env.SMTP_URL;
  const out = openSync(logFile, 'a');
  // node itself (not the tsx wrapper, which would run it in a child): the pid is the server's.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    process.kill(-child.pid, 'SIGTERM');
    if (await Promise.race([exited.then(() => false), sleep(10_000).then(() => true)]))
      process.kill(-child.pid, 'SIGKILL');
  };
  // A reused database is migrated at start: a new index on the harvest's tables takes minutes.
  const deadline = Date.now() + (REUSE ? 1_800_000 : 120_000);
  for (;;) {
    try {
      if ((await fetch(`${baseUrl}/API/health`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    }
    await sleep(250);
  }
  return { baseUrl, pid: child.pid!, logFile, stop };
}

/** The server's resident and peak resident memory (kB in /proc, here bytes). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

// ---- Calls ----

/** Per path: the answers that carried x-data-as-of (read from the standby) and those that did not. */
const fromStandby = new Map<string, { yes: number; no: number }>();
function tally(path: string, res: Response) {
  const key = path.split('?')[0]!;
  const t = fromStandby.get(key) ?? { yes: 0, no: 0 };
  if (res.headers.has(DATA_AS_OF_HEADER)) t.yes++;
  else t.no++;
  fromStandby.set(key, t);
}

interface Caller {
  name: string;
  token: string;
}

async function call(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: unknown,
): Promise<{ ms: number; env: Envelope<unknown> }> {
  const t0 = now();
  const res = await fetch(`${baseUrl}/API/api/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  tally(path, res);
  const env = JSON.parse(await res.text()) as Envelope<unknown>;
  return { ms: now() - t0, env };
}

async function signIn(baseUrl: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/API/api/Login/CheckUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: who.email, Password: who.password }),
  });
  const env = (await res.json()) as Envelope<Array<{ Token: string }>>;
  if (env.ResponseCode !== '200') throw new Error(`sign-in of ${who.email}: ${env.ResponseMessage}`);
  return env.ResponseData[0]!.Token;
}

interface Timed {
  summary: Summary;
  answer: unknown;
  error: string | null;
}

/** `warmup` calls, then `runs` timed ones; each answer must be '200'. */
async function timed(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: unknown,
): Promise<Timed> {
  const t = new Timings(RUNS);
  let answer: unknown = null;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const r = await call(baseUrl, method, path, token, body);
    if (r.env.ResponseCode !== '200')
      return { summary: t.summary(), answer: null, error: `${r.env.ResponseCode} ${r.env.ResponseMessage}` };
    if (i >= WARMUP) t.add(r.ms);
    answer = r.env.ResponseData;
  }
  return { summary: t.summary(), answer, error: null };
}

interface ExportRun {
  rows: number;
  lines: number;
  bytes: number;
  seconds: number;
  firstByteMs: number;
  rssBefore: number;
  rssPeak: number;
  error: string | null;
}

/** One export, read as it streams; the server's memory sampled meanwhile. */
async function exportRun(baseUrl: string, pid: number, path: string, token: string, body: unknown): Promise<ExportRun> {
  const rssBefore = memoryOf(pid).rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, memoryOf(pid).rss);
  }, 50);
  try {
    const t0 = now();
    const res = await fetch(`${baseUrl}/API/api/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/csv' },
      body: JSON.stringify(body),
    });
    tally(path, res);
    const rows = Number(res.headers.get(EXPORT_ROWS_HEADER) ?? -1);
    if (!res.ok || !res.body || rows < 0) {
      const text = await res.text();
      return {
        rows: 0,
        lines: 0,
        bytes: 0,
        seconds: 0,
        firstByteMs: 0,
        rssBefore,
        rssPeak,
        error: `${res.status} ${text.slice(0, 120)}`,
      };
    }
    let lines = 0;
    let bytes = 0;
    let firstByteMs = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByteMs = now() - t0;
      bytes += value.length;
      for (let i = value.indexOf(10); i !== -1; i = value.indexOf(10, i + 1)) lines++;
    }
    const seconds = (now() - t0) / 1000;
    rssPeak = Math.max(rssPeak, memoryOf(pid).rss);
    return {
      rows,
      lines,
      bytes,
      seconds,
      firstByteMs,
      rssBefore,
      rssPeak,
      error: lines === rows + 1 ? null : `${lines} lines for ${rows} rows`,
    };
  } finally {
    clearInterval(sampler);
  }
}

// ---- The run ----

/** MM/DD/YYYY of an India date, as the report screens send it. */
const usDate = (isoDate: string) => `${isoDate.slice(5, 7)}/${isoDate.slice(8, 10)}/${isoDate.slice(0, 4)}`;
const daysAgo = (days: number) => indiaDate(new Date(Date.now() - days * 86_400_000));

function listBody(c: ReportContract, from: string | null, to: string): Record<string, unknown> {
  return {
    First: 1,
    PageSize: 10,
    SortColumn: c.defaultSort,
    SortOrder: 'DESC',
    SearchValue: '',
    ...(c.dated && from ? { FromDate: usDate(from), ToDate: usDate(to) } : {}),
  };
}

const totalOf = (answer: unknown) =>
  Array.isArray(answer) ? Number((answer[0] as { TotalRows?: number } | undefined)?.TotalRows ?? 0) : 0;
const ms = (t: Timed) => (t.error ? ['ERR', t.error.slice(0, 30)] : [fmtMs(t.summary.p50), fmtMs(t.summary.p95)]);
const mark = (ok: boolean) => (ok ? '' : ' !');

const freeOnTmp = () => {
  const s = statfsSync(tmpdir());
  return s.bavail * s.bsize;
};

async function main() {
  const started = now();
  const loadAtStart = loads();
  log(`free on ${tmpdir()}: ${fmtMB(freeOnTmp())}`);
  if (REUSE && !STANDBY) throw new Error('--reuse measures the kept pair: give --standby too');
  const keepPair = STANDBY && (KEEP || REUSE !== undefined);
  const pair: StandbyPair | undefined = STANDBY
    ? await startStandbyPair({ kept: KEEP && !REUSE, resume: REUSE !== undefined })
    : undefined;
  const url = pair?.primaryUrl ?? (process.env.DATABASE_URL || 'postgres://app:app@127.0.0.1:5432/app_test');
  const reused = (name: string) => {
    const u = new URL(url);
    u.pathname = `/${name}`;
    return { target: { kind: 'postgres', url: u.toString(), name } as Target, drop: async () => undefined };
  };
  const { target, drop } = await (REUSE ? Promise.resolve(reused(REUSE)) : createTarget(url)).catch(
    async (e: unknown) => {
      if (!keepPair) await pair?.stop();
      throw e;
    },
  );
  /** Whether the kept data is whole (saved beside the pair): only then is it left behind. */
  let kept = REUSE !== undefined;
  if (target.kind !== 'postgres') throw new Error('the reports benchmark runs on PostgreSQL');
  const dir = mkdtempSync(join(tmpdir(), 'ft-reports-bench-'));
  let server: Server | undefined;
  const out: string[] = [];
  const print = (line = '') => {
    console.log(line);
    out.push(line);
  };
  try {
    let world: ReportsWorld;
    let version: string;
    let dbSize: string;
    if (REUSE) {
      if (!existsSync(worldFile(REUSE))) throw new Error(`${worldFile(REUSE)} is missing: not a kept database`);
      ({ world, version, dbSize } = JSON.parse(readFileSync(worldFile(REUSE), 'utf8')) as Kept);
      log(`reusing ${REUSE} (${dbSize}) on the kept pair`);
    } else {
      const database = await openTarget(target);
      try {
        await database.migrate();
        await prepareDatabase(database.db);
        log(`generating the data at ${LABEL}: ${describeSizes(SIZES)} (load ${loads()})`);
        world = await generateReportsData(database.db, SIZES);
        const first = async (q: ReturnType<typeof sql>) =>
          String(Object.values(rowsOf<Record<string, unknown>>(await database.db.execute(q))[0]!)[0]);
        version = await first(sql`show server_version`);
        dbSize = await first(sql`select pg_size_pretty(pg_database_size(current_database()))`);
      } finally {
        await database.close();
      }
      if (keepPair) {
        writeFileSync(worldFile(target.name), JSON.stringify({ world, version, dbSize } satisfies Kept));
        kept = true;
      }
    }
    log(`generated in ${world.seconds.toFixed(0)} s; database ${dbSize}, free on ${tmpdir()} ${fmtMB(freeOnTmp())}`);
    let readUrl: string | undefined;
    if (pair) {
      const s0 = now();
      await pair.caughtUp();
      log(`the standby replayed it all in ${((now() - s0) / 1000).toFixed(1)} s`);
      readUrl = pair.standbyUrlOf(target.name);
    }
    if (QUIET_LOAD > 0) {
      const w0 = now();
      while (loadavg()[0]! >= QUIET_LOAD) await new Promise((r) => setTimeout(r, 10_000));
      log(`waited ${((now() - w0) / 1000).toFixed(0)} s for a 1-minute load under ${QUIET_LOAD}`);
    }
    log(`starting the server (load ${loads()})`);
    server = await startServer(target, dir, readUrl);
    const callers: Caller[] = [
      { name: 'company user', token: await signIn(server.baseUrl, REPORT_USER) },
      { name: 'admin', token: await signIn(server.baseUrl, SEED_LOGINS.admin) },
    ];
    const today = indiaDate();
    const from30 = daysAgo(29);
    const fromAll = daysAgo(400);
    const loadBefore = loads();

    // The reports' first pages.
    log(`first pages, ${WARMUP} + ${RUNS} runs each`);
    const pages: Array<{ key: string; c: ReportContract; by: Timed[] }> = [];
    for (const [key, c] of Object.entries(REPORTS) as Array<[string, ReportContract]>) {
      if (!wanted(key)) continue;
      const by: Timed[] = [];
      for (const who of callers)
        by.push(await timed(server.baseUrl, 'POST', c.api.list.path, who.token, listBody(c, from30, today)));
      pages.push({ key, c, by });
    }

    // The dashboard, journeys, scan info, trace.
    log('dashboard, journeys, trace');
    const codes = codeMac(CODE_SECRET);
    const uid = codes.make({ kind: 'S', prefix: world.pack.prefix }, world.pack.serial);
    const singles: Array<{ what: string; aim: number; by: Timed[]; note: (answer: unknown) => string }> = [];
    const both = async (
      what: string,
      aim: number,
      method: 'GET' | 'POST',
      path: string,
      body: (i: number) => unknown,
      note: (a: unknown) => string,
    ) => {
      if (!wanted(what)) return;
      const by: Timed[] = [];
      for (let i = 0; i < callers.length; i++)
        by.push(await timed(server!.baseUrl, method, path, callers[i]!.token, body(i)));
      singles.push({ what, aim, by, note });
    };
    const len = (a: unknown) => (Array.isArray(a) ? a.length : 0);
    await both(
      'Dashboard/GetDashboardData (Nashik Plant, static)',
      AIM.pageMs,
      'POST',
      DASHBOARD_API.data.path,
      (i) => ({ Id: i === 0 ? 0 : world.siteId, isPreprinted: 0 }),
      (a) =>
        `${fmtInt((a as { DashboardCount?: { TotalMapping?: number } })?.DashboardCount?.TotalMapping ?? 0)} static codes mapped`,
    );
    await both(
      `Dispatch/GetJourney, a pack (PID${world.pack.prefix}${world.pack.serial})`,
      AIM.journeyMs,
      'GET',
      `${TRACKING_API.journey.path}?qr=${encodeURIComponent(uid)}`,
      () => undefined,
      (a) => `${len(a)} steps`,
    );
    await both(
      `Dispatch/GetJourney, a DID (${world.did})`,
      AIM.journeyMs,
      'GET',
      `${TRACKING_API.journey.path}?qr=${world.did}`,
      () => undefined,
      (a) => `${len(a)} steps`,
    );
    await both(
      `Dispatch/GetScanInfo, the DID`,
      AIM.journeyMs,
      'GET',
      `${TRACKING_API.scanInfo.path}?qr=${world.did}`,
      () => undefined,
      (a) => `${len(a)} cartons`,
    );
    const traced = RECALL_API as Record<string, { path: string } | undefined>;
    if (traced.trace) {
      await both(
        `Recall/GetRecallTrace (batch ${world.trace.batchNo})`,
        AIM.journeyMs,
        'POST',
        traced.trace.path,
        () => ({ ProductId: world.trace.productId, BatchNo: world.trace.batchNo }),
        (a) => {
          const t = (
            a as { Totals?: { Packed?: number; Cartons?: number; Dispatches?: number; Verifications?: number } }
          )?.Totals;
          return t
            ? `${fmtInt(t.Packed ?? 0)} packs, ${fmtInt(t.Cartons ?? 0)} SIDs, ${fmtInt(t.Dispatches ?? 0)} DIDs, ${fmtInt(t.Verifications ?? 0)} verif.`
            : '';
        },
      );
    }
    const loadAfterPages = loads();

    // The exports, every date.
    const exports: Array<{ key: string; by: ExportRun[] }> = [];
    if (EXPORTS) {
      log('exports');
      for (const { key, c } of pages) {
        const by: ExportRun[] = [];
        for (const who of callers) {
          by.push(
            await exportRun(server.baseUrl, server.pid, c.api.export.path, who.token, listBody(c, fromAll, today)),
          );
        }
        exports.push({ key, by });
        log(`  ${key}: ${by.map((r) => `${fmtInt(r.rows)} rows in ${r.seconds.toFixed(2)} s`).join(', ')}`);
      }
    }
    const memoryEnd = memoryOf(server.pid);
    const loadAfter = loads();

    // ---- The figures ----
    const c = world.counts;
    print(
      `Reports, dashboard, journey and trace, ${today}: PostgreSQL ${version} on this machine, Node ${process.version}, ` +
        `${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), ${fmtMB(totalmem())} RAM; ${LABEL} (${describeSizes(SIZES)}).`,
    );
    print(
      `Data: ${fmtInt(c.mappedCodes!)} codes mapped in ${fmtInt(c.mappings!)} mappings, ${fmtInt(c.items!)} items packed in ${fmtInt(c.secondary_cartons!)} SIDs ` +
        `and ${fmtInt(c.tertiary_cartons!)} TIDs, ${fmtInt(c.dispatches!)} dispatches (${fmtInt(c.dispatch_cartons!)} legs), ${fmtInt(c.verifications!)} verifications, ` +
        `${fmtInt(c.events!)} events, ${fmtInt(c.point_entries!)} point entries; generated in ${world.seconds.toFixed(0)} s; database ${dbSize}.`,
    );
    if (pair) {
      const paths = [...fromStandby.entries()];
      const yes = paths.reduce((s, [, t]) => s + t.yes, 0);
      const missed = paths.filter(([, t]) => t.no > 0).map(([p, t]) => `${p} (${t.no})`);
      print(
        `Standby: a primary and a streaming standby of the bench's own (PostgreSQL 15 defaults, fsync off), the server reading the standby ` +
          `(DATABASE_READ_URL): ${fmtInt(yes)} answers carried ${DATA_AS_OF_HEADER}` +
          (missed.length ? `; without it: ${missed.join(', ')}.` : ', every answer did.'),
      );
    }
    print(
      `Server: node src/server/main.ts in its own process, request log 'info' to a file; calls one at a time from the benchmark process over HTTP (fetch).`,
    );
    print(
      `Load average (1/5/15 min): ${loadAtStart} at start, ${loadBefore} before the first pages, ${loadAfterPages} after the trace, ${loadAfter} after the exports ` +
        `(other work shares the 2 CPUs).`,
    );
    print('');
    print(
      table([
        [
          `First page: 10 rows, default sort DESC, last 30 days (${WARMUP} + ${RUNS} runs)`,
          'rows',
          'p50',
          'p95',
          'rows (admin)',
          'p50',
          'p95',
        ],
        ...pages.map(({ key, c: contract, by: [co, ad] }) => [
          `${key} (${contract.api.list.path.split('/')[1]}, by ${contract.defaultSort})${contract.dated ? '' : ', undated'}` +
            mark(![co!, ad!].some((t) => t.error || t.summary.p95 > AIM.pageMs)),
          fmtInt(totalOf(co!.answer)),
          ...ms(co!),
          fmtInt(totalOf(ad!.answer)),
          ...ms(ad!),
        ]),
      ]),
    );
    print(
      `  aim: p95 at most ${AIM.pageMs} ms; '!' marks a miss. Rows: the 30-day count (TotalRows) each caller gets.`,
    );
    print('');
    print(
      table([
        [`Dashboard, journey, trace (${WARMUP} + ${RUNS} runs)`, 'p50', 'p95', 'p50 (admin)', 'p95 (admin)', 'answer'],
        ...singles.map((s) => [
          `${s.what}${s.by.some((t) => t.error || t.summary.p95 > s.aim) ? ' !' : ''}`,
          ...ms(s.by[0]!),
          ...ms(s.by[1]!),
          s.note(s.by[0]!.answer),
        ]),
      ]),
    );
    print(
      `  aims: dashboard ${AIM.pageMs} ms, journey and trace ${AIM.journeyMs} ms at p95; '!' marks a miss.` +
        (traced.trace ? '' : ' Recall/GetRecallTrace is not in the contracts yet: not measured.'),
    );
    if (exports.length) {
      print('');
      const rate = (r: ExportRun) => (r.error ? 'ERR' : r.rows === 0 ? '-' : fmtInt(r.rows / r.seconds));
      const grow = (r: ExportRun) => `${fmtMB(r.rssBefore)} +${((r.rssPeak - r.rssBefore) / 1024 / 1024).toFixed(1)}`;
      print(
        table([
          [
            'Export, every date (streamed CSV)',
            'rows',
            'rows/s',
            'server RSS +peak',
            'rows (admin)',
            'rows/s',
            'server RSS +peak',
          ],
          ...exports.map(({ key, by: [co, ad] }) => [
            `${key}${[co!, ad!].some((r) => r.error || (r.rows >= EXPORT_JUDGED_FROM && r.rows / r.seconds < AIM.exportRowsPerSecond)) ? ' !' : ''}`,
            fmtInt(co!.rows),
            rate(co!),
            grow(co!),
            fmtInt(ad!.rows),
            rate(ad!),
            grow(ad!),
          ]),
        ]),
      );
      const errors = exports.flatMap(({ key, by }) => by.filter((r) => r.error).map((r) => `${key}: ${r.error}`));
      if (errors.length) print(`  errors: ${errors.join('; ')}`);
      print(
        `  aim: at least ${fmtInt(AIM.exportRowsPerSecond)} rows/s (judged from ${fmtInt(EXPORT_JUDGED_FROM)} rows) in flat memory; RSS: the server's before the ` +
          `export and the most it rose while it streamed (sampled every 50 ms). Server peak RSS over the whole run (VmHWM): ${fmtMB(memoryEnd.hwm)}.`,
      );
    }
    print('');
    print(
      `Measured: pack ${world.pack.prefix}${world.pack.serial} (${world.pack.verifications} verifications), ${world.did}, batch ${world.trace.batchNo} ` +
        `(${world.trace.mappings} mappings, ${fmtInt(world.trace.packs)} packs). Whole run ${((now() - started) / 1000).toFixed(0)} s.`,
    );
    const saved =
      ONLY !== undefined
        ? null
        : LABEL === 'harvest'
          ? 'reports-harvest-postgresql'
          : LABEL === 'scale 1'
            ? 'reports-postgresql'
            : null;
    if (saved) {
      const file = join(ROOT, 'bench/results', `${today}-${saved}.txt`);
      writeFileSync(file, `${out.join('\n')}\n`);
      log(`saved in ${file}`);
    }
  } finally {
    await server?.stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    try {
      // The bench's own clusters go with it, unless kept whole (--keep, --reuse with --standby).
      if (KEEP && !pair) log(`kept ${target.kind === 'postgres' ? target.url : ''}`);
      else if (!(keepPair && kept)) await drop();
    } finally {
      if (keepPair && kept && target.kind === 'postgres')
        log(
          `kept ${target.name} on the pair in ${KEPT_PAIR_DIR} (running): measure again with ` +
            `\`npx tsx bench/reports.bench.ts ${LABEL === 'harvest' ? '--harvest ' : ''}--standby --reuse ${target.name}\`; ` +
            `remove with pg_ctl -D ${KEPT_PAIR_DIR}/standby stop, the same for primary, then rm -rf ${KEPT_PAIR_DIR}`,
        );
      else await pair?.stop();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
