// `npm run bench`: the numbers-and-codes benchmark. Sets up a fresh database (PGlite in a temp dir, or
// a new database on DATABASE_URL's server), seeds the bench company, then runs each benchmark in a
// process of its own: map (mapRange), resolve (resolveScan), print (printFileChunks); prints a table.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { makePlan, seedBench } from './data.js';
import { createTarget, describeTarget, openTarget } from './db.js';
import type { MappingResult, ResolveResult } from './map-and-resolve.js';
import { BENCH_BASE_URL, BENCH_SECRET, parseOptions, type Job, type TaskEnv } from './options.js';
import type { PrintResult } from './print-file.js';
import { fmtInt, fmtMB, fmtMs, log, now, table, type Summary } from './stats.js';

function runTask<T>(task: string, job: Job, dir: string): Promise<T & { env: TaskEnv }> {
  const out = join(dir, `${task}.json`);
  const worker = new URL('./worker.ts', import.meta.url).pathname;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', worker, task, out], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_JOB: JSON.stringify(job) },
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(readFileSync(out, 'utf8')) as T & { env: TaskEnv })
        : reject(new Error(`${task} failed (exit ${code})`)),
    );
  });
}

const pct = (s: Summary) => [fmtMs(s.p50), fmtMs(s.p95), fmtMs(s.p99), fmtMs(s.max)];
const envLine = ({ cpuSeconds, load }: TaskEnv) =>
  `  CPU time of the benchmark process ${cpuSeconds.toFixed(1)} s; load average (1 min) ${load[0].toFixed(1)} at start, ${load[1].toFixed(1)} at end`;

