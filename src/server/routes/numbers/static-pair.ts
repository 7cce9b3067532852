// Mapping/CreateStaticQrMapping and Mapping/GetStaticQrMappings (spec 2 section 7): pair a static
// code with a preprinted one, and the list of pairs. Both MACs are checked before any database access.
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { ok } from '../../../shared/contracts/envelope.js';
import {
  codeText,
  PAIR_MSG,
  STATIC_PAIR_API,
  STATIC_PAIR_LIST,
} from '../../../shared/contracts/numbers/static-pair.js';
import { companyScope } from '../../auth/scope.js';
import { mappings, products, staticPairs } from '../../db/schema.js';
import { pairCodes, pairScans } from '../../domain/static-pair.js';
import type { Caller } from '../../auth/actor.js';
import type { Router } from '../../http/route.js';
import { serveList } from '../../http/list.js';
import { qrScanRoutes } from './qr-scan.js';

const fields = {
  StaticQrMappingId: staticPairs.id,
  ProductName: sql<string>`coalesce(${products.name}, '')`,
  StaticSeqNo: staticPairs.staticNo,
  PreprintedSeqNo: staticPairs.preprintedNo,
  Prefix: staticPairs.prefix,
  CreatedDate: staticPairs.createdAt,
};

/** Company for everyone but the admin; a factory user sees the pairs of their own prefix. */
function pairScope(caller: Caller, sentPrefix: string | null | undefined): SQL | undefined {
  const prefix = caller.isAdmin ? sentPrefix?.trim().toUpperCase() : caller.prefix.toUpperCase();
  return and(companyScope(caller, staticPairs.companyId), prefix ? eq(staticPairs.prefix, prefix) : undefined);
}

/** Registers the pairing calls and the product-by-QR lookup (one line in routes/index.ts). */
export function staticPairRoutes(r: Router) {
  qrScanRoutes(r);
  r.serve(STATIC_PAIR_API.create, async ({ db, body, caller, codes }) => {
    const scans = pairScans(codes, body);
    const { pair, staticCode: st, preprinted: pp } = await db.transaction((tx) => pairCodes(tx, caller, scans));
    return ok(
      { StaticQrMappingId: pair.id, StaticSeqNo: st.serial, PreprintedSeqNo: pp.serial, Prefix: st.prefix },
      PAIR_MSG.saved(codeText(st), pp.serial),
    );
  });

  serveList(r, STATIC_PAIR_LIST, {
    fields,
    // The static mapping holding each pair's static number gives the product name.
    from: (db, selected) =>
      db
        .select(selected)
        .from(staticPairs)
        .leftJoin(
          mappings,
          and(
            eq(mappings.kind, 'S'),
            eq(mappings.prefix, staticPairs.prefix),
            lte(mappings.fromNo, staticPairs.staticNo),
            gte(mappings.toNo, staticPairs.staticNo),
          ),
        )
        .leftJoin(products, eq(products.id, mappings.productId))
        .$dynamic(),
    scope: (caller, body) => pairScope(caller, body.Prefix),
    search: [products.name, staticPairs.staticNo, staticPairs.preprintedNo, staticPairs.prefix],
    sort: { ProductName: products.name },
    key: staticPairs.id,
  });
}
