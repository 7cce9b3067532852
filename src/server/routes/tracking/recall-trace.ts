// Recall/GetRecallTrace (issue 14 item 5): where every pack of a product batch went. A product of
// another company answers as one that does not exist (RECALL_MSG.product).
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { RECALL_API } from '../../../shared/contracts/recall.js';
import { traceBatch } from '../../domain/recall-trace.js';
import type { Router } from '../../http/route.js';

export function recallTraceRoutes(r: Router) {
  r.serve(RECALL_API.trace, async ({ db, caller, body }) => {
    const trace = await db.transaction((tx) => traceBatch(tx, caller, body));
    return 'refused' in trace ? warn(trace.refused) : ok(trace);
  });
}
