// A carton as the lifecycle sees it (shared/lifecycle `Carton`), for every carton path of the server:
// its state from its row (a SID inside a TID is `in-tid`), whether it is at the caller's site (a SID
// inside a TID is where the TID is), and its flags from what it holds ("a carton is what it holds"):
// recalled if any of its packs' batches is, expired from the earliest expiry among its packs' mappings
// (a mapping's expiry may be corrected later, so the carton row's own dates are not read).
//
// Set-based, whatever the number of cartons: the rows (or those the path has read already under its
// locks), one statement for the batches of their products that are recalled or expired, and only for
// the cartons that may hold one of those (a batch made before a carton's oldest contents cannot be in
// it), one statement folding each carton's packs into runs of consecutive numbers, matched here
// against those batches' ranges.
import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { cartonStateOf, NO_FLAGS, type Carton, type Flags } from '../../shared/lifecycle/index.js';
import { indiaDate } from '../../shared/today.js';
import { secondaryCartons, tertiaryCartons, type CartonState } from '../db/schema.js';
import type { Tx } from './ranges.js';
import { rowsOf, sqlArray } from './sql-rows.js';

/** Where the caller stands: its company, and its site (null for a dealer). */
export interface CartonSite {
  companyId: number;
  siteId: number | null;
}

/** A carton row as both carton tables store it (a TID's `tid` and `replacedBy` are null). */
export interface StoredCarton {
  id: string;
  companyId: number;
  /** The site it was packed at. */
  siteId: number;
  productId: number;
  /** Of its oldest contents: no pack in it was made before (a mapping's MFG date never changes). */
  mfgDate: string | null;
  state: CartonState;
  tid: string | null;
  dispatchId: string | null;
  dealerId: number | null;
  locationSiteId: number | null;
  replacedBy: string | null;
}

const anyOf = (col: SQLWrapper, ids: readonly string[]) => sql`${col} = any(${sqlArray(ids, 'varchar[]')})`;

/** The lifecycle's carton for each id of the caller's company (an unknown id, or another company's,
 *  is absent: each path answers it as its own "not here"). Read in the caller's transaction, after
 *  the locks it takes. `today`: India's calendar day. */
export async function cartonFacts(
  tx: Tx,
  at: CartonSite,
  ids: readonly string[],
  today = indiaDate(),
): Promise<Map<string, Carton>> {
  const tids = [...new Set(ids.filter((i) => i.startsWith('TID')))];
  const sids = [...new Set(ids.filter((i) => i.startsWith('SID')))];
  const mine = (t: typeof tertiaryCartons | typeof secondaryCartons, id: SQLWrapper, of: readonly string[]) =>
    and(anyOf(id, of), eq(t.companyId, at.companyId));
  const ts = tids.length
    ? await tx
        .select()
        .from(tertiaryCartons)
        .where(mine(tertiaryCartons, tertiaryCartons.tid, tids))
    : [];
  const ss = sids.length
    ? await tx
        .select()
        .from(secondaryCartons)
        .where(mine(secondaryCartons, secondaryCartons.sid, sids))
    : [];
  return factsOf(
    tx,
    at,
    [...ts.map((t) => ({ ...t, id: t.tid, tid: null, replacedBy: null })), ...ss.map((s) => ({ ...s, id: s.sid }))],
    today,
  );
}

/** cartonFacts of rows the path has read already (under its locks). */
export async function factsOf(
  tx: Tx,
  at: CartonSite,
  rows: readonly StoredCarton[],
  today = indiaDate(),
): Promise<Map<string, Carton>> {
  const mine = rows.filter((r) => r.companyId === at.companyId);
  // A SID inside a TID is where its TID is.
  const holders = [...new Set(mine.flatMap((r) => (r.tid ? [r.tid] : [])))];
  const holderAt = new Map(
    holders.length
      ? (
          await tx
            .select({ tid: tertiaryCartons.tid, at: tertiaryCartons.locationSiteId })
            .from(tertiaryCartons)
            .where(and(anyOf(tertiaryCartons.tid, holders), eq(tertiaryCartons.companyId, at.companyId)))
        ).map((h) => [h.tid, h.at])
      : [],
  );
  const flags = await flagsOf(tx, at.companyId, mine, today);
  const out = new Map<string, Carton>();
  for (const r of mine) {
    const where = r.tid ? (holderAt.get(r.tid) ?? null) : r.locationSiteId;
    out.set(r.id, {
      id: r.id,
      state: cartonStateOf(r),
      flags: flags.get(r.id) ?? NO_FLAGS,
      here: where !== null && where === at.siteId,
      tid: r.tid,
      did: r.dispatchId,
      by: r.replacedBy,
    });
  }
  return out;
}

