// The in-memory index over the floor caches, built once per refresh: per series, sorted Float64Arrays
// of range starts and ends, so a scan is a few binary searches (no IndexedDB read, no allocation
// beyond its answer), whatever the number of ranges. Pure: tests build it from pages directly.
import type {
  CacheCartonSize,
  CacheMasters,
  CachePart,
  CacheProduct,
  DamageSeries,
  MappingSeries,
  OpenCartons,
  OpenSecondary,
  OpenTertiary,
  PackedSeries,
  PairSeries,
} from '@shared/contracts/floor/cache.js';
import type { DispatchCache } from '@shared/contracts/floor/dispatch-cache.js';
import type { Packed } from './rows.js';
import { en } from '../words/en.js';

export type { CacheCartonSize as CartonSize, CacheProduct as Product, OpenSecondary, OpenTertiary };

export interface CodeFacts {
  /** 'unmapped' also for another company's codes; 'paired' codes are resolved to their static twin first. */
  state: 'unmapped' | 'mapped' | 'damaged' | 'packed' | 'replaced';
  /** The code as the server knows it (a preprinted code paired with a static one becomes the static one). */
  series: { kind: 'P' | 'S'; prefix: string };
  serial: number;
  mapping?: {
    MappingId: number;
    ProductId: number;
    ProductName: string;
    BatchNo: string;
    MFGDate: string;
    EXPDate: string;
  };
  /** For 'packed' (and a pack in a damaged carton): the SID it is in, as of the last refresh. For 'damaged': the reason. */
  sid?: string;
  reason?: string;
  /** For 'replaced' (retired by Replace, as of the last refresh): the code that took its place. */
  by?: string;
  /** Its batch is recalled (as of the last refresh): the recall's reason. */
  recalled?: string;
}

export interface FloorCache {
  codeFacts(kind: 'P' | 'S', prefix: string, serial: number): CodeFacts;
  /** A loose SID at my site. */
  openSecondary(sid: string): OpenSecondary | undefined;
  /** Every loose SID at my site, for the older-stock rule. */
  openSecondaries(): readonly OpenSecondary[];
  tertiaryAt(tid: string): OpenTertiary | undefined;
  /** Every tertiary carton at my site, for the older-stock rule of a dispatch. */
  openTertiaries(): readonly OpenTertiary[];
  /** The TID at my site a SID is packed in (undefined: loose, elsewhere, or a cache stored before). */
  tertiaryOf(sid: string): string | undefined;
  /** A SID at my site that is damaged (loose, or in a TID here). */
  damagedHere(sid: string): boolean;
  /** Whether a code (as printed under its QR) already took a retired code's place, as of the last refresh. */
  tookAPlace(shown: string): boolean;
  /** The recall's reason when this batch of the product is recalled. */
  recallOf(productId: number, batchNo: string): string | undefined;
  cartonSizes: readonly CacheCartonSize[];
  products: ReadonlyMap<number, CacheProduct>;
  mySite: { SiteId: number; Prefix: string; Name: string } | null;
  slipLast: { SID: number; TID: number; DID: number };
  /** Send-to targets, transport modes, the invoice header, incoming dispatches and cartons my site may
   *  take back (an empty one until loaded). */
  dispatch: DispatchCache;
  /** Per part, the server's time of its snapshot (ms since epoch); undefined until first loaded. */
  refreshedAt: Record<CachePart, number | undefined>;
}

/** What the index is built from: the parts as stored. */
export interface CacheContent {
  masters?: CacheMasters;
  open?: OpenCartons;
  dispatch?: DispatchCache;
  mappings: readonly Packed<MappingSeries>[];
  damages: readonly Packed<DamageSeries>[];
  pairs: readonly Packed<PairSeries>[];
  packed: readonly Packed<PackedSeries>[];
  refreshedAt: Partial<Record<CachePart, number>>;
}

/** A batch is recalled whatever the case it was typed in (the server compares it so too). */
const recallKey = (productId: number, batchNo: string) => `${productId}|${batchNo.toLowerCase()}`;

/** A damaged carton's packs answer as damaged with this reason. */
export const CARTON_DAMAGED = en.cartonDamaged;

interface Ranges {
  from: Float64Array;
  to: Float64Array;
  nums: Record<string, Float64Array>;
  texts: Record<string, string[]>;
}

/** The index of the range holding n, or -1. */
export function rangeIndex(from: Float64Array, to: Float64Array, n: number): number {
  let lo = 0;
  let hi = from.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (from[mid]! <= n) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return at >= 0 && to[at]! >= n ? at : -1;
}

