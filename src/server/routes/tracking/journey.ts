// QR Code Tracking: Dispatch/GetJourney and Dispatch/GetScanInfo (spec 3, QR Code Tracking Report),
// both `?qr={code}` as the spec's client sends them. Rules in domain/journey.ts and scan-info.ts.
import { ok } from '../../../shared/contracts/envelope.js';
import { TRACKING_API } from '../../../shared/contracts/tracking.js';
import { journeyOf } from '../../domain/journey.js';
import { scanInfoOf } from '../../domain/scan-info.js';
import type { Router } from '../../http/route.js';

export function journeyRoutes(r: Router) {
  r.serve(TRACKING_API.journey, async ({ db, codes, caller, query }) =>
    ok(await journeyOf(db, codes, caller, query.qr)),
  );
  r.serve(TRACKING_API.scanInfo, async ({ db, codes, caller, query }) =>
    ok(await scanInfoOf(db, codes, caller, query.qr)),
  );
}
