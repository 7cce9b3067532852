// Dashboard (spec 1 sections 2.7, 3.13, 7): the counts and the monthly series of one factory or
// warehouse, for static numbers or preprinted ones. Every signed-in user may ask; the server decides
// whose figures answer (server/routes/dashboard/dashboard.ts).
import { z } from 'zod';
import { postEndpoint } from '../endpoint.js';
import { recordId } from './fields.js';
import { isPreprintedFlag } from './numbers/fields.js';
import { SITE_MSG } from './site.js';

export const DASHBOARD_MSG = {
  selectEntity: 'Please select a factory or warehouse.',
  noSite: 'Your account has no factory or warehouse, so there are no figures to show.',
  siteNotFound: SITE_MSG.siteNotFound,
} as const;

/** Months in each series: this month and the eleven before it. */
export const DASHBOARD_MONTHS = 12;

export const dashboardRequest = z.object({
  /** A site id; 0, null or absent: the caller's own. Only an admin's choice is heeded. */
  Id: z.preprocess((v) => v ?? undefined, recordId('Id')),
  isPreprinted: isPreprintedFlag,
});
export type DashboardRequest = z.input<typeof dashboardRequest>;

const count = z.number().int().nonnegative();

export const dashboardCount = z.object({
  TotalMapping: count,
  TotalDeMapping: count,
  TotalDamage: count,
  TotalGenerate: count,
  TotalPacked: count,
  TotalDispatched: count,
  TotalCartonsPacked: count,
  TotalCartonsDispatched: count,
  TotalReceived: count,
  TotalCartonsReceived: count,
  TotalIssue: count,
});
export type DashboardCount = z.infer<typeof dashboardCount>;

const series = z.array(count).length(DASHBOARD_MONTHS);

export const dashboardData = z.object({
  DashboardCount: dashboardCount,
  /** 'Jan 2026'..., oldest first; the lists below hold one figure per month, in this order. */
  MonthName: z.array(z.string()).length(DASHBOARD_MONTHS),
  MappingList: series,
  NumberList: series,
  DeMappingList: series,
  DamageList: series,
  /** Whose figures these are: a non-admin's own site whatever Id was sent. */
  Site: z.object({ ID: z.number(), FirmName: z.string(), IsFactory: z.boolean() }),
});
export type DashboardData = z.infer<typeof dashboardData>;

export const DASHBOARD_API = {
  data: postEndpoint('Dashboard/GetDashboardData', 'signed-in', dashboardRequest, dashboardData, { reads: 'standby' }),
} as const;
