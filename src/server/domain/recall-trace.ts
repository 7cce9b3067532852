// The recall trace (issue 14 item 5): where every pack of a product batch went. The batch is a few
// mapping ranges; every other table is reached from them by range joins on its series index (items
// on (kind, prefix, serial_no), verifications on (kind, prefix, serial, at), damages on (kind,
// prefix, from_no)), then by key (cartons, legs, dispatches), so the cost follows the batch, never the
// size of the tables. The packs are read once, grouped by carton, in one statement with the places,
// cartons and dispatches (recall-trace-sql.ts); verifications are a second statement.
import { and, eq, sql } from 'drizzle-orm';
import { visibleNumber } from '../../shared/codes.js';
import {
  RECALL_MSG,
  TRACE_ROWS,
  type TraceAnswer,
  type TraceCarton,
  type TraceDispatch,
  type TracePlace,
  type TraceRange,
  type TraceVerification,
} from '../../shared/contracts/recall.js';
import { products, recalls } from '../db/schema.js';
import { companyScope } from '../auth/scope.js';
import type { Caller } from '../auth/actor.js';
import type { Tx } from './ranges.js';
import { rowsOf } from './sql-rows.js';
import { cartonsSql, verificationsSql } from './recall-trace-sql.js';

export interface TraceAsk {
  ProductId: number;
  BatchNo: string;
  All: boolean;
}

interface Head {
  ranges: Array<TraceRange & { MappingId: number }> | null;
  batch: string | null;
}
interface Flow {
  packed: number;
  cartons: number;
  dispatches: number;
  places: TracePlace[] | null;
  list: TraceCarton[] | null;
  legs: TraceDispatch[] | null;
  packedByRange: Array<{ id: number; packs: number; damaged: number }> | null;
}
type SeenRow = Omit<TraceVerification, 'Code'> & { id: number; kind: 'P' | 'S'; prefix: string; serial: number };
interface Seen {
  times: number;
  packs: number;
  rows: SeenRow[] | null;
}

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** The trace of a batch of one of the caller's products, or the refusal's message. Run it in a
 *  transaction: its statements' settings hold for that transaction only. */
export async function traceBatch(tx: Tx, caller: Caller, ask: TraceAsk): Promise<TraceAnswer | { refused: string }> {
  // The planner cannot know how many packs a range holds and prices the range joins as big ones, so
  // PostgreSQL would compile them (JIT, ~100 ms) for work that takes less; the groupings of a big
  // batch (a carton per ten packs) stay in memory.
  await tx.execute(sql`set local jit = off`);
  await tx.execute(sql`set local work_mem = '32MB'`);
  const [product] = await tx
    .select({ id: products.id, name: products.name, companyId: products.companyId })
    .from(products)
    .where(and(eq(products.id, ask.ProductId), companyScope(caller, products.companyId)));
  if (!product) return { refused: RECALL_MSG.product };
  const batch = ask.BatchNo.trim();
  const limit = ask.All ? null : TRACE_ROWS;

  // The ranges with their damaged counts (a damage cuts a range's numbers, never crosses a mapping).
  const [head] = rowsOf<Head>(
    await tx.execute(sql`
    select (select json_agg(r order by r."Kind", r."Prefix", r."FromNo") from (
      select m.id as "MappingId", m.kind as "Kind", m.prefix as "Prefix", m.from_no::float8 as "FromNo", m.to_no::float8 as "ToNo",
        (m.to_no - m.from_no + 1)::float8 as "Qty", m.mfg_date::text as "MFGDate", m.exp_date::text as "EXPDate",
        coalesce(s.name, '') as "SiteName", 0 as "Packed",
        coalesce((select sum(least(d.to_no, m.to_no) - greatest(d.from_no, m.from_no) + 1) from damages d
          where d.company_id = m.company_id and d.kind = m.kind and d.prefix = m.prefix and d.from_no <= m.to_no and d.to_no >= m.from_no), 0)::float8 as "Damaged"
      from mappings m left join sites s on s.id = m.site_id
      where m.company_id = ${product.companyId} and m.product_id = ${product.id} and lower(m.batch_no) = lower(${batch})) r) as ranges,
      (select min(batch_no) from mappings
        where company_id = ${product.companyId} and product_id = ${product.id} and lower(batch_no) = lower(${batch})) as batch`),
  );
  const ranges = head?.ranges ?? [];
  if (ranges.length === 0) return { refused: RECALL_MSG.noBatch };
  const [recall] = await tx
    .select({ reason: recalls.reason, at: recalls.createdAt })
    .from(recalls)
    .where(
      and(
        eq(recalls.companyId, product.companyId),
        eq(recalls.productId, product.id),
        sql`lower(${recalls.batchNo}) = lower(${batch})`,
      ),
    );

  const of = { companyId: product.companyId, productId: product.id };
  const [flow] = rowsOf<Flow>(await tx.execute(cartonsSql(of, batch, limit)));
  const [seen] = rowsOf<Seen>(await tx.execute(verificationsSql(of, batch, limit)));

  // A range's damaged packs: void by range, and packed in a carton damaged for good (both written off).
  const packedBy = new Map(
    (flow?.packedByRange ?? []).map((r) => [r.id, { packs: Number(r.packs), damaged: Number(r.damaged) }]),
  );
  const shownRanges = ranges.map(({ MappingId, ...r }) => {
    const inCartons = packedBy.get(MappingId) ?? { packs: 0, damaged: 0 };
    return { ...r, Packed: inCartons.packs, Damaged: r.Damaged + inCartons.damaged };
  });
  const mapped = shownRanges.reduce((n, r) => n + r.Qty, 0);
  const damaged = shownRanges.reduce((n, r) => n + r.Damaged, 0);
  const voided = ranges.reduce((n, r) => n + r.Damaged, 0);
  const packed = Number(flow?.packed ?? 0);
  return {
    ProductId: product.id,
    ProductName: product.name,
    BatchNo: head?.batch ?? batch,
    Recall: recall ? { Reason: recall.reason, CreatedDate: recall.at.toISOString() } : null,
    Totals: {
      Mapped: mapped,
      Packed: packed,
      Damaged: damaged,
      Unpacked: Math.max(0, mapped - packed - voided),
      Cartons: Number(flow?.cartons ?? 0),
      Dispatches: Number(flow?.dispatches ?? 0),
      Verifications: Number(seen?.times ?? 0),
      VerifiedPacks: Number(seen?.packs ?? 0),
    },
    Places: (flow?.places ?? []).map((p) => ({ ...p, Cartons: Number(p.Cartons), Packs: Number(p.Packs) })),
    Ranges: shownRanges,
    Cartons: (flow?.list ?? []).map((c) => ({ ...c, Packs: Number(c.Packs), PackedDate: iso(c.PackedDate)! })),
    Dispatches: (flow?.legs ?? []).map((d) => ({
      ...d,
      Cartons: Number(d.Cartons),
      Packs: Number(d.Packs),
      DispatchDate: iso(d.DispatchDate)!,
      ReceivedDate: iso(d.ReceivedDate),
    })),
    Verifications: (seen?.rows ?? []).map(({ id: _id, kind, prefix, serial, ...v }) => ({
      ...v,
      VerifiedDate: iso(v.VerifiedDate)!,
      Code: visibleNumber({ kind, prefix }, Number(serial)),
    })),
  };
}
