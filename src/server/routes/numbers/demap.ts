// De Mapping (spec 2 section 7): one call; the screen lists mappings through Mapping/GetMappings.
import { DEMAP_API } from '../../../shared/contracts/numbers/demap.js';
import { demap } from '../../domain/demap.js';
import type { Router } from '../../http/route.js';

export function demapRoutes(r: Router) {
  r.serve(DEMAP_API.create, ({ db, caller, body }) => demap(db, caller, body));
}
