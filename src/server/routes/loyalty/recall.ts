// Recall/CreateRecall and Recall/GetRecalls: a batch of one of the caller's products, named by a batch
// number its mappings carry, recalled with a reason (domain/verify.ts refuses its packs).
import { and, eq, sql } from 'drizzle-orm';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { RECALL_API, RECALL_LIST, RECALL_MSG } from '../../../shared/contracts/recall.js';
import { companyScope } from '../../auth/scope.js';
import { mappings, products, recalls } from '../../db/schema.js';
import { uniqueViolation } from '../../db/errors.js';
import type { Router } from '../../http/route.js';
import { serveList } from '../../http/list.js';

export function recallRoutes(r: Router) {
  r.serve(RECALL_API.save, async ({ db, caller, body }) => {
    const [product] = await db
      .select({ companyId: products.companyId })
      .from(products)
      .where(and(eq(products.id, body.ProductId), companyScope(caller, products.companyId)));
    if (!product) return warn(RECALL_MSG.product);
    const [mapped] = await db
      .select({ batchNo: mappings.batchNo })
      .from(mappings)
      .where(and(eq(mappings.productId, body.ProductId), sql`lower(${mappings.batchNo}) = lower(${body.BatchNo})`))
      .limit(1);
    if (!mapped) return warn(RECALL_MSG.noBatch);
    try {
      // Stored as the mappings spell it.
      await db.insert(recalls).values({
        companyId: product.companyId,
        productId: body.ProductId,
        batchNo: mapped.batchNo,
        reason: body.Reason,
        createdBy: caller.userId,
      });
    } catch (e) {
      if (uniqueViolation(e) === 'recalls_batch_uq') return warn(RECALL_MSG.duplicate);
      throw e;
    }
    return ok(null, RECALL_MSG.saved);
  });

  serveList(r, RECALL_LIST, {
    fields: {
      RecallId: recalls.id,
      ProductName: products.name,
      BatchNo: recalls.batchNo,
      Reason: recalls.reason,
      CreatedDate: recalls.createdAt,
    },
    from: (db, f) => db.select(f).from(recalls).innerJoin(products, eq(products.id, recalls.productId)).$dynamic(),
    scope: (caller) => companyScope(caller, recalls.companyId),
    search: [products.name, recalls.batchNo, recalls.reason],
    key: recalls.id,
  });
}
