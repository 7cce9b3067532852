// One benchmark in a process of its own (so its memory figures are its own): run.ts starts it with
// the job in BENCH_JOB; it writes its result as JSON to the file named by its second argument.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { codeMac } from '../src/server/domain/code-mac.js';
import { FACTORY_PREFIXES, makePlan } from './data.js';
import { openTarget } from './db.js';
import { downloadBench } from './download.js';
import { mapAll, resolveSample } from './map-and-resolve.js';
import type { Job, TaskEnv } from './options.js';
import { printBench } from './print-file.js';

async function main() {
  const [task, out] = process.argv.slice(2);
  const job = JSON.parse(process.env.BENCH_JOB ?? '') as Job;
  const { options: o, seeded } = job;
  const plan = makePlan(o.numbers, o.rangeSize);
  const codes = codeMac(job.codeSecret);
  const database = await openTarget(job.target);
  try {
    let result: Record<string, unknown>;
    const cpu0 = process.cpuUsage();
    const load0 = loadavg()[0]!;
    if (task === 'map') result = { ...(await mapAll(database.db, plan, seeded, o.perTx)) };
    else if (task === 'resolve')
      result = { ...(await resolveSample(database.db, plan, seeded, codes, job.publicBaseUrl, o.resolve, o.seed)) };
    else if (task === 'print') {
      const print = await printBench(database.db, plan, seeded, codes, job.publicBaseUrl, o.print);
      const download = o.download
        ? await downloadBench(database, codes, {
            codeSecret: job.codeSecret,
            publicBaseUrl: job.publicBaseUrl,
            prefix: FACTORY_PREFIXES[0],
            fromNo: print.fromNo,
            toNo: print.toNo,
          })
        : null;
      result = { ...print, download };
    } else throw new Error(`Unknown task ${task}`);
    // CPU time of this process (with PGlite that includes the database): a busy machine stretches
    // wall-clock times, CPU time much less; the load average says how busy the machine was.
    const cpu = process.cpuUsage(cpu0);
    const env: TaskEnv = { cpuSeconds: (cpu.user + cpu.system) / 1e6, load: [load0, loadavg()[0]!] };
    writeFileSync(out!, JSON.stringify({ ...result, env }));
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
