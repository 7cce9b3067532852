// Product Master (spec 1 sections 2.11, 3.5, 5.3, 7): list, save, dropdown and delete, company-scoped.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { PRODUCT_API, PRODUCT_LIST, PRODUCT_MSG } from '../../../shared/contracts/product.js';
import { COMPANY_TIME_ZONE } from '../../../shared/today.js';
import { companyFor, companyScope } from '../../auth/scope.js';
import type { Db } from '../../db/connect.js';
import { categories, companies, prices, products } from '../../db/schema.js';
import { routeGtin } from '../../domain/code-routes.js';
import type { Caller } from '../../auth/actor.js';
import { masterRoutes } from '../../http/master.js';
import { idParam, INVALID_ARGUMENTS, type Router } from '../../http/route.js';
import { productUoms } from './product-uom.js';

const mg1 = alias(categories, 'mg1');

/** PostgreSQL's foreign-key violation (23503), through the driver's wrappers. */
function foreignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (e.code === '23503') return true;
    e = e.cause as typeof e;
  }
  return false;
}
const scope = (caller: Caller) => companyScope(caller, products.companyId);

/** Levels must chain: MG1 is level 1, MG2 a child of MG1, MG3 a child of MG2. */
async function categoriesChain(db: Db, ids: (number | null)[]): Promise<boolean> {
  const [a, b, c] = ids;
  if ((b && !a) || (c && !b)) return false;
  const wanted = ids.filter((v): v is number => v !== null);
  if (wanted.length === 0) return true;
  const rows = await db
    .select({ id: categories.id, level: categories.level, parentId: categories.parentId })
    .from(categories)
    .where(inArray(categories.id, wanted));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.every((id, i) => {
    if (id === null) return true;
    const row = byId.get(id);
    return !!row && row.level === i + 1 && (i === 0 || row.parentId === ids[i - 1]);
  });
}

export function productRoutes(r: Router) {
  masterRoutes(r, {
    table: products,
    scope,
    list: {
      contract: PRODUCT_LIST,
      fields: {
        ProductId: products.id,
        ProductName: products.name,
        ProductCd: products.code,
        ProductDscrptn: products.description,
        ProductUOM: products.uom,
        ProductValue: products.packValue,
        CompId: products.companyId,
        CompanyName: companies.name,
        CategoryId: products.categoryId,
        CategoryName: mg1.name,
        CategoryIdMG2: products.mg2Id,
        CategoryIdMG3: products.mg3Id,
        MG2Id: products.mg2Id,
        MG3Id: products.mg3Id,
        SapProductCd: products.sapCode,
        TechnicalName: products.technicalName,
        gtin: products.gtin,
        mrp: sql<number | null>`cast(${products.mrp} as double precision)`,
        WarrantyPeriodInMonth: products.bestBeforeDays,
        ManufactureName: products.manufactureName,
        RegistrationNo: products.registrationNo,
        MarketedBy: products.marketedBy,
        ProductImg: products.image,
        GenuineAudio: products.genuineAudio,
        label: products.labelPdf,
        Pamphlet: products.leafletPdf,
        CautionarySymbol: products.cautionarySymbol,
        AntidoteStatement: products.antidoteStatement,
        IsActive: products.isActive,
        ExpDate: sql<string>`to_char((now() at time zone ${COMPANY_TIME_ZONE})::date + ${products.bestBeforeDays}, 'YYYY-MM-DD')`,
        CreatedDt: products.createdAt,
      },
      search: [
        products.name,
        products.code,
        companies.name,
        mg1.name,
        products.uom,
        products.sapCode,
        products.technicalName,
      ],
      from: (q) =>
        q.innerJoin(companies, eq(companies.id, products.companyId)).leftJoin(mg1, eq(mg1.id, products.categoryId)),
    },
    save: {
      endpoint: PRODUCT_API.save,
      id: (b) => b.ProductId,
      values: (b, caller) => ({
        companyId: companyFor(caller, b.CompId),
        name: b.ProductName,
        code: b.ProductCd,
        description: b.ProductDscrptn,
        uom: b.ProductUOM,
        packValue: b.ProductValue,
        categoryId: b.CategoryId,
        mg2Id: b.MG2Id,
        mg3Id: b.MG3Id,
        sapCode: b.SapProductCd,
        technicalName: b.TechnicalName,
        gtin: b.gtin,
        mrp: b.mrp === null ? null : b.mrp.toFixed(2),
        isActive: b.IsActive,
        bestBeforeDays: b.WarrantyPeriodInMonth,
        manufactureName: b.ManufactureName,
        registrationNo: b.RegistrationNo,
        marketedBy: b.MarketedBy,
        image: b.ProductImg,
        genuineAudio: b.GenuineAudio,
        labelPdf: b.label,
        leafletPdf: b.Pamphlet,
        cautionarySymbol: b.CautionarySymbol,
        antidoteStatement: b.AntidoteStatement,
      }),
      after: async (tx, v, id) => {
        const companyId = v.companyId as number;
        await routeGtin(tx, v.gtin as string | null, companyId);
        // A price is its product's company's (db/placement.ts): it follows the product.
        await tx.update(prices).set({ companyId }).where(eq(prices.productId, id));
      },
      check: async (b, caller, d) => {
        const companyId = companyFor(caller, b.CompId);
        if (companyId === null) return PRODUCT_MSG.companyRequired;
        if (caller.isAdmin) {
          const [c] = await d.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
          if (!c) return PRODUCT_MSG.companyRequired;
        }
        return (await categoriesChain(d, [b.CategoryId, b.MG2Id, b.MG3Id])) ? null : PRODUCT_MSG.categoryInvalid;
      },
      unique: { products_code_uq: PRODUCT_MSG.duplicateCode },
      messages: { created: PRODUCT_MSG.created, updated: PRODUCT_MSG.updated, notFound: PRODUCT_MSG.notFound },
    },
    dropdown: {
      endpoint: PRODUCT_API.dropdown,
      fields: {
        ProductId: products.id,
        ProductName: products.name,
        ProductCd: products.code,
        label: products.name,
        value: products.id,
      },
      orderBy: products.name,
    },
  });

  r.serve(PRODUCT_API.uoms, async ({ db: d, caller }) => ok(await productUoms(d, scope(caller))));

  r.serve(PRODUCT_API.remove, async ({ db: d, params, caller }) => {
    const id = idParam(params.id);
    if (id === null) return warn(INVALID_ARGUMENTS);
    try {
      const gone = await d
        .delete(products)
        .where(and(scope(caller), eq(products.id, id)))
        .returning({ id: products.id });
      return gone.length === 0 ? warn(PRODUCT_MSG.notFound) : ok(null, PRODUCT_MSG.deleted);
    } catch (e) {
      // Prices, mappings and packs keep their product: refuse rather than orphan them.
      if (foreignKeyViolation(e)) return warn(PRODUCT_MSG.inUse);
      throw e;
    }
  });
}
