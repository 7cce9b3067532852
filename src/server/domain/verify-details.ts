// Everything a genuine verification weighs and shows, read in one prepared statement: the product,
// the company, recall, schemes in force, points earned, earlier verifications, the pack's cartons and
// where it was sent; for a static code (the common case) with the code's own lookup in the same one.
import { desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import { VERIFY_CODE } from '../../shared/contracts/public/verify.js';
import {
  companies,
  events,
  items,
  mappings,
  pointEntries,
  products,
  recalls,
  replacements,
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
import type { ParsedUid } from '../../shared/codes.js';
import { sentToSql, VERIFY_RISK, type Earlier } from './verify-risk.js';
import { staticCodeParts, staticResolved, type GenuineCode } from './resolve.js';
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

/** The pack a details statement reads about: its code, and its mapping's company, product and batch
 *  (placeholders, or the columns of the mapping the statement found). */
interface PackRef {
  kind: SQLWrapper;
  prefix: SQLWrapper;
  serial: SQLWrapper;
  companyId: SQLWrapper;
  productId: SQLWrapper;
  batchNo: SQLWrapper;
}

/** Everything a genuine verification weighs and shows, as the columns of one statement (each
 *  statement costs a round trip and a socket write, the most of a verification's time:
 *  bench/verify-one.ts): the product and its company (joined by the statement); the farmer schemes
 *  paying for the pack here today; whether the pack has paid already; its genuine verifications so far
 *  (how many, their places, how many lately, the first); its cartons; where it was sent. */
function detailsFields(k: PackRef, at: { day: SQLWrapper; state: SQLWrapper } = { day: P('day'), state: P('state') }) {
  const v = verifications;
  const pe = pointEntries;
  const ofPack = sql`${v.kind} = ${k.kind} and ${v.prefix} = ${k.prefix} and ${v.serial} = ${k.serial} and ${v.result} = ${VERIFY_CODE.genuine}`;
  const pack = { companyId: k.companyId, productId: k.productId, batchNo: k.batchNo };
  return {
    p: products,
    mobile: companies.mobile,
    company: companies.displayName,
    recalled: sql<string | null>`(select ${recalls.reason} from ${recalls} where ${recalls.productId} = ${k.productId}
      and lower(${recalls.batchNo}) = lower(${k.batchNo}) limit 1)`,
    schemes: sql<{ id: number; name: string; points: number }[]>`(select coalesce(json_agg(x), '[]'::json)
      from (${schemesInForceSql(pack, 'farmer', at.day, at.state)}) x)`,
    earned: sql<boolean>`exists (select 1 from ${pe} where ${pe.source} = 'verify' and ${pe.kind} = ${k.kind}
      and ${pe.prefix} = ${k.prefix} and ${pe.serial} = ${k.serial})`,
    // Where the pack is packed (its SID, the SID's TID) and, when either is damaged, the first
    // 'damage-carton' event's reason for the one or the other (the pack was written off then).
    packed: sql<PackedJson | null>`(select json_build_object('sid', ${cartonJson('sc')},
        'tid', case when tc.tid is null then null else ${cartonJson('tc')} end,
        'damage', case when sc.state = 'damaged' or tc.state = 'damaged' then (select ${events.detail} ->> 'reason' from ${events}
          where ${events.action} = 'damage-carton' and ${events.ref} in (sc.sid, sc.tid) order by ${events.id} limit 1) end)
      from ${items} i join ${secondaryCartons} sc on sc.sid = i.secondary_id left join ${tertiaryCartons} tc on tc.tid = sc.tid
      where i.kind = ${k.kind} and i.prefix = ${k.prefix} and i.serial_no = ${k.serial})`,
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
    sentTo: sentToSql(k),
  };
}

/** The details of a pack whose mapping is known (any series), prepared once per database so it is
 *  neither built nor planned again. */
function detailsQuery(tx: Tx) {
  const k = { kind: P('kind'), prefix: P('prefix'), serial: P('serial') };
  return tx
    .select(detailsFields({ ...k, companyId: P('companyId'), productId: P('productId'), batchNo: P('batchNo') }))
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(eq(products.id, P('productId')))
    .prepare('verify_details');
}

/** Static codes' lookups (resolve.ts: each one's mapping, replacement and damage) and the details of
 *  the pack each mapping makes, in one statement for a list of codes: a verification's every read in
 *  one round trip, shared by the verifications that wait at once (verify-reads.ts). Planning and
 *  starting this statement costs more than running it for one code (bench/verify.bench.ts), so a list
 *  pays it once. Each code's mapping is the last one starting at or below its number (an index scan,
 *  one row); a code with none gives no row, and one whose mapping does not hold the number is left to
 *  the general path by `staticResolved`. The rows carry their code's place in the list (`at`, from 1). */
function lookupQuery(tx: Tx) {
  const c = { prefix: sql`c.prefix`, n: sql`c.n` };
  // The codes' company (their series' route, verify-reads.ts) picks the rows read: under Citus, one
  // company's shard.
  const s = staticCodeParts(tx, { ...c, company: P('company') });
  const k = { kind: sql`'S'`, prefix: c.prefix, serial: c.n };
  const m = mappings;
  // The mapping of each code, as a lateral subquery named like the table, so the parts above (which
  // name the table's columns) read it.
  const mapping = tx.select().from(m).where(s.mapped).orderBy(desc(m.fromNo)).limit(1).as('mappings');
  return tx
    .select({
      at: sql<number>`c.at::int`,
      ...s.fields,
      ...detailsFields(
        { ...k, companyId: m.companyId, productId: m.productId, batchNo: m.batchNo },
        { day: sql`c.day`, state: sql`c.state` },
      ),
    })
    .from(
      sql`unnest(${P('prefixes')}::text[], ${P('serials')}::bigint[], ${P('states')}::text[], ${P('days')}::date[])
        with ordinality as c(prefix, n, state, day, at)`,
    )
    .innerJoinLateral(mapping, sql`true`)
    .innerJoin(products, eq(products.id, m.productId))
    .innerJoin(companies, eq(companies.id, products.companyId))
    .leftJoin(replacements, s.replaced)
    .leftJoinLateral(s.d, sql`true`)
    .prepare('verify_lookup');
}

type DetailsRow = Awaited<ReturnType<ReturnType<typeof detailsQuery>['execute']>>[number];

/** What a verification reads of a pack, from its details columns. */
function detailsOfRow(d: DetailsRow | undefined) {
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
    sentTo: d?.sentTo === null || d?.sentTo === undefined ? null : Number(d.sentTo),
  };
}
export type Details = ReturnType<typeof detailsOfRow>;

const preparedDetails = new WeakMap<object, ReturnType<typeof detailsQuery>>();
const preparedLookup = new WeakMap<object, ReturnType<typeof lookupQuery>>();

/** The details of a pack whose mapping is known, in `state` (the visitor's) on `day`. */
export async function detailsOf(
  tx: Tx,
  m: { companyId: number; productId: number; batchNo: string },
  pack: { kind: string; prefix: string; serial: number },
  state: string | null,
  day: string,
): Promise<Details> {
  let q = preparedDetails.get(tx);
  if (!q) preparedDetails.set(tx, (q = detailsQuery(tx)));
  const [d] = await q.execute({ ...m, ...pack, day, state: state ?? '' });
  return detailsOfRow(d);
}

/** What a verification asks of a static code: the code, and the visitor's state on `day`. */
export interface StaticAsk {
  code: ParsedUid;
  state: string | null;
  day: string;
}
/** A static code as a verification needs it: what it is (null: not mapped, the general path must
 *  say) and, when mapped, its pack's details. */
export interface StaticLookup {
  found: GenuineCode | null;
  details: Details;
}

/** Static codes of one company (their series' route) as verifications need them, in one statement,
 *  in the order asked. */
export async function lookupStatics(tx: Tx, company: number, asks: readonly StaticAsk[]): Promise<StaticLookup[]> {
  let q = preparedLookup.get(tx);
  if (!q) preparedLookup.set(tx, (q = lookupQuery(tx)));
  const rows = await q.execute({
    company,
    prefixes: asks.map((a) => a.code.prefix.toUpperCase()),
    serials: asks.map((a) => a.code.serial),
    states: asks.map((a) => a.state ?? ''),
    days: asks.map((a) => a.day),
  });
  const byAt = new Map(rows.map((r) => [Number(r.at), r]));
  return asks.map((a, i) => {
    const hit = byAt.get(i + 1);
    return { found: staticResolved(a.code, hit), details: detailsOfRow(hit) };
  });
}

/** A static code whose series routes to no company: nobody's, the general path answers. */
export const UNROUTED: StaticLookup = { found: null, details: detailsOfRow(undefined) };

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
