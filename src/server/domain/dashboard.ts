// The dashboard's figures of one site (spec 1 sections 2.7, 3.13). What each number means:
// - A range counts its numbers (to - from + 1). A static series belongs to the factory of its prefix;
//   a preprinted range to the site it was mapped at (mappings.site_id); a damage or de-mapping to the
//   site of the mapping it was cut from.
// - Mapped: numbers of the kind mapped now (de-mapping cuts them out of the mappings table).
// - De-mapped: numbers of the kind in the event log's 'demap' events.
// - Damaged: numbers of the kind in the damages table.
// - Issued: preprinted, the ranges issued to the site's company (Number Issued); static, the numbers
//   printed from the site's series (Number Generation). Numbers, not files: a number printed again (a
//   reprint, a download of the same range) counts once, in the month it was first printed.
// - Generated: the numbers printed from the site's static series, whatever the switch (once each).
// - Packed: packs in the secondary cartons packed at the site; cartons packed: the site's shipping
//   units, i.e. tertiary cartons plus secondary cartons not inside one (what a dispatch counts as a
//   carton, so the carton pie compares like with like). Replaced slips are not counted twice; a SID another site packed into its TID still counts here.
// - Dispatched: packs and cartons of the dispatches from the site; received: of the dispatches to the
//   site it has received.
// - Packing, dispatch and receipt count packs whatever their kind: a carton holds no kind, and
//   counting item rows would cost a read of every packed pack.
// Every figure is a sum over range, carton or dispatch rows (never item rows), within the company.
// The series group by the month in India of the row's date: mapped, de-mapped, damaged, issued.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DASHBOARD_MONTHS, type DashboardCount } from '../../shared/contracts/dashboard.js';
import { COMPANY_TIME_ZONE, indiaDate } from '../../shared/today.js';
import type { Db } from '../db/connect.js';
import {
  damages,
  dispatchCartons,
  dispatches,
  events,
  generations,
  mappings,
  numberIssues,
  secondaryCartons,
  tertiaryCartons,
} from '../db/schema.js';
import { rowsOf } from './sql-rows.js';

export interface DashboardSite {
  id: number;
  companyId: number;
  prefix: string;
  name: string;
  isFactory: boolean;
}
export type SeriesKind = 'P' | 'S';

export interface DashboardSeries {
  MonthName: string[];
  MappingList: number[];
  NumberList: number[];
  DeMappingList: number[];
  DamageList: number[];
}

/** A figure that has a monthly series: where its rows are, how many numbers a row holds, its date;
 *  `distinct`: its ranges may overlap (print files), so firstPrinted counts their union instead. */
interface Measure {
  rows: SQL;
  qty: SQL;
  at: SQL;
  distinct?: true;
}

const rangeQty = (t: { fromNo: AnyColumn; toNo: AnyColumn }) => sql`(${t.toNo} - ${t.fromNo} + 1)`;
const total = (q: SQL | AnyColumn) => sql`cast(coalesce(sum(${q}), 0) as bigint)`;

/** Rows of a range table that are the site's: its own static series, or preprinted ranges mapped there. */
function ofSite(
  site: DashboardSite,
  kind: SeriesKind,
  c: { kind: AnyColumn; prefix: AnyColumn; siteId: AnyColumn },
): SQL {
  if (kind === 'S') return site.prefix ? sql`${c.kind} = 'S' and ${c.prefix} = ${site.prefix}` : sql`false`;
  return sql`${c.kind} = 'P' and ${c.siteId} = ${site.id}`;
}

/** A damage has no site of its own: a static one is its series'; a preprinted one, its mapping's
 *  (damage stays inside its mapping, so the mapping starting at or before it holds it). */
function damageOfSite(site: DashboardSite, kind: SeriesKind): SQL {
  if (kind === 'S') return site.prefix ? sql`${damages.kind} = 'S' and ${damages.prefix} = ${site.prefix}` : sql`false`;
  return sql`${damages.kind} = 'P' and (select m.site_id from ${mappings} m where m.kind = 'P' and m.prefix = ''
    and m.from_no <= ${damages.fromNo} order by m.from_no desc limit 1) = ${site.id}`;
}

