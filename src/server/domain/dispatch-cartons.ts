// The cartons a dispatch moves (DESIGN section 4: "a carton is dispatched from where it is, once per
// leg"): a TID, or a loose SID, of the caller's company at the caller's site, packed, on no open leg
// and with no dealer. A secondary carton inside a tertiary one follows it and goes only with it.
import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  DISPATCH_MSG,
  olderStockOf,
  type DispatchCartonId,
  type StockCarton,
} from '../../shared/contracts/floor/dispatch.js';
import type { ScannedCartonRow } from '../../shared/contracts/floor/packing.js';
import { cartonRefusal, type Carton as LifecycleCarton, type CartonOperation } from '../../shared/lifecycle/index.js';
import { cartons, products, secondaryCartons, tertiaryCartons, type CartonState } from '../db/schema.js';
import type { StoredCarton } from './carton-facts.js';
import { OLDER_PAGE, olderThatMay, type OlderCursor, type OlderPage } from './older-stock.js';
import type { FloorSite } from './packing-common.js';
import type { Tx } from './ranges.js';
import { rowsOf, sqlArray } from './sql-rows.js';

export interface DispatchCarton extends DispatchCartonId {
  companyId: number;
  /** The site it was packed at. */
  siteId: number;
  locationSiteId: number | null;
  dispatchId: string | null;
  dealerId: number | null;
  state: CartonState;
  /** A SID's tertiary carton, when packed in one. */
  tid: string | null;
  replacedBy: string | null;
  productId: number;
  batchNo: string | null;
  mfgDate: string | null;
  expDate: string | null;
  cartonSizeId: number;
  /** Packs in it: a SID's own; a TID's, the sum of its secondary cartons not damaged. */
  packs: number;
}

const anyOf = (col: SQLWrapper, ids: string[]) => sql`${col} = any(${sqlArray(ids, 'varchar[]')})`;

/** The company's cartons by id (another company's are absent); with `lock`, their rows held (in id order, so two saves lock alike) to the end of
 *  the transaction: a second device's save of the same carton waits, then sees it gone. */
export async function loadCartons(
  tx: Tx,
  companyId: number,
  ids: readonly DispatchCartonId[],
  lock: boolean,
): Promise<Map<string, DispatchCarton>> {
  const tids = ids.filter((c) => c.type === 'TID').map((c) => c.id);
  const sids = ids.filter((c) => c.type === 'SID').map((c) => c.id);
  const tq = tx
    .select()
    .from(tertiaryCartons)
    .where(and(anyOf(tertiaryCartons.tid, tids), eq(tertiaryCartons.companyId, companyId)))
    .orderBy(tertiaryCartons.tid);
  const sq = tx
    .select()
    .from(secondaryCartons)
    .where(and(anyOf(secondaryCartons.sid, sids), eq(secondaryCartons.companyId, companyId)))
    .orderBy(secondaryCartons.sid);
  const ts = tids.length ? await (lock ? tq.for('update') : tq) : [];
  const ss = sids.length ? await (lock ? sq.for('update') : sq) : [];
  // Each TID's packs looked up by its own id (the TID index), the state in the aggregate's filter. Not
  // `tid = any(...) and state = 'packed'`: with no statistics (PGlite never takes any) the planner
  // guesses `state = 'packed'` selective and scans every packed secondary carton against the list.
  const sc = secondaryCartons;
  const packs = ts.length
    ? rowsOf<{ tid: string; n: number | null }>(
        await tx.execute(sql`select x.tid,
    (select cast(sum(${sc.qty}) filter (where ${sc.state} = 'packed') as integer) from ${sc} where ${sc.companyId} = ${companyId} and ${sc.tid} = x.tid) as n
    from unnest(${sqlArray(
      ts.map((t) => t.tid),
      'varchar[]',
    )}) as x(tid)`),
      )
    : [];
  const packsOf = new Map(packs.map((p) => [p.tid, Number(p.n ?? 0)]));
  const out = new Map<string, DispatchCarton>();
  for (const t of ts)
    out.set(t.tid, { ...t, id: t.tid, type: 'TID', tid: null, replacedBy: null, packs: packsOf.get(t.tid) ?? 0 });
  for (const s of ss) out.set(s.sid, { ...s, id: s.sid, type: 'SID', packs: s.qty });
  return out;
}

/** A dispatch's operation, by its target: a factory, a warehouse, a dealer. */
export type DispatchOp = Extract<CartonOperation, 'dispatch-factory' | 'dispatch-warehouse' | 'dispatch-dealer'>;

/** Why a carton cannot leave the site now for the target of `op`, or null: the lifecycle's answer
 *  (`carton` from cartonFacts; absent: unknown or another company's). */
export function cartonProblem(op: DispatchOp, carton: LifecycleCarton | undefined, id: string): string | null {
  if (!carton) return DISPATCH_MSG.notHere(id);
  return cartonRefusal(op, carton);
}

