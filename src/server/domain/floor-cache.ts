// The snapshots behind the floor's device caches (shared/contracts/floor/cache.ts). Everything is
// the caller's company's. Ranges stay ranges: mappings and damages as stored, static pairs and packed
// items folded into runs in SQL (gaps and islands), never a row per item. The range parts page by
// keyset, on (kind, prefix, from_no) or, for packed items, on the SID, so a first fill resumes after
// a dropped connection.
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  type CacheCursor,
  type PackedCursor,
  type CacheMasters,
  type CachePage,
  type DamageSeries,
  type MappingSeries,
  type PackedSeries,
  type PairSeries,
} from '../../shared/contracts/floor/cache.js';
import { cartons, damages, idCounters, mappings, products, recalls, sites } from '../db/schema.js';
import { rowsOf } from './sql-rows.js';
import type { Tx } from './ranges.js';

/** The page requests as the contract parses them. */
export interface PageAsk {
  After: CacheCursor | null;
  PageSize: number;
}
export interface PackedAsk {
  After: PackedCursor | null;
  PageSize: number;
}

/** Static pairs fold at most this many rows per page, so one page never reads a whole company. */
const SCAN_PER_RUN = 25;
const SCAN_MAX = 500_000;

/** When a snapshot was taken, as the cache pages carry it. */
export const asOf = () => new Date().toISOString();

type Keyed = { kind: 'P' | 'S'; prefix: string; fromNo: number; toNo: number };

type SeriesColumns = { Kind: 'P' | 'S'; Prefix: string; FromNo: number[]; ToNo: number[] } & Record<string, unknown>;

/** Rows in (kind, prefix, from) order as columns per series; `cols` gives each row's other columns. */
function toSeries<R extends Keyed>(rows: R[], cols: (r: R) => Record<string, unknown>): SeriesColumns[] {
  const out: SeriesColumns[] = [];
  let cur: SeriesColumns | undefined;
  for (const r of rows) {
    const more = cols(r);
    if (!cur || cur.Kind !== r.kind || cur.Prefix !== r.prefix) {
      cur = {
        Kind: r.kind,
        Prefix: r.prefix,
        FromNo: [],
        ToNo: [],
        ...Object.fromEntries(Object.keys(more).map((k) => [k, []])),
      };
      out.push(cur);
    }
    cur.FromNo.push(r.fromNo);
    cur.ToNo.push(r.toNo);
    for (const [k, v] of Object.entries(more)) (cur[k] as unknown[]).push(v);
  }
  return out;
}

function pageOf<S>(at: string, rows: Keyed[], more: boolean, series: S[]): CachePage<S> {
  const last = rows[rows.length - 1];
  return {
    AsOf: at,
    Next: more && last ? { Kind: last.kind, Prefix: last.prefix, FromNo: last.toNo } : null,
    Count: rows.length,
    Series: series,
  };
}

/** (kind, prefix, from_no) after the cursor. The cursor's FromNo is the last serial the page before
 *  covered; ranges never overlap, so the next range starts past it. */
const afterCursor = (t: typeof mappings | typeof damages, after: CacheCursor | null): SQL | undefined =>
  after ? sql`(${t.kind}, ${t.prefix}, ${t.fromNo}) > (${after.Kind}, ${after.Prefix}, ${after.FromNo})` : undefined;

export async function mappingPage(tx: Tx, companyId: number, ask: PageAsk): Promise<CachePage<MappingSeries>> {
  const at = asOf();
  const rows = await tx
    .select({
      kind: mappings.kind,
      prefix: mappings.prefix,
      fromNo: mappings.fromNo,
      toNo: mappings.toNo,
      id: mappings.id,
      productId: mappings.productId,
      batchNo: mappings.batchNo,
      mfgDate: mappings.mfgDate,
      expDate: mappings.expDate,
    })
    .from(mappings)
    .where(and(eq(mappings.companyId, companyId), afterCursor(mappings, ask.After)))
    .orderBy(asc(mappings.kind), asc(mappings.prefix), asc(mappings.fromNo))
    .limit(ask.PageSize + 1);
  const more = rows.length > ask.PageSize;
  const page = rows.slice(0, ask.PageSize);
  return pageOf(
    at,
    page,
    more,
    toSeries(page, (r) => ({
      MappingId: r.id,
      ProductId: r.productId,
      BatchNo: r.batchNo,
      MFGDate: r.mfgDate,
      EXPDate: r.expDate,
    })) as unknown as MappingSeries[],
  );
}

/** Damaged sub-ranges, and the codes Replace retired, each one serial with the code that took its place
 *  (as printed under the QR, shared/codes.ts visibleNumber):
 *  a device offline must refuse a code retired on another device. A retired code inside a damaged range
 *  is left to the range (it is refused as damaged; ranges of a series never overlap). */