const seriesKey = (kind: string, prefix: string) => (kind === 'S' ? `S${prefix.toUpperCase()}` : 'P');

/** Joins a part's series (spread over pages) into one sorted set of columns per series. */
function joinSeries(
  list: readonly Record<string, unknown>[],
  numCols: string[],
  textCols: string[],
): Map<string, Ranges> {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const s of list) {
    const key = seriesKey(s.Kind as string, s.Prefix as string);
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(s);
  }
  const out = new Map<string, Ranges>();
  for (const [key, parts] of groups) {
    // A series in one page (the usual case) is used as stored, without a copy.
    const cat = (col: string) => {
      const arrays = parts.map((p) => p[col] as Float64Array);
      if (arrays.length === 1) return arrays[0]!;
      const all = new Float64Array(arrays.reduce((n, a) => n + a.length, 0));
      let at = 0;
      for (const a of arrays) {
        all.set(a, at);
        at += a.length;
      }
      return all;
    };
    // A column a stored page lacks (cached before the server sent it) reads as '' for its ranges.
    const catTexts = (col: string) => {
      const arrays = parts.map(
        (p) => (p[col] as string[] | undefined) ?? new Array<string>((p.FromNo as ArrayLike<number>).length).fill(''),
      );
      return arrays.length === 1 ? arrays[0]! : ([] as string[]).concat(...arrays);
    };
    let r: Ranges = {
      from: cat('FromNo'),
      to: cat('ToNo'),
      nums: Object.fromEntries(numCols.map((c) => [c, cat(c)])),
      texts: Object.fromEntries(textCols.map((c) => [c, catTexts(c)])),
    };
    if (!sorted(r.from))
      r = reorder(
        r,
        [...r.from.keys()].sort((a, b) => r.from[a]! - r.from[b]!),
      );
    out.set(key, r);
  }
  return out;
}

function sorted(a: Float64Array): boolean {
  for (let i = 1; i < a.length; i++) if (a[i - 1]! > a[i]!) return false;
  return true;
}

function reorder(r: Ranges, order: number[]): Ranges {
  const nums = (a: Float64Array) => Float64Array.from(order, (i) => a[i]!);
  return {
    from: nums(r.from),
    to: nums(r.to),
    nums: Object.fromEntries(Object.entries(r.nums).map(([k, a]) => [k, nums(a)])),
    texts: Object.fromEntries(Object.entries(r.texts).map(([k, a]) => [k, order.map((i) => a[i]!)])),
  };
}

/** Runs of one SID cut by a page boundary come back as two touching runs: join them. */
function joinTouchingRuns(r: Ranges): Ranges {
  const { SID: sid, CartonState: st } = r.texts as { SID: string[]; CartonState: string[] };
  const keep: number[] = [];
  const to = Float64Array.from(r.to);
  for (let i = 0; i < r.from.length; i++) {
    const last = keep[keep.length - 1];
    if (last !== undefined && r.from[i] === to[last]! + 1 && sid[i] === sid[last] && st[i] === st[last])
      to[last] = r.to[i]!;
    else keep.push(i);
  }
  if (keep.length === r.from.length) return r;
  return reorder({ ...r, to }, keep);
}

