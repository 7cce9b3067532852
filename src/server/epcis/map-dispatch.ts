// Dispatch legs: shipping (the DID as the despatch advice, the LR as the bill of lading, from the
// company at its site to a site of its own or to a dealer, who then owns the goods), receiving, and
// returns (from transit: the shipping voided; after receipt: received back as returned).
import type { EventDetail } from '../../shared/events.js';
import { at, stamp, type EpcisEventBody, type EventPlace } from './epcis-event.js';
import type { MapperContext } from './mapper-context.js';

const desadv = (c: MapperContext, did: string) => ({ type: 'desadv', bizTransaction: c.ids.dispatch(did) });

export async function* shipping(
  c: MapperContext,
  p: EventPlace,
  d: EventDetail<'dispatch'>,
  companyId: number,
): AsyncGenerator<EpcisEventBody> {
  const company = c.ids.company(companyId);
  const sourceList = [
    { type: 'owning_party', source: company },
    ...(p.site ? [{ type: 'location', source: p.site }] : []),
  ];
  const destinationList = d.toSiteId
    ? [
        { type: 'owning_party', destination: company },
        { type: 'location', destination: c.ids.site(d.toSiteId) },
      ]
    : d.toUserId
      ? [{ type: 'owning_party', destination: c.ids.dealer(d.toUserId) }]
      : [];
  yield {
    type: 'ObjectEvent',
    ...stamp(p),
    epcList: d.cartons.map((id) => c.ids.carton(id)),
    action: 'OBSERVE',
    bizStep: 'shipping',
    disposition: 'in_transit',
    ...(p.site ? { readPoint: { id: p.site } } : {}),
    bizTransactionList: [desadv(c, d.did), { type: 'bol', bizTransaction: c.ids.billOfLading(d.lr) }],
    sourceList,
    ...(destinationList.length ? { destinationList } : {}),
  };
}

export async function* receiving(
  c: MapperContext,
  p: EventPlace,
  d: EventDetail<'receive'>,
): AsyncGenerator<EpcisEventBody> {
  if (d.received.length === 0) return;
  yield {
    type: 'ObjectEvent',
    ...stamp(p),
    epcList: d.received.map((id) => c.ids.carton(id)),
    action: 'OBSERVE',
    bizStep: 'receiving',
    disposition: 'in_progress',
    ...at(p),
    bizTransactionList: [desadv(c, d.did)],
  };
}

export async function* returned(
  c: MapperContext,
  p: EventPlace,
  d: EventDetail<'return'>,
): AsyncGenerator<EpcisEventBody> {
  yield {
    type: 'ObjectEvent',
    ...stamp(p),
    epcList: d.cartons.map((id) => c.ids.carton(id)),
    action: 'OBSERVE',
    ...(d.transit
      ? { bizStep: 'void_shipping', disposition: 'in_progress' }
      : { bizStep: 'receiving', disposition: 'returned' }),
    ...at(p),
    ...(d.dids.length ? { bizTransactionList: d.dids.map((did) => desadv(c, did)) } : {}),
  };
}
