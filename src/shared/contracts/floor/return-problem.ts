// Carton Return's rule for one carton (the contract's decisions in carton-return.ts): the lifecycle
// speaks for the carton's own state, this for where its dispatch legs left it. Apart from the contract,
// which the lifecycle's messages import.
import { cartonRefusal, cartonStateOf, LIFECYCLE_MSG, NO_FLAGS } from '../../lifecycle/index.js';
import { RETURN_MSG, type CartonFacts, type LegFacts } from './carton-return.js';

/** Why the caller's site cannot take carton `id` back now (transit or after receipt), or null. */
export function returnProblem(
  id: string,
  c: CartonFacts | undefined,
  leg: LegFacts | undefined,
  at: { companyId: number; siteId: number },
  transit: boolean,
): string | null {
  if (!c || c.companyId !== at.companyId) return RETURN_MSG.notFound(id);
  // The carton's own state (damaged, emptied, inside a TID) is the lifecycle's word; where its legs
  // left it is this rule's. A return is a physical fact: recalled or expired stock comes back.
  if (c.state !== 'packed' && c.state !== 'damaged' && c.state !== 'replaced')
    return LIFECYCLE_MSG.unknownState(c.state);
  const state = cartonStateOf({ ...c, state: c.state });
  if (state === 'damaged' || state === 'emptied' || state === 'in-tid') {
    return cartonRefusal(transit ? 'return-transit' : 'return-received', {
      id,
      state,
      flags: NO_FLAGS,
      here: true,
      tid: c.tid,
      did: leg?.did ?? null,
    });
  }
  if (!leg || leg.companyId !== at.companyId || leg.fromSiteId !== at.siteId) return RETURN_MSG.notYours(id);
  if (leg.state === 'missing') return RETURN_MSG.missing(id, leg.did);
  if (leg.state === 'returned') return RETURN_MSG.returned(id, leg.did);
  if (transit) {
    if (leg.state === 'received') return RETURN_MSG.received(id, leg.did);
    return c.dispatchId === leg.did ? null : RETURN_MSG.moved(id, leg.did);
  }
  if (leg.state === 'sent') return RETURN_MSG.inTransit(id, leg.did);
  // Received: only while it is still where the receipt left it.
  const there =
    leg.toSiteId !== null
      ? c.locationSiteId === leg.toSiteId && c.dealerId === null
      : c.dealerId === leg.toUserId && c.locationSiteId === null;
  return there && c.dispatchId === null ? null : RETURN_MSG.moved(id, leg.did);
}
