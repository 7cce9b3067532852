// The dispatch cache's snapshot (shared/contracts/floor/dispatch-cache.ts) for the caller: where its
// site may send (with billing addresses), the transport modes, the company's invoice header, the
// dispatches on the way to it, and the cartons its site may take back now. A few set queries; the
// return rule's SQL mirrors returnProblem (shared), which the server runs again on the save.
import { sql } from 'drizzle-orm';
import type { DispatchCache, IncomingDispatch } from '../../shared/contracts/floor/dispatch-cache.js';
import { USER_TYPE } from '../../shared/contracts/auth.js';
import type { Tx } from './ranges.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const text = (v: string | null | undefined) => v ?? '';

interface BillingRow {
  id: number;
  name: string;
  firm: string;
  a1: string | null;
  a2: string | null;
  pin: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  factory?: boolean;
}
const billing = (r: BillingRow) => ({
  FirmName: r.firm,
  bill_Address1: text(r.a1),
  bill_Address2: text(r.a2),
  bill_CityName: text(r.city),
  bill_StateName: text(r.state),
  bill_Pincode: text(r.pin),
  bill_CountryName: text(r.country),
});
const places = (t: string) =>
  sql.raw(`left join cities ci on ci.id = ${t}.bill_city left join states st on st.id = ${t}.bill_state
  left join countries co on co.id = ${t}.bill_country`);

export interface Receiver {
  companyId: number;
  siteId: number | null;
  userId: number;
}

export async function dispatchSnapshot(tx: Tx, r: Receiver): Promise<DispatchCache> {
  const AsOf = new Date().toISOString();
  const site = r.siteId ?? -1;
  const sites = rowsOf<BillingRow>(
    await tx.execute(sql`
    select s.id, s.name, s.name as firm, s.is_factory as factory, s.bill_address1 as a1, s.bill_address2 as a2, s.bill_pincode as pin,
      ci.name as city, st.name as state, co.name as country
    from sites s ${places('s')}
    where s.company_id = ${r.companyId} and s.is_active and s.id <> ${site} order by s.name, s.id`),
  );
  const dealers = rowsOf<BillingRow>(
    await tx.execute(sql`
    select u.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.user_name) as name,
      coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.user_name) as firm,
      u.bill_address1 as a1, u.bill_address2 as a2, u.bill_pincode as pin, ci.name as city, st.name as state, co.name as country
    from users u ${places('u')}
    where u.company_id = ${r.companyId} and u.user_type = ${USER_TYPE.dealer} and u.is_active order by name, u.id`),
  );
  // The active ones only, as GetModeDDL lists them: the save refuses an inactive mode.
  const modes = rowsOf<{ id: number; name: string }>(
    await tx.execute(sql`select id, name from transport_modes where is_active order by id`),
  );
  const [company] = rowsOf<{
    name: string;
    logo: string | null;
    address: string | null;
    city: string | null;
    pincode: string | null;
    mobile: string | null;
  }>(await tx.execute(sql`select name, logo, address, city, pincode, mobile from companies where id = ${r.companyId}`));
  return {
    AsOf,
    Sites: sites.map((s) => ({ SiteId: s.id, Name: s.name, IsFactory: Boolean(s.factory), Billing: billing(s) })),
    Dealers: dealers.map((d) => ({ UserId: d.id, Name: d.name, Billing: billing(d) })),
    Modes: modes.map((m) => ({ TransportModeId: m.id, TransportMode: m.name })),
    Company: {
      CompanyName: text(company?.name),
      CompanyLogo: text(company?.logo),
      Address: text(company?.address),
      City: text(company?.city),
      Pincode: text(company?.pincode),
      Mobile: text(company?.mobile),
    },
    Incoming: await incoming(tx, r),
    Sent: r.siteId === null ? [] : await takeBackable(tx, r.companyId, r.siteId),
  };
}

/** Dispatches addressed to the caller's site (or to the caller, a dealer) with cartons still on the way. */
async function incoming(tx: Tx, r: Receiver): Promise<IncomingDispatch[]> {
  const rows = rowsOf<{
    did: string;
    sentFrom: string;
    createdAt: string;
    total: number;
    cartonId: string;
    product: string | null;
    batch: string | null;
    qty: number;
  }>(
    await tx.execute(sql`
      select d.did, s.name as "sentFrom", d.created_at::text as "createdAt", d.cartons as total, l.carton_id as "cartonId",
        p.name as product, l.batch_no as batch, l.qty
      from dispatches d
      join sites s on s.id = d.from_site_id
      join dispatch_cartons l on l.did = d.did and l.state = 'sent'
      left join products p on p.id = l.product_id
      where d.company_id = ${r.companyId} and (d.to_site_id = ${r.siteId ?? -1} or d.to_user_id = ${r.userId})
      order by d.created_at, d.did, l.carton_id`),
  );
  const out = new Map<string, IncomingDispatch>();
  for (const x of rows) {
    let d = out.get(x.did);
    if (!d)
      out.set(
        x.did,
        (d = {
          DispatchId: x.did,
          SentFrom: x.sentFrom,
          CreatedDt: new Date(x.createdAt).toISOString(),
          TotalCarton: Number(x.total),
          Cartons: [],
        }),
      );
    d.Cartons.push({ CartonId: x.cartonId, ProductName: text(x.product), BatchNo: text(x.batch), Qty: Number(x.qty) });
  }
  return [...out.values()];
}

/** The cartons this site sent whose latest leg lets it take them back now (returnProblem's null). */
async function takeBackable(tx: Tx, companyId: number, siteId: number): Promise<DispatchCache['Sent']> {
  const rows = rowsOf<{
    cartonId: string;
    did: string;
    leg: 'sent' | 'received';
    product: string | null;
    mfg: string | null;
    exp: string | null;
  }>(
    await tx.execute(sql`
      with latest as (
        select distinct on (l.carton_id) l.carton_id, l.did, l.state, l.product_id, l.mfg_date, l.exp_date, d.from_site_id, d.to_site_id, d.to_user_id
        from dispatch_cartons l join dispatches d on d.did = l.did
        where l.carton_id in (select carton_id from dispatch_cartons l2 join dispatches d2 on d2.did = l2.did
                              where d2.company_id = ${companyId} and d2.from_site_id = ${siteId} and l2.state in ('sent', 'received'))
        order by l.carton_id, d.created_at desc, d.did desc
      ), carton as (
        select tid as id, state, null::varchar as tid, location_site_id, dispatch_id, dealer_id from tertiary_cartons where tid in (select carton_id from latest)
        union all
        select sid, state, tid, location_site_id, dispatch_id, dealer_id from secondary_cartons where sid in (select carton_id from latest)
      )
      select x.carton_id as "cartonId", x.did, x.state as leg, p.name as product, x.mfg_date::text as mfg, x.exp_date::text as exp
      from latest x join carton c on c.id = x.carton_id left join products p on p.id = x.product_id
      where x.from_site_id = ${siteId} and c.state = 'packed' and c.tid is null and (
        (x.state = 'sent' and c.dispatch_id = x.did)
        or (x.state = 'received' and c.dispatch_id is null and (
          (x.to_site_id is not null and c.location_site_id = x.to_site_id and c.dealer_id is null)
          or (x.to_site_id is null and c.dealer_id = x.to_user_id and c.location_site_id is null))))
      order by x.did, x.carton_id`),
  );
  return rows.map((x) => ({
    CartonId: x.cartonId,
    DispatchId: x.did,
    Leg: x.leg,
    ProductName: text(x.product),
    MFGDate: text(x.mfg),
    EXPDate: text(x.exp),
  }));
}
