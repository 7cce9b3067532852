// The reference model of a pack's lifecycle, written from issue 25's semantics and DESIGN section 4
// alone (it imports nothing of the product): a few codes, the cartons they are packed in, the
// dispatches that move them, and the flags that cut across (recall, expiry). `apply` says what the
// product must answer to an operation and changes the model as the product must change itself.
import { CODES, homeBatch, refKey, type Batch, type CartonRef, type Op, type Party, type SiteName } from './ops.js';

export const MFG = '2026-01-10';
export const FUTURE = '2028-01-10';
export const PAST = '2026-02-01';
export const RANGE_REASON = 'Torn label';
export const CARTON_REASON = 'Crushed in the yard';
export const RECALL_REASON = 'Contaminated lot';
/** Points the farmers' scheme pays for one pack. */
export const POINTS = 10;

export interface CodeM {
  mapping: number | null;
  /** A de-mapping once covered it. */
  demapped: boolean;
  damaged: string | null;
  replaced: boolean;
  /** It took another code's place (it cannot do so twice). */
  isNew: boolean;
  /** Its SID's key, when packed. */
  sid: string | null;
  /** Its first paying verification happened (a pack pays once). */
  paid: boolean;
}
export interface MappingM {
  id: number;
  from: number;
  to: number;
  batch: Batch;
  exp: string;
}
export type Place = { k: 'site'; s: SiteName } | { k: 'transit'; did: string } | { k: 'dealer' } | { k: 'missing' };
/** `own`: damaged by a Damage Carton of its own (not only with its TID); `swaps`: packs replaced in it. */
export interface SidM {
  ref: CartonRef;
  packs: number[];
  tid: string | null;
  place: Place;
  damaged: boolean;
  own: boolean;
  swaps: Array<[number, number]>;
}
export interface TidM {
  ref: CartonRef;
  sids: string[];
  place: Place;
  damaged: boolean;
  own: boolean;
}
export type LegState = 'sent' | 'received' | 'missing' | 'returned';
/** A dispatch: each leg's state, its packs when sent, the legs that were received (also if taken
 *  back since) and those taken back from transit. */
export interface DidM {
  key: string;
  from: SiteName;
  to: Party;
  legs: Map<string, LegState>;
  order: CartonRef[];
  packs: Map<string, number>;
  received: Set<string>;
  transit: Set<string>;
}

export type VerifyWhy = 'unmapped' | 'demapped' | 'replaced' | 'damaged' | 'recalled';
export interface VerifyExpect {
  code: '200' | '-1' | '-3';
  why?: VerifyWhy;
  reason?: string;
  pays?: boolean;
  expired?: boolean;
}

/** What the product must answer. `flag`: the refusal is the recall's or the expiry's (its text is checked). */
export interface Expect {
  ok: boolean;
  flag?:
    | { kind: 'recalled'; reason: string; single: boolean; carton?: CartonRef }
    | { kind: 'expired'; single: boolean; carton?: CartonRef };
  verify?: VerifyExpect;
  /** The op replays a key already answered: the answer must be the first one. */
  replayOf?: number;
  /** Refused for what a floor device cannot see when it checks the scans (a slip or DID used before,
   *  a dispatch to its own site, which the Send To list never offers): its check is not compared. */
  blind?: true;
  /** Refused for what a floor device with a fresh cache could know but does not check (a known gap of the
   *  product, see DEVICE_GAPS): its check is compared only when LIFECYCLE_GAPS asks for it. */
  gap?: DeviceGap;
  /** What the op touched, for the read checks after it. */
  touched: Touched;
}
/** The device's Replace screen lets this through for the server to refuse: a pack whose SID is at
 *  another site (the cache lists only my site's cartons, and a SID it does not list is left to the
 *  server). */
export const DEVICE_GAPS = ['replace-elsewhere'] as const;
export type DeviceGap = (typeof DEVICE_GAPS)[number];
/** LIFECYCLE_GAPS=1: hold the device to the model on its known gaps too (DEVICE_GAPS). */
export const GAPS = Boolean(process.env.LIFECYCLE_GAPS);

export interface Touched {
  cartons: CartonRef[];
  dids: string[];
  batches: Batch[];
}

const none = (): Touched => ({ cartons: [], dids: [], batches: [] });
export const didKey = (s: SiteName, n: number) => `DID${s}${n}`;