/** A batch's range that is recalled or expired. */
interface Flagged {
  kind: string;
  prefix: string;
  from: number;
  to: number;
  productId: number;
  mfg: string;
  exp: string;
  reason: string | null;
  recallId: number | null;
}

/** The flags of each of the company's cartons from its packs; cartons with neither flag are left out. */
async function flagsOf(
  tx: Tx,
  companyId: number,
  cartons: readonly StoredCarton[],
  today: string,
): Promise<Map<string, Flags>> {
  if (cartons.length === 0) return new Map();
  // A carton holds one product: only the recalled or expired batches of the cartons' products matter.
  const products = [...new Set(cartons.map((c) => c.productId))];
  const flagged = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
    select m.kind, m.prefix, m.from_no, m.to_no, m.product_id, to_char(m.mfg_date, 'YYYY-MM-DD') as mfg, to_char(m.exp_date, 'YYYY-MM-DD') as exp,
      rc.reason, rc.id as recall_id
    from mappings m left join recalls rc
      on rc.company_id = m.company_id and rc.product_id = m.product_id and lower(rc.batch_no) = lower(m.batch_no)
    where m.company_id = ${companyId} and m.product_id = any(${sqlArray(products, 'integer[]')}) and (m.exp_date < ${today}::date or rc.id is not null)`),
  ).map((r): Flagged => ({
    kind: String(r.kind),
    prefix: String(r.prefix),
    from: Number(r.from_no),
    to: Number(r.to_no),
    mfg: String(r.mfg),
    exp: String(r.exp),
    reason: r.reason === null || r.reason === undefined ? null : String(r.reason),
    recallId: r.recall_id === null || r.recall_id === undefined ? null : Number(r.recall_id),
    productId: Number(r.product_id),
  }));
  // Old batches expire every day; a carton packed from newer ones is not walked for them.
  const mayHold = (c: StoredCarton) =>
    flagged.some((f) => f.productId === c.productId && (c.mfgDate === null || f.mfg >= c.mfgDate));
  const ids = cartons.filter(mayHold).map((c) => c.id);
  if (ids.length === 0) return new Map();

  // Each carton's packs (a TID's: those of the SIDs in it) as runs of consecutive numbers per series,
  // each SID's packs found by its own id (the items index).
  const runs = rowsOf<{ owner: string; kind: string; prefix: string; lo: unknown; hi: unknown }>(
    await tx.execute(sql`
    with req(id) as (select unnest(${sqlArray(ids, 'varchar[]')})),
    held(owner, sid) as (
      select r.id, s.sid from req r cross join lateral (select x.sid from secondary_cartons x where x.company_id = ${companyId} and x.tid = r.id) s where r.id like 'TID%'
      union all select r.id, r.id from req r where r.id like 'SID%'),
    packs(owner, kind, prefix, n) as (
      select h.owner, i.kind, i.prefix, i.serial_no from held h
      cross join lateral (select x.kind, x.prefix, x.serial_no from items x where x.company_id = ${companyId} and x.secondary_id = h.sid) i)
    select owner, kind, prefix, min(n) as lo, max(n) as hi from (
      select owner, kind, prefix, n, n - row_number() over (partition by owner, kind, prefix order by n) as g from packs) p
    group by owner, kind, prefix, g`),
  );

  // The flagged ranges by series, in order (ranges of a series never overlap).
  const bySeries = new Map<string, Flagged[]>();
  for (const f of flagged) bySeries.set(`${f.kind}:${f.prefix}`, [...(bySeries.get(`${f.kind}:${f.prefix}`) ?? []), f]);
  for (const list of bySeries.values()) list.sort((a, b) => a.from - b.from);
  const found = new Map<string, { recall: Flagged | null; expired: string | null }>();
  for (const r of runs) {
    const list = bySeries.get(`${r.kind}:${r.prefix}`);
    if (!list) continue;
    const lo = Number(r.lo);
    const hi = Number(r.hi);
    // The first range ending at or after lo, then each one starting at or before hi.
    let i = firstEndingFrom(list, lo);
    for (; i < list.length && list[i]!.from <= hi; i++) {
      const f = list[i]!;
      const seen = found.get(r.owner) ?? { recall: null, expired: null };
      if (f.recallId !== null && (seen.recall === null || f.recallId < seen.recall.recallId!)) seen.recall = f;
      if (f.exp < today && (seen.expired === null || f.exp < seen.expired)) seen.expired = f.exp;
      found.set(r.owner, seen);
    }
  }
  return new Map([...found].map(([id, s]) => [id, { recalled: s.recall?.reason ?? null, expired: s.expired }]));
}

/** The index of the first range whose end is at or after `n` (binary search; ranges in order). */
function firstEndingFrom(list: readonly Flagged[], n: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.to < n) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
