// Test data of the EPCIS export: a factory's mapping logged as Mapping logs it (the floor factory
// inserts the range alone), a GTIN on its product, a recall, and GS1's schema to check documents.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/connect.js';
import { mappings, products, recalls } from '../../src/server/db/schema.js';
import { logEvent } from '../../src/server/domain/event-log.js';
import type { FloorFactory } from './factories-floor.js';

/** A GTIN-13 with its check digit right (gtinValid). */
export const GTIN = '8901234567890';

const schema = JSON.parse(
  readFileSync(new URL('../fixtures/epcis-schema/EPCIS-JSON-Schema.json', import.meta.url), 'utf8'),
);
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats.default(ajv);
const validate = ajv.compile(schema);

/** GS1's schema's verdict on a document: [] when valid, else its errors. */
export function schemaErrors(doc: unknown): string[] {
  return validate(doc) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** The `map` row Mapping writes for the factory's mapping (1..1000), at its site. */
export async function logFactoryMapping(db: Db, f: FloorFactory): Promise<void> {
  const [m] = await db.select().from(mappings).where(eq(mappings.id, f.mappingId));
  await logEvent(db, {
    action: 'map',
    userId: f.userId,
    companyId: f.companyId,
    siteId: f.siteId,
    series: { kind: 'S', prefix: f.prefix },
    fromNo: m!.fromNo,
    toNo: m!.toNo,
    ref: String(m!.id),
    detail: { productId: f.productId, batchNo: m!.batchNo },
  });
}

export async function setGtin(db: Db, productId: number, gtin: string | null) {
  await db.update(products).set({ gtin }).where(eq(products.id, productId));
}

export async function insertRecall(db: Db, f: FloorFactory, batchNo = 'B-1') {
  await db.insert(recalls).values({ companyId: f.companyId, productId: f.productId, batchNo, reason: 'Leaking caps' });
  return (
    await db
      .select()
      .from(recalls)
      .where(and(eq(recalls.productId, f.productId), eq(recalls.batchNo, batchNo)))
  )[0]!;
}
