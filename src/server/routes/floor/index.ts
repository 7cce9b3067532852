// The floor's routes: packing, carton damage, the device caches (issue 11), dispatch later.
import type { Router } from '../../http/route.js';
import { cacheRoutes } from './cache.js';
import { packingRoutes } from './packing.js';

export function floorRoutes(r: Router) {
  cacheRoutes(r);
  packingRoutes(r);
}
