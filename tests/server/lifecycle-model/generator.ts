// A seeded generator of operation sequences: mostly moves the model says may succeed, some that must
// be refused, replays of earlier keys and duplicates of earlier saves. Same seed, same sequence.
import type { Model, SidM, TidM } from './model.js';
import {
  AREAS,
  CODES,
  areaOf,
  refKey,
  type Area,
  type CartonRef,
  type KeyedOp,
  type Op,
  type Party,
  type SiteName,
} from './ops.js';

export { mulberry32 } from '../../helpers/mulberry32.js';

/** Areas left out of the generator (LIFECYCLE_OFF=expiry,redeem). */
export function areasOff(text = process.env.LIFECYCLE_OFF ?? ''): Set<Area> {
  const off = new Set<Area>();
  for (const a of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(AREAS as readonly string[]).includes(a))
      throw new Error(`LIFECYCLE_OFF: unknown area ${a} (areas: ${AREAS.join(', ')})`);
    off.add(a as Area);
  }
  return off;
}

const WEIGHTS: Array<[Op['k'] | 'dup', number]> = [
  ['map', 4],
  ['packSid', 14],
  ['packTid', 8],
  ['replace', 5],
  ['dispatch', 12],
  ['receive', 10],
  ['return', 8],
  ['damageRange', 3],
  ['damageCarton', 3],
  ['demap', 3],
  ['recall', 1],
  ['expiry', 3],
  ['verify', 14],
  ['redeem', 2],
  ['again', 5],
  ['dup', 3],
];

export class Generator {
  private sid = 0;
  private tid = 0;
  private did = 0;
  private key = 0;
  private recent: KeyedOp[] = [];
  private drawn = 0;

  constructor(
    private readonly rnd: () => number,
    private readonly off: Set<Area>,
  ) {}

  private chance(p: number) {
    return this.rnd() < p;
  }
  private int(n: number) {
    return Math.floor(this.rnd() * n);
  }
  private pick<T>(xs: readonly T[]): T | undefined {
    return xs.length ? xs[this.int(xs.length)] : undefined;
  }
  private some<T>(xs: readonly T[], max: number): T[] {
    const pool = [...xs];
    const out: T[] = [];
    const n = 1 + this.int(max);
    while (out.length < n && pool.length) out.push(pool.splice(this.int(pool.length), 1)[0]!);
    return out;
  }
  private site(): SiteName {
    return this.chance(0.6) ? 'F' : 'W';
  }
  private keyed(): { key: number; via: 'api' | 'push' } {
    return { key: ++this.key, via: !this.off.has('push') && this.chance(0.3) ? 'push' : 'api' };
  }

  next(m: Model): Op {
    this.drawn++;
    for (;;) {
      const op = this.draw(m);
      if (op && !this.off.has(areaOf(op)) && !(op.k === 'again' && this.off.has(areaOf(op.op)))) {
        if ('key' in op) this.recent = [...this.recent.slice(-7), op];
        return op;
      }
    }
  }

