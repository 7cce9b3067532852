// De Mapping (spec 2 section 7): one call; the screen lists mappings through Mapping/GetMappings.
import { demapRequest } from '../../../shared/contracts/numbers/demap.js';
import { PAGE } from '../../../shared/pages.js';
import { demap } from '../../domain/demap.js';
import type { Router } from '../../http/route.js';

export function demapRoutes(r: Router) {
  r.post('DeMapping/CreateDemapping', { access: { pages: [PAGE.deMapping] }, body: demapRequest },
    ({ db, caller, body }) => demap(db, caller, body));
}
