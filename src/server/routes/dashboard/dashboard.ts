// Dashboard/GetDashboardData (spec 1 sections 2.7 and 3.13).
import type { Router } from '../../http/route.js';

export function dashboardRoutes(_r: Router) {}