function measures(
  site: DashboardSite,
  kind: SeriesKind,
): Record<'mapped' | 'demapped' | 'damaged' | 'issued' | 'generated', Measure> {
  const generated: Measure = {
    rows: sql`${generations} where ${generations.companyId} = ${site.companyId} and ${generations.prefix} = ${site.prefix ?? ''}`,
    qty: rangeQty(generations),
    at: sql`${generations.createdAt}`,
    distinct: true,
  };
  return {
    mapped: {
      rows: sql`${mappings} where ${mappings.companyId} = ${site.companyId} and ${ofSite(site, kind, mappings)}`,
      qty: rangeQty(mappings),
      at: sql`${mappings.createdAt}`,
    },
    demapped: {
      rows: sql`${events} where ${events.action} = 'demap' and ${events.companyId} = ${site.companyId} and ${ofSite(site, kind, events)}`,
      qty: rangeQty(events),
      at: sql`${events.at}`,
    },
    damaged: {
      rows: sql`${damages} where ${damages.companyId} = ${site.companyId} and ${damageOfSite(site, kind)}`,
      qty: rangeQty(damages),
      at: sql`${damages.createdAt}`,
    },
    issued:
      kind === 'P'
        ? {
            rows: sql`${numberIssues} where ${numberIssues.companyId} = ${site.companyId}`,
            qty: rangeQty(numberIssues),
            at: sql`${numberIssues.createdAt}`,
          }
        : generated,
    generated,
  };
}

function sumOf(m: Measure): SQL {
  return sql`(select ${total(m.qty)} from ${m.rows})`;
}

export async function dashboardCount(db: Db, site: DashboardSite, kind: SeriesKind): Promise<DashboardCount> {
  const m = measures(site, kind);
  const s = secondaryCartons;
  const t = tertiaryCartons;
  const d = dispatches;
  // Received: the cartons each receipt took in, as its event records them. One reported missing or taken
  // back from transit never reached the site (though its dispatch reads received); one returned after
  // its receipt was received all the same (its leg now reads returned).
  const legs = sql`${events} e cross join jsonb_array_elements_text(e.detail -> 'received') as came(id)
    join ${dispatchCartons} dc on dc.did = e.ref and dc.carton_id = came.id
    where e.action = 'receive' and e.site_id = ${site.id} and e.company_id = ${site.companyId}`;
  // Packs and cartons received in one read of the legs (each read plans every month of the log).
  const received = {
    packs: sql`(select packs from received)`,
    cartons: sql`(select cartons from received)`,
  };
  const [row] = rowsOf<Record<keyof DashboardCount, string | number>>(
    await db.execute(sql`with received as (select coalesce(sum(dc.qty), 0) as packs, count(*) as cartons from ${legs})
    select
    ${sumOf(m.mapped)} as "TotalMapping", ${sumOf(m.demapped)} as "TotalDeMapping", ${sumOf(m.damaged)} as "TotalDamage",
    ${m.issued.distinct ? sql`0` : sumOf(m.issued)} as "TotalIssue",
    (select ${total(s.qty)} from ${s} where ${s.companyId} = ${site.companyId} and ${s.siteId} = ${site.id} and ${s.state} <> 'replaced') as "TotalPacked",
    (select count(*) from ${s} where ${s.companyId} = ${site.companyId} and ${s.siteId} = ${site.id} and ${s.state} <> 'replaced'
      and (${s.tid} is null or not exists (select 1 from ${t} where ${t.tid} = ${s.tid} and ${t.siteId} = ${site.id})))
      + (select count(*) from ${t} where ${t.companyId} = ${site.companyId} and ${t.siteId} = ${site.id} and ${t.state} <> 'replaced') as "TotalCartonsPacked",
    (select ${total(d.packs)} from ${d} where ${d.companyId} = ${site.companyId} and ${d.fromSiteId} = ${site.id}) as "TotalDispatched",
    (select ${total(d.cartons)} from ${d} where ${d.companyId} = ${site.companyId} and ${d.fromSiteId} = ${site.id}) as "TotalCartonsDispatched",
    ${received.packs} as "TotalReceived", ${received.cartons} as "TotalCartonsReceived"`),
  );
  const printed = (await firstPrinted(db, site)).reduce((n, p) => n + p.n, 0);
  const counts = Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])) as DashboardCount;
  return { ...counts, TotalGenerate: printed, TotalIssue: m.issued.distinct ? printed : counts.TotalIssue };
}

