// Product Configuration (spec 1 sections 2.12, 3.6, 4, 5.3; spellings as the spec's paths write them).
// Scoped through the product: another company's product answers as not found, and 'btnall' changes
// every product of the chosen product's company, which for a non-admin is always their own.
import { and, eq, sql } from 'drizzle-orm';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import {
  configOf,
  configText,
  DEFAULT_CARTONS,
  PRODUCT_CONFIG_API,
  PRODUCT_CONFIG_MSG,
  type ProductConfigurationData,
} from '../../../shared/contracts/product-configuration.js';
import { companyScope } from '../../auth/scope.js';
import type { Db } from '../../db/connect.js';
import { cartons, products } from '../../db/schema.js';
import type { Caller } from '../../auth/actor.js';
import { idParam, INVALID_ARGUMENTS, type Router } from '../../http/route.js';

async function visibleProduct(db: Db, caller: Caller, id: number) {
  const [p] = await db
    .select({
      id: products.id,
      companyId: products.companyId,
      config: products.config,
      secondaryCartonId: products.secondaryCartonId,
      tertiaryCartonId: products.tertiaryCartonId,
    })
    .from(products)
    .where(and(eq(products.id, id), companyScope(caller, products.companyId)));
  return p;
}

async function activeCarton(db: Db, id: number): Promise<boolean> {
  const [c] = await db
    .select({ id: cartons.id })
    .from(cartons)
    .where(and(eq(cartons.id, id), eq(cartons.isActive, true)));
  return c !== undefined;
}

export function productConfigurationRoutes(r: Router) {
  r.serve(PRODUCT_CONFIG_API.save, async ({ db, body, caller }) => {
    const product = await visibleProduct(db, caller, body.ProductId);
    if (!product) return warn(PRODUCT_CONFIG_MSG.notFound);
    // A default carton must be an active size of the Carton master (the sizes the floor offers).
    for (const { key, label } of DEFAULT_CARTONS) {
      const id = body[key];
      if (id && !(await activeCarton(db, id))) return warn(PRODUCT_CONFIG_MSG.cartonNotFound(label));
    }
    // Only the known flags are merged in; one statement, so 'btnall' changes all rows or none.
    const merged = sql`${products.config} || ${JSON.stringify(body.ProdConfiguration)}::jsonb`;
    const target =
      body.BtnType === 'btnsingle' ? eq(products.id, product.id) : eq(products.companyId, product.companyId);
    // A default left out of the body stays as it is (a client of the spec's fields alone changes none).
    const defaults = {
      ...(body.SecondaryCartonId === undefined ? {} : { secondaryCartonId: body.SecondaryCartonId }),
      ...(body.TertiaryCartonId === undefined ? {} : { tertiaryCartonId: body.TertiaryCartonId }),
    };
    await db
      .update(products)
      .set({ config: merged, ...defaults, updatedAt: new Date() })
      .where(target);
    if (body.BtnType === 'btnsingle') return ok(null, PRODUCT_CONFIG_MSG.savedSingle);
    return ok(null, PRODUCT_CONFIG_MSG.savedAll);
  });

  r.serve(PRODUCT_CONFIG_API.read, async ({ db, params, caller }) => {
    const id = idParam(params.productId);
    if (id === null) return warn(INVALID_ARGUMENTS);
    const product = await visibleProduct(db, caller, id);
    if (!product) return warn(PRODUCT_CONFIG_MSG.notFound);
    const data: ProductConfigurationData = {
      ProductId: product.id,
      ProdConfiguration: configText(configOf(product.config)),
      SecondaryCartonId: product.secondaryCartonId,
      TertiaryCartonId: product.tertiaryCartonId,
    };
    return ok(data);
  });
}