export const stockOf = (c: DispatchCarton): StockCarton => ({
  CartonId: c.id,
  ProductId: c.productId,
  MFGDate: c.mfgDate ?? '',
});

/** Older stock first: cartons at the site (tertiary, or loose secondary) of the products of `newer`,
 *  made before the newest of each, neither among `newer` nor `alsoScanned`, that the lifecycle lets go
 *  where `op` sends them now (a recalled carton is no older stock to a dealer); oldest first, at most `limit`. */
export async function olderStockAt(
  tx: Tx,
  site: FloorSite,
  op: DispatchOp,
  newer: readonly StockCarton[],
  alsoScanned: readonly string[] = [],
  limit = 200,
  pageSize = OLDER_PAGE,
): Promise<StockCarton[]> {
  const newest = new Map<number, string>();
  for (const c of newer) if (c.MFGDate > (newest.get(c.ProductId) ?? '')) newest.set(c.ProductId, c.MFGDate);
  if (newest.size === 0) return [];
  const except = [...newer.map((c) => c.CartonId), ...alsoScanned];
  const where = (
    t: typeof tertiaryCartons | typeof secondaryCartons,
    id: SQLWrapper,
    after: OlderCursor,
    loose?: SQL,
  ) =>
    and(
      eq(t.companyId, site.companyId),
      eq(t.locationSiteId, site.siteId),
      eq(t.state, 'packed'),
      isNull(t.dispatchId),
      isNull(t.dealerId),
      loose,
      or(...[...newest].map(([p, d]) => and(eq(t.productId, p), lt(t.mfgDate, d)))),
      sql`not (${id} = any(${sqlArray(except, 'varchar[]')}))`,
      after ? sql`(${t.mfgDate}, ${id}) > (${after.mfg}::date, ${after.id})` : undefined,
    );
  const tertiary: OlderPage<StoredCarton> = async (after, n) =>
    (
      await tx
        .select()
        .from(tertiaryCartons)
        .where(where(tertiaryCartons, tertiaryCartons.tid, after))
        .orderBy(asc(tertiaryCartons.mfgDate), asc(tertiaryCartons.tid))
        .limit(n)
    ).map((t) => ({ ...t, id: t.tid, tid: null, replacedBy: null }));
  const loose: OlderPage<StoredCarton> = async (after, n) =>
    (
      await tx
        .select()
        .from(secondaryCartons)
        .where(where(secondaryCartons, secondaryCartons.sid, after, isNull(secondaryCartons.tid)))
        .orderBy(asc(secondaryCartons.mfgDate), asc(secondaryCartons.sid))
        .limit(n)
    ).map((s) => ({ ...s, id: s.sid }));
  const found = [
    ...(await olderThatMay(tx, site, op, tertiary, limit, pageSize)),
    ...(await olderThatMay(tx, site, op, loose, limit, pageSize)),
  ].map((c) => ({ CartonId: c.id, ProductId: c.productId, MFGDate: c.mfgDate ?? '' }));
  // The query narrows; the shared rule (the device runs it on its cache) decides.
  return olderStockOf(newer, found).slice(0, limit);
}

/** Product names and units by id. */
export async function productsOf(tx: Tx, ids: readonly number[]): Promise<Map<number, { name: string; uom: string }>> {
  const rows = ids.length
    ? await tx
        .select({ id: products.id, name: products.name, uom: products.uom })
        .from(products)
        .where(inArray(products.id, [...new Set(ids)]))
    : [];
  return new Map(rows.map((r) => [r.id, { name: r.name, uom: r.uom ?? '' }]));
}

/** The cartons as the screen's scanned rows (spec 2 section 3, "Scanned carton"); Qty is packs. */
export async function scannedRows(tx: Tx, list: readonly DispatchCarton[]): Promise<ScannedCartonRow[]> {
  const names = await productsOf(
    tx,
    list.map((c) => c.productId),
  );
  const sizeIds = [...new Set(list.map((c) => c.cartonSizeId))];
  const sizes = sizeIds.length
    ? await tx.select({ id: cartons.id, name: cartons.name }).from(cartons).where(inArray(cartons.id, sizeIds))
    : [];
  const sizeName = new Map(sizes.map((s) => [s.id, s.name]));
  return list.map((c) => {
    const n = Number(c.id.slice(7));
    return {
      Id: n,
      CartonId: c.id,
      ProductName: names.get(c.productId)?.name ?? '',
      ProductId: c.productId,
      BatchNo: c.batchNo ?? '',
      CartonName: sizeName.get(c.cartonSizeId) ?? '',
      Qty: c.packs,
      MFGDate: c.mfgDate ?? '',
      EXPDate: c.expDate ?? '',
      SeqNo: n,
    };
  });
}