/** Numbers first printed by each of the site's print files, oldest file first: a file's numbers less
 *  those any earlier file printed. One sweep over the files (a few thousand rows) in memory: the same
 *  union in SQL, once per month of the series, cost the dashboard most of its time at 10 M codes. */
export async function firstPrinted(db: Db, site: DashboardSite): Promise<Array<{ at: Date; n: number }>> {
  const g = generations;
  const files = await db
    .select({ from: g.fromNo, to: g.toNo, at: g.createdAt })
    .from(g)
    .where(sql`${g.companyId} = ${site.companyId} and ${g.prefix} = ${site.prefix ?? ''}`)
    .orderBy(g.createdAt, g.id);
  const done: Array<[number, number]> = []; // printed runs, sorted, apart
  return files.map((f) => {
    const from = Number(f.from);
    const to = Number(f.to);
    let lo = 0;
    while (lo < done.length && done[lo]![1] < from - 1) lo += 1;
    let hi = lo;
    let seen = 0;
    let start = from;
    let end = to;
    while (hi < done.length && done[hi]![0] <= to + 1) {
      const [a, b] = done[hi]!;
      seen += Math.max(0, Math.min(b, to) - Math.max(a, from) + 1);
      start = Math.min(start, a);
      end = Math.max(end, b);
      hi += 1;
    }
    done.splice(lo, hi - lo, [start, end]);
    return { at: f.at, n: to - from + 1 - seen };
  });
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** This month in India and the ones before it, oldest first, as 'YYYY-MM'. */
export function lastMonths(today = indiaDate(), count = DASHBOARD_MONTHS): string[] {
  const [y, mo] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const back = y * 12 + (mo - 1) - (count - 1 - i);
    return `${Math.floor(back / 12)}-${String((back % 12) + 1).padStart(2, '0')}`;
  });
}

export const monthName = (ym: string) => `${MONTH_NAMES[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;

export async function dashboardSeries(
  db: Db,
  site: DashboardSite,
  kind: SeriesKind,
  today = indiaDate(),
): Promise<DashboardSeries> {
  const months = lastMonths(today);
  const since = sql`(${`${months[0]}-01`}::date)::timestamp at time zone ${COMPANY_TIME_ZONE}`;
  const m = measures(site, kind);
  const monthly = (
    name: string,
    x: Measure,
  ) => sql`select cast(${name} as text) as s, to_char(${x.at} at time zone ${COMPANY_TIME_ZONE}, 'YYYY-MM') as ym,
    ${total(x.qty)} as n from ${x.rows} and ${x.at} >= ${since} group by 2`;
  const rows = rowsOf<{ s: string; ym: string; n: string | number }>(
    await db.execute(
      sql.join(
        [
          monthly('map', m.mapped),
          ...(m.issued.distinct ? [] : [monthly('issue', m.issued)]),
          monthly('demap', m.demapped),
          monthly('damage', m.damaged),
        ],
        sql` union all `,
      ),
    ),
  );
  if (m.issued.distinct) {
    for (const p of await firstPrinted(db, site))
      if (p.n > 0) rows.push({ s: 'issue', ym: indiaDate(p.at).slice(0, 7), n: p.n });
  }
  const list = (s: string) =>
    months.map((ym) => rows.filter((r) => r.s === s && r.ym === ym).reduce((n, r) => n + Number(r.n), 0));
  return {
    MonthName: months.map(monthName),
    MappingList: list('map'),
    NumberList: list('issue'),
    DeMappingList: list('demap'),
    DamageList: list('damage'),
  };
}
