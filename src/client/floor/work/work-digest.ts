// Each queued entry's effect on the device's work, kept beside the outbox as a digest (what it added
// to each of LocalWork's maps and sets, as JSON), so a reopen adds up the digests instead of reading
// every entry whole and judging every code in it again. With a full shift queued (6,000 cartons,
// 120,000 items) that took the app seconds to be ready on a handheld's CPU (bench/floor-scan.bench.ts
// --cpu 4 --reopen). A digest is only a shortcut: it holds for the cache it was made with (its stamp),
// and an entry without one that holds is read and judged as before, and its digest written. A digest
// keeps what its entry added when it was judged: a carton refused later does not change the digests
// after it (a tertiary carton keeps the batches of a secondary since refused; the server answers that).
import type { FloorCache } from '../cache/index.js';
import { emptyLocalWork, type LocalWork } from './local-work.js';

type Field = keyof LocalWork;
const FIELDS = Object.keys(emptyLocalWork()) as Field[];
/** A field of LocalWork as this module handles it: a map or a set of anything. */
type Held = Map<unknown, unknown> | Set<unknown>;
const held = (work: LocalWork, f: Field) => work[f] as Held;

/** The digest's form; a digest of another form does not hold (it is made again). */
const FORM = 2;

/** What a digest holds for: its form and the cache it was made with (the server's time of each part's
 *  snapshot). */
export const cacheStamp = (cache: FloorCache): string => `${FORM}:${JSON.stringify(cache.refreshedAt)}`;

/** A map that reads through to `base` and keeps what is written to it. */
class OverMap<K, V> extends Map<K, V> {
  constructor(private readonly base: ReadonlyMap<K, V>) {
    super();
  }
  override get(k: K): V | undefined {
    return super.has(k) ? super.get(k) : this.base.get(k);
  }
  override has(k: K): boolean {
    return super.has(k) || this.base.has(k);
  }
}

class OverSet<T> extends Set<T> {
  constructor(private readonly base: ReadonlySet<T>) {
    super();
  }
  override has(v: T): boolean {
    return super.has(v) || this.base.has(v);
  }
}

/** A view of `work` for one effect to write to: it reads all of `work`, and holds only what the effect
 *  adds (iterating its maps and sets gives that alone): the entry's delta. */
export function recording(work: LocalWork): LocalWork {
  const view = {} as Record<Field, unknown>;
  for (const f of FIELDS) {
    const base = held(work, f);
    view[f] = base instanceof Map ? new OverMap(base) : new OverSet(base);
  }
  return view as unknown as LocalWork;
}

/** Adds `delta` to `work`, in place. */
export function mergeWork(work: LocalWork, delta: LocalWork): void {
  for (const f of FIELDS) {
    const into = held(work, f);
    const add = held(delta, f);
    if (into instanceof Map) for (const [k, v] of add as Map<unknown, unknown>) into.set(k, v);
    else for (const v of add as Set<unknown>) into.add(v);
  }
}

/** A digest's text: each field that holds anything, a set as its values, a map as its keys and its
 *  values in two lists (parsed in half the time of a list of pairs: bench/floor-scan.bench.ts --reopen). */
export function digestText(delta: LocalWork): string {
  const out: Partial<Record<Field, unknown[]>> = {};
  for (const f of FIELDS) {
    const v = held(delta, f);
    if (v.size === 0) continue;
    out[f] = v instanceof Map ? [[...v.keys()], [...v.values()]] : [...v];
  }
  return JSON.stringify(out);
}

/** Adds digests' texts to `work`, in their order (one JSON.parse for all of them). */
export function mergeDigests(work: LocalWork, texts: readonly string[]): void {
  if (texts.length === 0) return;
  const all = JSON.parse(`[${texts.join(',')}]`) as Array<Partial<Record<Field, unknown[]>>>;
  for (const d of all)
    for (const f of FIELDS) {
      const list = d[f];
      if (!list) continue;
      const into = held(work, f);
      if (into instanceof Map) {
        const [keys, values] = list as [unknown[], unknown[]];
        for (let i = 0; i < keys.length; i++) into.set(keys[i], values[i]);
      } else for (const v of list) into.add(v);
    }
}
