// Scheme Master and Scheme Design (spec 2 section 7): the list is a declaration on the master
// machinery (Scheme Design's or Scheme Master's by SchemeKind); the save, the design's detail and
// the design form's choices are below.
import { and, asc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import {
  BENEFICIARY_OPTIONS,
  SCHEME_API,
  SCHEME_LIST,
  SCHEME_MSG,
  SCHEME_TYPE_LEVEL,
  SCHEME_TYPE_OPTIONS,
  SCHEME_TYPES,
  schemeListKind,
  type SchemeType,
} from '../../../shared/contracts/loyalty/scheme.js';
import { PAGE } from '../../../shared/pages.js';
import { mayUse, type Caller } from '../../auth/actor.js';
import type { Db } from '../../db/connect.js';
import { companyScope } from '../../auth/scope.js';
import {
  categories,
  mappings,
  products,
  schemeExclusions,
  schemeItems,
  schemeLocations,
  schemes,
  states,
} from '../../db/schema.js';
import { INDIA, saveScheme } from '../../domain/scheme-save.js';
import { masterRoutes } from '../../http/master.js';
import { idParam, INVALID_ARGUMENTS, type Router } from '../../http/route.js';

const caseOf = (
  col: typeof schemes.beneficiary | typeof schemes.schemeType,
  options: readonly { value: string | number; label: string }[],
) =>
  sql<string>`(case ${col} ${sql.join(
    options.map((o) => sql`when ${o.value} then ${o.label}`),
    sql` `,
  )} else '' end)`;

const day = (col: SQLWrapper) => sql<string>`to_char(${col}, 'YYYY-MM-DD')`;

const batchRow = {
  MappingId: mappings.id,
  ProductName: products.name,
  BatchNo: mappings.batchNo,
  Qty: sql<number>`(${mappings.toNo} - ${mappings.fromNo} + 1)`.mapWith(Number),
  MFGDate: day(mappings.mfgDate),
  EXPDate: day(mappings.expDate),
};

export function schemeRoutes(r: Router) {
  masterRoutes(r, {
    table: schemes,
    scope: (caller) => companyScope(caller, schemes.companyId),
    list: {
      contract: SCHEME_LIST,
      fields: {
        SchemeId: schemes.id,
        SchemeName: schemes.name,
        Schemedescription: schemes.description,
        StartDate: day(schemes.validFrom),
        EndDate: day(schemes.validTo),
        LoyaltyPoints: schemes.points,
        IsActive: schemes.isActive,
        ProductId: schemes.productId,
        ProductName: sql<string>`coalesce(${products.name}, '')`,
        Utype: schemes.beneficiary,
        TypeName: caseOf(schemes.beneficiary, BENEFICIARY_OPTIONS),
        SchemeType: sql<string>`coalesce(${schemes.schemeType}, '')`,
        SchemeOn: caseOf(schemes.schemeType, SCHEME_TYPE_OPTIONS),
        ValidFrm: day(schemes.validFrom),
        ValidTo: day(schemes.validTo),
        SchemeBeneficiary: schemes.beneficiary,
        CreatedDate: schemes.createdAt,
      },
      search: [schemes.name, schemes.description, products.name],
      from: (q) => q.leftJoin(products, eq(products.id, schemes.productId)),
      filter: (body, caller, headers) => {
        const page = Array.isArray(headers.page) ? headers.page[0] : headers.page;
        const onlyDesign = !mayUse(caller, [PAGE.schemeMaster.key]);
        return eq(schemes.kind, schemeListKind(body.SchemeKind, page, body.SortColumn, onlyDesign));
      },
    },
  });

  r.serve(SCHEME_API.save, ({ db, caller, body }) => saveScheme(db, caller, body));

  r.serve(SCHEME_API.userTypes, async () =>
    ok(BENEFICIARY_OPTIONS.map((o) => ({ Utype: o.value, TypeName: o.label }))),
  );

  r.serve(SCHEME_API.byId, async ({ db, caller, params }) => {
    const id = idParam(params.id);
    if (id === null) return warn(INVALID_ARGUMENTS);
    const [s] = await db
      .select()
      .from(schemes)
      .where(and(eq(schemes.id, id), eq(schemes.kind, 'design'), companyScope(caller, schemes.companyId)));
    if (!s) return warn(SCHEME_MSG.notFound);
    const [items, locations, batches] = await Promise.all([
      db
        .select({ value: schemeItems.itemId, label: schemeItems.label, Points: schemeItems.points })
        .from(schemeItems)
        .where(eq(schemeItems.schemeId, id))
        .orderBy(asc(schemeItems.label)),
      db
        .select({ value: states.id, label: states.name })
        .from(schemeLocations)
        .innerJoin(states, eq(states.id, schemeLocations.stateId))
        .where(eq(schemeLocations.schemeId, id))
        .orderBy(asc(states.name)),
      db
        .select(batchRow)
        .from(schemeExclusions)
        .innerJoin(mappings, eq(mappings.id, schemeExclusions.mappingId))
        .innerJoin(products, eq(products.id, mappings.productId))
        .where(eq(schemeExclusions.schemeId, id)),
    ]);
    return ok({
      SchemeId: s.id,
      SchemeName: s.name,
      SchemeType: s.schemeType ?? '',
      SchemeBeneficiary: s.beneficiary,
      ValidFrm: s.validFrom,
      ValidTo: s.validTo,
      IsActive: s.isActive,
      DynamicIds: items,
      locationCodes: locations,
      mappingData: batches,
    });
  });

  r.serve(SCHEME_API.items, async ({ db, caller, params }) => {
    const type = params.type as SchemeType;
    return SCHEME_TYPES.includes(type) ? ok(await schemeItemsOf(db, caller, type)) : warn(SCHEME_MSG.type);
  });

  r.serve(SCHEME_API.locations, async ({ db }) => ok(await locationsOf(db)));

  r.serve(SCHEME_API.mappedBatches, async ({ db, caller, body }) =>
    ok(await batchesOf(db, caller, body.SchemeType, body.Ids)),
  );
}

/** The products (PB) or the categories of a level (CM, SC, SD) a design may choose. */
export async function schemeItemsOf(db: Db, caller: Caller, type: SchemeType) {
  const level = SCHEME_TYPE_LEVEL[type];
  return level === 0
    ? db
        .select({ value: products.id, label: products.name })
        .from(products)
        .where(and(eq(products.isActive, true), companyScope(caller, products.companyId)))
        .orderBy(asc(products.name))
    : db
        .select({ value: categories.id, label: categories.name })
        .from(categories)
        .where(and(eq(categories.level, level), eq(categories.isActive, true)))
        .orderBy(asc(categories.name));
}

/** The states of India: the locations a design may be limited to. */
export const locationsOf = (db: Db) =>
  db
    .select({ value: states.id, label: states.name })
    .from(states)
    .where(eq(states.countryId, INDIA))
    .orderBy(asc(states.name));

/** The product batches (mappings) of the chosen products or categories. */
export function batchesOf(db: Db, caller: Caller, type: SchemeType, ids: number[]) {
  const on = [products.id, products.categoryId, products.mg2Id, products.mg3Id][SCHEME_TYPE_LEVEL[type]]!;
  return db
    .select(batchRow)
    .from(mappings)
    .innerJoin(products, eq(products.id, mappings.productId))
    .where(and(inArray(on, ids), companyScope(caller, mappings.companyId)))
    .orderBy(asc(products.name), asc(mappings.batchNo), asc(mappings.id))
    .limit(5000);
}
