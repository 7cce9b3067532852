// Runs a sequence against the model and the product side by side, step by step: the answer first, then
// the read surfaces of what the step touched, and every surface of the namespace now and then. Stops
// at the first disagreement. A failing sequence is shortened by dropping steps while it still fails.
import { Device } from './device.js';
import { Driver } from './driver.js';
import { answerProblems } from './answers.js';
import { GAPS, Model } from './model.js';
import { namesOf, opText, refKey, type CartonRef, type Op } from './ops.js';
import { checkDashboards, checkJourney, checkLedger, checkStock, dashboards, type Dashboards } from './reads.js';
import { checkCarton, checkDid, checkTrace } from './surfaces.js';
import { Names, type World } from './world.js';

/** Where the disagreement showed: the step's own answer, or a read surface after it. */
export interface Failure {
  index: number;
  op: Op;
  problems: string[];
  ops: Op[];
  on: 'device' | 'answer' | 'surface';
}

/** Time spent per kind of op and on the reads (LIFECYCLE_TIMING prints it). */
export const timing = {
  ms: new Map<string, { n: number; ms: number }>(),
  add(k: string, ms: number) {
    const t = this.ms.get(k) ?? { n: 0, ms: 0 };
    t.n++;
    t.ms += ms;
    this.ms.set(k, t);
  },
  text() {
    return [...this.ms].map(([k, t]) => `${k} ${t.n}x ${(t.ms / t.n).toFixed(1)}ms`).join(', ');
  },
};

/** A read, timed under its name. */
async function timed(k: string, read: Promise<string[]>): Promise<string[]> {
  const began = performance.now();
  const out = await read;
  timing.add(k, performance.now() - began);
  return out;
}

/** How often each kind of step and answer came up (LIFECYCLE_TIMING prints it). */
export const coverage = {
  n: new Map<string, number>(),
  add(k: string) {
    this.n.set(k, (this.n.get(k) ?? 0) + 1);
  },
  text() {
    return [...this.n]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, n]) => `${k}: ${n}`)
      .join('\n');
  },
};

/** A new namespace for every run (an epoch of a seed, or a candidate while shrinking). */
let lastNs = 0;
export const nextNamespace = () => ++lastNs;

/** The namespace's totals: both batches' traces, the stock reports and the dashboards of both sites. */
async function totals(m: Model, n: Names, base: Dashboards): Promise<string[]> {
  const out: string[] = [];
  for (const b of ['A', 'B'] as const) out.push(...(await checkTrace(m, n, b)));
  out.push(...(await checkStock(m, n)), ...(await checkDashboards(m, n, base)));
  return out;
}

/** Every surface of the namespace: each carton's scan info and journey, each dispatch's scan info and
 *  ledger rows, and the totals. */
async function sweep(m: Model, n: Names, base: Dashboards): Promise<string[]> {
  const out: string[] = [];
  for (const c of [...m.sids.values(), ...m.tids.values()])
    out.push(...(await checkCarton(m, n, c.ref)), ...(await checkJourney(m, n, c.ref)));
  for (const d of m.dids.keys()) out.push(...(await checkDid(m, n, d)), ...(await checkLedger(m, n, d)));
  out.push(...(await totals(m, n, base)));
  return out;
}

/** How often the read surfaces are looked at: scan info, journey and ledger rows of what a step touched
 *  (every step, unless `touched` is false), the totals (traces, stock reports, dashboards) every
 *  `traceEvery` steps, everything every `sweepEvery` steps and at the end; every `deviceEvery`th floor
 *  step's scans are checked on the device first (0: never). */
export interface RunOptions {
  touched: boolean;
  traceEvery: number;
  sweepEvery: number;
  deviceEvery: number;
}

