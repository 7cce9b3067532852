// The floor's routes: packing, carton damage, the device caches (issue 11), the outbox's push (every
// idempotent save, by its own call's rules), dispatch later.
import { PUSH_API } from '../../../shared/contracts/floor/push.js';
import type { Router } from '../../http/route.js';
import { cacheRoutes } from './cache.js';
import { dispatchRoutes } from './dispatch.js';
import { packingRoutes } from './packing.js';
import { receiveReturnRoutes } from './receive-return.js';
import { replaceRoutes } from './replace.js';

export function floorRoutes(r: Router) {
  cacheRoutes(r);
  packingRoutes(r);
  dispatchRoutes(r);
  receiveReturnRoutes(r);
  replaceRoutes(r);
  r.servePush(PUSH_API.push);
}
