// A recalled batch: its class (LGTIN, or the company's own) held as recalled, with the number of
// packs mapped to it as the quantity (packs: no unit of measure).
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.js';
import { mappings } from '../db/schema.js';
import { stamp, type EpcisEventBody, type EventPlace } from './epcis-event.js';
import type { MapperContext } from './mapper-context.js';

export interface RecallFacts {
  productId: number;
  batchNo: string;
}

/** Packs mapped to the batch now. */
export async function batchPacks(db: Pick<Db, 'select'>, r: RecallFacts): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${mappings.toNo} - ${mappings.fromNo} + 1), 0)` })
    .from(mappings)
    .where(and(eq(mappings.productId, r.productId), sql`lower(${mappings.batchNo}) = lower(${r.batchNo})`));
  return Number(row?.n ?? 0);
}

export async function* recalled(
  c: MapperContext,
  p: EventPlace,
  r: RecallFacts,
  packs: number,
): AsyncGenerator<EpcisEventBody> {
  const product = await c.look.product(r.productId);
  yield {
    type: 'ObjectEvent',
    ...stamp(p),
    quantityList: [{ epcClass: c.ids.batchClass(product, r.batchNo), quantity: packs }],
    action: 'OBSERVE',
    bizStep: 'holding',
    disposition: 'recalled',
  };
}