/** Runs ops drawn from `source` (null: the end) in a fresh namespace; the failure, or null. */
export async function runSteps(
  w: World,
  source: (m: Model, i: number) => Op | null,
  o: RunOptions,
): Promise<Failure | null> {
  const n = new Names(w, nextNamespace());
  const m = new Model();
  const driver = new Driver(n);
  const device = new Device(n);
  const ops: Op[] = [];
  let floorSteps = 0;
  // The dashboards count every namespace's work: the model's is what this one adds.
  const base = await dashboards(n);
  if (typeof base === 'string')
    return { index: 0, op: { k: 'map', from: 0, to: 0 }, problems: [base], ops, on: 'surface' };
  for (let i = 0; ; i++) {
    const op = source(m, i);
    if (!op) break;
    ops.push(op);
    // Range operations over a code Replace retired (refused, as a packed one is): counted to show they ran.
    if ((op.k === 'damageRange' || op.k === 'demap') && m.codes.slice(op.from, op.to + 1).some((c) => c.replaced))
      coverage.add(`${op.k} over a retired code`);
    const e = m.apply(op);
    // The floor screen checks the scans on the device before the step is queued (a replay is not scanned).
    const floor = op.k !== 'again' && 'key' in op && !e.blind && (!e.gap || GAPS);
    if (floor && o.deviceEvery > 0 && floorSteps++ % o.deviceEvery === 0) {
      const began = performance.now();
      const says = await device.verdict(op);
      timing.add('device', performance.now() - began);
      coverage.add(`device ${op.k} ${says.ok ? 'accepts' : 'refuses'}`);
      if (says.ok !== e.ok) {
        const problems = [
          `the device ${says.ok ? 'accepts' : `refuses ("${says.message}")`}, the model ${e.ok ? 'accepts' : 'refuses'}`,
        ];
        return { index: i, op, problems, ops, on: 'device' };
      }
    }
    const began = performance.now();
    const got = await driver.run(op);
    timing.add(op.k, performance.now() - began);
    if (e.ok && e.replayOf === undefined) device.changed(op.k);
    coverage.add(
      e.verify
        ? `verify ${e.verify.code}${e.verify.why ? ` ${e.verify.why}` : ''}${e.verify.expired ? ' expired' : ''}${e.verify.pays ? ' pays' : ''}`
        : `${op.k} ${e.replayOf !== undefined ? 'replay' : e.ok ? 'ok' : 'refused'}${e.flag ? ` ${e.flag.kind}` : ''}`,
    );
    const first = e.replayOf !== undefined ? driver.answers.get(e.replayOf) : undefined;
    const problems = answerProblems(op, e, got, first);
    if (problems.length) return { index: i, op, problems, ops, on: 'answer' };
    const reads = performance.now();
    if (o.touched) {
      const seen = new Set<string>();
      const cartons: CartonRef[] = e.touched.cartons.filter((r) => !seen.has(refKey(r)) && seen.add(refKey(r)));
      // Every touched carton's scan info; the journey of the first (the sweep reads every journey).
      for (const r of cartons) problems.push(...(await timed('scan info', checkCarton(m, n, r))));
      if (cartons[0]) problems.push(...(await timed('journey', checkJourney(m, n, cartons[0]))));
      for (const d of new Set(e.touched.dids))
        problems.push(
          ...(await timed('scan info', checkDid(m, n, d))),
          ...(await timed('ledger', checkLedger(m, n, d))),
        );
    }
    if ((i + 1) % o.sweepEvery === 0) problems.push(...(await sweep(m, n, base)));
    else if ((i + 1) % o.traceEvery === 0) problems.push(...(await timed('totals', totals(m, n, base))));
    timing.add('reads', performance.now() - reads);
    if (problems.length) return { index: i, op, problems, ops, on: 'surface' };
  }
  const last = await sweep(m, n, base);
  return last.length
    ? {
        index: ops.length - 1,
        op: ops.at(-1)!,
        problems: [`after the last step: ${last[0]}`, ...last.slice(1)],
        ops,
        on: 'surface',
      }
    : null;
}

export const runList = (w: World, ops: Op[], o: RunOptions) => runSteps(w, (_, i) => ops[i] ?? null, o);

/** The last step and, going back, every step naming something already kept (an answer's disagreement
 *  needs no reads to show; a surface's is looked for after every step). */
function sliceFor(ops: Op[]): Op[] {
  const names = new Set<string>();
  const kept: Op[] = [];
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i]!;
    const own = namesOf(op);
    if (i === ops.length - 1 || own === 'all' || own.some((x) => names.has(x))) {
      kept.unshift(op);
      if (own !== 'all') for (const x of own) names.add(x);
    }
  }
  return kept;
}

/** Drops chunks of steps while the sequence still fails (any disagreement), within `seconds`. */
export async function shrink(w: World, f: Failure, seconds: number): Promise<Failure> {
  const until = Date.now() + seconds * 1000;
  let best = f;
  let ops = f.ops.slice(0, f.index + 1);
  // First the steps that name what the failing step names, transitively; then chunks of what is left.
  // A candidate is cut after its failing step, so the sweep after its last step sees a surface's
  // disagreement: no reads on the way (a candidate costs its steps and one sweep).
  const o: RunOptions = { touched: false, traceEvery: 1e9, sweepEvery: 1e9, deviceEvery: f.on === 'device' ? 1 : 0 };
  // A surface is read now and then: run once reading the totals after every step, to cut at the first
  // step that shows the disagreement.
  if (f.on === 'surface') {
    const first = await runList(w, ops, { touched: true, traceEvery: 1, sweepEvery: 1e9, deviceEvery: 0 });
    if (first?.on === 'surface') {
      best = first;
      ops = first.ops.slice(0, first.index + 1);
    }
  }
  const slice = sliceFor(ops);
  if (slice.length < ops.length) {
    const again = await runList(w, slice, o);
    if (again && again.on === f.on) {
      best = again;
      ops = again.ops.slice(0, again.index + 1);
    }
  }
  let chunk = Math.max(1, Math.floor(ops.length / 2));
  while (Date.now() < until) {
    let cut = false;
    for (let at = 0; at < ops.length && Date.now() < until; at += chunk) {
      const candidate = [...ops.slice(0, at), ...ops.slice(at + chunk)];
      if (!candidate.length) continue;
      const again = await runList(w, candidate, o);
      if (again && again.on === f.on) {
        best = again;
        ops = again.ops.slice(0, again.index + 1);
        cut = true;
        at -= chunk;
      }
    }
    if (!cut) {
      if (chunk === 1) break;
      chunk = Math.max(1, Math.floor(chunk / 2));
    }
  }
  return best;
}

export const failureText = (f: Failure, seed: number): string =>
  [
    `Lifecycle model disagrees with the product (seed ${seed}; LIFECYCLE_SEED=${seed} runs it again):`,
    ...f.ops.slice(0, f.index + 1).map((op, i) => `  ${String(i + 1).padStart(3)}. ${opText(op)}`),
    ...f.problems.map((p) => `  -> ${p}`),
  ].join('\n');
