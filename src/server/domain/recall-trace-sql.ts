// The recall trace's statements (domain/recall-trace.ts). `m` is the batch: its mapping ranges, found
// by the product index. Packs are reached from it by a range join on the items' series index and
// grouped by carton once (`pk`); cartons, their tertiary cartons, legs and dispatches follow by key.
import { sql, type SQL } from 'drizzle-orm';
import type { TraceWhere } from '../../shared/contracts/recall.js';
import type { CartonState } from '../../shared/lifecycle/index.js';
import { caseOf, legOrderSql, legWordsSql, placedStateSql } from './current-state.js';

/** The trace's word for where a carton is, from its current state (a placed SID is never 'in-tid'). */
const TRACE_WHERE: Record<Exclude<CartonState, 'in-tid'>, TraceWhere> = {
  packed: 'site',
  'at-site': 'site',
  'in-transit': 'transit',
  'with-dealer': 'dealer',
  missing: 'missing',
  damaged: 'damaged',
  emptied: 'replaced',
};
const traceWhereSql = (state: SQL) => caseOf(state, TRACE_WHERE, 'missing');

/** The product's company and the product, which is that company's: every row of its batch is too. */
export interface TraceProduct {
  companyId: number;
  productId: number;
}

/** The batch's ranges (a product's mappings are few: found by its index, the batch compared in any case). */
const batchRanges = (p: TraceProduct, batch: string) => sql`
  m as materialized (
    select id, kind, prefix, from_no, to_no from mappings
    where company_id = ${p.companyId} and product_id = ${p.productId} and lower(batch_no) = lower(${batch})
  )`;

const rows = (limit: number | null) => (limit === null ? sql`all` : sql`${limit}`);

const dealerName = (u: string) =>
  sql.raw(`coalesce(nullif(trim(concat_ws(' ', ${u}.first_name, ${u}.last_name)), ''), ${u}.user_name)`);

/** Where a carton's place columns (wh, site_at, did_on, dealer_at, replaced_by) say it is, by name. */
const placeName = sql`case c.wh
  when 'site' then (select s.name from sites s where s.id = c.site_at)
  when 'dealer' then (select ${dealerName('u')} from users u where u.id = c.dealer_at)
  when 'transit' then c.did_on
  when 'replaced' then c.replaced_by
  else '' end`;

/** One row: packed (packs of the batch in cartons), cartons, dispatches, and as JSON the places, the
 *  cartons (first `limit` by SID), the dispatches (latest `limit`) and the packed count per range. */
