// The dispatch screen's carton scan (spec 2 sections 4, 7, 8: GetTertiaryPackingScan): the carton's
// row when it can leave the site, the carton named when it cannot, or '500' with the older stock list
// while an older batch of its product waits at the site (unless the user chose to go on with it).
// The spec's scan names no target; ours may (`WareHouseId` or `SendTo`, as the save names it), and the
// lifecycle then answers for that target. Without one the scan answers for a warehouse: a recalled
// carton is refused (it may only go back to a factory, which a scan naming the factory allows), an
// expired one is taken (the save refuses it to a dealer). Older stock is counted for the same target:
// only cartons that could go there now wait (without one: a recalled carton does not, an expired one does).
import { ok, warn, type Envelope } from '../../shared/contracts/envelope.js';
import { DISPATCH_MSG, dispatchScan, type DispatchTarget } from '../../shared/contracts/floor/dispatch.js';
import { factsOf } from './carton-facts.js';
import { cartonProblem, loadCartons, olderStockAt, scannedRows, stockOf } from './dispatch-cartons.js';
import { checkTarget, dispatchSite } from './dispatch.js';
import type { Actor } from './packing-common.js';
import type { Tx } from './ranges.js';

export interface ScanRequest {
  sid: string;
  /** False once the user chose to go on with the newer stock. */
  checkItemDate: boolean;
  /** The cartons scanned so far: not "waiting", and this scan must not repeat one. */
  scanned: readonly string[];
  /** Where the dispatch goes, when the scan says (null: not said). */
  target: DispatchTarget | null;
}

export async function scanForDispatch(tx: Tx, actor: Actor, q: ScanRequest): Promise<Envelope> {
  const site = dispatchSite(actor);
  const scan = dispatchScan(q.sid);
  if ('message' in scan) return warn(scan.message);
  const scanned = q.scanned.map((s) => dispatchScan(s)).flatMap((s) => ('id' in s ? [s.id] : []));
  if (scanned.includes(scan.id)) return warn(DISPATCH_MSG.alreadyScanned);
  const op = q.target ? await checkTarget(tx, site, q.target) : 'dispatch-warehouse';
  const carton = (await loadCartons(tx, site.companyId, [scan], false)).get(scan.id);
  const problem = cartonProblem(op, (await factsOf(tx, site, carton ? [carton] : [])).get(scan.id), scan.id);
  if (problem) return warn(problem);
  const [row] = await scannedRows(tx, [carton!]);
  if (q.checkItemDate && carton!.mfgDate) {
    const older = await olderStockAt(tx, site, op, [stockOf(carton!)], scanned);
    if (older.length) {
      const ids = older.map((o) => dispatchScan(o.CartonId)).flatMap((s) => ('id' in s ? [s] : []));
      const found = await loadCartons(tx, site.companyId, ids, false);
      const list = await scannedRows(
        tx,
        ids.map((c) => found.get(c.id)!),
      );
      return { ResponseCode: '500', ResponseMessage: DISPATCH_MSG.olderStock, ResponseData: list };
    }
  }
  return ok(row!);
}