export async function damagePage(tx: Tx, companyId: number, ask: PageAsk): Promise<CachePage<DamageSeries>> {
  const at = asOf();
  const after = ask.After
    ? sql`and (kind, prefix, from_no) > (${ask.After.Kind}, ${ask.After.Prefix}, ${ask.After.FromNo})`
    : sql``;
  const rows = rowsOf<Keyed & { reason: string; by: string }>(
    await tx.execute(sql`
    select kind, prefix, from_no as "fromNo", to_no as "toNo", reason, by from (
      select kind, prefix, from_no, to_no, reason, '' as by from damages where company_id = ${companyId}
      union all
      select r.old_kind, r.old_prefix, r.old_serial, r.old_serial, '',
             case when r.new_kind = 'S' then upper(r.new_prefix) || r.new_serial::text else r.new_serial::text end
      from replacements r where r.company_id = ${companyId} and not exists (
        select 1 from damages d where d.company_id = r.company_id and d.kind = r.old_kind and d.prefix = r.old_prefix
          and r.old_serial between d.from_no and d.to_no)
    ) x where true ${after}
    order by kind, prefix, from_no limit ${ask.PageSize + 1}`),
  ).map((r) => ({ ...r, fromNo: Number(r.fromNo), toNo: Number(r.toNo) }));
  const more = rows.length > ask.PageSize;
  const page = rows.slice(0, ask.PageSize);
  return pageOf(at, page, more, toSeries(page, (r) => ({ Reason: r.reason, By: r.by })) as unknown as DamageSeries[]);
}

interface RunRow extends Keyed {
  extra: string;
  extra2: string | null;
}

const runRows = (result: unknown) =>
  (result as { rows: RunRow[] }).rows.map((r) => ({ ...r, fromNo: Number(r.fromNo), toNo: Number(r.toNo) }));

/** Packed items of the company as runs of consecutive serials in one SID, a page of `PageSize`
 *  cartons at a time in SID order: the cartons first (an index walk), then their items by the
 *  carton index, so a page costs its own size whatever the company's. */
export async function packedPage(
  tx: Tx,
  companyId: number,
  ask: PackedAsk,
): Promise<CachePage<PackedSeries, PackedCursor>> {
  const at = asOf();
  const after = ask.After?.SID ?? '';
  const [bound] = rowsOf<{ sid: string }>(
    await tx.execute(sql`
    select sid from secondary_cartons where company_id = ${companyId} and sid > ${after}
    order by sid offset ${ask.PageSize - 1} limit 1`),
  );
  const upTo = bound ? sql`and sid <= ${bound.sid}` : sql``;
  // A carton's packs are mostly one run (last - first + 1 = count): those come from one grouping of
  // its items; only cartons with gaps are split into runs, by the gaps-and-islands window.
  const runs = runRows(
    await tx.execute(sql`
    with c as (
      select sid, case when state = 'damaged' or (tid is not null and exists (
        select 1 from tertiary_cartons t where t.tid = s.tid and t.state = 'damaged')) then 'damaged' else 'packed' end as st
      from secondary_cartons s where company_id = ${companyId} and sid > ${after} ${upTo}
    ), g as (
      -- Per carton through the items' carton index, so a page reads its own cartons' items only.
      select c.sid, c.st, y.* from c join lateral (
        select i.kind, i.prefix, min(i.serial_no) as lo, max(i.serial_no) as hi, count(*) as cnt
        from items i where i.secondary_id = c.sid group by i.kind, i.prefix
      ) y on true
    )
    select kind, prefix, lo::float8 as "fromNo", hi::float8 as "toNo", sid as extra, st as extra2 from g where hi - lo + 1 = cnt
    union all
    select g.kind, g.prefix, min(x.n)::float8, max(x.n)::float8, g.sid, g.st
    from g join lateral (
      select i.serial_no as n, i.serial_no - row_number() over (order by i.serial_no) as grp
      from items i where i.secondary_id = g.sid and i.kind = g.kind and i.prefix = g.prefix
    ) x on true
    where g.hi - g.lo + 1 <> g.cnt
    group by g.kind, g.prefix, g.sid, g.st, x.grp
    order by 1, 2, 3`),
  );
  return {
    AsOf: at,
    Next: bound ? { SID: bound.sid } : null,
    Count: runs.length,
    Series: toSeries(runs, (r) => ({
      SID: r.extra,
      CartonState: r.extra2 as 'packed' | 'damaged',
    })) as unknown as PackedSeries[],
  };
}

