// QR Code Tracking: Dispatch/GetJourney and Dispatch/GetScanInfo (spec 3, QR Code Tracking Report).
import type { Router } from '../../http/route.js';

export function journeyRoutes(_r: Router) {}
