// Number Generation (DESIGN section 4): the list of mapped static ranges and their print history,
// and the rules for making a print file of (part of) one: the caller's own mapping, inside it, no
// damaged numbers. A file made is a generations row and a 'generate' event, in the route's
// transaction; the route answers with a link to it once that has committed.
import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Series } from '../../shared/codes.js';
import { damagedIn, GEN_MSG, printFileName } from '../../shared/contracts/numbers/generation.js';
import { companyScope } from '../auth/scope.js';
import type { Db } from '../db/connect.js';
import { damages, generations, mappings, numberIssues, products, sites } from '../db/schema.js';
import type { Caller } from '../auth/actor.js';
import type { FileLink } from './number-file-link.js';
import { logEvent } from './event-log.js';
import { damagedRanges, lockSeries, rangeAt, type Tx } from './ranges.js';
import { refuse } from './refusal.js';

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
const generated = sql<number>`(select cast(count(*) as integer) from ${generations} where ${ofMapping})`.mapWith(
  Number,
);
const lastGenerated = sql<string | null>`(select max(${generations.createdAt}) from ${generations} where ${ofMapping})`;
// Damages stay inside their mapping (de-mapping refuses them), so from_no within it finds them all.
const damagedRows = sql`from ${damages} d where d.kind = 'S' and d.prefix = ${mappings.prefix} and d.from_no between ${mappings.fromNo} and ${mappings.toNo}`;
const damagedQty =
  sql<number>`(select cast(coalesce(sum(d.to_no - d.from_no + 1), 0) as bigint) ${damagedRows})`.mapWith(Number);
const damagedList = sql<
  [number, number][]
