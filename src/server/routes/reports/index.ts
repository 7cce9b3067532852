// Every report of spec 3, each a declaration on the one report machinery (list/report.ts).
import type { Router } from '../../http/route.js';

export function reportRoutes(_r: Router) {}
