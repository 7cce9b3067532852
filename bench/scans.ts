// The random sample of scans a packing line or a farmer's phone would send, with the answer each must
// get: mostly mapped codes of either series (about 1% of them damaged), and 1% each of forged codes,
// genuine but unmapped codes, and preprinted codes paired with a static one.
import { codeUrl, CROCKFORD, type Series } from '../src/shared/codes.js';
import type { CodeMac } from '../src/server/domain/code-mac.js';
import { FACTORY_PREFIXES, prng, seriesKey, type Plan, type PlannedRange } from './data.js';

export interface Expected {
  state: 'forged' | 'unmapped' | 'mapped' | 'damaged';
  /** The range the code must resolve to (for a paired code: the static one's). */
  range?: PlannedRange;
  /** The serial it must resolve to. */
  serial?: number;
}

export interface Sample {
  scans: string[];
  expected: Expected[];
}

/** The planned range holding serial n of a series (ranges of a series are in ascending order). */
function rangeOf(bySeries: Map<string, PlannedRange[]>, series: Series, n: number): PlannedRange | undefined {
  const list = bySeries.get(seriesKey(series)) ?? [];
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = list[mid]!;
    if (n < r.fromNo) hi = mid - 1;
    else if (n > r.toNo) lo = mid + 1;
    else return r;
  }
  return undefined;
}

const inDamage = (r: PlannedRange, n: number) => r.damaged !== null && n >= r.damaged.fromNo && n <= r.damaged.toNo;

export function makeSample(plan: Plan, codes: CodeMac, baseUrl: string, count: number, seed: number): Sample {
  const rand = prng(seed);
  const bySeries = new Map<string, PlannedRange[]>();
  for (const r of plan.ranges) {
    const k = seriesKey(r.series);
    if (!bySeries.has(k)) bySeries.set(k, []);
    bySeries.get(k)!.push(r);
  }
  const allSeries = (
    [{ kind: 'P', prefix: '' }, ...FACTORY_PREFIXES.map((prefix) => ({ kind: 'S', prefix }))] as Series[]
  ).filter((s) => (plan.ends.get(seriesKey(s)) ?? 0) > 0);
  const total = allSeries.reduce((sum, s) => sum + plan.ends.get(seriesKey(s))!, 0);
  const pick = (): [Series, number] => {
    let x = Math.floor(rand() * total);
    for (const s of allSeries) {
      const end = plan.ends.get(seriesKey(s))!;
      if (x < end) return [s, x + 1];
      x -= end;
    }
    throw new Error('unreachable');
  };
  const pEnd = plan.ends.get('P') ?? 0;
  const scans: string[] = [];
  const expected: Expected[] = [];
  for (let i = 0; i < count; i++) {
    const r = rand();
    if (r < 0.01) {
      // A genuine code with one MAC character changed: the MAC no longer matches.
      const [s, n] = pick();
      const uid = codes.make(s, n);
      const last = uid[uid.length - 1]!;
      const other = CROCKFORD[(CROCKFORD.indexOf(last) + 1 + Math.floor(rand() * 31)) % 32]!;
      scans.push(codeUrl(baseUrl, uid.slice(0, -1) + other));
      expected.push({ state: 'forged' });
    } else if (r < 0.02) {
      const [s] = pick();
      const n = plan.ends.get(seriesKey(s))! + (s.kind === 'P' ? plan.pairs : 0) + 1 + Math.floor(rand() * 1000);
      scans.push(codeUrl(baseUrl, codes.make(s, n)));
      expected.push({ state: 'unmapped' });
    } else if (r < 0.03 && plan.pairs > 0) {
      const k = Math.floor(rand() * plan.pairs);
      const staticSeries: Series = { kind: 'S', prefix: FACTORY_PREFIXES[0] };
      const target = rangeOf(bySeries, staticSeries, k + 1)!;
      scans.push(codeUrl(baseUrl, codes.make({ kind: 'P', prefix: '' }, pEnd + 1 + k)));
      expected.push({ state: inDamage(target, k + 1) ? 'damaged' : 'mapped', range: target, serial: k + 1 });
    } else {
      const [s, n] = pick();
      const target = rangeOf(bySeries, s, n)!;
      scans.push(codeUrl(baseUrl, codes.make(s, n)));
      expected.push({ state: inDamage(target, n) ? 'damaged' : 'mapped', range: target, serial: n });
    }
  }
  return { scans, expected };
}