  private draw(m: Model): Op | undefined {
    const total = WEIGHTS.reduce((n, [, w]) => n + w, 0);
    let r = this.rnd() * total;
    const [kind] = WEIGHTS.find(([, w]) => (r -= w) < 0) ?? WEIGHTS[0]!;
    const codes = Array.from({ length: CODES }, (_, i) => i);
    const mapped = codes.filter((i) => m.codes[i]!.mapping !== null);
    const loose = mapped.filter((i) => {
      const c = m.codes[i]!;
      return c.sid === null && !c.damaged && !c.replaced;
    });
    const sids = [...m.sids.values()];
    const tops: Array<SidM | TidM> = [...sids.filter((s) => !s.tid), ...m.tids.values()];
    const placeOf = (c: SidM | TidM): SiteName | null => (c.place.k === 'site' ? c.place.s : null);
    switch (kind) {
      case 'map': {
        const free = codes.filter((i) => m.codes[i]!.mapping === null);
        const from = this.chance(0.8) ? this.pick(free) : this.int(CODES);
        if (from === undefined) return undefined;
        const half = from < CODES / 2 ? CODES / 2 - 1 : CODES - 1;
        let to = from;
        while (to < half && m.codes[to + 1]!.mapping === null && this.chance(0.8)) to++;
        return { k: 'map', from, to };
      }
      case 'packSid': {
        const site = this.site();
        const pool = this.chance(0.85) && loose.length ? loose : codes;
        return { k: 'packSid', site, codes: this.some(pool, 2), sid: ++this.sid, ...this.keyed() };
      }
      case 'packTid': {
        const site = this.site();
        const here = sids.filter((s) => !s.tid && !s.damaged && placeOf(s) === site);
        const pool = this.chance(0.85) && here.length ? here : sids;
        if (!pool.length) return undefined;
        return { k: 'packTid', site, sids: this.some(pool, 2).map((s) => s.ref), tid: ++this.tid, ...this.keyed() };
      }
      case 'replace': {
        const packed = codes.filter((i) => m.codes[i]!.sid !== null);
        const old = this.chance(0.7) && packed.length ? this.pick(packed)! : this.int(CODES);
        const b = m.batchOf(old);
        const same = loose.filter((i) => i !== old && m.batchOf(i) === b && !m.codes[i]!.isNew);
        const now = this.chance(0.8) && same.length ? this.pick(same)! : this.int(CODES);
        const sid = m.codes[old]!.sid;
        const at = sid ? placeOf(m.outer(m.sids.get(sid)!)) : null;
        return { k: 'replace', site: at && this.chance(0.9) ? at : this.site(), old, now, ...this.keyed() };
      }
      case 'dispatch': {
        const atSites = tops.filter((c) => placeOf(c) !== null && !c.damaged);
        const first = this.chance(0.9) ? this.pick(atSites) : this.pick(tops);
        const site = (first && placeOf(first)) ?? this.site();
        const pool = atSites.filter((c) => placeOf(c) === site);
        const cartons = (this.chance(0.85) && pool.length ? this.some(pool, 2) : this.some(tops, 2)).map((c) => c.ref);
        if (!cartons.length) return undefined;
        const others: Party[] = (['F', 'W', 'D'] as const).filter((p) => p !== site);
        const to: Party = this.chance(0.05) ? site : this.pick(others)!;
        return { k: 'dispatch', site, to, cartons, did: ++this.did, ...this.keyed() };
      }
      case 'receive': {
        const all = [...m.dids.values()];
        const open = all.filter((d) => [...d.legs.values()].includes('sent'));
        const d = this.chance(0.85) && open.length ? this.pick(open) : this.pick(all);
        if (!d) return undefined;
        const by: Party = this.chance(0.9) ? d.to : this.pick(['F', 'W', 'D'] as const)!;
        const sent = d.order.filter((r) => d.legs.get(refKey(r)) === 'sent');
        const arrived =
          this.chance(0.7) || !sent.length
            ? null
            : this.chance(0.9)
              ? this.some(sent, sent.length)
              : this.some(d.order, d.order.length);
        const n = Number(d.key.slice(4));
        return { k: 'receive', by, did: n, from: d.from, arrived, ...this.keyed() };
      }
      case 'return': {
        const legged = tops.filter((c) => m.lastLeg.has(refKey(c.ref)));
        const c = this.chance(0.85) && legged.length ? this.pick(legged) : this.pick(tops);
        if (!c) return undefined;
        const did = m.lastLeg.get(refKey(c.ref));
        const d = did ? m.dids.get(did) : undefined;
        const transit = d && this.chance(0.9) ? d.legs.get(refKey(c.ref)) === 'sent' : this.chance(0.5);
        return {
          k: 'return',
          site: d && this.chance(0.9) ? d.from : this.site(),
          carton: c.ref,
          transit,
          ...this.keyed(),
        };
      }
      case 'damageRange': {
        const from = this.chance(0.8) && loose.length ? this.pick(loose)! : this.int(CODES);
        const mp = m.mappingOf(from);
        const to = mp && from < mp.to && this.chance(0.3) ? from + 1 : from;
        return { k: 'damageRange', from, to };
      }
      case 'damageCarton': {
        const c = this.pick(tops);
        if (!c) return undefined;
        const at = placeOf(c);
        return { k: 'damageCarton', site: at && this.chance(0.85) ? at : this.site(), carton: c.ref, ...this.keyed() };
      }
      case 'demap': {
        const from = this.chance(0.8) && loose.length ? this.pick(loose)! : this.int(CODES);
        const to = this.chance(0.5) ? Math.min(CODES - 1, from + 1) : from;
        return { k: 'demap', from, to };
      }
      // Batch A is the one recalled, once cartons of it are about (again later: a recall of a recalled
      // batch is refused); batch B is the one whose expiry moves.
      case 'recall':
        return this.drawn > 40 ? { k: 'recall', batch: 'A' } : undefined;
      case 'expiry': {
        const ofB = mapped.filter((i) => m.batchOf(i) === 'B');
        return {
          k: 'expiry',
          code: this.chance(0.9) && ofB.length ? this.pick(ofB)! : this.int(CODES),
          past: this.chance(0.6),
        };
      }
      case 'verify':
        return {
          k: 'verify',
          code: this.chance(0.9) && mapped.length ? this.pick(mapped)! : this.int(CODES),
          details: this.chance(0.6),
        };
      case 'redeem':
        return m.balance > 0
          ? { k: 'redeem', points: this.chance(0.8) ? Math.min(5, m.balance) : m.balance + 5 }
          : undefined;
      case 'again': {
        const op = this.pick(this.recent);
        return op ? { k: 'again', op } : undefined;
      }
      case 'dup': {
        const op = this.pick(this.recent);
        return op ? { ...op, ...this.keyed() } : undefined;
      }
    }
    return undefined;
  }
}
