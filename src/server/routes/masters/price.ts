// Price Master (spec 1 sections 2.18, 3.10, 5.9, 7): prices belong to a company through their
// product, so every read and write is limited to products the caller may see.
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { ok } from '../../../shared/contracts/envelope.js';
import { PRICE_API, PRICE_LIST, PRICE_MSG, priceSave } from '../../../shared/contracts/price.js';
import { companyScope } from '../../auth/scope.js';
import type { Db } from '../../db/connect.js';
import { prices, products } from '../../db/schema.js';
import type { Caller } from '../../auth/actor.js';
import { masterRoutes } from '../../http/master.js';
import type { Router } from '../../http/route.js';
import type { z } from 'zod';

/** The caller's prices: those whose product is of the caller's company (everything for an admin). */
function priceScope(caller: Caller): SQL | undefined {
  const own = companyScope(caller, products.companyId);
  return own && sql`${prices.productId} in (select ${products.id} from ${products} where ${own})`;
}

async function checkPrice(b: z.output<typeof priceSave>, caller: Caller, db: Db): Promise<string | null> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, b.ProductId), eq(products.isActive, true), companyScope(caller, products.companyId)));
  return product ? null : PRICE_MSG.productRequired;
}

export function priceRoutes(r: Router) {
  masterRoutes(r, {
    table: prices,
    scope: priceScope,
    list: {
      contract: PRICE_LIST,
      fields: {
        PriceId: prices.id,
        ProductId: prices.productId,
        ProductName: products.name,
        Price: sql<number>`cast(${prices.price} as double precision)`.mapWith(Number),
        CreatedDate: prices.createdAt,
      },
      search: [products.name, products.code, prices.price],
      from: (q) => q.innerJoin(products, eq(products.id, prices.productId)),
    },
    save: {
      endpoint: PRICE_API.save,
      id: (b: z.output<typeof priceSave>) => b.PriceId,
      // The product's company, read in the statement (checkPrice has seen the caller may use the product).
      values: (b) => ({
        productId: b.ProductId,
        companyId: sql`(select ${products.companyId} from ${products} where ${products.id} = ${b.ProductId})`,
        price: b.Price.toFixed(2),
      }),
      check: checkPrice,
      // One price per product: a second one would leave the screen guessing which is current.
      unique: { prices_product_uq: PRICE_MSG.duplicate },
      messages: { created: PRICE_MSG.created, updated: PRICE_MSG.updated, notFound: PRICE_MSG.notFound },
    },
  });

  r.serve(PRICE_API.productDropdown, async ({ db, caller }) =>
    ok(
      await db
        .select({ ProductId: products.id, ProductName: products.name })
        .from(products)
        .where(and(eq(products.isActive, true), companyScope(caller, products.companyId)))
        .orderBy(asc(products.name), asc(products.id)),
    ),
  );
}
