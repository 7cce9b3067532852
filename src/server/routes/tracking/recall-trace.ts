// The recall trace: where every pack of a product batch went (issue 14 item 5).
import type { Router } from '../../http/route.js';

export function recallTraceRoutes(_r: Router) {}