export class Model {
  readonly codes: CodeM[] = Array.from({ length: CODES }, () => ({
    mapping: null,
    demapped: false,
    damaged: null,
    replaced: false,
    isNew: false,
    sid: null,
    paid: false,
  }));
  readonly mappings = new Map<number, MappingM>();
  readonly sids = new Map<string, SidM>();
  readonly tids = new Map<string, TidM>();
  readonly dids = new Map<string, DidM>();
  /** Each carton's latest leg. */
  readonly lastLeg = new Map<string, string>();
  readonly recalled: Record<Batch, string | null> = { A: null, B: null };
  readonly keys = new Set<number>();
  balance = 0;
  pending = false;
  /** Numbers de-mapped so far (each de-mapping's count, as the dashboard adds them up). */
  demappedNumbers = 0;
  private nextMapping = 1;

  // --- what a pack and a carton are now ---

  mappingOf(i: number): MappingM | null {
    const m = this.codes[i]!.mapping;
    return m === null ? null : this.mappings.get(m)!;
  }
  batchOf(i: number): Batch | null {
    return this.mappingOf(i)?.batch ?? null;
  }
  isExpired(i: number): boolean {
    return this.mappingOf(i)?.exp === PAST;
  }
  sidsOf(ref: CartonRef): SidM[] {
    if (ref.t === 'SID') {
      const s = this.sids.get(refKey(ref));
      return s ? [s] : [];
    }
    return (this.tids.get(refKey(ref))?.sids ?? []).map((k) => this.sids.get(k)!);
  }
  packsOf(ref: CartonRef): number[] {
    return this.sidsOf(ref).flatMap((s) => s.packs);
  }
  /** The recall reason of the first recalled batch a carton holds. */
  cartonRecall(ref: CartonRef): string | null {
    for (const p of this.packsOf(ref)) {
      const b = this.batchOf(p);
      if (b && this.recalled[b]) return this.recalled[b];
    }
    return null;
  }
  cartonExpired(ref: CartonRef): boolean {
    return this.packsOf(ref).some((p) => this.isExpired(p));
  }
  /** The carton a SID travels with: its TID when it is in one. */
  outer(s: SidM): SidM | TidM {
    return s.tid ? this.tids.get(s.tid)! : s;
  }
  carton(ref: CartonRef): SidM | TidM | undefined {
    return ref.t === 'SID' ? this.sids.get(refKey(ref)) : this.tids.get(refKey(ref));
  }
  isDamaged(i: number): string | null {
    const c = this.codes[i]!;
    if (c.damaged) return c.damaged;
    if (c.sid && this.sids.get(c.sid)!.damaged) return CARTON_REASON;
    return null;
  }

  // --- the operations ---

  apply(op: Op): Expect {
    if (op.k === 'again') {
      if (this.keys.has(op.op.key)) return { ok: true, replayOf: op.op.key, touched: none() };
      return this.apply(op.op);
    }
    if ('key' in op) this.keys.add(op.key);
    switch (op.k) {
      case 'map':
        return this.map(op.from, op.to);
      case 'packSid':
        return this.packSid(op.site, op.codes, { t: 'SID', n: op.sid, s: op.site });
      case 'packTid':
        return this.packTid(op.site, op.sids, { t: 'TID', n: op.tid, s: op.site });
      case 'replace':
        return this.replace(op.site, op.old, op.now);
      case 'dispatch':
        return this.dispatch(op.site, op.to, op.cartons, didKey(op.site, op.did));
      case 'receive':
        return this.receive(op.by, didKey(op.from, op.did), op.arrived);
      case 'return':
        return this.takeBack(op.site, op.carton, op.transit);
      case 'damageRange':
        return this.damageRange(op.from, op.to);
      case 'damageCarton':
        return this.damageCarton(op.site, op.carton);
      case 'demap':
        return this.demap(op.from, op.to);
      case 'recall':
        return this.recall(op.batch);
      case 'expiry':
        return this.expiry(op.code, op.past);
      case 'verify':
        return { ok: true, verify: this.verify(op.code, op.details), touched: none() };
      case 'redeem':
        return this.redeem(op.points);
    }
  }

  private map(from: number, to: number): Expect {
    const range = this.span(from, to);
    if (range.some((i) => this.codes[i]!.mapping !== null)) return { ok: false, touched: none() };
    const m: MappingM = { id: this.nextMapping++, from, to, batch: homeBatch(from), exp: FUTURE };
    this.mappings.set(m.id, m);
    for (const i of range) this.codes[i]!.mapping = m.id;
    return { ok: true, touched: { cartons: [], dids: [], batches: [m.batch] } };
  }

