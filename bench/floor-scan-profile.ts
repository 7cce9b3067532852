// `npx tsx bench/floor-scan-profile.ts [/tmp/floor-scan.cpuprofile]`: what the page's main thread did
// over floor-scan.bench.ts --profile's scans (a Chrome CPU profile): self time by script file and by
// function (the build is minified: names and positions are the bundle's), and inclusive time of the
// bundle's functions, so React's render and commit can be told from the app's own work.
import { readFileSync } from 'node:fs';
import { table } from './stats.js';

interface Node {
  id: number;
  callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
const file = process.argv[2] ?? '/tmp/floor-scan.cpuprofile';
const p = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const where = (n: Node) => {
  const f = n.callFrame;
  if (!f.url) return f.functionName || '(native)';
  return f.url.replace(/^https?:\/\/[^/]+\//, '').replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js');
};
const self = new Map<string, number>();
// React's view: component bodies (the functions renderWithHooks calls), its phases, and the app's scan path.
const components = new Map<string, number>();
const NAMED = [
  'performWorkOnRoot',
  'renderRootSync',
  'commitRoot',
  'checkPack',
  'codeFacts',
  'onScan',
  'writeDraft',
  'localWorkOf',
  'followOutbox',
];
const named = new Map<string, number>();
const fns = new Map<string, number>();
const incl = new Map<string, number>();
let total = 0;
p.samples.forEach((id, i) => {
  const us = p.timeDeltas[i] ?? 0;
  total += us;
  const n = byId.get(id)!;
  self.set(where(n), (self.get(where(n)) ?? 0) + us);
  const fk = `${n.callFrame.functionName || '(anon)'} ${where(n)}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`;
  fns.set(fk, (fns.get(fk) ?? 0) + us);
  const seen = new Set<string>();
  const seenC = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const a = byId.get(at)!;
    const f = a.callFrame.functionName;
    const up = parent.get(at);
    if (up !== undefined && byId.get(up)!.callFrame.functionName === 'renderWithHooks' && !seenC.has(`c:${f}`)) {
      seenC.add(`c:${f}`);
      components.set(f || '(anonymous)', (components.get(f || '(anonymous)') ?? 0) + us);
    }
    if (NAMED.includes(f) && !seenC.has(`n:${f}`)) {
      seenC.add(`n:${f}`);
      named.set(f, (named.get(f) ?? 0) + us);
    }
    if (!a.callFrame.url) continue;
    const k = `${a.callFrame.functionName || '(anon)'} ${where(a)}:${a.callFrame.lineNumber + 1}:${a.callFrame.columnNumber + 1}`;
    if (seen.has(k)) continue;
    seen.add(k);
    incl.set(k, (incl.get(k) ?? 0) + us);
  }
});
const ms = (us: number) => (us / 1000).toFixed(0);
const pc = (us: number) => `${((us / total) * 100).toFixed(1)}%`;
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log(
  table([
    ['self time by file', 'ms', 'share'],
    ...[...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14)
      .map(([k, v]) => [k, ms(v), pc(v)]),
  ]),
);
console.log(
  `\n${table([
    ['self time by function', 'ms', 'share'],
    ...[...fns]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([k, v]) => [k.slice(0, 100), ms(v), pc(v)]),
  ])}`,
);
console.log(
  `\n${table([
    ['inclusive time by function (app scripts)', 'ms', 'share'],
    ...[...incl]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 30)
      .map(([k, v]) => [k.slice(0, 100), ms(v), pc(v)]),
  ])}`,
);
console.log(
  `\n${table([['React and the scan path (inclusive; names need a build with --minify false)', 'ms', 'share'], ...NAMED.map((k) => [k, ms(named.get(k) ?? 0), pc(named.get(k) ?? 0)])])}`,
);
console.log(
  `\n${table([
    ['component bodies (called by renderWithHooks), inclusive', 'ms', 'share'],
    ...[...components]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([k, v]) => [k, ms(v), pc(v)]),
  ])}`,
);
