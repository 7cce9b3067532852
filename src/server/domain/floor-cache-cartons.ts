// The open cartons behind the floor's device caches: the loose secondary cartons and the tertiary
// cartons at a site, with the batches each holds folded into runs (floor-cache.ts has the ranges).
import { sql } from 'drizzle-orm';
import { mergeBatches, type CartonBatch, type OpenCartons } from '../../shared/contracts/floor/cache.js';
import type { Tx } from './ranges.js';
import { asOf } from './floor-cache.js';
import { rowsOf } from './sql-rows.js';

interface OpenRow {
  sid: string;
  productId: number;
  qty: number;
  sizeId: number;
  batch: string | null;
  mfg: string | null;
  exp: string | null;
}
interface TertiaryRow {
  tid: string;
  productId: number;
  qty: number;
  packs: number;
  state: string;
  batch: string | null;
  mfg: string | null;
  exp: string | null;
}

/** The loose secondary cartons and the tertiary cartons at a site of the company. */
export async function openCartons(tx: Tx, companyId: number, siteId: number | null): Promise<OpenCartons> {
  const at = asOf();
  if (siteId === null) return { AsOf: at, Secondary: [], Tertiary: [], Damaged: [] };
  const loose = sql`s.company_id = ${companyId} and s.location_site_id = ${siteId} and s.tid is null and s.state = 'packed'`;
  const stored = rowsOf<OpenRow>(
    await tx.execute(sql`
    select s.sid, s.product_id as "productId", s.qty, s.carton_size_id as "sizeId", s.batch_no as batch,
      s.mfg_date::text as mfg, s.exp_date::text as exp
    from secondary_cartons s where ${loose} order by s.sid`),
  );
  // Cartons packed before packing stored their batch: the batch and dates from their items' mappings.
  const worked = stored.some((r) => r.mfg === null)
    ? new Map(
        rowsOf<OpenRow>(
          await tx.execute(sql`
    select s.sid, (array_agg(m.batch_no order by m.mfg_date, m.exp_date))[1] as batch,
      min(m.mfg_date)::text as mfg, min(m.exp_date)::text as exp
    from secondary_cartons s
    join items i on i.secondary_id = s.sid
    join lateral (
      select batch_no, mfg_date, exp_date, to_no from mappings m
      where m.kind = i.kind and m.prefix = i.prefix and m.from_no <= i.serial_no
      order by m.from_no desc limit 1
    ) m on m.to_no >= i.serial_no
    where ${loose} and s.mfg_date is null
    group by s.sid`),
        ).map((r) => [r.sid, r]),
      )
    : new Map<string, OpenRow>();
  const tertiary = rowsOf<TertiaryRow>(
    await tx.execute(sql`
    select t.tid, t.product_id as "productId", t.qty, t.state, t.batch_no as batch, t.mfg_date::text as mfg, t.exp_date::text as exp,
      (select coalesce(sum(s.qty), 0) from secondary_cartons s where s.tid = t.tid)::int as packs
    from tertiary_cartons t where t.company_id = ${companyId} and t.location_site_id = ${siteId} order by t.tid`),
  );
  const held = await heldHere(tx, companyId, siteId);
  return {
    AsOf: at,
    Secondary: stored.map((r) => {
      const b = r.mfg === null ? (worked.get(r.sid) ?? r) : r;
      return {
        SID: r.sid,
        ProductId: Number(r.productId),
        Qty: Number(r.qty),
        CartonSizeId: Number(r.sizeId),
        BatchNo: b.batch ?? '',
        MFGDate: b.mfg ?? '',
        EXPDate: b.exp ?? '',
        Batches: held.batches.get(r.sid) ?? [],
      };
    }),
    Tertiary: tertiary.map((r) => ({
      TID: r.tid,
      ProductId: Number(r.productId),
      Qty: Number(r.qty),
      Packs: Number(r.packs),
      State: r.state,
      BatchNo: r.batch ?? '',
      MFGDate: r.mfg ?? '',
      EXPDate: r.exp ?? '',
      Batches: mergeBatches((held.sidsOf.get(r.tid) ?? []).flatMap((sid) => held.batches.get(sid) ?? [])),
      SIDs: held.sidsOf.get(r.tid) ?? [],
    })),
    Damaged: held.damaged,
  };
}

interface HeldRow {
  sid: string;
  tid: string | null;
  state: string;
}
interface BatchRow {
  sid: string;
  productId: number;
  batch: string;
  exp: string | null;
}

/** The SIDs at a site (loose, or in a TID there): the batches each holds (its packs folded into runs
 *  of consecutive serials, each run joined to the mappings it overlaps, so the cost is the runs', not
 *  the packs'), the SIDs in each TID, and the damaged ones. */
async function heldHere(tx: Tx, companyId: number, siteId: number) {
  const here = sql`s.company_id = ${companyId} and s.state <> 'replaced' and (
    (s.tid is null and s.location_site_id = ${siteId})
    or s.tid in (select t.tid from tertiary_cartons t where t.company_id = ${companyId} and t.location_site_id = ${siteId}))`;
  const cartons = rowsOf<HeldRow>(
    await tx.execute(sql`select s.sid, s.tid, s.state from secondary_cartons s where ${here} order by s.sid`),
  );
  const batchRows =
    cartons.length === 0
      ? []
      : rowsOf<BatchRow>(
          await tx.execute(sql`
    with x as (
      select i.secondary_id as sid, i.kind, i.prefix, i.serial_no as n,
        i.serial_no - row_number() over (partition by i.secondary_id, i.kind, i.prefix order by i.serial_no) as grp
      from items i where i.secondary_id in (select s.sid from secondary_cartons s where ${here})
    ), r as (select sid, kind, prefix, min(n) as lo, max(n) as hi from x group by sid, kind, prefix, grp)
    select r.sid, m.product_id as "productId", m.batch_no as batch, min(m.exp_date)::text as exp
    from r join mappings m on m.kind = r.kind and m.prefix = r.prefix and m.from_no <= r.hi and m.to_no >= r.lo
    group by r.sid, m.product_id, m.batch_no`),
        );
  const batches = new Map<string, CartonBatch[]>();
  for (const b of batchRows) {
    const list = batches.get(b.sid) ?? batches.set(b.sid, []).get(b.sid)!;
    list.push({ ProductId: Number(b.productId), BatchNo: b.batch, EXPDate: b.exp ?? '' });
  }
  for (const [sid, list] of batches) batches.set(sid, mergeBatches(list));
  const sidsOf = new Map<string, string[]>();
  for (const c of cartons) if (c.tid) (sidsOf.get(c.tid) ?? sidsOf.set(c.tid, []).get(c.tid)!).push(c.sid);
  return { batches, sidsOf, damaged: cartons.filter((c) => c.state === 'damaged').map((c) => c.sid) };
}
