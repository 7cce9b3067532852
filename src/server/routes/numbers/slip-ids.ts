// Product/GetIds and Product/UpdateIds (spec 2 section 7): the last slip numbers of a prefix, and a
// reservation of the next block. Used by Carton Slip now; packing and dispatch reserve ids later.
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { IDS_SEPARATOR, SLIP_API, SLIP_MSG } from '../../../shared/contracts/numbers/slip-ids.js';
import { lastIds, prefixSite, reserveIds, slipType } from '../../domain/slip-ids.js';
import type { Router } from '../../http/route.js';

export function slipIdRoutes(r: Router) {
  r.serve(SLIP_API.lastIds, async ({ db, caller, params }) => {
    const site = await prefixSite(db, caller, params.prefix ?? '');
    if (!site.ok) return warn(site.message);
    const ids = await lastIds(db, site.value.prefix);
    return ok(ids, `${ids.SID}${IDS_SEPARATOR}${ids.TID}`);
  });

  // One path segment '{prefix},{type},{to}', split here: the router matches whole segments.
  r.serve(SLIP_API.reserve, async ({ db, caller, params }) => {
    const parts = (params.args ?? '').split(',');
    if (parts.length !== 3) return warn(SLIP_MSG.invalid);
    const [rawPrefix, rawType, rawTo] = parts as [string, string, string];
    const type = slipType(rawType);
    const to = rawTo.trim();
    if (!type || !/^\d{1,15}$/.test(to) || Number(to) < 1) return warn(SLIP_MSG.invalid);
    const site = await prefixSite(db, caller, rawPrefix);
    if (!site.ok) return warn(site.message);
    const done = await reserveIds(db, caller, site.value, type, Number(to));
    if (!done.ok) return warn(done.message);
    return ok(done.value, SLIP_MSG.reserved(done.value.FirstId, done.value.LastId));
  });
}
