// Number Generation (DESIGN section 4): the list of mapped static ranges and their print history,
// and the rules for making a print file of (part of) one: the caller's own mapping, inside it, no
// damaged numbers. A file made is a generations row and a 'generate' event; the answer is a link.
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Series } from '../../shared/codes.js';
import { ok, warn, type Envelope } from '../../shared/contracts/envelope.js';
import { damagedIn, GEN_MSG, printFileName, type GeneratedLink } from '../../shared/contracts/numbers/generation.js';
import { companyScope } from '../auth/scope.js';
import type { Db } from '../db/connect.js';
import { damages, generations, mappings, products, sites } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import { totalRows, type ListDef } from '../list/list-query.js';
import { signFileLink, type FileLink } from './number-file-link.js';
import { damagedRanges, lockSeries, logEvent, rangeAt, type Tx } from './ranges.js';

type Mapping = typeof mappings.$inferSelect;

/** Static mappings the caller may print: admin every factory's; others their company's own prefix. */
export function generationScope(caller: Caller) {
  const kind = eq(mappings.kind, 'S');
  if (caller.isAdmin) return kind;
  return and(kind, companyScope(caller, mappings.companyId), eq(mappings.prefix, caller.prefix.toUpperCase()));
}

const qty = sql<number>`cast(${mappings.toNo} - ${mappings.fromNo} + 1 as bigint)`.mapWith(Number);
// Correlated on the generations index (company, prefix), then the mapping id.
const ofMapping = sql`${generations.companyId} = ${mappings.companyId} and ${generations.prefix} = ${mappings.prefix} and ${generations.mappingId} = ${mappings.id}`;
const generated = sql<number>`(select cast(count(*) as integer) from ${generations} where ${ofMapping})`.mapWith(Number);
const lastGenerated = sql<string | null>`(select max(${generations.createdAt}) from ${generations} where ${ofMapping})`;
// Damages stay inside their mapping (de-mapping refuses them), so from_no within it finds them all.
const damagedRows = sql`from ${damages} d where d.kind = 'S' and d.prefix = ${mappings.prefix} and d.from_no between ${mappings.fromNo} and ${mappings.toNo}`;
const damagedQty = sql<number>`(select cast(coalesce(sum(d.to_no - d.from_no + 1), 0) as bigint) ${damagedRows})`.mapWith(Number);
const damagedList = sql<[number, number][]>`(select coalesce(json_agg(json_build_array(d.from_no, d.to_no) order by d.from_no), '[]'::json) ${damagedRows})`
  .mapWith((v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as [number, number][]);

export const generationListDef: ListDef = {
  sort: {
    MappingId: mappings.id, ProductName: products.name, FromNo: mappings.fromNo, ToNo: mappings.toNo, BatchNo: mappings.batchNo,
    Qty: qty, MFGDate: mappings.mfgDate, EXPDate: mappings.expDate, FirmName: sites.name, Prefix: mappings.prefix,
    Generated: generated, LastGeneratedDt: lastGenerated, CreatedDt: mappings.createdAt,
  },
  search: [products.name, mappings.batchNo, mappings.fromNo, mappings.toNo, sites.name, mappings.prefix],
  defaultSort: 'CreatedDt',
  tiebreak: mappings.id,
};

export function selectGenerationRows(db: Db) {
  return db.select({
    MappingId: mappings.id, ProductName: products.name, FromNo: mappings.fromNo, ToNo: mappings.toNo, BatchNo: mappings.batchNo,
    Qty: qty, MFGDate: mappings.mfgDate, EXPDate: mappings.expDate, FirmName: sites.name, Prefix: mappings.prefix,
    Mrp: sql<number | null>`cast(${mappings.mrp} as double precision)`.mapWith((v: unknown) => (v === null ? null : Number(v))),
    Generated: generated, LastGeneratedDt: lastGenerated, CreatedDt: mappings.createdAt,
    Damaged: damagedQty, DamagedRanges: damagedList, TotalRows: totalRows(),
  }).from(mappings)
    .innerJoin(products, eq(products.id, mappings.productId))
    .leftJoin(sites, eq(sites.id, mappings.siteId))
    .$dynamic();
}

const seriesOf = (prefix: string): Series => ({ kind: 'S', prefix });

interface Made { made: Omit<FileLink, 'exp'>; fileName: string; damaged: number }

/**
 * Records the file in the caller's transaction; the link is signed once it has committed. Damaged
 * numbers are void: the file leaves them out (a range of nothing else is refused).
 */
async function recordFile(tx: Tx, caller: Caller, m: Mapping, fromNo: number, toNo: number): Promise<Made | Envelope> {
  const damaged = damagedIn(await damagedRanges(tx, seriesOf(m.prefix), fromNo, toNo), fromNo, toNo);
  if (damaged === toNo - fromNo + 1) return warn(GEN_MSG.allDamaged);
  const [g] = await tx.insert(generations).values({
    mappingId: m.id, companyId: m.companyId, prefix: m.prefix, fromNo, toNo, createdBy: caller.userId,
  }).returning({ id: generations.id });
  const fileName = printFileName(m.prefix, fromNo, toNo);
  await logEvent(tx, {
    action: 'generate', userId: caller.userId, companyId: m.companyId, siteId: m.siteId, series: seriesOf(m.prefix),
    fromNo, toNo, ref: String(m.id), detail: { generationId: g!.id, mappingId: m.id, file: fileName, damaged },
  });
  return { made: { kind: 'S', prefix: m.prefix, fromNo, toNo, ref: g!.id }, fileName, damaged };
}

/** The answer: a refusal, or the link to the file just recorded. */
async function answer(db: Db, done: Envelope | Made): Promise<Envelope> {
  if (!('made' in done)) return done;
  const link: GeneratedLink = {
    downloadLinK: await signFileLink(db, done.made), FileName: done.fileName,
    TotalRows: done.made.toNo - done.made.fromNo + 1 - done.damaged, Damaged: done.damaged,
  };
  return ok(link, done.damaged > 0 ? GEN_MSG.createdWithout(done.damaged) : GEN_MSG.created);
}

/** NumberGeneration/CreateGeneratedNumber: part of one of the caller's mappings. */
export async function generateFile(db: Db, caller: Caller, b: { MappingId: number; FromNo: number; ToNo: number }): Promise<Envelope> {
  if (!caller.isAdmin && caller.prefix === '') return warn(GEN_MSG.noPrefix);
  const find = (tx: Tx) => tx.select().from(mappings).where(and(eq(mappings.id, b.MappingId), generationScope(caller))).then((r) => r[0]);
  return answer(db, await db.transaction(async (tx): Promise<Envelope | Made> => {
    const seen = await find(tx);
    if (!seen) return warn(GEN_MSG.notFound);
    await lockSeries(tx, seriesOf(seen.prefix));
    // Read again under the lock: a de-map that held it may have cut the mapping.
    const m = await find(tx);
    if (!m) return warn(GEN_MSG.notFound);
    if (b.FromNo < m.fromNo || b.ToNo > m.toNo) return warn(GEN_MSG.outside(m.prefix, m.fromNo, m.toNo));
    return recordFile(tx, caller, m, b.FromNo, b.ToNo);
  }));
}

/** NumberGeneration/DownloadNumber: a range of one mapping of a prefix (admin any, others their own). */
export async function downloadFile(db: Db, caller: Caller, b: { Prefix: string; FromNo: number; ToNo: number }): Promise<Envelope> {
  if (!caller.isAdmin && caller.prefix === '') return warn(GEN_MSG.noPrefix);
  const notMapped = warn(GEN_MSG.notMapped(b.Prefix, b.FromNo, b.ToNo));
  if (!caller.isAdmin && b.Prefix !== caller.prefix.toUpperCase()) return notMapped;
  return answer(db, await db.transaction(async (tx): Promise<Envelope | Made> => {
    await lockSeries(tx, seriesOf(b.Prefix));
    const m = await rangeAt(tx, mappings, seriesOf(b.Prefix), b.FromNo);
    if (!m || m.toNo < b.ToNo || (!caller.isAdmin && m.companyId !== caller.companyId)) return notMapped;
    return recordFile(tx, caller, m, b.FromNo, b.ToNo);
  }));
}

/**
 * NumberGeneration/GetFromNumbers: one past the highest number already generated of the mapping
 * (its From again once all of it was printed); without a mapping, of the caller's prefix, or 1.
 */
export async function nextGenerationFrom(db: Db, caller: Caller, mappingId: number | null | undefined): Promise<number | string> {
  if (mappingId) {
    const [m] = await db.select().from(mappings).where(and(eq(mappings.id, mappingId), generationScope(caller)));
    if (!m) return GEN_MSG.notFound;
    const [g] = await db.select({ to: generations.toNo }).from(generations).where(and(
      eq(generations.companyId, m.companyId), eq(generations.prefix, m.prefix), eq(generations.mappingId, m.id),
      gte(generations.toNo, m.fromNo), lte(generations.toNo, m.toNo),
    )).orderBy(desc(generations.toNo)).limit(1);
    return g && g.to < m.toNo ? g.to + 1 : m.fromNo;
  }
  if (caller.prefix === '') return 1;
  const [g] = await db.select({ to: generations.toNo }).from(generations)
    .where(eq(generations.prefix, caller.prefix.toUpperCase())).orderBy(desc(generations.toNo)).limit(1);
  return g ? g.to + 1 : 1;
}