export function cartonsSql(p: TraceProduct, batch: string, limit: number | null): SQL {
  const company = p.companyId;
  return sql`
    with ${batchRanges(p, batch)},
    pk as materialized (
      -- Grouped inside the lateral, so each range is its own probe of the items' series index (a plain
      -- join lets the planner hash the few ranges and test every item against each).
      select m.id as mid, x.sid, x.packs from m cross join lateral (
        select i.secondary_id as sid, count(*) as packs from items i
        where i.company_id = ${company} and i.kind = m.kind and i.prefix = m.prefix and i.serial_no between m.from_no and m.to_no and i.secondary_id is not null
        group by i.secondary_id
      ) x
    ),
    ps as (select sid, sum(packs) as packs from pk group by sid),
    c as materialized (
      -- Where a secondary carton is (a SID in a TID is where the TID is): the current state, in words
      -- of the trace (traceWhereSql).
      select s.sid, s.tid, ps.packs, s.site_id, s.created_at, s.replaced_by, ${traceWhereSql(placedStateSql('s', 't'))} as wh,
        case when s.tid is null then s.location_site_id else t.location_site_id end as site_at,
        case when s.tid is null then s.dispatch_id else t.dispatch_id end as did_on,
        case when s.tid is null then s.dealer_id else t.dealer_id end as dealer_at
      from ps join secondary_cartons s on s.company_id = ${company} and s.sid = ps.sid
      left join tertiary_cartons t on t.company_id = s.company_id and t.tid = s.tid
    ),
    tp as (select tid, sum(packs) as packs from c where tid is not null group by tid),
    legs as (
      select dc.did, dc.state, c.packs from c join dispatch_cartons dc on dc.company_id = ${company} and dc.carton_id = c.sid
      union all
      select dc.did, dc.state, tp.packs from tp join dispatch_cartons dc on dc.company_id = ${company} and dc.carton_id = tp.tid
    ),
    -- How the batch's legs on each dispatch stand (the leg, not the dispatch: cartons taken back in
    -- transit leave their dispatch 'sent'), as GetScanInfo words them.
    dl as (
      select did, sum(cartons) as cartons, sum(packs) as packs,
        case when count(*) = 1 then min(${legWordsSql(sql`state`)})
          else string_agg(${legWordsSql(sql`state`)} || ' ' || cartons, ' · ' order by ${legOrderSql(sql`state`)}) end as state
      from (select did, state, count(*) as cartons, sum(packs) as packs from legs group by did, state) ls group by did
    )
    select
      (select coalesce(sum(packs), 0) from c)::float8 as packed,
      (select count(*) from c)::int as cartons,
      (select count(*) from dl)::int as dispatches,
      (select json_agg(p order by p."Packs" desc, p."Where", p."WhereName") from (
        select n.wh as "Where", n.name as "WhereName", sum(n.cartons) as "Cartons", sum(n.packs) as "Packs"
        from (
          select c.wh, ${placeName} as name, c.cartons, c.packs
          from (select wh, site_at, did_on, dealer_at, replaced_by, count(*) as cartons, sum(packs) as packs from c
            group by wh, site_at, did_on, dealer_at, replaced_by) c
        ) n group by n.wh, n.name
      ) p) as places,
      (select json_agg(r order by r."SID") from (
        select c.sid as "SID", c.tid as "TID", c.packs as "Packs", coalesce(ps.name, '') as "PackedAt", c.created_at as "PackedDate",
          c.wh as "Where", ${placeName} as "WhereName"
        from (select * from c order by sid limit ${rows(limit)}) c left join sites ps on ps.id = c.site_id
      ) r) as list,
      (select json_agg(r order by r."DispatchDate" desc, r."DID") from (
        select d.did as "DID", d.created_at as "DispatchDate", coalesce(fs.name, '') as "FromSite",
          coalesce(ts.name, ${dealerName('tu')}, '') as "ToName", case when d.to_site_id is null then 'dealer' else 'site' end as "ToKind",
          dl.cartons as "Cartons", dl.packs as "Packs", dl.state as "State", d.received_at as "ReceivedDate",
          coalesce(${dealerName('ru')}, '') as "ReceivedBy"
        from dl join dispatches d on d.company_id = ${company} and d.did = dl.did
        left join sites fs on fs.id = d.from_site_id
        left join sites ts on ts.id = d.to_site_id
        left join users tu on tu.id = d.to_user_id
        left join users ru on ru.id = d.received_by
        order by d.created_at desc, d.did limit ${rows(limit)}
      ) r) as legs,
      (select json_agg(json_build_object('id', mid, 'packs', packs, 'damaged', damaged)) from (
        select pk.mid, sum(pk.packs) as packs, coalesce(sum(pk.packs) filter (where c.wh = 'damaged'), 0) as damaged
        from pk join c on c.sid = pk.sid group by pk.mid) r) as "packedByRange"`;
}

/** The batch's verifications in one range, as the series index holds them (index-only reads). By
 *  series, not by company: a scan of a code before it was mapped is stored under no company (tenant 0)
 *  and the trace counts it; under Citus this read goes to every shard (docs/deploy.md "Citus"). */
const verifiedIn = (cols: SQL, tail: SQL = sql``) => sql`
  select ${cols} from verifications v
  where v.kind = m.kind and v.prefix = m.prefix and v.serial between m.from_no and m.to_no ${tail}`;

/** One row: the verifications of the batch's packs (times), the packs verified at least once, and
 *  the latest `limit` verifications as JSON. Counted and ranked on the series index (kind, prefix,
 *  serial, at) alone, range by range; only the rows shown are read whole. */
export function verificationsSql(p: TraceProduct, batch: string, limit: number | null): SQL {
  const perRange = limit === null ? sql`` : sql`order by v.at desc limit ${limit}`;
  return sql`
    with ${batchRanges(p, batch)}
    select coalesce(sum(n.times), 0)::float8 as times, coalesce(sum(n.packs), 0)::float8 as packs,
      (select json_agg(r order by r."VerifiedDate" desc, r.id desc) from (
        select w.id, w.at as "VerifiedDate", w.kind, w.prefix, w.serial, coalesce(w.city, '') as "City", coalesce(w.state, '') as "State",
          w.result as "Result", w.message as "Message"
        from (
          select x.* from m cross join lateral (${verifiedIn(sql`v.kind, v.prefix, v.serial, v.at`, perRange)}) x
          order by x.at desc limit ${rows(limit)}
        ) t join verifications w on w.kind = t.kind and w.prefix = t.prefix and w.serial = t.serial and w.at = t.at
      ) r) as rows
    from m cross join lateral (${verifiedIn(sql`count(*) as times, count(distinct v.serial) as packs`)}) n`;
}
