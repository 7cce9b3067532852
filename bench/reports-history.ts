// The event log of the years before the reports benchmark's world (issue 29 item 6): the log is never
// dropped (db/partitions.ts), so a business a few years old holds far more events than its last year's.
// Made set-based from the world's own events, in one insert ... select over generate_series: history
// event g copies world event ((g - 1) mod W) + 1 in time order (so the same actions in the same
// proportions, with the details the domain writers left), cycle c = 1 + (g - 1) div W, and moves it:
// - in time: spread evenly over the `years` before the world's window, in order of g;
// - in refs: carton and dispatch numbers plus c x a stride past the world's largest (SID26KA00042 ->
//   SID23KA1000042: the year of its own time), serials plus c x a stride past the world's largest,
//   mapping ids plus c x a stride past the world's largest; so no copy meets the world or another cycle,
//   and within a cycle they still meet each other (a pack-tertiary's SIDs are its cycle's pack-secondaries);
// - batch numbers get the month of their own time (NG-2311).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/server/db/connect.js';
import { maintainPartitions } from '../src/server/db/partitions.js';
import { rowsOf } from '../src/server/domain/sql-rows.js';

const DAY = 86_400_000;
/** Actions whose ref is a mapping id and whose from_no..to_no are serials. */
const NUMBER_ACTIONS = ['map', 'generate', 'damage', 'demap'];
/** The actions the world's writers leave (reports-data.ts), the ones copied; the demo seed's few others are not. */
const WORLD_ACTIONS = [
  ...NUMBER_ACTIONS,
  'pack-secondary',
  'pack-tertiary',
  'damage-carton',
  'dispatch',
  'receive',
  'return',
];
const listOf = (xs: string[]) =>
  sql.join(
    xs.map((a) => sql`${a}`),
    sql`, `,
  );
const INT_MAX = 2_147_483_647;

const int = (v: number) => {
  if (!Number.isSafeInteger(v)) throw new Error(`not a whole number: ${v}`);
  return sql.raw(String(v));
};
const powerOfTenAbove = (v: number) => 10 ** Math.max(1, Math.ceil(Math.log10(v + 1)));

