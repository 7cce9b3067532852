// Product Damage (spec 2 section 7): record a damage, list them ('Damaged Product', exported with
// PageSize -1), and the spec's delete call, which damage being for good answers with a refusal.
import { eq, sql } from 'drizzle-orm';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { flagOn } from '../../../shared/contracts/list.js';
import { DAMAGE_API, DAMAGE_LIST, DAMAGE_MSG } from '../../../shared/contracts/numbers/damage.js';
import { damage, damageScope, refuseDamageDelete } from '../../domain/damage.js';
import { damages, products } from '../../db/schema.js';
import { rangeText } from '../../domain/ranges.js';
import { idParam, INVALID_ARGUMENTS, type Router } from '../../http/route.js';
import { serveList } from '../../http/list.js';

const qty = sql<number>`(${damages.toNo} - ${damages.fromNo} + 1)`.mapWith(Number);

/**
 * The mapping holding the damage: the one starting last at or before it, if it reaches it (one
 * index probe per row; de-mapping keeps damaged numbers inside their mapping).
 */
const mappingId = sql<number | null>`(select h.id from (select m.id, m.to_no from mappings m
  where m.kind = ${damages.kind} and m.prefix = ${damages.prefix} and m.from_no <= ${damages.fromNo}
  order by m.from_no desc limit 1) h where h.to_no >= ${damages.fromNo})`.mapWith((v) =>
  v === null ? null : Number(v),
);

export function damageRoutes(r: Router) {
  r.serve(DAMAGE_API.create, ({ db, caller, body }) =>
    db.transaction(async (tx) => {
      const voided = await damage(tx, caller, body);
      return ok(null, DAMAGE_MSG.done(rangeText(voided.fromNo, voided.toNo)));
    }),
  );

  serveList(r, DAMAGE_LIST, {
    fields: {
      DamageId: damages.id,
      MappingId: mappingId,
      ProductName: products.name,
      FromNo: damages.fromNo,
      ToNo: damages.toNo,
      Qty: qty,
      Reason: damages.reason,
      CreatedDate: damages.createdAt,
      isPreprinted: sql<boolean>`(${damages.kind} = 'P')`,
    },
    from: (db, fields) =>
      db.select(fields).from(damages).innerJoin(products, eq(products.id, damages.productId)).$dynamic(),
    scope: (caller) => damageScope(caller),
    // Absent, the flag means static numbers: the screen's default mode.
    filter: (body) => eq(damages.kind, flagOn(body.isPreprinted) ? 'P' : 'S'),
    search: [products.name, damages.reason, damages.fromNo, damages.toNo],
    key: damages.id,
  });

  r.serve(DAMAGE_API.remove, async ({ db, caller, params }) => {
    const id = idParam(params.id);
    return id === null ? warn(INVALID_ARGUMENTS) : refuseDamageDelete(db, caller, id);
  });
}