  private span(from: number, to: number): number[] {
    return Array.from({ length: to - from + 1 }, (_, k) => from + k);
  }

  /** Packing is commercial: a recalled batch may not be packed; a damaged, retired or packed code never. */
  private packSid(site: SiteName, codes: number[], ref: CartonRef): Expect {
    const key = refKey(ref);
    if (this.sids.has(key)) return { ok: false, blind: true, touched: none() };
    let faults = 0;
    let recall: string | null = null;
    for (const i of codes) {
      const c = this.codes[i]!;
      if (c.mapping === null || c.damaged || c.replaced) {
        faults++;
        continue;
      }
      const b = this.batchOf(i)!;
      if (this.recalled[b]) {
        faults++;
        recall = this.recalled[b];
        continue;
      }
      if (c.sid !== null) faults++;
    }
    if (faults > 0) {
      return {
        ok: false,
        ...(recall
          ? { flag: { kind: 'recalled' as const, reason: recall, single: faults === 1 && codes.length === 1 } }
          : {}),
        touched: none(),
      };
    }
    this.sids.set(key, {
      ref,
      packs: [...codes],
      tid: null,
      place: { k: 'site', s: site },
      damaged: false,
      own: false,
      swaps: [],
    });
    for (const i of codes) this.codes[i]!.sid = key;
    return { ok: true, touched: { cartons: [ref], dids: [], batches: this.batchesOf(codes) } };
  }

  private batchesOf(codes: number[]): Batch[] {
    return [...new Set(codes.map((i) => this.batchOf(i)).filter((b): b is Batch => b !== null))];
  }

  private atSite(c: SidM | TidM, site: SiteName): boolean {
    return c.place.k === 'site' && c.place.s === site;
  }

  private packTid(site: SiteName, sids: CartonRef[], ref: CartonRef): Expect {
    const key = refKey(ref);
    if (this.tids.has(key)) return { ok: false, blind: true, touched: none() };
    let faults = 0;
    let recall: string | null = null;
    for (const r of sids) {
      const s = this.sids.get(refKey(r));
      if (!s || s.tid || s.damaged || !this.atSite(s, site)) {
        faults++;
        continue;
      }
      const why = this.cartonRecall(r);
      if (why) {
        faults++;
        recall = why;
      }
    }
    if (faults > 0)
      return {
        ok: false,
        ...(recall ? { flag: { kind: 'recalled' as const, reason: recall, single: sids.length === 1 } } : {}),
        touched: none(),
      };
    this.tids.set(key, { ref, sids: sids.map(refKey), place: { k: 'site', s: site }, damaged: false, own: false });
    for (const r of sids) this.sids.get(refKey(r))!.tid = key;
    return { ok: true, touched: { cartons: [ref, ...sids], dids: [], batches: this.batchesOf(this.packsOf(ref)) } };
  }

  /** Replace swaps a pack out of its carton (at the caller's site) for a loose code of the same batch and expiry. */
  private replace(site: SiteName, old: number, now: number): Expect {
    const o = this.codes[old]!;
    const n = this.codes[now]!;
    const elsewhere = o.sid !== null && !this.atSite(this.outer(this.sids.get(o.sid)!), site);
    const gap: DeviceGap | undefined = elsewhere ? 'replace-elsewhere' : undefined;
    const refused: Expect = { ok: false, ...(gap ? { gap } : {}), touched: none() };
    if (o.mapping === null || o.replaced || this.isDamaged(old)) return refused;
    if (o.sid) {
      const s = this.sids.get(o.sid)!;
      if (s.damaged || !this.atSite(this.outer(s), site)) return refused;
    }
    if (old === now || n.mapping === null || n.replaced || n.damaged || n.sid !== null || n.isNew) return refused;
    const mo = this.mappingOf(old)!;
    const mn = this.mappingOf(now)!;
    if (mo.batch !== mn.batch || mo.exp !== mn.exp) return refused;
    o.replaced = true;
    n.isNew = true;
    const touched = none();
    if (o.sid) {
      const s = this.sids.get(o.sid)!;
      s.packs = s.packs.map((p) => (p === old ? now : p));
      s.swaps.push([old, now]);
      n.sid = o.sid;
      o.sid = null;
      touched.cartons.push(s.ref);
    }
    touched.batches.push(mo.batch);
    return { ok: true, touched };
  }

