// Ranges of numbers: mapping (commissioning, the batch in ilmd), de-mapping (decommissioning) and
// product damage (inspected damaged, then destroyed for good). A range goes out in chunks of CHUNK
// packs, one event each, so a mapping of 100,000 packs never sits in memory as one list; the chunks
// are fixed by the range, so every export of a range gives the same events and the same eventIDs.
import type { Series } from '../../shared/codes.js';
import { at, stamp, type EpcisEventBody, type EventPlace } from './epcis-event.js';
import type { MapperContext } from './mapper-context.js';

export const CHUNK = 1000;

export interface RangeFacts {
  series: Series;
  fromNo: number;
  toNo: number;
  productId: number;
  batchNo: string;
}

/** The chunks of a range, in order: [from, to] of at most CHUNK serials. */
export function* chunksOf(fromNo: number, toNo: number): Generator<[number, number]> {
  for (let a = fromNo; a <= toNo; a += CHUNK) yield [a, Math.min(toNo, a + CHUNK - 1)];
}

/** Chunks that hold one of `serials` only (a download that names some packs), else every chunk. */
const chunksFor = (r: RangeFacts, only?: (from: number, to: number) => boolean) =>
  [...chunksOf(r.fromNo, r.toNo)].filter(([a, b]) => !only || only(a, b));

export async function* commissioning(
  c: MapperContext,
  p: EventPlace,
  r: RangeFacts,
  only?: (from: number, to: number) => boolean,
): AsyncGenerator<EpcisEventBody> {
  const product = await c.look.product(r.productId);
  const m = await c.look.mapping(r.series, r.fromNo);
  const dates = m && m.productId === r.productId && m.batchNo === r.batchNo ? m : null;
  const ilmd: Record<string, string> = {
    'cbvmda:lotNumber': r.batchNo,
    ...(dates ? { 'cbvmda:itemExpirationDate': dates.expDate, [c.productionDateKey]: dates.mfgDate } : {}),
  };
  for (const [a, b] of chunksFor(r, only))
    yield {
      type: 'ObjectEvent',
      ...stamp(p),
      epcList: c.ids.packs(r.series, a, b, product),
      action: 'ADD',
      bizStep: 'commissioning',
      disposition: 'active',
      ...at(p),
      ilmd,
    };
}

export async function* decommissioning(
  c: MapperContext,
  p: EventPlace,
  r: RangeFacts,
  only?: (from: number, to: number) => boolean,
): AsyncGenerator<EpcisEventBody> {
  const product = await c.look.product(r.productId);
  for (const [a, b] of chunksFor(r, only))
    yield {
      type: 'ObjectEvent',
      ...stamp(p),
      epcList: c.ids.packs(r.series, a, b, product),
      action: 'DELETE',
      bizStep: 'decommissioning',
      disposition: 'inactive',
      ...at(p),
    };
}

/** Product Damage voids numbers for good: found damaged, then destroyed. */
export async function* rangeDamage(
  c: MapperContext,
  p: EventPlace,
  r: RangeFacts,
  only?: (from: number, to: number) => boolean,
): AsyncGenerator<EpcisEventBody> {
  const product = await c.look.product(r.productId);
  for (const [a, b] of chunksFor(r, only)) {
    const epcList = c.ids.packs(r.series, a, b, product);
    yield* damagedThenDestroyed(p, epcList);
  }
}

/** The two events of a damage for good: inspected and found damaged, then destroyed. */
export function* damagedThenDestroyed(p: EventPlace, epcList: string[]): Generator<EpcisEventBody> {
  const common = { type: 'ObjectEvent', ...stamp(p), epcList, ...at(p) } as const;
  yield { ...common, action: 'OBSERVE', bizStep: 'inspecting', disposition: 'damaged' };
  yield { ...common, action: 'DELETE', bizStep: 'destroying', disposition: 'destroyed' };
}
