// Product lookups of the number screens (spec 1 section 7, DESIGN section 3: under Product/): pack size,
// shelf life, the products that have mappings, and one product's mappings. Scoped by company.
import { and, asc, eq, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { isPreprintedFlag } from '../../../shared/contracts/numbers/fields.js';
import { PRODUCT_LOOKUP_API, SELECTION_LOOKUP_API } from '../../../shared/contracts/numbers/mapping.js';
import { flagOn } from '../../../shared/contracts/list.js';
import { companyScope } from '../../auth/scope.js';
import type { Db } from '../../db/connect.js';
import { dispatchCartons, dispatches, mappings, products } from '../../db/schema.js';
import type { Caller } from '../../auth/actor.js';
import { idParam, INVALID_ARGUMENTS, type Router } from '../../http/route.js';
import { mappingScope } from '../../domain/mapping.js';
import { selectMappings } from './mapping-list.js';

export const PRODUCT_NOT_FOUND = 'Product not found.';

async function productOf(db: Db, caller: Caller, raw: string | undefined) {
  const id = idParam(raw);
  if (id === null) return null;
  const [p] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), companyScope(caller, products.companyId)));
  return p ?? null;
}

export function productLookupRoutes(r: Router) {
  r.serve(PRODUCT_LOOKUP_API.size, async ({ db, params, caller }) => {
    const p = await productOf(db, caller, params.productId);
    return p ? ok({ ProductId: p.id, PSize: p.packValue, PUOM: p.uom }) : warn(PRODUCT_NOT_FOUND);
  });

  r.serve(PRODUCT_LOOKUP_API.life, async ({ db, params, caller }) => {
    const p = await productOf(db, caller, params.productId);
    return p ? ok({ ProductId: p.id, BestBeforeDays: p.bestBeforeDays }) : warn(PRODUCT_NOT_FOUND);
  });

  r.serve(PRODUCT_LOOKUP_API.mappedProducts, async ({ db, params, caller }) => {
    const flag = isPreprintedFlag.safeParse(params.isPreprinted);
    if (!flag.success) return warn(INVALID_ARGUMENTS);
    const rows = await db
      .selectDistinct({ label: products.name, value: products.id })
      .from(mappings)
      .innerJoin(products, eq(products.id, mappings.productId))
      .where(mappingScope(caller, flag.data))
      .orderBy(asc(products.name), asc(products.id));
    return ok(rows);
  });

  // A site's products: mapped there or dispatched to it; a user's: dispatched to them; neither: every mapped product.
  r.serve(SELECTION_LOOKUP_API.products, async ({ db, caller, body }) => {
    const site = flagOn(body.IsWareHouse) && body.WareHouseId && body.WareHouseId > 0 ? body.WareHouseId : null;
    const user = !site && body.UserId && body.UserId > 0 ? body.UserId : null;
    const mapped = db
      .select({ id: mappings.productId })
      .from(mappings)
      .where(
        and(companyScope(caller, mappings.companyId), site ? eq(mappings.siteId, site) : user ? sql`false` : undefined),
      );
    const sent = db
      .select({ id: dispatchCartons.productId })
      .from(dispatchCartons)
      .innerJoin(dispatches, eq(dispatches.did, dispatchCartons.did))
      .where(
        and(
          companyScope(caller, dispatches.companyId),
          site ? eq(dispatches.toSiteId, site) : user ? eq(dispatches.toUserId, user) : sql`false`,
        ),
      );
    const rows = await db
      .select({ label: products.name, value: products.id })
      .from(products)
      .where(and(companyScope(caller, products.companyId), sql`${products.id} in (${union(mapped, sent)})`))
      .orderBy(asc(products.name), asc(products.id));
    return ok(rows);
  });

  // The spec writes GetMapping/{a},{b}: one path segment holding 'productId,isPreprinted'.
  r.serve(PRODUCT_LOOKUP_API.mappings, async ({ db, params, caller }) => {
    const [rawId, rawFlag, extra] = (params.pair ?? '').split(',');
    const id = idParam(rawId);
    const flag = isPreprintedFlag.safeParse(rawFlag ?? '');
    if (id === null || extra !== undefined || !flag.success || rawFlag === undefined) return warn(INVALID_ARGUMENTS);
    const rows = await selectMappings(db)
      .where(and(eq(mappings.productId, id), mappingScope(caller, flag.data)))
      .orderBy(asc(mappings.fromNo));
    return ok(rows);
  });
}
