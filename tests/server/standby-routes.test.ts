// Which routes read the standby (Endpoint.reads, docs/deploy.md "Read replicas"): exactly the reports'
// lists and exports, the dashboard, QR Code Tracking, the Recall Trace and the SAP data report. No
// save, no floor screen, no verification and no master is among them: those must see the caller's own
// last write. The set is read from the routes the app registered; replica.test.ts proves it on a real
// standby. Runs on PGlite and PostgreSQL alike (no standby needed to list them).
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { postEndpoint } from '../../src/shared/endpoint.js';
import { PAGES } from '../../src/shared/pages.js';
import Fastify from 'fastify';
import { Router } from '../../src/server/http/route.js';
import type { Services } from '../../src/server/services.js';
import { useApp } from '../helpers/use-app.js';

const REPORTS = [
  'SecondaryReport/GetSecondaryReport',
  'SecondaryReport/GetReportExport',
  'TertiaryReport/GetTertiaryReport',
  'TertiaryReport/GetReportExport',
  'DispatchReport/GetFractionalReport',
  'DispatchReport/GetFractionalExport',
  'DispatchReport/GetDamageReport',
  'DispatchReport/GetDamageExport',
  'DispatchReport/GetDispatchReport',
  'DispatchReport/GetReportExportDispatch',
  'DispatchReport/GetDispatchRecReport',
  'DispatchReport/GetDispatchRecExport',
  'MissingCartonRpt/GetMissingCartonReport',
  'MissingCartonRpt/GetMissingCartonExport',
  'ReturnReport/GetReturnReport',
  'ReturnReport/GetReturnExport',
  'ItemLedgerReport/GetReport',
  'ItemLedgerReport/GetExport',
  'MappingReport/GetMappingReport',
  'MappingReport/GetMappingExport',
  'DemappingReport/GetDemappingReport',
  'DemappingReport/GetDemappingExport',
  'PrimaryReport/GetPrimaryReport',
  'PrimaryReport/GetReportExport',
  'VerificationReport/GetVerificationReport',
  'VerificationReport/GetVerificationExport',
  'FeedbackReport/GetFeedbackReport',
  'FeedbackReport/GetFeedbackExport',
  'RedemptionReport/GetRedemptionReport',
  'RedemptionReport/GetRedemptionExport',
  'Scheme/GetDispatchLoyaltyData',
  'Scheme/GetDispatchLoyaltyExport',
  'SchemeReport/GetSchemeReport',
  'SchemeReport/GetSchemeExport',
  'ItemLedgerReport/GetStockReport',
  'ItemLedgerReport/GetStockExport',
  'ItemLedgerReport/GetNewStockReport',
  'ItemLedgerReport/GetNewStockExport',
].map((p) => `POST ${p}`);

const STANDBY_READS = [
  ...REPORTS,
  'POST Dashboard/GetDashboardData',
  'GET Dispatch/GetJourney',
  'GET Dispatch/GetScanInfo',
  'POST Recall/GetRecallTrace',
  'GET SAPMaster/GetSAPDataReport',
];

const t = useApp();

describe('the routes that read the standby', () => {
  const standby = () => t.app.apiRoutes.filter((r) => r.reads === 'standby');

  it('are exactly the reports, exports, dashboard, tracking, trace and SAP report', () => {
    expect(
      standby()
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    ).toEqual([...STANDBY_READS].sort());
  });

  it('hold no save, no floor screen, no verification and no master: every one a report page but the dashboard', () => {
    const reportPages = new Set(PAGES.filter((p) => p.group === '4').map((p) => p.key));
    for (const r of standby()) {
      expect(r.endpoint?.idempotent, r.path).toBeFalsy();
      if (r.path === 'Dashboard/GetDashboardData') expect(r.access).toBe('signed-in');
      else {
        expect(r.access, r.path).not.toBe('public');
        const pages = typeof r.access === 'object' ? r.access.pages : [];
        expect(pages.length, r.path).toBeGreaterThan(0);
        for (const p of pages) expect(reportPages.has(p.key) && !p.floor, `${r.path}: page ${p.label}`).toBe(true);
      }
    }
    // The floor's saves and lookups, and the public verification, are all on the primary.
    const floorPages = new Set(PAGES.filter((p) => p.floor).map((p) => p.key));
    const floorRoutes = t.app.apiRoutes.filter(
      (r) =>
        r.endpoint?.idempotent ||
        r.access === 'public' ||
        (typeof r.access === 'object' && r.access.pages.some((p) => floorPages.has(p.key))),
    );
    expect(floorRoutes.length).toBeGreaterThan(10);
    expect(floorRoutes.filter((r) => r.reads === 'standby')).toEqual([]);
  });

  it('a save declared to read the standby is refused when its route is registered', () => {
    const save = postEndpoint('Test/StandbySave', 'signed-in', z.object({}), z.null(), {
      idempotent: true,
      reads: 'standby',
    });
    // The Router reads its services only when called: a bare one is enough to register on.
    const router = new Router(Fastify({ logger: false }), {} as Services);
    expect(() => router.serve(save, async () => undefined)).toThrow('Test/StandbySave: a save cannot read the standby');
  });
});
