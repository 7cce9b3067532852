// Product/GetIds and Product/UpdateIds (spec 2 section 7): the last slip numbers of a prefix, and a
// reservation of the next block. Used by Carton Slip now; packing and dispatch reserve ids later.
import { ok } from '../../../shared/contracts/envelope.js';
import { IDS_SEPARATOR, SLIP_API, SLIP_MSG } from '../../../shared/contracts/numbers/slip-ids.js';
import { lastIds, reserveIds } from '../../domain/slip-ids.js';
import type { Router } from '../../http/route.js';

export function slipIdRoutes(r: Router) {
  r.serve(SLIP_API.lastIds, async ({ db, caller, params }) => {
    const ids = await lastIds(db, caller, params.prefix ?? '');
    return ok(ids, `${ids.SID}${IDS_SEPARATOR}${ids.TID}`);
  });

  r.serve(SLIP_API.reserve, ({ db, caller, params }) =>
    db.transaction(async (tx) => {
      const ids = await reserveIds(tx, caller, params.args ?? '');
      return ok(ids, SLIP_MSG.reserved(ids.FirstId, ids.LastId));
    }),
  );
}
