// `npx tsx bench/floor-drain-profile.ts [--cartons 200] [--size 20]` (DATABASE_URL for PostgreSQL,
// else PGlite): where a SecondaryPacking/save's time goes, for floor-drain.bench.ts's figures.
// The app runs in this process (buildApp, as main.ts builds it, request log at 'info' into a file) so
// that every database round trip can be timed at the driver (pg.Client#query; PGlite#query/exec and
// its transactions' query) and a CPU profile (node:inspector) taken over the sends. The client side is
// outboxTransport alone, one entry at a time (no outbox bookkeeping): the server's share.
import { Session } from 'node:inspector/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { codeUrl, scannedUid, visibleNumber } from '../src/shared/codes.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/connect.js';
import { loadReferenceData } from '../src/server/db/reference.js';
import { seed } from '../src/server/db/seed.js';
import { seedDemo } from '../src/server/demo/index.js';
import { codeMac } from '../src/server/domain/code-mac.js';
import { newEntry, type OutboxEntry } from '../src/client/offline/outbox-entry.js';
import { outboxTransport } from '../src/client/offline/outbox-transport.js';
import type { SecondarySave } from '../src/shared/contracts/floor/packing.js';
import { createTarget } from './db.js';
import { BENCH_CODE_SECRET, CLIENT_DIR, floorData } from './floor-drain-server.js';
import { fmtMs, log, now, table, Timings } from './stats.js';
import { PUSH_API, PUSH_MAX } from '../src/shared/contracts/floor/push.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};

/** Per statement shape: count and time. */
const stats = new Map<string, { n: number; ms: number }>();
let recording = false;
let queries = 0;
const shape = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\$\d+(, \$\d+)*/g, '$')
    .slice(0, 90);
function record(text: unknown, ms: number) {
  if (!recording) return;
  queries++;
  const k =
    typeof text === 'string'
      ? shape(text)
      : typeof text === 'object' && text && 'text' in text
        ? shape(String((text as { text: string }).text))
        : '?';
  const s = stats.get(k) ?? { n: 0, ms: 0 };
  s.n++;
  s.ms += ms;
  stats.set(k, s);
}
function timed<T extends object>(proto: T, method: string) {
  const orig = (proto as Record<string, unknown>)[method] as (...a: unknown[]) => unknown;
  (proto as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
    const t = now();
    const r = orig.apply(this, args);
    if (r && typeof (r as Promise<unknown>).then === 'function')
      (r as Promise<unknown>).then(
        () => record(args[0], now() - t),
        () => record(args[0], now() - t),
      );
    return r;
  };
}

/** Self time of a CPU profile, grouped by where the code lives. */
function bucketsOf(profile: {
  nodes: Array<{ id: number; callFrame: { url: string; functionName: string } }>;
  samples: number[];
  timeDeltas: number[];
}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const buckets = new Map<string, number>();
  const fns = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const n = byId.get(id)!;
    const url = n.callFrame.url;
    const us = profile.timeDeltas[i] ?? 0;
    const b =
      n.callFrame.functionName === '(idle)'
        ? '(idle: waiting on the database / network)'
        : n.callFrame.functionName === '(garbage collector)'
          ? '(garbage collector)'
          : n.callFrame.functionName === '(program)'
            ? '(program: native, unattributed)'
            : (/node_modules\/([^/]+(\/[^/]+)?)/.exec(url)?.[1]?.replace(/\/(dist|lib|build|src)$/, '') ??
              (/src\/(server|shared|client)\/([^/]+)/.exec(url)
                ? `src/${/src\/(server|shared|client)\/([^/]+)/.exec(url)![1]}/${/src\/(server|shared|client)\/([^/]+)/.exec(url)![2]}`
                : url.startsWith('node:')
                  ? url
                  : url
                    ? 'other'
                    : '(native)'));
    const key = b.startsWith('@electric-sql') ? '@electric-sql/pglite (WebAssembly database)' : b;
    buckets.set(key, (buckets.get(key) ?? 0) + us);
    if (!b.startsWith('(')) {
      const f = `${n.callFrame.functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/work\/[^/]+\//, '')}`;
      fns.set(f, (fns.get(f) ?? 0) + us);
    }
  });
  // Inclusive CPU time of named functions: a sample counts for each function on its stack (up to the
  // last await: a continuation's stack starts where it resumed).
  const parent = new Map<number, number>();
  for (const n of profile.nodes as Array<{ id: number; children?: number[] }>)
    for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const us = profile.timeDeltas[i] ?? 0;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const n = byId.get(at)!;
      const name = INCLUSIVE.find((f) => n.callFrame.functionName === f);
      if (name && !seen.has(name)) {
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + us);
      }
    }
  });
  return { buckets, fns, inclusive };
}

