// Older stock first (spec 2 section 4) counts only what may itself undergo the same operation now: a
// carton the lifecycle refuses for it (recalled stock into a TID, to a dealer or a warehouse; expired
// stock to a dealer) is not waiting, so it neither asks for the approval remark nor is offered in the
// '500' list. The candidates come a page at a time, oldest first, and only they are asked their facts
// (carton-facts.ts walks a carton's packs only when a flagged batch could be inside it).
import { cartonRefusal, type CartonOperation } from '../../shared/lifecycle/index.js';
import { factsOf, type CartonSite, type StoredCarton } from './carton-facts.js';
import type { Tx } from './ranges.js';

/** Where the next page starts: after this carton in (MFG date, id) order; null: from the oldest. */
export type OlderCursor = { mfg: string; id: string } | null;

/** The next `n` candidates after `after`, in (MFG date, id) order; each has an MFG date. */
export type OlderPage<R extends StoredCarton> = (after: OlderCursor, n: number) => Promise<R[]>;

/** Enough for the first page to settle a scan's list or a save on a day with no recall. */
export const OLDER_PAGE = 50;

/** The first `limit` candidates, oldest first, that the lifecycle lets undergo `op` now. */
export async function olderThatMay<R extends StoredCarton>(
  tx: Tx,
  site: CartonSite,
  op: CartonOperation,
  page: OlderPage<R>,
  limit: number,
  pageSize = OLDER_PAGE,
): Promise<R[]> {
  const n = Math.max(limit, pageSize);
  const out: R[] = [];
  let after: OlderCursor = null;
  while (out.length < limit) {
    const rows = await page(after, n);
    const facts = await factsOf(tx, site, rows);
    for (const r of rows) {
      const carton = facts.get(r.id);
      if (out.length < limit && carton && cartonRefusal(op, carton) === null) out.push(r);
    }
    if (rows.length < n) break;
    const last = rows[rows.length - 1]!;
    after = { mfg: last.mfgDate ?? '', id: last.id };
  }
  return out;
}
