// `npx tsx bench/verify.bench.ts [--db postgres|pglite] [--codes 10000000] [--stored 1000000] [--rate 1000]
// [--seconds 30]` (issue 13 item 9): the public verification under load.
//
// The real server (`tsx src/server/main.ts`, demo seed, request log at 'info'; floor-drain-server.ts)
// on a fresh database, PostgreSQL by default. Setup, not measured: through the API the demo factory
// (prefix KA) maps `codes` static codes (ranges of 100,000), then `stored` earlier verifications are
// written straight in SQL, spread over those codes and the last 30 days, then VACUUM ANALYZE (autovacuum's
// work, so none runs while measuring). VERIFY_LIMIT_PER_ADDRESS is lifted (every request comes from 127.0.0.1); the in-flight cap
// stays as deployed.
// Measured with autocannon from this process, on the same machine:
// 1. GET /API/live (a constant answer) at full speed for 10 s: the yardstick.
// 2. VerifyProduct at a fixed `rate` for `seconds`, each request a random genuine code of the mapped
//    ones (a new body per request), with a visitor's place: p50, p95, p99 from each response's time
//    (autocannon's 'response' event), and errors (non-2xx, timeouts).
// 3. VerifyProduct at full speed for 10 s: its throughput, and the ratio to the constant route's.
// Afterwards the database must hold one stored verification per request answered in 2 and 3.
// Each run also reports the CPU time per request of the server and of its PostgreSQL backends
// (bench/cpu-time.ts): on a machine busy with other work, the figure that stays comparable.
import autocannon from 'autocannon';
import pg from 'pg';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { codeMac } from '../src/server/domain/code-mac.js';
import { backendCpu, backendCpuSince, groupCpuMs } from './cpu-time.js';
import { api, BENCH_CODE_SECRET, floorData, startServer } from './floor-drain-server.js';
import { fmtInt, fmtMs, log, now, table, Timings } from './stats.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const dbArg = process.argv.includes('--db') ? process.argv[process.argv.indexOf('--db') + 1] : 'postgres';
const CODES = arg('codes', 10_000_000);
const STORED = arg('stored', 1_000_000);
const RATE = arg('rate', 1000);
const SECONDS = arg('seconds', 30);
const CONNECTIONS = 50;
/** A phase's start or end on the monotonic clock in µs, the clock of a server's --cpu-prof samples
 *  (BENCH_SERVER_NODE_ARGS): bench/profile-window.mjs cuts a profile to one phase with them. */
const mark = (what: string) => console.log(`[mark ${what} ${process.hrtime.bigint() / 1000n}]`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const codes = codeMac(BENCH_CODE_SECRET);
const uidOf = (n: number) => codes.make({ kind: 'S', prefix: 'KA' }, n);
const randomCode = () => 1 + Math.floor(Math.random() * CODES);
const PLACES = [
  ['Nashik', 'Maharashtra'],
  ['Indore', 'Madhya Pradesh'],
  ['Guntur', 'Andhra Pradesh'],
  ['Ludhiana', 'Punjab'],
] as const;
const verifyBody = () => {
  const [city, state] = PLACES[Math.floor(Math.random() * PLACES.length)]!;
  return JSON.stringify({
    UID: uidOf(randomCode()),
    verificationMode: 'Web',
    verificationType: 2,
    UsrCity: city,
    UsrState: state,
    UsrCntry: 'India',
  });
};

interface Run {
  rps: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  times: Timings;
}

/** One autocannon run; `rate` undefined: as fast as it goes. Latency per response, from its event. */
async function cannon(
  url: string,
  o: { seconds: number; rate?: number; body?: () => string; method?: 'GET' | 'POST' },
): Promise<Run> {
  const times = new Timings(o.seconds * (o.rate ?? 5000));
  const r = await new Promise<autocannon.Result>((done, fail) => {
    const instance = autocannon(
      {
        url,
        method: o.method ?? 'GET',
        duration: o.seconds,
        connections: CONNECTIONS,
        ...(o.rate ? { overallRate: o.rate } : {}),
        headers: { 'content-type': 'application/json' },
        ...(o.body ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, body: o.body!() }) }] } : {}),
      },
      (err, result) => (err ? fail(err) : done(result)),
    );
    instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.add(ms));
  });
  return {
    rps: r.requests.average,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    times,
  };
}

