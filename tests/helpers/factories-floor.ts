// Test data of the floor: a factory whose user holds the packing and damage pages, carton sizes,
// printed slip ids (the counters Carton Slip leaves), a static mapping, and the request bodies.
import { and, eq, sql } from 'drizzle-orm';
import { makeSlipId, type SlipType } from '../../src/shared/codes.js';
import type { SecondarySave, TertiarySave } from '../../src/shared/contracts/floor/packing.js';
import { PAGE } from '../../src/shared/pages.js';
import type { CodeMac } from '../../src/server/domain/code-mac.js';
import { idCounters, items, secondaryCartons, sites, tertiaryCartons } from '../../src/server/db/schema.js';
import type { Db } from '../../src/server/db/connect.js';
import { insertCarton } from './factories.js';
import { insertFactory, insertMapping, staticSeries, type Factory } from './factories-pairs.js';
import type { TestApp } from './server-app.js';

export const FLOOR_PAGES = [PAGE.secondaryPacking.key, PAGE.tertiaryPacking.key, PAGE.damageCarton.key];
export const YEAR = 26;

export interface FloorFactory extends Factory {
  /** Codes 1..1000 of the factory's own series, mapped to its product (MFG 2026-01-10). */
  mappingId: number;
}

/** A factory on the floor: its pages, a mapping of 1..1000, and slips 1..500 of each type printed. */
export async function floorFactory(t: TestApp, prefix: string, pages = FLOOR_PAGES): Promise<FloorFactory> {
  const f = await insertFactory(t, prefix, pages);
  const m = await insertMapping(t.db, {
    companyId: f.companyId,
    productId: f.productId,
    series: staticSeries(prefix),
    fromNo: 1,
    toNo: 1000,
    batchNo: 'B-1',
  });
  await printSlips(t.db, prefix, 500);
  return { ...f, mappingId: m.id };
}

/** Marks slips up to `last` of every type as printed for the prefix. */
export async function printSlips(db: Db, prefix: string, last: number) {
  const [site] = await db
    .select({ companyId: sites.companyId })
    .from(sites)
    .where(sql`upper(${sites.prefix}) = ${prefix.toUpperCase()}`);
  if (!site) throw new Error(`printSlips: no site has the prefix ${prefix}`);
  for (const type of ['SID', 'TID', 'DID'] as const) {
    await db
      .insert(idCounters)
      .values({ companyId: site.companyId, prefix, type, last })
      .onConflictDoUpdate({ target: [idCounters.prefix, idCounters.type, idCounters.companyId], set: { last } });
  }
}

export const slip = (type: SlipType, prefix: string, n: number) => makeSlipId(type, YEAR, prefix, n);

/** A carton size of `size`, unique by name. */
export const cartonSize = async (db: Db, size: number, isActive = true) =>
  (await insertCarton(db, { size, isActive })).id;

/** Codes from..to of the factory's static series. */
export const codesOf = (codes: CodeMac, prefix: string, from: number, to: number) =>
  codes.makeRange(staticSeries(prefix), from, to);

export function secondaryBody(cartonMasterId: number, uids: string[], slipText: string, reason = ''): SecondarySave {
  return { cartonMasterId, scanned: uids.map((UID) => ({ UID })), reason, CartonName: slipText };
}

export function tertiaryBody(
  cartonMasterId: number,
  sids: string[],
  slipText: string,
  extra: Partial<TertiarySave> = {},
): TertiarySave {
  return {
    cartonMasterId,
    scanned: sids.map((CartonId) => ({ CartonId })),
    reason: '',
    remark: '',
    CartonName: slipText,
    ...extra,
  };
}

/** What the database holds of a secondary carton: the row and its packs' serials. */
export async function secondaryHeld(db: Db, sid: string) {
  const [carton] = await db.select().from(secondaryCartons).where(eq(secondaryCartons.sid, sid));
  const packs = await db
    .select({ n: items.serialNo })
    .from(items)
    .where(eq(items.secondaryId, sid))
    .orderBy(items.serialNo);
  return { carton, serials: packs.map((p) => p.n) };
}

export async function tertiaryHeld(db: Db, tid: string) {
  const [carton] = await db.select().from(tertiaryCartons).where(eq(tertiaryCartons.tid, tid));
  const inside = await db
    .select({ sid: secondaryCartons.sid })
    .from(secondaryCartons)
    .where(and(eq(secondaryCartons.tid, tid)))
    .orderBy(secondaryCartons.sid);
  return { carton, sids: inside.map((s) => s.sid) };
}