  /** Dispatch is commercial: recalled stock goes only back to a factory, expired stock never to a dealer. */
  private dispatch(site: SiteName, to: Party, cartons: CartonRef[], did: string): Expect {
    const refused: Expect = { ok: false, touched: none() };
    if (to === site || this.dids.has(did)) return { ...refused, blind: true };
    let faults = 0;
    let flag: Expect['flag'];
    for (const r of cartons) {
      const c = this.carton(r);
      if (!c || (r.t === 'SID' && (c as SidM).tid) || !this.atSite(c, site) || c.damaged) {
        faults++;
        continue;
      }
      const recall = this.cartonRecall(r);
      if (recall && to !== 'F') {
        faults++;
        flag = { kind: 'recalled', reason: recall, single: cartons.length === 1, carton: r };
        continue;
      }
      if (to === 'D' && this.cartonExpired(r)) {
        faults++;
        flag = { kind: 'expired', single: cartons.length === 1, carton: r };
      }
    }
    if (faults > 0) return { ...refused, ...(faults === 1 && flag ? { flag } : {}) };
    const d: DidM = {
      key: did,
      from: site,
      to,
      legs: new Map(cartons.map((r) => [refKey(r), 'sent' as const])),
      order: cartons,
      packs: new Map(cartons.map((r) => [refKey(r), this.packsOf(r).length])),
      received: new Set(),
      transit: new Set(),
    };
    this.dids.set(did, d);
    for (const r of cartons) {
      this.carton(r)!.place = { k: 'transit', did };
      this.lastLeg.set(refKey(r), did);
    }
    return {
      ok: true,
      touched: {
        cartons: this.withInside(cartons),
        dids: [did],
        batches: this.batchesOf(cartons.flatMap((r) => this.packsOf(r))),
      },
    };
  }

  private withInside(cartons: CartonRef[]): CartonRef[] {
    return [...cartons, ...cartons.filter((r) => r.t === 'TID').flatMap((r) => this.sidsOf(r).map((s) => s.ref))];
  }

  /** A receipt is a physical fact: goods on the way arrive whatever their flags; what is not scanned is missing. */
  private receive(by: Party, did: string, arrived: CartonRef[] | null): Expect {
    const refused: Expect = { ok: false, touched: none() };
    const d = this.dids.get(did);
    if (!d || d.to !== by) return refused;
    const open = [...d.legs].filter(([, s]) => s === 'sent').map(([k]) => k);
    if (open.length === 0) return refused;
    const came = arrived ? arrived.map(refKey) : open;
    if (came.some((k) => d.legs.get(k) !== 'sent')) return refused;
    const cartons = d.order.filter((r) => open.includes(refKey(r)));
    for (const r of cartons) {
      const got = came.includes(refKey(r));
      d.legs.set(refKey(r), got ? 'received' : 'missing');
      if (got) d.received.add(refKey(r));
      this.carton(r)!.place = !got ? { k: 'missing' } : by === 'D' ? { k: 'dealer' } : { k: 'site', s: by };
    }
    return {
      ok: true,
      touched: {
        cartons: this.withInside(cartons),
        dids: [did],
        batches: this.batchesOf(cartons.flatMap((r) => this.packsOf(r))),
      },
    };
  }

  /** A return is a physical fact: the sender of the carton's latest leg takes it back, from transit or after receipt. */
  private takeBack(site: SiteName, ref: CartonRef, transit: boolean): Expect {
    const refused: Expect = { ok: false, touched: none() };
    const c = this.carton(ref);
    if (!c || (ref.t === 'SID' && (c as SidM).tid) || c.damaged) return refused;
    const did = this.lastLeg.get(refKey(ref));
    const d = did ? this.dids.get(did) : undefined;
    if (!d || d.from !== site) return refused;
    const leg = d.legs.get(refKey(ref));
    if (transit ? leg !== 'sent' : leg !== 'received') return refused;
    if (!transit) {
      const there = d.to === 'D' ? c.place.k === 'dealer' : this.atSite(c, d.to as SiteName);
      if (!there) return refused;
    }
    d.legs.set(refKey(ref), 'returned');
    if (transit) d.transit.add(refKey(ref));
    c.place = { k: 'site', s: site };
    return {
      ok: true,
      touched: { cartons: this.withInside([ref]), dids: [d.key], batches: this.batchesOf(this.packsOf(ref)) },
    };
  }

