// The benchmark's knobs: `npm run bench -- --numbers 10000000 --resolve 100000 --print 1000000`.
// Defaults are the sizes the issue asks for.
import type { Target } from './db.js';
import type { Seeded } from './data.js';

export interface BenchOptions {
  /** Numbers mapped through mapRange before resolving. */
  numbers: number;
  /** Numbers per mapped range. */
  rangeSize: number;
  /** Ranges mapped per transaction (1 = one save per range, as the Mapping screen does). */
  perTx: number;
  /** Random scans resolved one at a time. */
  resolve: number;
  /** Codes in the print file. */
  print: number;
  /** Also download the print file through the real app (NumberGeneration/File/<link>): 1 or 0. */
  download: number;
  /** Seed of the random scan sample. */
  seed: number;
  /** Keep the database afterwards (prints where it is). */
  keep: boolean;
}

const DEFAULTS: BenchOptions = {
  numbers: 10_000_000,
  rangeSize: 1000,
  perTx: 1,
  resolve: 100_000,
  print: 1_000_000,
  download: 1,
  seed: 42,
  keep: false,
};

/** `--name value` or `--name=value` from argv, then BENCH_NAME from the environment, then the default. */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const given = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) throw new Error(`Unknown argument ${a}`);
    const [name, inline] = a.slice(2).split('=', 2) as [string, string | undefined];
    if (name === 'keep') given.set(name, '1');
    else given.set(name, inline ?? argv[++i] ?? '');
  }
  const out = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS) as (keyof BenchOptions)[]) {
    const raw =
      given.get(key === 'rangeSize' ? 'range-size' : key === 'perTx' ? 'per-tx' : key) ??
      env[`BENCH_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`];
    given.delete(key === 'rangeSize' ? 'range-size' : key === 'perTx' ? 'per-tx' : key);
    if (raw === undefined) continue;
    if (key === 'keep') {
      out.keep = raw !== '0' && raw !== '';
      continue;
    }
    const n = Number(raw.replace(/_/g, ''));
    if (!Number.isSafeInteger(n) || n < (key === 'print' || key === 'resolve' || key === 'download' ? 0 : 1))
      throw new Error(`--${key} needs a whole number, got '${raw}'`);
    out[key] = n;
  }
  if (given.size > 0) throw new Error(`Unknown option(s): ${[...given.keys()].map((k) => `--${k}`).join(', ')}`);
  return out;
}

/** What run.ts hands each benchmark process. */
export interface Job {
  target: Target;
  options: BenchOptions;
  seeded: Seeded;
  codeSecret: string;
  publicBaseUrl: string;
}

export const BENCH_SECRET = 'fieldtrace bench secret (not a production secret)';
export const BENCH_BASE_URL = 'https://trace.example.com';

/** What each benchmark process adds to its result: its CPU time and the 1-minute load average at its start and end. */
export interface TaskEnv {
  cpuSeconds: number;
  load: [number, number];
}
