// Mapping (spec 2 sections 2, 4, 5, 7; DESIGN section 4 'Mapping'): list, add (one range through the
// mapping rule), expiry update, next From No. and the refused delete.
import { and, eq, gte, isNotNull, lte, max, min, sql } from 'drizzle-orm';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { isPreprintedFlag } from '../../../shared/contracts/numbers/fields.js';
import { MAPPING_API, MAPPING_LIST, MAPPING_MSG } from '../../../shared/contracts/numbers/mapping.js';
import { mappings, numberIssues, products } from '../../db/schema.js';
import type { Db } from '../../db/connect.js';
import { addMapping, mappingScope, updateExpiry } from '../../domain/mapping.js';
import type { Caller } from '../../auth/actor.js';
import { idParam, INVALID_ARGUMENTS, type Router } from '../../http/route.js';
import { serveList } from '../../http/list.js';
import { mappingFields, numberInRange, withProductAndSite } from './mapping-list.js';
import { productLookupRoutes } from './product-lookups.js';

/** One past the highest number in use, or the first free number of the company's accepted stock. */
async function nextFromNo(db: Db, caller: Caller, isPreprinted: boolean): Promise<number> {
  if (!isPreprinted) {
    const [row] = await db
      .select({ top: max(mappings.toNo) })
      .from(mappings)
      .where(and(eq(mappings.kind, 'S'), eq(mappings.prefix, caller.prefix.toUpperCase())));
    return row?.top != null ? Number(row.top) + 1 : 1;
  }
  if (caller.companyId === null) return 1;
  const accepted = and(eq(numberIssues.companyId, caller.companyId), isNotNull(numberIssues.acceptedAt));
  const [used] = await db
    .select({ top: sql<number | null>`max(least(${mappings.toNo}, ${numberIssues.toNo}))`.mapWith(Number) })
    .from(mappings)
    .innerJoin(
      numberIssues,
      and(accepted, lte(numberIssues.fromNo, mappings.toNo), gte(numberIssues.toNo, mappings.fromNo)),
    )
    .where(eq(mappings.kind, 'P'));
  if (used?.top) return used.top + 1;
  const [low] = await db
    .select({ low: min(numberIssues.fromNo) })
    .from(numberIssues)
    .where(accepted);
  return low?.low != null ? Number(low.low) : 1;
}

export function mappingRoutes(r: Router) {
  productLookupRoutes(r);
  serveList(r, MAPPING_LIST, {
    fields: mappingFields,
    from: (db, fields) => withProductAndSite(db.select(fields).from(mappings).$dynamic()),
    scope: (caller, body) => mappingScope(caller, isPreprintedFlag.parse(body.isPreprinted)),
    search: [products.name, products.code, mappings.batchNo, mappings.fromNo, mappings.toNo, mappings.remark],
    // A typed number finds its range as well as matching text.
    searchAlso: numberInRange,
    sort: { Mrp: mappings.mrp },
    key: mappings.id,
  });

  r.serve(MAPPING_API.save, ({ db, body, caller }) =>
    db.transaction(async (tx) => {
      const labels = { form: r.config.labelLink, publicBaseUrl: r.config.publicBaseUrl };
      const saved =
        body.mode === 'add' ? await addMapping(tx, caller, body, labels) : await updateExpiry(tx, caller, body);
      return ok(saved, body.mode === 'add' ? MAPPING_MSG.created : MAPPING_MSG.updated);
    }),
  );

  r.serve(MAPPING_API.fromNumber, async ({ db, params, caller }) => {
    const flag = isPreprintedFlag.safeParse(params.isPreprinted);
    if (!flag.success) return warn(INVALID_ARGUMENTS);
    if (!flag.data && !caller.prefix) return warn(MAPPING_MSG.noPrefix, { FrmNo: 1 });
    return ok({ FrmNo: await nextFromNo(db, caller, flag.data) });
  });

  // Printed numbers cannot be taken back by deleting their mapping: De Mapping releases numbers
  // (and refuses packed ones), so a whole-mapping delete is refused.
  r.serve(MAPPING_API.remove, async ({ params }) =>
    idParam(params.id) === null ? warn(INVALID_ARGUMENTS) : warn(MAPPING_MSG.deleteRefused),
  );
}