>`(select coalesce(json_agg(json_build_array(d.from_no, d.to_no) order by d.from_no), '[]'::json) ${damagedRows})`.mapWith(
  (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as [number, number][],
);

/** A generation list row's fields (the list's sorts are its contract's, GENERATION_LIST). */
export const generationFields = {
  MappingId: mappings.id,
  ProductName: products.name,
  FromNo: mappings.fromNo,
  ToNo: mappings.toNo,
  BatchNo: mappings.batchNo,
  Qty: qty,
  MFGDate: mappings.mfgDate,
  EXPDate: mappings.expDate,
  FirmName: sites.name,
  Prefix: mappings.prefix,
  Mrp: sql<number | null>`cast(${mappings.mrp} as double precision)`.mapWith((v: unknown) =>
    v === null ? null : Number(v),
  ),
  Generated: generated,
  LastGeneratedDt: lastGenerated,
  CreatedDt: mappings.createdAt,
  Damaged: damagedQty,
  DamagedRanges: damagedList,
};

export const generationSearch = [
  products.name,
  mappings.batchNo,
  mappings.fromNo,
  mappings.toNo,
  sites.name,
  mappings.prefix,
];

/** The mappings with their product and site, for the fields asked. */
export const generationRows = (db: Db, fields: SelectedFields) =>
  db
    .select(fields)
    .from(mappings)
    .innerJoin(products, eq(products.id, mappings.productId))
    .leftJoin(sites, eq(sites.id, mappings.siteId))
    .$dynamic();

const seriesOf = (prefix: string): Series => ({ kind: 'S', prefix });

/** A print file recorded: the range its link names, its name, and how many of it are damaged. */
export interface MadeFile {
  link: Omit<FileLink, 'exp'>;
  fileName: string;
  damaged: number;
}

/**
 * Records the file in the caller's transaction; the link is signed once it has committed. Damaged
 * numbers are void: the file leaves them out (a range of nothing else is refused).
 */
async function recordFile(tx: Tx, caller: Caller, m: Mapping, fromNo: number, toNo: number): Promise<MadeFile> {
  const damaged = damagedIn(await damagedRanges(tx, seriesOf(m.prefix), fromNo, toNo), fromNo, toNo);
  if (damaged === toNo - fromNo + 1) refuse(GEN_MSG.allDamaged);
  const [g] = await tx
    .insert(generations)
    .values({
      mappingId: m.id,
      companyId: m.companyId,
      prefix: m.prefix,
      fromNo,
      toNo,
      createdBy: caller.userId,
    })
    .returning({ id: generations.id });
  const fileName = printFileName(m.prefix, fromNo, toNo);
  await logEvent(tx, {
    action: 'generate',
    userId: caller.userId,
    companyId: m.companyId,
    siteId: m.siteId,
    series: seriesOf(m.prefix),
    fromNo,
    toNo,
    ref: String(m.id),
    detail: { generationId: g!.id, mappingId: m.id, file: fileName, damaged },
  });
  return { link: { kind: 'S', prefix: m.prefix, fromNo, toNo, ref: g!.id }, fileName, damaged };
}

/** NumberGeneration/CreateGeneratedNumber: part of one of the caller's mappings. */
export async function generateFile(
  tx: Tx,
  caller: Caller,
  b: { MappingId: number; FromNo: number; ToNo: number },
): Promise<MadeFile> {
  if (!caller.isAdmin && caller.prefix === '') refuse(GEN_MSG.noPrefix);
  const find = () =>
    tx
      .select()
      .from(mappings)
      .where(and(eq(mappings.id, b.MappingId), generationScope(caller)))
      .then((r) => r[0]);
  const seen = await find();
  if (!seen) refuse(GEN_MSG.notFound);
  await lockSeries(tx, seriesOf(seen.prefix));
  // Read again under the lock: a de-map that held it may have cut the mapping.
  const m = await find();
  if (!m) refuse(GEN_MSG.notFound);
  if (b.FromNo < m.fromNo || b.ToNo > m.toNo) refuse(GEN_MSG.outside(m.prefix, m.fromNo, m.toNo));
  return recordFile(tx, caller, m, b.FromNo, b.ToNo);
}

/** NumberGeneration/DownloadNumber: a range of one mapping of a prefix (admin any, others their own). */
export async function downloadFile(
  tx: Tx,
  caller: Caller,
  b: { Prefix: string; FromNo: number; ToNo: number },
): Promise<MadeFile> {
  if (!caller.isAdmin && caller.prefix === '') refuse(GEN_MSG.noPrefix);
  const notMapped = GEN_MSG.notMapped(b.Prefix, b.FromNo, b.ToNo);
  if (!caller.isAdmin && b.Prefix !== caller.prefix.toUpperCase()) refuse(notMapped);
  await lockSeries(tx, seriesOf(b.Prefix));
  const m = await rangeAt(tx, mappings, seriesOf(b.Prefix), b.FromNo);
  if (!m || m.toNo < b.ToNo || (!caller.isAdmin && m.companyId !== caller.companyId)) refuse(notMapped);
  return recordFile(tx, caller, m, b.FromNo, b.ToNo);
}

/** The admin's print file of an issued preprinted range, for the outside printer (Number Issued). */
export async function issuedFile(tx: Tx, caller: Caller, issueId: number): Promise<MadeFile> {
  if (!caller.isAdmin) refuse(GEN_MSG.adminOnly);
  const [issue] = await tx.select().from(numberIssues).where(eq(numberIssues.id, issueId));
  if (!issue) refuse(GEN_MSG.issueNotFound);
  const series: Series = { kind: 'P', prefix: '' };
  const fileName = printFileName('', issue.fromNo, issue.toNo);
  const damaged = damagedIn(await damagedRanges(tx, series, issue.fromNo, issue.toNo), issue.fromNo, issue.toNo);
  await logEvent(tx, {
    action: 'generate',
    userId: caller.userId,
    companyId: issue.companyId,
    series,
    fromNo: issue.fromNo,
    toNo: issue.toNo,
    ref: String(issue.id),
    detail: { issueId: issue.id, file: fileName },
  });
  return { link: { kind: 'P', prefix: '', fromNo: issue.fromNo, toNo: issue.toNo, ref: issue.id }, fileName, damaged };
}

/**
 * NumberGeneration/GetFromNumbers: one past the highest number already generated of the mapping
 * (its From again once all of it was printed); without a mapping, of the caller's prefix, or 1.
 */
export async function nextGenerationFrom(
  db: Tx,
  caller: Caller,
  mappingId: number | null | undefined,
): Promise<number> {
  if (mappingId) {
    const [m] = await db
      .select()
      .from(mappings)
      .where(and(eq(mappings.id, mappingId), generationScope(caller)));
    if (!m) refuse(GEN_MSG.notFound);
    const [g] = await db
      .select({ to: generations.toNo })
      .from(generations)
      .where(
        and(
          eq(generations.companyId, m.companyId),
          eq(generations.prefix, m.prefix),
          eq(generations.mappingId, m.id),
          gte(generations.toNo, m.fromNo),
          lte(generations.toNo, m.toNo),
        ),
      )
      .orderBy(desc(generations.toNo))
      .limit(1);
    return g && g.to < m.toNo ? g.to + 1 : m.fromNo;
  }
  if (caller.prefix === '') return 1;
  const [g] = await db
    .select({ to: generations.toNo })
    .from(generations)
    .where(eq(generations.prefix, caller.prefix.toUpperCase()))
    .orderBy(desc(generations.toNo))
    .limit(1);
  return g ? g.to + 1 : 1;
}
