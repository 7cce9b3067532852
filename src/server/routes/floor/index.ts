// The floor's routes: packing, carton damage, the device caches (issue 11), dispatch later.
import type { Router } from '../../http/route.js';

export function floorRoutes(_r: Router) {
  // Filled in by the floor's route modules as they land.
}