const cpuCell = (c: { server: number; db: number }) => `${c.server.toFixed(3)} ms, ${c.db.toFixed(3)} ms`;

async function main() {
  const url = dbArg === 'pglite' ? undefined : process.env.DATABASE_URL || 'postgres://app:app@127.0.0.1:5432/app_test';
  process.env.VERIFY_LIMIT_PER_ADDRESS = '1000000000';
  log(`starting the server on ${url ? 'PostgreSQL' : 'PGlite'}; load ${load()}`);
  const server = await startServer(url);
  try {
    log(`mapping ${fmtInt(CODES)} codes`);
    await floorData(server.baseUrl, { from: 1, to: CODES, size: 10, slips: 1 });
    if (server.target.kind === 'postgres') {
      log(`storing ${fmtInt(STORED)} earlier verifications`);
      const c = new pg.Client({ connectionString: server.target.url });
      await c.connect();
      try {
        const [{ company, product, mapping }] = (
          await c.query(`select m.company_id as company, m.product_id as product, min(m.id) as mapping
          from mappings m join sites s on s.company_id = m.company_id and upper(s.prefix) = 'KA' group by 1, 2 limit 1`)
        ).rows;
        await c.query(
          `insert into verifications (at, scan, kind, prefix, serial, company_id, product_id, mapping_id, result, message, city, state, flags)
          select now() - (g % 2592000) * interval '1 second', 'bench', 'S', 'KA', 1 + (g::bigint * 7919) % $1, $2, $3, $4, '200', 'This is a genuine product.',
            'Nashik', 'Maharashtra', '[]'::jsonb
          from generate_series(1, $5) g`,
          [CODES, company, product, mapping, STORED],
        );
        // VACUUM too: a million fresh rows otherwise get autovacuum's pass during the measured runs.
        await c.query('vacuum analyze');
      } finally {
        await c.end();
      }
    }
    // Correct answers first: ten genuine verifications, each '200'. Then 200 one at a time: the
    // service time with nothing waiting.
    for (let i = 0; i < 10; i++)
      await api(server.baseUrl, 'POST', 'ProductAuthentication/VerifyProduct', undefined, JSON.parse(verifyBody()));
    const alone = new Timings(200);
    for (let i = 0; i < 200; i++) {
      const t0 = now();
      await api(server.baseUrl, 'POST', 'ProductAuthentication/VerifyProduct', undefined, JSON.parse(verifyBody()));
      alone.add(now() - t0);
    }
    const before = load();

    // CPU per request, of the server and of its PostgreSQL backends: comparable on a busy machine.
    const target = server.target;
    const watch = target.kind === 'postgres' ? new pg.Client({ connectionString: target.url }) : null;
    await watch?.connect();
    const cpuNow = async () => ({
      server: groupCpuMs(server.pid),
      db: watch && target.kind === 'postgres' ? await backendCpu(watch, target.name) : new Map<number, number>(),
    });
    const cpuPer = async <T extends Run>(work: () => Promise<T>) => {
      const t0 = await cpuNow();
      mark('start');
      const run = await work();
      mark('end');
      const t1 = await cpuNow();
      const n = Math.max(1, run.total);
      return { ...run, cpu: { server: (t1.server - t0.server) / n, db: backendCpuSince(t0.db, t1.db) / n } };
    };
    log('the constant route at full speed, 10 s');
    const live = await cpuPer(() => cannon(`${server.baseUrl}/API/live`, { seconds: 10 }));
    log(`VerifyProduct at ${RATE}/s for ${SECONDS} s`);
    const fixed = await cpuPer(() =>
      cannon(`${server.baseUrl}/API/api/ProductAuthentication/VerifyProduct`, {
        seconds: SECONDS,
        rate: RATE,
        body: verifyBody,
        method: 'POST',
      }),
    );
    log('VerifyProduct at full speed, 10 s');
    const full = await cpuPer(() =>
      cannon(`${server.baseUrl}/API/api/ProductAuthentication/VerifyProduct`, {
        seconds: 10,
        body: verifyBody,
        method: 'POST',
      }),
    );
    await watch?.end();

    let stored = -1;
    if (server.target.kind === 'postgres') {
      const c = new pg.Client({ connectionString: server.target.url });
      await c.connect();
      stored = Number((await c.query(`select count(*) as n from verifications where scan <> 'bench'`)).rows[0].n);
      await c.end();
    }
    const f = fixed.times.summary();
    const l = live.times.summary();
    const u = full.times.summary();
    console.log(
      `\nVerifyProduct under load, ${new Date().toISOString().slice(0, 10)}: ${url ? 'PostgreSQL' : 'PGlite'}, ${fmtInt(CODES)} codes mapped, ` +
        `${fmtInt(STORED)} verifications stored before, Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}); ` +
        `load ${before} before the runs, ${load()} after; autocannon in the same process as the benchmark, 50 connections`,
    );
    console.log(
      table([
        [
          'run',
          'requests/s',
          'answered',
          'p50',
          'p95',
          'p99',
          'non-2xx / errors / timeouts',
          'CPU/request: server, PG',
        ],
        [
          'VerifyProduct one at a time, 200 (fetch)',
          '',
          '200',
          fmtMs(alone.summary().p50),
          fmtMs(alone.summary().p95),
          fmtMs(alone.summary().p99),
          '',
          '',
        ],
        [
          'GET /API/live, full speed, 10 s',
          fmtInt(live.rps),
          fmtInt(live.total),
          fmtMs(l.p50),
          fmtMs(l.p95),
          fmtMs(l.p99),
          `${live.non2xx} / ${live.errors} / ${live.timeouts}`,
          cpuCell(live.cpu),
        ],
        [
          `VerifyProduct at ${RATE}/s, ${SECONDS} s`,
          fmtInt(fixed.rps),
          fmtInt(fixed.total),
          fmtMs(f.p50),
          fmtMs(f.p95),
          fmtMs(f.p99),
          `${fixed.non2xx} / ${fixed.errors} / ${fixed.timeouts}`,
          cpuCell(fixed.cpu),
        ],
        [
          'VerifyProduct, full speed, 10 s',
          fmtInt(full.rps),
          fmtInt(full.total),
          fmtMs(u.p50),
          fmtMs(u.p95),
          fmtMs(u.p99),
          `${full.non2xx} / ${full.errors} / ${full.timeouts}`,
          cpuCell(full.cpu),
        ],
      ]),
    );
    console.log(
      `CPU per request, server + PostgreSQL: VerifyProduct at full speed ${(full.cpu.server + full.cpu.db).toFixed(3)} ms, ` +
        `the constant route ${(live.cpu.server + live.cpu.db).toFixed(3)} ms: the ratio the two cores allow, ` +
        `with the load generator's share aside, ${((live.cpu.server + live.cpu.db) / (full.cpu.server + full.cpu.db)).toFixed(2)}`,
    );
    console.log(
      `throughput ratio, VerifyProduct / constant route: ${(full.rps / live.rps).toFixed(2)} (aim at least 0.25); ` +
        `p95 at ${RATE}/s ${fmtMs(f.p95)} (aim at most 30 ms)`,
    );
    if (stored >= 0) {
      // Autocannon stops a run with up to one request per connection in flight: the server still
      // answers and stores those, uncounted by it.
      const want = 210 + fixed.total - fixed.non2xx + full.total - full.non2xx;
      const fits = stored >= want && stored <= want + 2 * CONNECTIONS;
      console.log(
        `verifications stored by the runs: ${fmtInt(stored)} (answered 2xx and counted: ${fmtInt(want)}, ` +
          `plus at most ${2 * CONNECTIONS} in flight at the runs' ends)${fits ? '' : '  MISMATCH'}`,
      );
      if (!fits) process.exitCode = 1;
    }
  } finally {
    await server.stop();
  }
}

await main();