async function main() {
  const options = parseOptions(process.argv.slice(2), process.env);
  const { target, drop } = await createTarget(process.env.DATABASE_URL);
  const dir = mkdtempSync(join(tmpdir(), 'ft-bench-out-'));
  const started = now();
  try {
    const database = await openTarget(target);
    await database.migrate();
    const plan = makePlan(options.numbers, options.rangeSize);
    const seeded = await seedBench(database.db, plan);
    const version = String(
      Object.values(
        ((await database.db.execute(sql`show server_version`)) as unknown as { rows: Record<string, unknown>[] })
          .rows[0]!,
      )[0],
    );
    await database.close();
    log(`${describeTarget(target)} (server ${version}), seeded; options ${JSON.stringify(options)}`);

    const job: Job = { target, options, seeded, codeSecret: BENCH_SECRET, publicBaseUrl: BENCH_BASE_URL };
    const map = await runTask<MappingResult>('map', job, dir);
    const res = options.resolve > 0 ? await runTask<ResolveResult>('resolve', job, dir) : null;
    const print = options.print > 0 ? await runTask<PrintResult>('print', job, dir) : null;

    console.log(
      `\nFieldtrace benchmark, ${new Date().toISOString().slice(0, 10)}: ${target.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} ${version}, ` +
        `Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), ${fmtMB(totalmem())} RAM`,
    );
    console.log(`Options: ${process.argv.slice(2).join(' ') || '(defaults)'} -> ${JSON.stringify(options)}\n`);
    console.log(
      table([
        ['Mapping through mapRange', 'value'],
        ['numbers mapped', fmtInt(map.numbers)],
        [`ranges (${options.rangeSize} numbers each; ${map.perTx} per transaction)`, fmtInt(map.ranges)],
        ['time', `${map.seconds.toFixed(1)} s`],
        ['ranges per second', fmtInt(map.ranges / map.seconds)],
        ['numbers per second', fmtInt(map.numbers / map.seconds)],
        ['transaction p50 / p95 / p99 / max', pct(map.perTxMs).join(' / ')],
        ['overlap refused at full size, in', fmtMs(map.overlapRefusal.ms)],
        [
          'rows: mappings / damages / events',
          `${fmtInt(map.rows.mappings)} / ${fmtInt(map.rows.damages)} / ${fmtInt(map.rows.events)}`,
        ],
      ]),
    );
    console.log(`  refusal: "${map.overlapRefusal.message}"\n${envLine(map.env)}\n`);
    if (res) {
      console.log(
        table([
          [`Resolving ${fmtInt(res.count)} scans one at a time`, 'codes/s', 'p50', 'p95', 'p99', 'max'],
          ['resolveScan (MAC check + database)', fmtInt(res.count / res.seconds), ...pct(res.whole)],
          [
            'database part (mappingOf + damage lookup)',
            fmtInt(res.dbPart.count / (res.dbPart.totalMs / 1000)),
            ...pct(res.dbPart),
          ],
          ...(['mappings', 'damages'] as const).flatMap((t) => [
            [
              `  database's own time, ${t} lookup: planning (${res.server[t].samples} codes, EXPLAIN ANALYZE)`,
              '',
              ...pct(res.server[t].planning),
            ],
            [`  database's own time, ${t} lookup: execution`, '', ...pct(res.server[t].execution)],
          ]),
          [
            `forged codes (${fmtInt(res.forged.count)}): refused before the database`,
            fmtInt(res.forged.count / (res.forged.totalMs / 1000)),
            ...pct(res.forged),
          ],
        ]),
      );
      console.log(
        `  answers: ${Object.entries(res.states)
          .map(([k, v]) => `${k} ${fmtInt(v)}`)
          .join(', ')}; ` +
          `${res.mismatches === 0 ? 'every answer agrees with the plan' : `${fmtInt(res.mismatches)} answers DISAGREE with the plan`}`,
      );
      console.log(`  EXPLAIN ANALYZE of the range lookup (mappings):\n    ${res.explain.join('\n    ')}`);
      console.log(
        `  and of damages: ${res.explainDamages
          .filter((l) => /Scan|Execution/.test(l))
          .map((l) => l.trim())
          .join(' | ')}`,
      );
      console.log(`${envLine(res.env)} (both passes)\n`);
    }
    if (print) {
      console.log(
        table([
          [`Print file of ${fmtInt(print.codes)} codes (printFileChunks -> file stream)`, 'value'],
          ['time', `${print.seconds.toFixed(2)} s`],
          ['codes per second', fmtInt(print.codes / print.seconds)],
          ['written', `${fmtMB(print.bytes)} (${fmtInt(print.lines)} lines)`],
          ['RSS before / peak (sampled every 50 ms)', `${fmtMB(print.rssBaseline)} / ${fmtMB(print.rssPeak)}`],
          ['peak RSS above the baseline', fmtMB(print.rssPeak - print.rssBaseline)],
          ['peak JS heap used', fmtMB(print.heapPeak)],
          ['process maxRSS (resourceUsage, whole process incl. database)', fmtMB(print.maxRss)],
          ['mapping the 1-range million beforehand (mapRange)', fmtMs(print.mapMs)],
        ]),
      );
      const d = print.download;
      if (d) {
        console.log(
          `\n${table([
            [`The same file through the app: GET NumberGeneration/File/<link>, fetch streaming`, 'value'],
            ['HTTP status / last line genuine', `${d.status} / ${d.lastLineGenuine ? 'yes' : 'NO'}`],
            ['time to first byte', fmtMs(d.firstByteMs)],
            ['time', `${d.seconds.toFixed(2)} s`],
            ['received', `${fmtMB(d.bytes)} (${fmtInt(d.lines)} lines)`],
            ['RSS before / peak (server and client in one process)', `${fmtMB(d.rssBaseline)} / ${fmtMB(d.rssPeak)}`],
            ['peak RSS above the baseline', fmtMB(d.rssPeak - d.rssBaseline)],
          ])}`,
        );
      }
      console.log(envLine(print.env));
    }
    log(`done in ${((now() - started) / 1000).toFixed(0)} s`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    if (options.keep) log(`kept ${describeTarget(target)}`);
    else await drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
