// The EPCIS 2.0 export (issue 28 item 1, docs/epcis.md): the REST binding's query side, the
// downloads and the partner feed.
import { API_PREFIX } from '../../../shared/api-prefix.js';
import type { Router } from '../../http/route.js';
import { epcisDownloadRoutes } from './downloads.js';
import { epcisFeedRoutes } from './feed.js';
import { epcisQueryRoutes } from './query.js';

export function epcisRoutes(r: Router) {
  epcisQueryRoutes(r);
  epcisDownloadRoutes(r);
  epcisFeedRoutes(r);
}

/** GS1's binding is asked for at /epcis on the company's domain (a partner's client configured with
 *  `{PUBLIC_BASE_URL}/epcis`); it is served by the API's routes, with their token and rights. */
export const epcisAlias = (url = '/'): string =>
  /^\/epcis(\/|\?|$)/.test(url) ? `${API_PREFIX}epcis${url.slice('/epcis'.length)}` : url;
