// Every report of spec 3, each a declaration on the one list machinery (http/list.ts).
import type { Router } from '../../http/route.js';
import { cartonReportRoutes } from './cartons.js';
import { dispatchReportRoutes } from './dispatch.js';
import { numberReportRoutes } from './numbers.js';
import { publicReportRoutes } from './public.js';
import { sapReportRoutes } from './sap.js';
import { stockReportRoutes } from './stock.js';

export function reportRoutes(r: Router) {
  numberReportRoutes(r);
  publicReportRoutes(r);
  cartonReportRoutes(r);
  dispatchReportRoutes(r);
  stockReportRoutes(r);
  sapReportRoutes(r);
}