/** Folds the next rows of `source` (kind, prefix, n, a: n the serial, a what a run must share) into
 *  runs of consecutive n. At most a bounded number of rows is read; a run the bound may have cut is
 *  left to the next page, unless it is the page's only one (the device joins touching runs). */
async function runPage(tx: Tx, source: SQL, ask: PageAsk): Promise<{ runs: RunRow[]; more: boolean }> {
  const scan = Math.min(ask.PageSize * SCAN_PER_RUN, SCAN_MAX);
  const after = ask.After
    ? sql`where (kind, prefix, n) > (${ask.After.Kind}, ${ask.After.Prefix}, ${ask.After.FromNo})`
    : sql``;
  const rows = runRows(
    await tx.execute(sql`
    with src as (${source}),
    page as (select * from src ${after} order by kind, prefix, n limit ${scan}),
    g as (select *, n - row_number() over (partition by kind, prefix, a order by n) as grp from page)
    select kind, prefix, min(n)::float8 as "fromNo", max(n)::float8 as "toNo", a as extra, null as extra2
    from g group by kind, prefix, a, grp
    order by kind, prefix, min(n)`),
  );
  // Every row read lies in exactly one run: the runs' lengths add up to the rows read.
  const scanned = rows.reduce((n, r) => n + r.toNo - r.fromNo + 1, 0);
  const cut = scanned >= scan;
  let runs = rows.slice(0, ask.PageSize);
  if (cut && runs.length === rows.length && runs.length > 1) runs = runs.slice(0, -1);
  return { runs, more: cut || rows.length > runs.length };
}

/** Static pairs as runs: static serials n.. of a prefix paired with preprinted serials in step. */
export async function pairPage(tx: Tx, companyId: number, ask: PageAsk): Promise<CachePage<PairSeries>> {
  const at = asOf();
  const source = sql`
    select 'S'::varchar as kind, upper(prefix) as prefix, static_no as n, (preprinted_no - static_no)::text as a
    from static_pairs where company_id = ${companyId}`;
  const { runs, more } = await runPage(tx, source, ask);
  return pageOf(
    at,
    runs,
    more,
    toSeries(runs, (r) => ({ PreprintedNo: r.fromNo + Number(r.extra) })) as unknown as PairSeries[],
  );
}

export async function masters(tx: Tx, companyId: number, siteId: number | null): Promise<CacheMasters> {
  const at = asOf();
  const productRows = await tx
    .select()
    .from(products)
    .where(eq(products.companyId, companyId))
    .orderBy(asc(products.id));
  const sizeRows = await tx
    .select()
    .from(cartons)
    .where(eq(cartons.isActive, true))
    .orderBy(asc(cartons.size), asc(cartons.id));
  const siteRows = await tx
    .select()
    .from(sites)
    .where(
      and(
        eq(sites.companyId, companyId),
        or(eq(sites.isActive, true), siteId === null ? undefined : eq(sites.id, siteId)),
      ),
    )
    .orderBy(asc(sites.id));
  const mine = siteRows.find((s) => s.id === siteId);
  const prefix = (mine?.prefix ?? '').toUpperCase();
  const counters = prefix
    ? await tx
        .select()
        .from(idCounters)
        .where(
          and(
            eq(idCounters.prefix, prefix),
            eq(idCounters.companyId, companyId),
            inArray(idCounters.type, ['SID', 'TID', 'DID']),
          ),
        )
    : [];
  const last = (type: string) => counters.find((c) => c.type === type)?.last ?? 0;
  const recalled = await tx
    .select({ ProductId: recalls.productId, BatchNo: recalls.batchNo, Reason: recalls.reason })
    .from(recalls)
    .where(eq(recalls.companyId, companyId))
    .orderBy(asc(recalls.id));
  return {
    AsOf: at,
    Products: productRows.map((p) => ({
      ProductId: p.id,
      ProductName: p.name,
      ProductCode: p.code,
      UOM: p.uom ?? '',
      PackValue: p.packValue,
      IsActive: p.isActive,
      SecondaryCartonId: p.secondaryCartonId,
      TertiaryCartonId: p.tertiaryCartonId,
    })),
    CartonSizes: sizeRows.map((c) => ({ CartonId: c.id, CartonName: c.name, CartonSize: c.size })),
    Sites: siteRows.map((s) => ({
      SiteId: s.id,
      Name: s.name,
      Prefix: (s.prefix ?? '').toUpperCase(),
      IsFactory: s.isFactory,
    })),
    MySite: mine ? { SiteId: mine.id, Name: mine.name, Prefix: prefix } : null,
    SlipLast: { SID: last('SID'), TID: last('TID'), DID: last('DID') },
    Recalls: recalled,
  };
}