  /** A range damage is a physical fact (recalled stock too); packed, damaged and retired numbers are refused. */
  private damageRange(from: number, to: number): Expect {
    const m = this.mappingOf(from);
    const range = this.span(from, to);
    if (!m || to > m.to) return { ok: false, touched: none() };
    if (range.some((i) => this.codes[i]!.sid !== null || this.codes[i]!.damaged || this.codes[i]!.replaced))
      return { ok: false, touched: none() };
    for (const i of range) this.codes[i]!.damaged = RANGE_REASON;
    return { ok: true, touched: { cartons: [], dids: [], batches: [m.batch] } };
  }

  private damageCarton(site: SiteName, ref: CartonRef): Expect {
    const c = this.carton(ref);
    if (!c || c.damaged) return { ok: false, touched: none() };
    const holder = ref.t === 'SID' ? this.outer(c as SidM) : c;
    if (!this.atSite(holder, site)) return { ok: false, touched: none() };
    c.damaged = true;
    c.own = true;
    for (const s of this.sidsOf(ref)) s.damaged = true;
    return {
      ok: true,
      touched: { cartons: this.withInside([ref]), dids: [], batches: this.batchesOf(this.packsOf(ref)) },
    };
  }

  /** De-mapping cuts a sub-range out of one mapping (as the spec writes it, never starting at the
   *  mapping's last number); packed, damaged and retired numbers stay. */
  private demap(from: number, to: number): Expect {
    const m = this.mappingOf(from);
    const range = this.span(from, to);
    if (!m || from === m.to || to > m.to) return { ok: false, touched: none() };
    if (
      range.some((i) => {
        const c = this.codes[i]!;
        return c.sid !== null || c.damaged !== null || c.replaced;
      })
    )
      return { ok: false, touched: none() };
    this.mappings.delete(m.id);
    for (const [a, b] of [
      [m.from, from - 1],
      [to + 1, m.to],
    ] as const) {
      if (a > b) continue;
      const piece: MappingM = { ...m, id: this.nextMapping++, from: a, to: b };
      this.mappings.set(piece.id, piece);
      for (const k of this.span(a, b)) this.codes[k]!.mapping = piece.id;
    }
    for (const i of range) {
      this.codes[i]!.mapping = null;
      this.codes[i]!.demapped = true;
    }
    this.demappedNumbers += range.length;
    return { ok: true, touched: { cartons: [], dids: [], batches: [m.batch] } };
  }

  private recall(b: Batch): Expect {
    if (this.recalled[b] || !this.codes.some((c) => c.mapping !== null && this.mappings.get(c.mapping)!.batch === b))
      return { ok: false, touched: none() };
    this.recalled[b] = RECALL_REASON;
    return { ok: true, touched: { cartons: [], dids: [], batches: [b] } };
  }

  /** Only the expiry of a mapping changes; a past one is the expired flag, not bad input. */
  private expiry(i: number, past: boolean): Expect {
    const m = this.mappingOf(i);
    if (!m) return { ok: false, touched: none() };
    m.exp = past ? PAST : FUTURE;
    return { ok: true, touched: { cartons: [], dids: [], batches: [m.batch] } };
  }

  /** The public page: written-off codes answer '-1' with why; recalled '-1'; expired genuine but unpaid. */
  private verify(i: number, details: boolean): VerifyExpect {
    const c = this.codes[i]!;
    if (c.mapping === null) return { code: '-1', why: c.demapped ? 'demapped' : 'unmapped' };
    if (c.replaced) return { code: '-1', why: 'replaced' };
    const damaged = this.isDamaged(i);
    if (damaged) return { code: '-1', why: 'damaged', reason: damaged };
    const b = this.batchOf(i)!;
    if (this.recalled[b]) return { code: '-1', why: 'recalled', reason: this.recalled[b] };
    if (this.isExpired(i)) return { code: '200', pays: false, expired: true };
    if (c.paid) return { code: '200', pays: false };
    if (!details) return { code: '-3' };
    c.paid = true;
    this.balance += POINTS;
    return { code: '200', pays: true };
  }

  private redeem(points: number): Expect {
    if (this.pending || points > this.balance || !this.codes.some((c) => c.paid)) return { ok: false, touched: none() };
    this.balance -= points;
    this.pending = true;
    return { ok: true, touched: none() };
  }
}
