// Which schemes pay for a pack (DESIGN section 4, issue 13): active, in force on the day (India's
// calendar), for the beneficiary, on the pack's product (master: the product; design: an item of its
// type's level: the product, its main category, sub category or sub division), not excluding its
// batch, and where the design names locations, in one of them (the state of the verification or of
// the dealer). The one place this rule lives: a farmer's verification and a dealer's dispatch both ask it.
import { sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import { BENEFICIARY } from '../../shared/contracts/loyalty/scheme.js';
import { mappings, products, schemeExclusions, schemeItems, schemeLocations, schemes, states } from '../db/schema.js';
import type { Tx } from './ranges.js';
import { rowsOf } from './sql-rows.js';

/** A value, a placeholder of a prepared statement that reads this fragment, or a column of it. */
type Param<T> = T | Placeholder | SQLWrapper;

export interface PackOfScheme {
  companyId: Param<number>;
  productId: Param<number>;
  /** The batch: a design excludes product batches (mappings), matched by product and batch number. */
  batchNo: Param<string>;
}

export interface SchemeInForce {
  id: number;
  name: string;
  points: number;
}

export type Party = 'farmer' | 'dealer';

/** The beneficiary codes a party is paid by (BENEFICIARY 'all' pays both). */
const beneficiaries = (party: Party) =>
  party === 'farmer' ? [BENEFICIARY.farmer, BENEFICIARY.all] : [BENEFICIARY.dealer, BENEFICIARY.all];

/** The select of the schemes paying `party` for one pack of `pack` on `day` ('YYYY-MM-DD'), in `state`
 *  (a state's name; null when unknown: then only schemes without locations pay): id, name, points.
 *  A fragment, so a caller may read it inside a larger statement (the verification does). */
export function schemesInForceSql(
  pack: PackOfScheme,
  party: Party,
  day: Param<string>,
  state: Param<string> | null,
): SQL {
  const [b1, b2] = beneficiaries(party);
  return sql`
    select s.id, s.name, case when s.kind = 'master' then s.points else si.points end as points
    from ${schemes} s
    join ${products} p on p.id = ${pack.productId}
    left join ${schemeItems} si on s.kind = 'design' and si.scheme_id = s.id and si.item_id = case s.scheme_type
      when 'PB' then p.id when 'CM' then p.category_id when 'SC' then p.mg2_id when 'SD' then p.mg3_id end
    where (s.company_id = ${pack.companyId} or s.company_id is null) and s.is_active and ${day}::date between s.valid_from and s.valid_to
      and s.beneficiary in (${b1}, ${b2})
      and ((s.kind = 'master' and s.product_id = p.id) or (s.kind = 'design' and si.item_id is not null))
      and not exists (select 1 from ${schemeExclusions} e join ${mappings} em on em.id = e.mapping_id
        where e.scheme_id = s.id and em.product_id = p.id and em.batch_no = ${pack.batchNo})
      and (not exists (select 1 from ${schemeLocations} l where l.scheme_id = s.id)
        or exists (select 1 from ${schemeLocations} l join ${states} st on st.id = l.state_id
          where l.scheme_id = s.id and lower(st.name) = lower(${state ?? ''})))
    order by s.id`;
}

/** The rows of `schemesInForceSql` as numbers (a JSON aggregate or a driver may give them as text). */
export const schemeRows = (rows: readonly { id: unknown; name: string; points: unknown }[]): SchemeInForce[] =>
  rows.map((r) => ({ id: Number(r.id), name: r.name, points: Number(r.points) }));

/** The schemes paying `party` for one pack (see `schemesInForceSql`). */
export async function schemesInForce(
  tx: Tx,
  pack: { companyId: number; productId: number; batchNo: string },
  party: Party,
  day: string,
  state: string | null,
): Promise<SchemeInForce[]> {
  return schemeRows(rowsOf<SchemeInForce>(await tx.execute(schemesInForceSql(pack, party, day, state))));
}

/** The points of a set of schemes, and their names as one line (the ledger's and the page's). */
export function pointsOf(found: readonly SchemeInForce[]): { points: number; names: string; ids: number[] } {
  return {
    points: found.reduce((n, s) => n + s.points, 0),
    names: found
      .map((s) => s.name)
      .join(', ')
      .slice(0, 300),
    ids: found.map((s) => s.id),
  };
}
