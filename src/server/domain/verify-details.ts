// Everything a genuine verification weighs and shows, read in one prepared statement: the product,
// the company, recall, schemes in force, points earned, earlier verifications and the pack's cartons.
import { eq, sql } from 'drizzle-orm';
import { VERIFY_CODE } from '../../shared/contracts/public/verify.js';
import {
  companies,
  events,
  items,
  pointEntries,
  products,
  recalls,
  secondaryCartons,
  tertiaryCartons,
  verifications,
} from '../db/schema.js';
import {
  cartonStateOf,
  packStateOf,
  type CartonRow,
  type Flags,
  type Pack,
  type PackRow,
} from '../../shared/lifecycle/index.js';
import { VERIFY_RISK, type Earlier } from './verify-risk.js';
import type { Tx } from './ranges.js';
import { schemeRows, schemesInForceSql } from './schemes-in-force.js';

const P = (name: string) => sql.placeholder(name);

/** A carton row as the details statement reads it (json: the columns CartonRow needs, and its id). */
type CartonJson = CartonRow & { id: string };
/** The pack's carton facts: its SID, the TID the SID is in, and why it was damaged when either was. */
export interface PackedJson {
  sid: CartonJson;
  tid: CartonJson | null;
  damage: string | null;
}

/** The carton columns of the SID (`sc`, with its TID) or the TID (`tc`) as json: cartonStateOf's row. */
const cartonJson = (alias: 'sc' | 'tc') =>
  sql.raw(`json_build_object('id', ${alias === 'sc' ? "sc.sid, 'tid', sc.tid" : 'tc.tid'},
  'state', ${alias}.state, 'dispatchId', ${alias}.dispatch_id, 'dealerId', ${alias}.dealer_id,
  'locationSiteId', ${alias}.location_site_id, 'siteId', ${alias}.site_id)`);

/** Everything a genuine verification weighs and shows, in one statement (each statement costs a
 *  round trip and a socket write, the most of a verification's time: bench/verify-one.ts), prepared
 *  once per database so it is neither built nor planned again: the product and its company; the
 *  farmer schemes paying for the pack here today; whether the pack has paid already; and its genuine
 *  verifications so far (how many, their places, how many lately, the first). */
function detailsQuery(tx: Tx) {
  const v = verifications;
  const pe = pointEntries;
  const ofPack = sql`${v.kind} = ${P('kind')} and ${v.prefix} = ${P('prefix')} and ${v.serial} = ${P('serial')} and ${v.result} = ${VERIFY_CODE.genuine}`;
  const pack = { companyId: P('companyId'), productId: P('productId'), batchNo: P('batchNo') };
  return tx
    .select({
      p: products,
      mobile: companies.mobile,
      company: companies.displayName,
      recalled: sql<
        string | null
      >`(select ${recalls.reason} from ${recalls} where ${recalls.productId} = ${P('productId')}
      and lower(${recalls.batchNo}) = lower(${P('batchNo')}) limit 1)`,
      schemes: sql<{ id: number; name: string; points: number }[]>`(select coalesce(json_agg(x), '[]'::json)
      from (${schemesInForceSql(pack, 'farmer', P('day'), P('state'))}) x)`,
      earned: sql<boolean>`exists (select 1 from ${pe} where ${pe.source} = 'verify' and ${pe.kind} = ${P('kind')}
      and ${pe.prefix} = ${P('prefix')} and ${pe.serial} = ${P('serial')})`,
      // Where the pack is packed (its SID, the SID's TID) and, when either is damaged, the first
      // 'damage-carton' event's reason for the one or the other (the pack was written off then).
      packed: sql<PackedJson | null>`(select json_build_object('sid', ${cartonJson('sc')},
        'tid', case when tc.tid is null then null else ${cartonJson('tc')} end,
        'damage', case when sc.state = 'damaged' or tc.state = 'damaged' then (select ${events.detail} ->> 'reason' from ${events}
          where ${events.action} = 'damage-carton' and ${events.ref} in (sc.sid, sc.tid) order by ${events.id} limit 1) end)
      from ${items} i join ${secondaryCartons} sc on sc.sid = i.secondary_id left join ${tertiaryCartons} tc on tc.tid = sc.tid
      where i.kind = ${P('kind')} and i.prefix = ${P('prefix')} and i.serial_no = ${P('serial')})`,
      earlier: sql<{
        times: number;
        places: string[] | null;
        recent: number;
        firstAt: string | null;
        firstCity: string | null;
        firstState: string | null;
      }>`(
      select json_build_object(
        'times', count(*),
        'places', array_agg(distinct lower(coalesce(${v.city}, '')) || '|' || lower(coalesce(${v.state}, '')))
          filter (where ${v.city} is not null or ${v.state} is not null),
        'recent', count(*) filter (where ${v.at} > now() - make_interval(mins => ${VERIFY_RISK.burstMinutes})),
        'firstAt', min(${v.at}),
        'firstCity', (array_agg(${v.city} order by ${v.at}, ${v.id}))[1],
        'firstState', (array_agg(${v.state} order by ${v.at}, ${v.id}))[1])
      from ${v} where ${ofPack})`,
    })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(eq(products.id, P('productId')))
    .prepare('verify_details');
}

const preparedDetails = new WeakMap<object, ReturnType<typeof detailsQuery>>();

export async function detailsOf(
  tx: Tx,
  m: { companyId: number; productId: number; batchNo: string },
  pack: { kind: string; prefix: string; serial: number },
  state: string | null,
  day: string,
) {
  let q = preparedDetails.get(tx);
  if (!q) preparedDetails.set(tx, (q = detailsQuery(tx)));
  const [d] = await q.execute({ ...m, ...pack, day, state: state ?? '' });
  const e = d?.earlier;
  const earlier: Earlier =
    e && e.times > 0 && e.firstAt
      ? {
          times: Number(e.times),
          places: e.places ?? [],
          recent: Number(e.recent),
          first: { at: new Date(e.firstAt), city: e.firstCity, state: e.firstState },
        }
      : { times: 0, places: [], recent: 0, first: null };
  return {
    product: d?.p,
    company: d ? { mobile: d.mobile, name: d.company } : undefined,
    recalled: d?.recalled ?? null,
    pay: schemeRows(d?.schemes ?? []),
    earned: d?.earned === true,
    earlier,
    packed: d?.packed ?? null,
  };
}

/** A mapped pack as the lifecycle sees it: its state from its cartons, and the batch's flags today. */
export function mappedPack(code: string, packed: PackedJson | null, flags: Flags): Pack {
  const row: PackRow = { mapped: true };
  if (packed) {
    row.sid = packed.sid.id;
    row.carton = cartonStateOf(packed.sid);
    row.outer = packed.tid ? cartonStateOf(packed.tid) : null;
  }
  return { code, state: packStateOf(row), flags, sid: row.sid ?? null, reason: packed?.damage ?? null };
}
