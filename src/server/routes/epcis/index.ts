// The EPCIS 2.0 export (issue 28 item 1, docs/epcis.md): the REST binding's query side, the
// downloads and the partner feed.
import type { Router } from '../../http/route.js';
import { epcisDownloadRoutes } from './downloads.js';
import { epcisFeedRoutes } from './feed.js';
import { epcisQueryRoutes } from './query.js';

export function epcisRoutes(r: Router) {
  epcisQueryRoutes(r);
  epcisDownloadRoutes(r);
  epcisFeedRoutes(r);
}
