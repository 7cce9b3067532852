// `npx tsx bench/floor-scan-trace.ts [/tmp/floor-scan-trace.json]`: where each scan's time goes on the
// page's main thread, from floor-scan.bench.ts --trace (a Chromium trace with the probe's marks
// scan:enter, scan:dom, scan:raf, scan:paint). Per phase of a scan, the main thread's self time by
// kind of work (script, style, layout, paint...) and the time it was idle, mean and p95 over the scans.
import { readFileSync } from 'node:fs';
import { table } from './stats.js';

interface Ev {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  cat: string;
  args?: { name?: string; data?: { type?: string } };
}
const file = process.argv[2] ?? '/tmp/floor-scan-trace.json';
const raw = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: Ev[] } | Ev[];
const events = Array.isArray(raw) ? raw : raw.traceEvents;

const marks = events.filter((e) => e.cat.includes('blink.user_timing') && e.name.startsWith('scan:'));
if (marks.length === 0) throw new Error(`${file}: no scan:* marks (run the bench with --trace)`);
const { pid } = marks[0]!;
const mainTid = events.find(
  (e) => e.pid === pid && e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
)?.tid;
const onMain = events
  .filter((e) => e.pid === pid && e.tid === mainTid && e.ph === 'X' && e.dur !== undefined)
  .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);

/** Kinds of main-thread work, by trace event name; the rest is 'other' (the task's own overhead). */
const KIND: Array<[string, RegExp]> = [
  [
    'script (events, microtasks, timers, rAF)',
    /^(EventDispatch|FunctionCall|RunMicrotasks|TimerFire|FireAnimationFrame|v8\.|V8\.|EvaluateScript|XHR|FireIdleCallback|HandlePostMessage)/,
  ],
  ['style', /^(UpdateLayoutTree|RecalculateStyles|ScheduleStyleRecalculation|ParseAuthorStyleSheet)/],
  ['layout', /^(Layout|UpdateLayerTree|IntersectionObserverController|ComputeIntersections|HitTest)/],
  [
    'paint, layerize, commit',
    /^(PrePaint|Paint|Layerize|Commit|PaintImage|UpdateLayer|CompositeLayers|ProxyMain|BeginMainThreadFrame|Animation)/,
  ],
  ['garbage collection', /^(MinorGC|MajorGC|V8\.GC|BlinkGC|ThreadState)/],
];
const kindOf = (name: string) => KIND.find(([, re]) => re.test(name))?.[0] ?? 'other';

/** Self time of each event: its duration less its children's (events nest on one thread). */
const selfKind = new Map<Ev, string>();
const self = new Map<Ev, number>();
const stack: Ev[] = [];
for (const e of onMain) {
  while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
  self.set(e, e.dur!);
  const parent = stack.at(-1);
  if (parent) self.set(parent, self.get(parent)! - e.dur!);
  selfKind.set(e, kindOf(e.name) === 'other' && parent ? selfKind.get(parent)! : kindOf(e.name));
  stack.push(e);
}

/** Busy time by kind within [from, to] (an event's self time spread evenly over its span), and idle. */
function within(from: number, to: number): Map<string, number> {
  const out = new Map<string, number>();
  let busy = 0;
  for (const e of onMain) {
    if (e.ts >= to) break;
    const end = e.ts + e.dur!;
    if (end <= from) continue;
    const share = (Math.min(end, to) - Math.max(e.ts, from)) / Math.max(e.dur!, 1);
    const v = self.get(e)! * share;
    out.set(selfKind.get(e)!, (out.get(selfKind.get(e)!) ?? 0) + v);
    busy += v;
  }
  out.set('idle (waiting)', Math.max(0, to - from - busy));
  return out;
}

// The scans: each scan:enter with the dom, raf and paint marks after it.
const byName = (n: string) => marks.filter((m) => m.name === n).map((m) => m.ts);
const [enter, dom, raf, paint] = ['scan:enter', 'scan:dom', 'scan:raf', 'scan:paint'].map(byName) as [
  number[],
  number[],
  number[],
  number[],
];
const phases: Array<[string, (i: number) => [number, number]]> = [
  ['Enter to the row in the DOM', (i) => [enter[i]!, dom[i]!]],
  ['the row in the DOM to the next frame (rAF)', (i) => [dom[i]!, raf[i]!]],
  ['the frame: rAF to after its paint', (i) => [raf[i]!, paint[i]!]],
];
const n = Math.min(enter.length, dom.length, raf.length, paint.length);
const ms = (us: number) => (us / 1000).toFixed(2);
const p95 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.max(0, Math.ceil(0.95 * v.length) - 1)] ?? 0;
console.log(`${file}: ${n} scans; main thread ${mainTid} of renderer ${pid}; times in ms, mean / p95 over the scans`);
for (const [title, span] of phases) {
  const per = Array.from({ length: n }, (_, i) => within(...span(i)));
  const lengths = Array.from({ length: n }, (_, i) => span(i)[1] - span(i)[0]);
  const kinds = [...new Set(per.flatMap((m) => [...m.keys()]))];
  const rows = kinds
    .map((k) => {
      const v = per.map((m) => m.get(k) ?? 0);
      return [k, ms(v.reduce((a, b) => a + b, 0) / n), ms(p95(v))];
    })
    .sort((a, b) => Number(b[1]) - Number(a[1]));
  console.log(
    `\n${table([[`${title}: ${ms(lengths.reduce((a, b) => a + b, 0) / n)} / ${ms(p95(lengths))}`, 'mean', 'p95'], ...rows])}`,
  );
}
// The events that took the most self time over all scans' windows, by name.
const names = new Map<string, number>();
for (let i = 0; i < n; i++) {
  for (const e of onMain) {
    if (e.ts >= paint[i]!) break;
    if (e.ts + e.dur! <= enter[i]!) continue;
    names.set(e.name, (names.get(e.name) ?? 0) + self.get(e)!);
  }
}
console.log(
  `\n${table([
    ['main-thread events, Enter to painted, self time per scan', 'mean'],
    ...[...names]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 16)
      .map(([k, v]) => [k, ms(v / n)]),
  ])}`,
);
