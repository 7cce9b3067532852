// De Mapping (spec 2 section 7): one call; the screen lists mappings through Mapping/GetMappings.
import { ok } from '../../../shared/contracts/envelope.js';
import { DEMAP_API, DEMAP_MSG } from '../../../shared/contracts/numbers/demap.js';
import { demap } from '../../domain/demap.js';
import { rangeText } from '../../domain/ranges.js';
import type { Router } from '../../http/route.js';

export function demapRoutes(r: Router) {
  r.serve(DEMAP_API.create, ({ db, caller, body }) =>
    db.transaction(async (tx) => {
      const cut = await demap(tx, caller, body);
      return ok(null, DEMAP_MSG.done(rangeText(cut.fromNo, cut.toNo)));
    }),
  );
}
