// Test data of the EPCIS export: a factory's mapping logged as Mapping logs it (the floor factory
// inserts the range alone), a GTIN on its product, a recall, and GS1's schema to check documents.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/connect.js';
import { mappings, products, recalls } from '../../src/server/db/schema.js';
import { logEvent } from '../../src/server/domain/event-log.js';
import { RECEIVE_API } from '../../src/shared/contracts/floor/dispatch-receive.js';
import { DISPATCH_API } from '../../src/shared/contracts/floor/dispatch.js';
import { PAGE } from '../../src/shared/pages.js';
import { dispatchBody, dispatchFactory, Packer } from './factories-dispatch.js';
import { insertSiteUser } from './factories-dispatch-legs.js';
import { cartonSize, slip, type FloorFactory } from './factories-floor.js';
import { appCodes, insertColleague } from './factories-pairs.js';
import { insertReference, nextPrefix } from './factories-sites.js';
import type { TestApp } from './server-app.js';

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

/** The bizSteps of company A's trace in epcisWorld, in the export's order. */
export const WORLD_STEPS = [
  'commissioning',
  'packing',
  'packing',
  'packing',
  'packing',
  'shipping',
  'receiving',
  'holding',
];

/** Company A's trace: its mapping logged (product with GTIN), a TID of two SIDs and a loose SID
 *  packed, both dispatched on one DID to its depot and received there, the batch recalled; company
 *  B's mapping logged; a reader of A holding the Dispatch report, Recall Trace and Item Ledger. */
export async function epcisWorld(t: TestApp) {
  await insertReference(t.db);
  const codes = await appCodes(t);
  const A = await dispatchFactory(t, nextPrefix());
  const B = await dispatchFactory(t, nextPrefix());
  await setGtin(t.db, A.productId, GTIN);
  await logFactoryMapping(t.db, A);
  await logFactoryMapping(t.db, B);
  const pack = new Packer(t, codes, A, await cartonSize(t.db, 2));
  const tid = await pack.tid();
  const loose = await pack.sid();
  const depot = await insertSiteUser(t, A.companyId);
  const modes = await t.get(DISPATCH_API.modes.path, A.token);
  const road = (modes.body.ResponseData as Array<{ TransportModeId: number }>)[0]!.TransportModeId;
  const did = slip('DID', A.prefix, 1);
  const body = dispatchBody({ WareHouseId: depot.siteId }, [tid, loose], {
    TransportModeId: road,
    DispatchId: did,
    LR: 'LR 77/A',
  });
  const sent = await t.post(DISPATCH_API.save.path, body, A.token);
  if (sent.body.ResponseCode !== '200') throw new Error(`dispatch: ${sent.body.ResponseMessage}`);
  const got = await t.post(RECEIVE_API.save.path, { DispatchId: did }, depot.token);
  if (got.body.ResponseCode !== '200') throw new Error(`receive: ${got.body.ResponseMessage}`);
  await insertRecall(t.db, A);
  const reader = await insertColleague(t, A, [PAGE.dispatchReport.key, PAGE.recallTrace.key, PAGE.itemLedger.key]);
  return { A, B, codes, tid, loose, did, depot, reader };
}
