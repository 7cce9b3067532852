// The scheme calls the spec lists without a screen of ours (shared/contracts/loyalty/scheme-calls.ts),
// on the same queries and rules as Scheme Design's own calls.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { LOCATION_TYPE, SCHEME_CALL_MSG, SCHEME_CALLS_API } from '../../../shared/contracts/loyalty/scheme-calls.js';
import { SCHEME_MSG, SCHEME_TYPES, type SchemeType } from '../../../shared/contracts/loyalty/scheme.js';
import { companyScope } from '../../auth/scope.js';
import { mappings, schemeExclusions, schemes } from '../../db/schema.js';
import type { Router } from '../../http/route.js';
import { batchesOf, locationsOf, schemeItemsOf } from './schemes.js';

const schemeType = (raw: string | undefined): SchemeType | null =>
  (SCHEME_TYPES as readonly string[]).includes(raw ?? '') ? (raw as SchemeType) : null;

export function schemeCallRoutes(r: Router) {
  r.serve(SCHEME_CALLS_API.byType, async ({ db, caller, query }) => {
    if (query.type === LOCATION_TYPE) return ok(await locationsOf(db));
    const type = schemeType(query.type);
    return type ? ok(await schemeItemsOf(db, caller, type)) : warn(SCHEME_CALL_MSG.type);
  });

  r.serve(SCHEME_CALLS_API.mappingsByType, async ({ db, caller, query, body }) => {
    const type = schemeType(query.type);
    return type ? ok(await batchesOf(db, caller, type, [...new Set(body)])) : warn(SCHEME_CALL_MSG.type);
  });

  r.serve(SCHEME_CALLS_API.dropdown, async ({ db, caller }) =>
    ok(
      await db
        .select({ SchemeId: schemes.id, SchemeName: schemes.name, label: schemes.name, value: schemes.id })
        .from(schemes)
        .where(and(eq(schemes.isActive, true), companyScope(caller, schemes.companyId)))
        .orderBy(asc(schemes.name), asc(schemes.id)),
    ),
  );

  r.serve(SCHEME_CALLS_API.inactivate, async ({ db, caller, body }) => {
    const done = await db
      .update(schemes)
      .set({ isActive: false, updatedAt: new Date() })
      .where(and(eq(schemes.id, body.SchemeId), companyScope(caller, schemes.companyId)))
      .returning({ id: schemes.id });
    return done.length ? ok(null, SCHEME_CALL_MSG.inactivated) : warn(SCHEME_MSG.notFound);
  });

  // A design's excluded batches, replaced by the ones sent (none: nothing excluded), in one transaction.
  r.serve(SCHEME_CALLS_API.saveExclusions, async ({ db, caller, body }) =>
    db.transaction(async (tx) => {
      const [s] = await tx
        .select({ id: schemes.id })
        .from(schemes)
        .where(and(eq(schemes.id, body.SchemeId), eq(schemes.kind, 'design'), companyScope(caller, schemes.companyId)));
      if (!s) return warn(SCHEME_MSG.notFound);
      const ids = [...new Set(body.mappingData.map((m) => m.MappingId))];
      if (ids.length) {
        const [n] = await tx
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(mappings)
          .where(and(inArray(mappings.id, ids), companyScope(caller, mappings.companyId)));
        if (n!.n !== ids.length) return warn(SCHEME_MSG.unknownMapping);
      }
      await tx.delete(schemeExclusions).where(eq(schemeExclusions.schemeId, s.id));
      if (ids.length) await tx.insert(schemeExclusions).values(ids.map((mappingId) => ({ schemeId: s.id, mappingId })));
      return ok(null, SCHEME_CALL_MSG.excluded);
    }),
  );
}
