// Two companies on one preprinted series: a rival that maps, damages and pairs numbers through the
// API, and ours, whose user holds every numbers page and probes the rival's numbers.
import { eq } from 'drizzle-orm';
import { DAMAGE_API } from '../../src/shared/contracts/numbers/damage.js';
import { MAPPING_API } from '../../src/shared/contracts/numbers/mapping.js';
import { STATIC_PAIR_API } from '../../src/shared/contracts/numbers/static-pair.js';
import type { Endpoint } from '../../src/shared/endpoint.js';
import { PAGE } from '../../src/shared/pages.js';
import type { CodeMac } from '../../src/server/domain/code-mac.js';
import { companies, damages, mappings, numberIssues } from '../../src/server/db/schema.js';
import { send } from './endpoint-call.js';
import { appCodes, insertFactory, P_SERIES, staticSeries, type Factory } from './factories-pairs.js';
import { insertProduct, nextPrefix } from './factories-sites.js';
import { unique } from './factories.js';
import type { TestApp } from './server-app.js';

export const NUMBER_PAGES = [
  PAGE.mapping,
  PAGE.deMapping,
  PAGE.productDamage,
  PAGE.mapStaticNumber,
  PAGE.numberGeneration,
  PAGE.adminNumberDownload,
  PAGE.stockManagement,
  PAGE.cartonSlip,
  PAGE.numberIssued,
].map((p) => p.key);

export interface Rival extends Factory {
  /** Every text of the rival that must never reach our user. */
  secrets: string[];
  preMappingId: number;
  staticMappingId: number;
  damageId: number;
  issueId: number;
}

export interface LeakWorld {
  codes: CodeMac;
  rival: Rival;
  ours: Factory;
  ourStaticMappingId: number;
  ourPreMappingId: number;
}

async function ok(t: TestApp, endpoint: Endpoint, body: unknown, token: string) {
  const res = await send(t, endpoint, body, token);
  if (res.body.ResponseCode !== '200') throw new Error(`${endpoint.path}: ${res.body.ResponseMessage}`);
  return res.body;
}

const mapBody = (productId: number, from: number, to: number, batch: string, isPreprinted: boolean) => ({
  MappingId: 0,
  ProductId: productId,
  FromNo: from,
  ToNo: to,
  Qty: to - from + 1,
  MFGDate: '2026-01-10',
  BatchNo: batch,
  EXPDate: '2027-01-10',
  Remark: '',
  Mrp: 99,
  isPreprinted,
});

/**
 * Rival: preprinted 200001–202000 accepted; 200001–201000 mapped (batch RIVAL-B1…), 200100–200109
 * damaged; static 1–1000 mapped, 50–59 damaged, static 500 paired with preprinted 201500.
 * Ours: preprinted 300001–301000 accepted, 300001–300100 mapped; static 1–100 mapped.
 */
export async function leakWorld(t: TestApp): Promise<LeakWorld> {
  const codes = await appCodes(t);
  const rival = await insertFactory(t, nextPrefix(), NUMBER_PAGES);
  const name = unique('Rival Pesticide Y ');
  const product = await insertProduct(t.db, rival.companyId, { name });
  const [issue] = await t.db
    .insert(numberIssues)
    .values({
      companyId: rival.companyId,
      fromNo: 200_001,
      toNo: 202_000,
      salesOrderNo: unique('RIVAL-SO-'),
      acceptedAt: new Date(),
    })
    .returning();
  const batch = unique('RIVAL-B1-');
  const staticBatch = unique('RIVAL-S1-');
  const reason = unique('RIVAL-REASON-');
  await ok(t, MAPPING_API.save, mapBody(product.id, 200_001, 201_000, batch, true), rival.token);
  await ok(t, MAPPING_API.save, mapBody(product.id, 1, 1000, staticBatch, false), rival.token);
  const [pre] = await t.db.select().from(mappings).where(eq(mappings.batchNo, batch));
  const [st] = await t.db.select().from(mappings).where(eq(mappings.batchNo, staticBatch));
  await ok(
    t,
    DAMAGE_API.create,
    { MappingId: pre!.id, FromNo: 200_100, ToNo: 200_109, Qty: 10, Reason: reason, isPreprinted: true },
    rival.token,
  );
  await ok(
    t,
    DAMAGE_API.create,
    { MappingId: st!.id, FromNo: 50, ToNo: 59, Qty: 10, Reason: reason, isPreprinted: false },
    rival.token,
  );
  await ok(
    t,
    STATIC_PAIR_API.create,
    {
      StaticEncryptedQr: codes.make(staticSeries(rival.prefix), 500),
      PreprintedEncryptedQr: codes.make(P_SERIES, 201_500),
    },
    rival.token,
  );
  const [damage] = await t.db.select().from(damages).where(eq(damages.fromNo, 200_100));
  const [company] = await t.db.select().from(companies).where(eq(companies.id, rival.companyId));

  const ours = await insertFactory(t, nextPrefix(), NUMBER_PAGES);
  await t.db.insert(numberIssues).values({
    companyId: ours.companyId,
    fromNo: 300_001,
    toNo: 301_000,
    salesOrderNo: unique('SO-'),
    acceptedAt: new Date(),
  });
  await ok(t, MAPPING_API.save, mapBody(ours.productId, 300_001, 300_100, unique('OUR-'), true), ours.token);
  await ok(t, MAPPING_API.save, mapBody(ours.productId, 1, 100, unique('OUR-'), false), ours.token);
  const own = await t.db.select().from(mappings).where(eq(mappings.companyId, ours.companyId));
  return {
    codes,
    ours,
    ourPreMappingId: own.find((m) => m.kind === 'P')!.id,
    ourStaticMappingId: own.find((m) => m.kind === 'S')!.id,
    rival: {
      ...rival,
      productName: name,
      productId: product.id,
      preMappingId: pre!.id,
      staticMappingId: st!.id,
      damageId: damage!.id,
      issueId: issue!.id,
      secrets: [
        company!.name,
        name,
        batch,
        staticBatch,
        reason,
        issue!.salesOrderNo,
        '200001–201000',
        '1–1000',
        '200100–200109',
        '50–59',
        'RIVAL',
      ],
    },
  };
}
