// The floor's routes: packing, carton damage, the device caches (issue 11), dispatch later.
import type { Router } from '../../http/route.js';
import { cacheRoutes } from './cache.js';

export function floorRoutes(r: Router) {
  // Filled in by the floor's route modules as they land.
  cacheRoutes(r);
}
