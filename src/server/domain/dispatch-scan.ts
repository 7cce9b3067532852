// The dispatch screen's carton scan (spec 2 sections 4, 7, 8: GetTertiaryPackingScan): the carton's
// row when it can leave the site, the carton named when it cannot, or '500' with the older stock list
// while an older batch of its product waits at the site (unless the user chose to go on with it).
import { ok, warn, type Envelope } from '../../shared/contracts/envelope.js';
import { DISPATCH_MSG, dispatchScan } from '../../shared/contracts/floor/dispatch.js';
import { cartonProblem, loadCartons, olderStockAt, scannedRows, stockOf } from './dispatch-cartons.js';
import { dispatchSite } from './dispatch.js';
import type { Actor } from './packing-common.js';
import type { Tx } from './ranges.js';

export interface ScanRequest {
  sid: string;
  /** False once the user chose to go on with the newer stock. */
  checkItemDate: boolean;
  /** The cartons scanned so far: not "waiting", and this scan must not repeat one. */
  scanned: readonly string[];
}

export async function scanForDispatch(tx: Tx, actor: Actor, q: ScanRequest): Promise<Envelope> {
  const site = dispatchSite(actor);
  const scan = dispatchScan(q.sid);
  if ('message' in scan) return warn(scan.message);
  const scanned = q.scanned.map((s) => dispatchScan(s)).flatMap((s) => ('id' in s ? [s.id] : []));
  if (scanned.includes(scan.id)) return warn(DISPATCH_MSG.alreadyScanned);
  const carton = (await loadCartons(tx, [scan], false)).get(scan.id);
  const problem = cartonProblem(carton, scan.id, site);
  if (problem) return warn(problem);
  const [row] = await scannedRows(tx, [carton!]);
  if (q.checkItemDate && carton!.mfgDate) {
    const older = await olderStockAt(tx, site, [stockOf(carton!)], scanned);
    if (older.length) {
      const ids = older.map((o) => dispatchScan(o.CartonId)).flatMap((s) => ('id' in s ? [s] : []));
      const found = await loadCartons(tx, ids, false);
      const list = await scannedRows(tx, ids.map((c) => found.get(c.id)!));
      return { ResponseCode: '500', ResponseMessage: DISPATCH_MSG.olderStock, ResponseData: list };
    }
  }
  return ok(row!);
}
