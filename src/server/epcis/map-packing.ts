// Cartons: packing a SID (packs into it) and a TID (SIDs into it) as one AggregationEvent per level;
// a carton damaged for good; a code replaced (the old one decommissioned, the new one commissioned
// and aggregated: a pack's into the carton the old one was in, a slip's over the packs it holds).
import type { EventDetail } from '../../shared/events.js';
import { at, stamp, type EpcisEventBody, type EventPlace } from './epcis-event.js';
import { damagedThenDestroyed } from './map-numbers.js';
import type { MapperContext } from './mapper-context.js';

const packing = (p: EventPlace, parentID: string, childEPCs: string[]): EpcisEventBody => ({
  type: 'AggregationEvent',
  ...stamp(p),
  parentID,
  childEPCs,
  action: 'ADD',
  bizStep: 'packing',
  disposition: 'in_progress',
  ...at(p),
});

export async function* packSecondary(
  c: MapperContext,
  p: EventPlace,
  d: EventDetail<'pack-secondary'>,
): AsyncGenerator<EpcisEventBody> {
  const product = await c.look.product(d.productId);
  const children = d.runs.flatMap(([kind, prefix, from, to]) => c.ids.packs({ kind, prefix }, from, to, product));
  yield packing(p, c.ids.carton(d.sid), children);
}

export async function* packTertiary(
  c: MapperContext,
  p: EventPlace,
  d: EventDetail<'pack-tertiary'>,
): AsyncGenerator<EpcisEventBody> {
  yield packing(
    p,
    c.ids.carton(d.tid),
    d.sids.map((s) => c.ids.carton(s)),
  );
}

export async function* cartonDamage(
  c: MapperContext,
  p: EventPlace,
  d: EventDetail<'damage-carton'>,
): AsyncGenerator<EpcisEventBody> {
  const ids = [d.cartonId, ...d.sids.filter((s) => s !== d.cartonId)];
  yield* damagedThenDestroyed(
    p,
    ids.map((id) => c.ids.carton(id)),
  );
}

/** `K:prefix:serial` as Replace logs a pack's code. */
function codeOf(ref: string): { kind: 'P' | 'S'; prefix: string; serial: number } | null {
  const m = /^([PS]):([A-Z0-9]{0,2}):(\d+)$/.exec(ref);
  return m ? { kind: m[1] as 'P' | 'S', prefix: m[2]!, serial: Number(m[3]) } : null;
}

async function packEpc(c: MapperContext, ref: string): Promise<{ epc: string; batch: string | null } | null> {
  const code = codeOf(ref);
  if (!code) return null;
  const series = { kind: code.kind, prefix: code.prefix };
  const m = await c.look.mapping(series, code.serial);
  const product = m ? await c.look.product(m.productId) : { id: 0, gtin: null };
  return { epc: c.ids.pack(series, code.serial, product), batch: m?.batchNo ?? null };
}

export async function* replace(
  c: MapperContext,
  p: EventPlace,
  d: EventDetail<'replace'>,
): AsyncGenerator<EpcisEventBody> {
  const [old, now] =
    d.type === 'SID'
      ? [
          { epc: c.ids.carton(d.old), batch: null },
          { epc: c.ids.carton(d.new), batch: null },
        ]
      : [await packEpc(c, d.old), await packEpc(c, d.new)];
  if (!old || !now) return;
  const common = { type: 'ObjectEvent', ...stamp(p), ...at(p) } as const;
  yield { ...common, epcList: [old.epc], action: 'DELETE', bizStep: 'decommissioning', disposition: 'inactive' };
  yield {
    ...common,
    epcList: [now.epc],
    action: 'ADD',
    bizStep: 'commissioning',
    disposition: 'active',
    ...(now.batch ? { ilmd: { 'cbvmda:lotNumber': now.batch } } : {}),
  };
  if (d.type === 'PID' && d.sid) yield packing(p, c.ids.carton(d.sid), [now.epc]);
  if (d.type === 'SID') {
    // The packs the old slip held, under the new one (what the carton holds now).
    const { product, packs } = await c.look.cartonPacks(d.new);
    if (packs.length)
      yield packing(
        p,
        now.epc,
        packs.map((x) => c.ids.pack(x.series, x.serial, product)),
      );
  }
}