export function buildFloorCache(c: CacheContent): FloorCache {
  const mappings = joinSeries(c.mappings, ['MappingId', 'ProductId'], ['BatchNo', 'MFGDate', 'EXPDate']);
  const damages = joinSeries(c.damages, [], ['Reason', 'By']);
  const packed = new Map(
    [...joinSeries(c.packed, [], ['SID', 'CartonState'])].map(([k, r]) => [k, joinTouchingRuns(r)]),
  );
  // Pairs are looked up by the preprinted serial: one sorted list over every prefix.
  const pairList = c.pairs
    .flatMap((s) =>
      [...s.FromNo.keys()].map((i) => ({
        p: s.PreprintedNo[i]!,
        len: s.ToNo[i]! - s.FromNo[i]!,
        s: s.FromNo[i]!,
        prefix: s.Prefix.toUpperCase(),
      })),
    )
    .sort((a, b) => a.p - b.p);
  const pairFrom = Float64Array.from(pairList, (x) => x.p);
  const pairTo = Float64Array.from(pairList, (x) => x.p + x.len);

  const products = new Map((c.masters?.Products ?? []).map((p) => [p.ProductId, p]));
  const recalled = new Map((c.masters?.Recalls ?? []).map((r) => [recallKey(r.ProductId, r.BatchNo), r.Reason]));
  const secondaries = c.open?.Secondary ?? [];
  const bySid = new Map(secondaries.map((s) => [s.SID.toUpperCase(), s]));
  const tertiaries = c.open?.Tertiary ?? [];
  const byTid = new Map(tertiaries.map((t) => [t.TID.toUpperCase(), t]));
  // Fields a cache stored before them lacks read as empty: no SIDs, no damaged cartons known.
  const tidOfSid = new Map(tertiaries.flatMap((t) => (t.SIDs ?? []).map((sid) => [sid.toUpperCase(), t.TID] as const)));
  const damagedSids = new Set((c.open?.Damaged ?? []).map((sid) => sid.toUpperCase()));
  const newCodes = new Set(
    [...damages.values()]
      .flatMap((d) => d.texts.By ?? [])
      .filter((by) => by !== '')
      .map((by) => by.toUpperCase()),
  );

  function codeFacts(kind: 'P' | 'S', prefix: string, serial: number): CodeFacts {
    let series = { kind, prefix: kind === 'S' ? prefix.toUpperCase() : '' };
    let n = serial;
    if (kind === 'P') {
      const i = rangeIndex(pairFrom, pairTo, serial);
      if (i >= 0) {
        series = { kind: 'S', prefix: pairList[i]!.prefix };
        n = pairList[i]!.s + (serial - pairList[i]!.p);
      }
    }
    const key = seriesKey(series.kind, series.prefix);
    const facts: CodeFacts = { state: 'unmapped', series, serial: n };
    const m = mappings.get(key);
    const mi = m ? rangeIndex(m.from, m.to, n) : -1;
    if (m && mi >= 0) {
      const productId = m.nums.ProductId![mi]!;
      facts.state = 'mapped';
      facts.mapping = {
        MappingId: m.nums.MappingId![mi]!,
        ProductId: productId,
        ProductName: products.get(productId)?.ProductName ?? '',
        BatchNo: m.texts.BatchNo![mi]!,
        MFGDate: m.texts.MFGDate![mi]!,
        EXPDate: m.texts.EXPDate![mi]!,
      };
      const recall = recalled.get(recallKey(productId, facts.mapping.BatchNo));
      if (recall !== undefined) facts.recalled = recall;
    }
    const p = packed.get(key);
    const pi = p ? rangeIndex(p.from, p.to, n) : -1;
    if (p && pi >= 0) {
      facts.sid = p.texts.SID![pi]!;
      if (p.texts.CartonState![pi] === 'damaged') Object.assign(facts, { state: 'damaged', reason: CARTON_DAMAGED });
      else facts.state = 'packed';
      return facts;
    }
    if (facts.state === 'unmapped') return facts;
    const d = damages.get(key);
    const di = d ? rangeIndex(d.from, d.to, n) : -1;
    const by = d && di >= 0 ? d.texts.By![di]! : '';
    if (by) Object.assign(facts, { state: 'replaced', by });
    else if (d && di >= 0) Object.assign(facts, { state: 'damaged', reason: d.texts.Reason![di]! });
    return facts;
  }

  return {
    codeFacts,
    openSecondary: (sid) => bySid.get(sid.trim().toUpperCase()),
    openSecondaries: () => secondaries,
    tertiaryAt: (tid) => byTid.get(tid.trim().toUpperCase()),
    openTertiaries: () => tertiaries,
    tertiaryOf: (sid) => tidOfSid.get(sid.trim().toUpperCase()),
    damagedHere: (sid) => damagedSids.has(sid.trim().toUpperCase()),
    tookAPlace: (shown) => newCodes.has(shown.toUpperCase()),
    recallOf: (productId, batchNo) => recalled.get(recallKey(productId, batchNo)),
    cartonSizes: c.masters?.CartonSizes ?? [],
    products,
    mySite: c.masters?.MySite ?? null,
    slipLast: c.masters?.SlipLast ?? { SID: 0, TID: 0, DID: 0 },
    dispatch: c.dispatch ?? EMPTY_DISPATCH,
    refreshedAt: {
      masters: c.refreshedAt.masters,
      mappings: c.refreshedAt.mappings,
      damages: c.refreshedAt.damages,
      pairs: c.refreshedAt.pairs,
      packed: c.refreshedAt.packed,
      open: c.refreshedAt.open,
      dispatch: c.refreshedAt.dispatch,
    },
  };
}

const EMPTY_DISPATCH: DispatchCache = {
  AsOf: '',
  Sites: [],
  Dealers: [],
  Modes: [],
  Incoming: [],
  Sent: [],
  Company: { CompanyLogo: '', CompanyName: '', Address: '', City: '', Pincode: '', Mobile: '' },
};

export const EMPTY_CONTENT: CacheContent = { mappings: [], damages: [], pairs: [], packed: [], refreshedAt: {} };
