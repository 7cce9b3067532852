// The floor's device caches (issue 11): masters, the company's ranges (mappings, damages, static pairs,
// packed items as runs) page by page, and the open cartons of the caller's site. A caller without a
// company (an admin) is answered '400': an empty snapshot would read as "every code unmapped".
import { ok, warn, type Envelope } from '../../../shared/contracts/envelope.js';
import { FLOOR_CACHE_API as API, FLOOR_CACHE_MSG } from '../../../shared/contracts/floor/cache.js';
import { damagePage, mappingPage, masters, packedPage, pairPage } from '../../domain/floor-cache.js';
import { openCartons } from '../../domain/floor-cache-cartons.js';
import { dispatchSnapshot } from '../../domain/dispatch-cache.js';
import type { Caller } from '../../auth/actor.js';
import type { Router } from '../../http/route.js';

/** The snapshot of the caller's company, or the '400' of a caller without one. */
async function ofCompany<T>(
  caller: Caller | null,
  snapshot: (companyId: number, siteId: number | null) => Promise<T>,
): Promise<Envelope<T> | Envelope<unknown>> {
  if (!caller || caller.companyId === null) return warn(FLOOR_CACHE_MSG.noCompany);
  return ok(await snapshot(caller.companyId, caller.siteId));
}

export function cacheRoutes(r: Router) {
  r.serve(API.masters, ({ db, caller }) => ofCompany(caller, (c, site) => masters(db, c, site)));
  r.serve(API.mappings, ({ db, caller, body }) => ofCompany(caller, (c) => mappingPage(db, c, body)));
  r.serve(API.damages, ({ db, caller, body }) => ofCompany(caller, (c) => damagePage(db, c, body)));
  r.serve(API.pairs, ({ db, caller, body }) => ofCompany(caller, (c) => pairPage(db, c, body)));
  r.serve(API.packed, ({ db, caller, body }) => ofCompany(caller, (c) => packedPage(db, c, body)));
  r.serve(API.open, ({ db, caller }) => ofCompany(caller, (c, site) => openCartons(db, c, site)));
  r.serve(API.dispatch, ({ db, caller }) =>
    ofCompany(caller, (c, site) => dispatchSnapshot(db, { companyId: c, siteId: site, userId: caller!.userId })),
  );
}