/** Adds history events until the log holds `eventsInAll`; returns how many it added. */
export async function generateHistory(
  db: Db,
  opts: { eventsInAll: number; windowStart: number; years: number; log: (line: string) => void },
): Promise<number> {
  const world = rowsOf<{ all: string; n: string; carton: string | null; serial: string | null; id: string | null }>(
    await db.execute(sql`select count(*) as all, count(*) filter (where action in (${listOf(WORLD_ACTIONS)})) as n,
      max(substr(ref, 8)::bigint) filter (where ref ~ '^(SID|TID|DID)[0-9]{2}[A-Z]{2}[0-9]+$') as carton,
      max(to_no) as serial,
      max(ref::bigint) filter (where action in (${listOf(NUMBER_ACTIONS)}) and ref ~ '^[0-9]+$') as id
      from events`),
  )[0]!;
  const w = Number(world.n);
  const count = opts.eventsInAll - Number(world.all);
  if (count <= 0 || w === 0) return 0;
  const cycles = Math.ceil(count / w);
  const cartonStride = powerOfTenAbove(Number(world.carton ?? 0));
  const serialStride = powerOfTenAbove(Number(world.serial ?? 0));
  const idStride = Number(world.id ?? 0) + 1;
  // Mapping ids are integers where the readers cast them; the copies must stay within one.
  if (idStride * (cycles + 1) > INT_MAX) throw new Error(`${cycles} cycles of mapping ids exceed an integer`);

  const start = opts.windowStart - opts.years * 365 * DAY;
  await maintainPartitions(db, { monthsAhead: 3, retentionMonths: 0, since: new Date(start - 31 * DAY) });

  const yy = sql`to_char(h.at at time zone 'UTC', 'YY')`;
  /** A world carton or dispatch id, moved: its type and prefix, the year of `h.at`, its number + c x stride. */
  const carton = (e: SQL) => {
    const num = sql`(substr(${e}, 8)::bigint + h.c * ${int(cartonStride)})::text`;
    return sql`left(${e}, 3) || ${yy} || substr(${e}, 6, 2) || lpad(${num}, greatest(5, length(${num})), '0')`;
  };
  const cartons = (key: string) =>
    sql`coalesce((select jsonb_agg(${carton(sql`x.e`)} order by x.o) from jsonb_array_elements_text(w.detail -> ${key}) with ordinality as x(e, o)), '[]'::jsonb)`;
  const serial = (v: SQL) => sql`(${v} + h.c * ${int(serialStride)})`;
  const id = (v: SQL) => sql`(${v} + h.c * ${int(idStride)})`;
  const batch = sql`split_part(w.detail ->> 'batchNo', '-', 1) || '-' || to_char(h.at at time zone 'UTC', 'YYMM')`;
  const numberRef = sql`w.action in (${listOf(NUMBER_ACTIONS)})`;

  const detail = sql`case w.action
    when 'map' then w.detail || jsonb_build_object('batchNo', ${batch})
    when 'generate' then w.detail || jsonb_build_object('generationId', ${id(sql`(w.detail ->> 'generationId')::bigint`)},
      'mappingId', ${id(sql`(w.detail ->> 'mappingId')::bigint`)},
      'file', w.prefix || '-' || ${serial(sql`w.from_no`)} || '-' || ${serial(sql`w.to_no`)} || '.txt')
    when 'damage' then w.detail || jsonb_build_object('mappingId', ${id(sql`(w.detail ->> 'mappingId')::bigint`)}, 'batchNo', ${batch})
    when 'demap' then w.detail || jsonb_build_object('mappingId', ${id(sql`(w.detail ->> 'mappingId')::bigint`)}, 'batchNo', ${batch})
    when 'pack-secondary' then w.detail || jsonb_build_object('sid', ${carton(sql`(w.detail ->> 'sid')`)},
      'runs', (select jsonb_agg(jsonb_build_array(r ->> 0, r ->> 1, ${serial(sql`(r ->> 2)::bigint`)}, ${serial(sql`(r ->> 3)::bigint`)}))
        from jsonb_array_elements(w.detail -> 'runs') r))
    when 'pack-tertiary' then w.detail || jsonb_build_object('tid', ${carton(sql`(w.detail ->> 'tid')`)}, 'sids', ${cartons('sids')})
    when 'damage-carton' then w.detail || jsonb_build_object('cartonId', ${carton(sql`(w.detail ->> 'cartonId')`)}, 'sids', ${cartons('sids')})
    when 'dispatch' then w.detail || jsonb_build_object('did', ${carton(sql`(w.detail ->> 'did')`)}, 'cartons', ${cartons('cartons')})
    when 'receive' then w.detail || jsonb_build_object('did', ${carton(sql`(w.detail ->> 'did')`)},
      'received', ${cartons('received')}, 'missing', ${cartons('missing')})
    when 'return' then w.detail || jsonb_build_object('cartons', ${cartons('cartons')}, 'dids', ${cartons('dids')})
    else w.detail end`;

  const t0 = Date.now();
  await db.transaction(async (tx) => {
    // The world's events are the hash join's inner side: in memory, the output keeps generate_series' order (time).
    await tx.execute(sql`set local work_mem = '1GB'`);
    const res = await tx.execute(sql`
      with w as materialized (select e.*, row_number() over (order by e.at, e.id) as rn from events e
        where e.action in (${listOf(WORLD_ACTIONS)}))
      insert into events (at, action, user_id, company_id, site_id, kind, prefix, from_no, to_no, ref, detail)
      select h.at, w.action, w.user_id, w.company_id, w.site_id, w.kind, w.prefix, ${serial(sql`w.from_no`)}, ${serial(sql`w.to_no`)},
        case when ${numberRef} then ${id(sql`w.ref::bigint`)}::text when w.ref is null then null else ${carton(sql`w.ref`)} end,
        ${detail}
      from (select g, (1 + (g - 1) / ${int(w)})::bigint as c, (g - 1) % ${int(w)} + 1 as rn,
          ${new Date(start).toISOString()}::timestamptz + ((g - random()) / ${int(count)}::float8) * ${int(opts.years * 365)} * interval '1 day' as at
        from generate_series(1, ${int(count)}) g) h
      join w on w.rn = h.rn`);
    const added = (res as unknown as { rowCount?: number }).rowCount;
    if (added !== count) throw new Error(`history: ${added} events written, ${count} meant`);
  });
  opts.log(
    `  history events (${opts.years} years before the window, ${cycles} cycles of the year's ${w}): ${count} rows, ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  return count;
}