const INCLUSIVE = [
  'loadCaller',
  'verifyAccess',
  'jwtVerify',
  'callerById',
  'checkRequestTexts',
  'safeParse',
  'idempotent',
  'requestHash',
  'canonical',
  'runWork',
  'packSecondary',
  'resolveMany',
  'check',
  'lockSeries',
  'logEvent',
  'execute',
  'serializeReply',
  'onSendEnd',
  'write',
  'stringify',
  'parse',
  'httpNetworkOrCacheFetch',
  'fetch',
];

async function main() {
  const cartons = arg('cartons', 200);
  const size = arg('size', 20);
  const batch = arg('batch', PUSH_MAX);
  const FROM = 600_001;
  const pgUrl = process.env.DATABASE_URL;
  if (pgUrl) {
    const { default: pg } = await import('pg');
    timed(pg.Client.prototype, 'query');
    // drizzle sends statements outside a transaction through Pool#query, which calls Client#query with a callback.
    timed(pg.Pool.prototype, 'query');
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    timed(PGlite.prototype, 'query');
    timed(PGlite.prototype, 'exec');
  }
  const { target, drop } = await createTarget(pgUrl);
  const dataDir = mkdtempSync(join(tmpdir(), 'ft-floor-prof-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: target.kind === 'pglite' ? target.dataDir : dataDir,
    CLIENT_DIR,
    SEED_DEMO: '1',
    CODE_SECRET: BENCH_CODE_SECRET,
    LOGIN_LIMIT_PER_ADDRESS: '10000',
    LOGIN_LIMIT_PER_ACCOUNT: '10000',
    DATABASE_URL: target.kind === 'postgres' ? target.url : '',
  });
  const database = await openDatabase(
    target.kind === 'postgres' ? { databaseUrl: target.url } : { dataDir: target.dataDir },
  );
  if (!pgUrl) {
    // PGlite's transactions run their queries on a Transaction object, not the PGlite: time those too.
    const client = (
      database.db as unknown as { $client: { transaction: (fn: (tx: object) => Promise<unknown>) => Promise<unknown> } }
    ).$client;
    const origTx = client.transaction.bind(client);
    let patched = false;
    client.transaction = (fn) =>
      origTx((tx) => {
        if (!patched) {
          const proto = Object.getPrototypeOf(tx) as object;
          if (Object.prototype.hasOwnProperty.call(proto, 'query')) timed(proto, 'query');
          if (Object.prototype.hasOwnProperty.call(proto, 'exec')) timed(proto, 'exec');
          patched = true;
        }
        return fn(tx);
      });
  }
  try {
    await database.migrate();
    await loadReferenceData(database.db);
    await seed(database.db, { demo: seedDemo });
    const app = await buildApp({ config, database, logger: { level: 'info', file: join(dataDir, 'server.log') } });
    const serverTimes = new Timings(cartons);
    try {
      app.addHook('onResponse', async (req, reply) => {
        if (req.url.includes(PUSH_API.push.path)) serverTimes.add(reply.elapsedTime);
      });
    } catch {
      // already started: no hook, the round trips still tell
    }
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const floor = await floorData(baseUrl, { from: FROM, to: FROM + cartons * size - 1, size, slips: cartons });
    const codes = codeMac(BENCH_CODE_SECRET);
    const entries: OutboxEntry[] = [];
    for (let c = 0; c < cartons; c++) {
      const scanned: SecondarySave['scanned'] = [];
      for (let i = 0; i < size; i++) {
        const serial = FROM + c * size + i;
        scanned.push({
          UID: scannedUid(codeUrl(baseUrl, codes.make({ kind: 'S', prefix: 'KA' }, serial))),
          VisibleNo: visibleNumber({ kind: 'S', prefix: 'KA' }, serial),
          BatchNo: floor.batchNo,
          ProductName: floor.productName,
          MFGDate: floor.mfgDate,
          EXPDate: '',
          SeqNo: serial,
        });
      }
      entries.push(
        newEntry({
          endpoint: 'SecondaryPacking/save',
          payload: { cartonMasterId: floor.sizeId, scanned, reason: '', CartonName: floor.sid(c) },
          label: '',
          userId: floor.factory.UserId,
        }),
      );
    }
    const pair = { Token: floor.factory.Token, RefreshToken: floor.factory.RefreshToken };
    const send = outboxTransport({ origin: baseUrl, store: { read: async () => pair, write: async () => true } });

    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    const trips = new Timings(cartons);
    const cpu0 = process.cpuUsage();
    recording = true;
    await session.post('Profiler.start');
    const t0 = now();
    let ok = 0;
    for (let i = 0; i < entries.length; i += batch) {
      const s = now();
      const outs = await send(entries.slice(i, i + batch));
      trips.add(now() - s);
      for (const out of outs) {
        if (out.kind === 'answered' && out.answer.code === '200') ok++;
        else log(`answer: ${JSON.stringify(out.answer).slice(0, 200)}`);
      }
    }
    const wall = now() - t0;
    const { profile } = await session.post('Profiler.stop');
    recording = false;
    const cpu = process.cpuUsage(cpu0);
    session.disconnect();

    const tr = trips.summary();
    const sv = serverTimes.summary();
    const dbMs = [...stats.values()].reduce((a, s) => a + s.ms, 0);
    console.log(
      `\nSecondaryPacking/save profile, ${new Date().toISOString().slice(0, 10)}: ${pgUrl ? 'PostgreSQL' : 'PGlite'}, ${cartons} cartons of ${size}, ${ok} answered 200; load average ${(
        await import('node:os')
      )
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      table([
        [`per push of up to ${batch} saves`, 'p50', 'p95', 'mean'],
        ['round trip (client fetch to answer)', fmtMs(tr.p50), fmtMs(tr.p95), fmtMs(tr.meanMs)],
        ['in the server (Fastify elapsedTime)', fmtMs(sv.p50), fmtMs(sv.p95), fmtMs(sv.meanMs)],
        ['per save', '', '', ''],
        ['round trip, per save', '', '', fmtMs(tr.totalMs / cartons)],
        ['database round trips, summed per save (driver time)', '', '', fmtMs(dbMs / cartons)],
        ['database round trips per save', '', '', (queries / cartons).toFixed(1)],
        ['CPU of this process per save (server + client)', '', '', fmtMs((cpu.user + cpu.system) / 1000 / cartons)],
      ]),
    );
    console.log(`  total ${(wall / 1000).toFixed(2)} s, ${(cartons / (wall / 1000)).toFixed(1)} cartons/s\n`);
    console.log(
      table([
        ['statement (driver time, all saves)', 'count', 'per save', 'total', 'mean'],
        ...[...stats.entries()]
          .sort((a, b) => b[1].ms - a[1].ms)
          .slice(0, 18)
          .map(([k, s]) => [k, String(s.n), (s.n / cartons).toFixed(1), fmtMs(s.ms), fmtMs(s.ms / s.n)]),
      ]),
    );
    const { buckets, fns, inclusive } = bucketsOf(profile as never);
    const total = [...buckets.values()].reduce((a, b) => a + b, 0);
    console.log(
      `\nCPU profile over the ${cartons} saves (self time, sampled every 200 µs; this process runs the app and the client's fetch)`,
    );
    console.log(
      table([
        ['where', 'ms', 'share', 'per save'],
        ...[...buckets.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 16)
          .map(([k, us]) => [
            k,
            (us / 1000).toFixed(0),
            `${((us / total) * 100).toFixed(1)}%`,
            fmtMs(us / 1000 / cartons),
          ]),
      ]),
    );
    console.log(`\nHottest functions (self time)`);
    console.log(
      table([
        ['function', 'ms', 'per save'],
        ...[...fns.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 15)
          .map(([k, us]) => [k.slice(0, 110), (us / 1000).toFixed(0), fmtMs(us / 1000 / cartons)]),
      ]),
    );
    console.log(
      `\nInclusive CPU time of some functions (a sample counts for each on its stack; stacks restart at each await)`,
    );
    console.log(
      table([
        ['function', 'ms', 'per save'],
        ...[...inclusive.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([k, us]) => [k, (us / 1000).toFixed(0), fmtMs(us / 1000 / cartons)]),
      ]),
    );
    await app.close();
  } finally {
    await database.close().catch(() => undefined);
    await drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
