// `npx tsx bench/profile-window.ts PROFILE.cpuprofile [FROM_US TO_US] [--callers NAME]`: where a
// server's CPU went, from a `--cpu-prof` profile (BENCH_SERVER_NODE_ARGS of floor-drain-server.ts),
// optionally cut to one phase of a bench by its `[mark start|end µs]` lines (the monotonic clock the
// profile's samples are on). Prints self time by package or source file and by function; with
// --callers, the call chains that lead to one function (e.g. writev).
import { readFileSync } from 'node:fs';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface Node {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, from, to] = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && all[i - 1] !== '--callers');
const callersOf = process.argv.includes('--callers') ? process.argv[process.argv.indexOf('--callers') + 1] : null;
const p = JSON.parse(readFileSync(file!, 'utf8')) as Profile;
const lo = from ? Number(from) : -Infinity;
const hi = to ? Number(to) : Infinity;

const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfUs = new Map<number, number>();
let t = p.startTime;
let total = 0;
p.samples.forEach((id, i) => {
  const d = p.timeDeltas[i] ?? 0;
  t += d;
  if (t < lo || t > hi) return;
  selfUs.set(id, (selfUs.get(id) ?? 0) + d);
  total += d;
});

const short = (url: string) =>
  url.replace(/.*node_modules\//, 'nm/').replace(/^file:\/\/.*?\/(src|bench|tests)\//, '$1/');
const where = (f: Frame) => {
  const u = short(f.url);
  const pkg = /^nm\/((?:@[^/]+\/)?[^/]+)/.exec(u);
  return pkg ? pkg[1]! : u || f.functionName;
};
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');

console.log(`${(total / 1000).toFixed(0)} ms sampled${from ? ` from ${from} to ${to}` : ''}`);
if (callersOf) {
  const chains = new Map<string, number>();
  for (const [id, us] of selfUs) {
    if (byId.get(id)!.callFrame.functionName !== callersOf) continue;
    const chain: string[] = [];
    for (let up = parent.get(id), i = 0; up !== undefined && i < 8; up = parent.get(up), i++) {
      const f = byId.get(up)!.callFrame;
      chain.push(`${f.functionName || '(anon)'}@${short(f.url).split('/').pop()}:${f.lineNumber}`);
    }
    add(chains, chain.join(' < '), us);
  }
  console.log(top(chains, 12));
} else {
  const byWhere = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const f = byId.get(id)!.callFrame;
    add(byWhere, where(f), us);
    add(byFn, `${f.functionName || '(anon)'} ${short(f.url)}:${f.lineNumber}`, us);
  }
  console.log(top(byWhere, 25));
  console.log('---');
  console.log(top(byFn, 30));
}
