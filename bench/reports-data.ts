// The reports benchmark's data (issue 14 item 7): a year of a traceability business at the size the
// issue names, written set-based in SQL (insert ... select from generate_series / the block table),
// never row by row. Its sizes (reports-sizes.ts): --scale s, issue 14's year times s, or --harvest
// (issue 29 item 6: 10,000 blocks, mappings of 5,000, 10 M verifications, and the earlier years' event
// log, reports-history.ts, to 10 M events in all). At --scale 1:
// - 10,000,000 mapped static codes: 10,000 mappings of 1,000 (the 'map' events, a print file and its
//   'generate' event each), a few damaged sub-ranges and de-mapped ranges (their events);
// - 1,000,000 packed items in 50,000 secondary cartons of 20 (45,000 of them in 5,000 tertiary cartons of
//   9, 5,000 loose; 1 in 25 loose ones a fractional carton with a reason; some loose ones damaged), with
//   the 'pack-secondary' / 'pack-tertiary' / 'damage-carton' events the floor saves leave;
// - 2,000 dispatches of three cartons each (two TIDs and a loose SID) to a warehouse of the company
//   or to a dealer, their legs, 'dispatch' and 'receive' events (received two or three days later unless
//   too recent; 1 in 20 with its SID reported missing, 1 in 50 with a TID taken back afterwards: 'return'
//   events), dealer points per dispatch to a dealer;
// - 1,000,000 public verifications spread evenly over the last 365 days: 80 % genuine packed packs,
//   8 % genuine codes not yet packed, 5 % asking for details ('-3'), 7 % forged (no company); 30 % of
//   the genuine ones with a farmer's name and mobile (farmer points once per pack), 2 % with feedback,
//   some with risk flags;
// - three companies (the demo's Green Harvest and two more), five factories, six warehouses, four dealers
//   each, four products each, batches by product and month, two schemes each.
// The unit of the data is a block: two mappings, ten SIDs (nine in one TID, one loose); two blocks of one
// factory make a group, which is dispatched together (four groups in five). Blocks are spread evenly over
// the last 365 days (the last three days left for the packing and receipts to happen), so a 30-day range
// holds about a twelfth of everything. Rows look as the domain writers leave them (packing-secondary.ts,
// packing-tertiary.ts, dispatch.ts, dispatch-receive.ts, carton-damage.ts, carton-return.ts, verify.ts,
// shared/events.ts); a verification's `scan` is the code's visible number, not a uid with its MAC
// (nothing here reads it).
//
// `npx tsx bench/reports-data.ts [--scale 0.01 | --harvest [--scale-down 0.001]] [--keep]`: a fresh database on DATABASE_URL's server,
// migrated and seeded (demo) as the server does, the data generated, the row counts printed; dropped
// unless --keep. reports.bench.ts calls generateReportsData itself.
import { sql, type SQL } from 'drizzle-orm';
import { hashPassword } from '../src/server/auth/passwords.js';
import type { Db } from '../src/server/db/connect.js';
import { loadReferenceData } from '../src/server/db/reference.js';
import { maintainPartitions } from '../src/server/db/partitions.js';
import { cartons, companies, NO_COMPANY, products, schemes, sites, userPages, users } from '../src/server/db/schema.js';
import { seed, SEED_LOGINS } from '../src/server/db/seed.js';
import { seedDemo } from '../src/server/demo/index.js';
import { rowsOf, sqlArray } from '../src/server/domain/sql-rows.js';
import { USER_TYPE } from '../src/shared/contracts/auth.js';
import { REPORTS } from '../src/shared/contracts/reports/index.js';
import { VERIFY_CODE, VERIFY_MSG } from '../src/shared/contracts/public/verify-rules.js';
import { normalisePageList, PAGE } from '../src/shared/pages.js';
import { createTarget, describeTarget, openTarget } from './db.js';
import { generateHistory } from './reports-history.js';
import { checkSizes, describeSizes, sizesOfArgs, type ReportsSizes } from './reports-sizes.js';
import { fmtInt, log, now } from './stats.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The company user the benchmark signs in as: every report page, QR tracking and the recall trace. */
export const REPORT_USER = { email: 'reports@example.test', password: 'Reports123' } as const;
const BENCH_PASSWORD = 'Bench123';

const SIDS_PER_BLOCK = 10;
const SIDS_PER_TID = 9;
const PACKS_PER_SID = 20;
/** Packs packed of each mapping: SIDs 0-4 take serials 1-100 of the first, 5-9 of the second. */
const PACKED_PER_MAPPING = 100;
/** Where the de-mapped ranges' serials start: past every prefix's mapped serials (9,000,000 at scale 1). */
const demapBase = (maxSerial: number) => {
  let base = 9_000_000;
  while (base <= maxSerial) base *= 10;
  return base;
};

interface Factory {
  siteId: number;
  prefix: string;
  userId: number;
}
interface Warehouse {
  siteId: number;
  userId: number;
}
interface Product {
  id: number;
  code: string;
  name: string;
}
interface Company {
  id: number;
  factories: Factory[];
  warehouses: Warehouse[];
  dealers: number[];
  products: Product[];
}

/** What the benchmark measures with: who signs in, and a pack, a DID and a batch worth tracing. */
export interface ReportsWorld {
  sizes: ReportsSizes;
  seconds: number;
  counts: Record<string, number>;
  companyId: number;
  /** The company user's site (Nashik Plant), the dashboard's entity for both callers. */
  siteId: number;
  /** A pack of the company packed, dispatched, received and verified (several times when the data allows). */
  pack: { prefix: string; serial: number; verifications: number };
  /** A received dispatch of the company, and how many legs it has. */
  did: string;
  /** The company's batch with the most packs. */
  trace: { productId: number; batchNo: string; mappings: number; packs: number };
}

/** A cheap integer hash in 0..99 (deterministic choices without a PRNG's state). */
const pct = (n: number, salt = 0) => ((Math.imul((n + 1) * 7919 + salt, 2654435761) >>> 0) % 10_000) / 100;
const iso = (ms: number) => new Date(ms).toISOString();
const yy = (ms: number) => String(new Date(ms).getUTCFullYear() % 100).padStart(2, '0');
/** An integer of ours written into the statement (a parameter's type is unknown inside case and jsonb_build_object). */
const n = (v: number) => {
  if (!Number.isFinite(v)) throw new Error(`not a number: ${v}`);
  return sql.raw(String(Math.round(v)));
};
const slip = (type: string, y: string, prefix: string, n: number) =>
  `${type}${y}${prefix}${String(n).padStart(5, '0')}`;

async function one<T>(db: Db, q: SQL): Promise<T> {
  return rowsOf<T>(await db.execute(q))[0]!;
}

/** The masters: companies, sites, users (a factory user per factory, a user per warehouse, dealers, the
 *  report user), products, carton sizes, schemes. The demo company is the first. */
async function masters(db: Db, nowMs: number) {
  const hash = await hashPassword(BENCH_PASSWORD);
  const [demo] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`${companies.code} = 'GHAL'`);
  if (!demo) throw new Error('the demo seed is missing');
  const siteId = async (name: string) =>
    (await one<{ id: number }>(db, sql`select id from sites where name = ${name}`)).id;
  const userId = async (email: string) =>
    (await one<{ id: number }>(db, sql`select id from users where lower(email) = ${email}`)).id;
  const nashik = await siteId('Nashik Plant');

  const addCompany = async (code: string, name: string) =>
    (
      await db
        .insert(companies)
        .values({ code, name, displayName: name, mobile: '9830000000' })
        .returning({ id: companies.id })
    )[0]!.id;
  let siteCount = 0;
  const addSite = async (companyId: number, name: string, isFactory: boolean, prefix: string | null) =>
    (
      await db
        .insert(sites)
        .values({ companyId, name, isFactory, prefix, code: `BS${++siteCount}` })
        .returning({ id: sites.id })
    )[0]!.id;
  let people = 0;
  const addUser = async (companyId: number, site: number | null, type: number, first: string, last: string) => {
    people++;
    return (
      await db
        .insert(users)
        .values({
          userName: `${first} ${last}`,
          firstName: first,
          lastName: last,
          email: `bench${people}@example.test`,
          mobile: `97${String(people).padStart(8, '0')}`,
          passwordHash: hash,
          userType: type,
          companyId,
          siteId: site,
        })
        .returning({ id: users.id })
    )[0]!.id;
  };
  const PRODUCTS = [
    ['Neem Gold 1 L', 'NG'],
    ['Zinc Plus 500 g', 'ZP'],
    ['Humic Power 250 ml', 'HP'],
    ['Sea Weed 1 kg', 'SW'],
  ] as const;
  const addProducts = async (companyId: number, tag: string): Promise<Product[]> => {
    const rows = await db
      .insert(products)
      .values(
        PRODUCTS.map(([name, code]) => ({ companyId, name: `${name} (${tag})`, code: `${code}${tag}`, packValue: 1 })),
      )
      .returning({ id: products.id, code: products.code, name: products.name });
    return rows;
  };
  const dealers = async (companyId: number, names: string[]) =>
    Promise.all(names.map((name, i) => addUser(companyId, null, USER_TYPE.dealer, name, `Dealer ${i + 1}`)));

  // Company A: the demo's Green Harvest (Nashik Plant KA, Pune and Nagpur depots) with a second factory.
  const a: Company = {
    id: demo.id,
    factories: [
      { siteId: nashik, prefix: 'KA', userId: await userId(SEED_LOGINS.factory.email) },
      { siteId: 0, prefix: 'BA', userId: 0 },
    ],
    warehouses: [
      { siteId: await siteId('Pune Depot'), userId: await userId(SEED_LOGINS.warehouse.email) },
      { siteId: await siteId('Nagpur Depot'), userId: 0 },
    ],
    dealers: await dealers(demo.id, ['Krishi Kendra', 'Kisan Seva', 'Annadata', 'Shetkari Mitra']),
    products: await addProducts(demo.id, 'A'),
  };
  a.factories[1]!.siteId = await addSite(a.id, 'Bench Plant Satara', true, 'BA');
  a.factories[1]!.userId = await addUser(a.id, a.factories[1]!.siteId, USER_TYPE.factory, 'Satara', 'Operator');
  a.warehouses[1]!.userId = await addUser(a.id, a.warehouses[1]!.siteId, USER_TYPE.warehouse, 'Nagpur', 'Clerk');

  const company = async (
    code: string,
    name: string,
    tag: string,
    plants: Array<[string, string]>,
    depots: string[],
    dealerNames: string[],
  ): Promise<Company> => {
    const id = await addCompany(code, name);
    const factories: Factory[] = [];
    for (const [plant, prefix] of plants) {
      const site = await addSite(id, plant, true, prefix);
      factories.push({
        siteId: site,
        prefix,
        userId: await addUser(id, site, USER_TYPE.factory, plant.split(' ').at(-1)!, 'Operator'),
      });
    }
    const warehouses: Warehouse[] = [];
    for (const depot of depots) {
      const site = await addSite(id, depot, false, null);
      warehouses.push({
        siteId: site,
        userId: await addUser(id, site, USER_TYPE.warehouse, depot.split(' ').at(-1)!, 'Clerk'),
      });
    }
    return { id, factories, warehouses, dealers: await dealers(id, dealerNames), products: await addProducts(id, tag) };
  };
  const b = await company(
    'BAT',
    'Bench Agro Two Ltd',
    'B',
    [
      ['Bench Plant Ludhiana', 'BB'],
      ['Bench Plant Indore', 'BD'],
    ],
    ['Bench Depot Delhi', 'Bench Depot Bhopal'],
    ['Punjab Agro', 'Malwa Krishi', 'Doaba Seeds', 'Indore Agri'],
  );
  const c = await company(
    'BCT',
    'Bench Crop Three Ltd',
    'C',
    [['Bench Plant Guntur', 'BC']],
    ['Bench Depot Vijayawada'],
    ['Guntur Agro', 'Krishna Traders', 'Godavari Inputs', 'Coastal Agri'],
  );

  // The report user: a user of company A at Nashik Plant holding every report page, QR tracking and the recall trace.
  const [reporter] = await db
    .insert(users)
    .values({
      userName: 'Report Reader',
      firstName: 'Report',
      lastName: 'Reader',
      email: REPORT_USER.email,
      mobile: '9700000999',
      passwordHash: await hashPassword(REPORT_USER.password),
      userType: USER_TYPE.factory,
      companyId: a.id,
      siteId: nashik,
    })
    .returning({ id: users.id });
  const pages = normalisePageList([
    ...Object.values(REPORTS).map((r) => r.page.key),
    PAGE.qrCodeTrackingReport.key,
    PAGE.recallTrace.key,
  ]);
  await db.insert(userPages).values(pages.map((pageKey) => ({ userId: reporter!.id, pageKey })));

  const sizes = await db
    .insert(cartons)
    .values([
      { name: 'Bench box of 20', size: 20, description: 'Benchmark secondary carton' },
      { name: 'Bench box of 24', size: 24, description: 'Benchmark secondary carton, sometimes closed short' },
      { name: 'Bench master of 9', size: 9, description: 'Benchmark tertiary carton' },
    ])
    .returning({ id: cartons.id });
  const modes = rowsOf<{ id: number }>(await db.execute(sql`select id from transport_modes order by id`)).map(
    (m) => m.id,
  );

  // Two master schemes per company on its first two products, one made a year ago, one lately.
  const all = [a, b, c];
  await db.insert(schemes).values(
    all.flatMap((co, i) =>
      co.products.slice(0, 2).map((p, j) => {
        const made = nowMs - (j === 0 ? 300 : 20 + i) * DAY;
        return {
          companyId: co.id,
          kind: 'master',
          name: `Bench scheme ${p.code}`,
          beneficiary: 3,
          productId: p.id,
          points: 10,
          validFrom: iso(made).slice(0, 10),
          validTo: iso(made + 365 * DAY).slice(0, 10),
          createdBy: 1,
          createdAt: new Date(made),
        };
      }),
    ),
  );
  return {
    companies: all,
    siteId: nashik,
    sizes: { box20: sizes[0]!.id, box24: sizes[1]!.id, master9: sizes[2]!.id },
    modes,
  };
}

/** One block's row of the plan (the bench_blocks table): everything the set-based inserts expand. */
interface Block {
  b: number;
  company_id: number;
  site_id: number;
  prefix: string;
  fuser: number;
  product_id: number;
  batch_no: string;
  mfg: string;
  exp: string;
  base: number;
  k: number;
  yy: string;
  sid0: number;
  tid: string;
  loose_sid: string;
  t_b: string;
  t_b1: string;
  /** The group's dispatch (both blocks carry it); `owner`: the group's first block, which holds its row. */
  did: string | null;
  owner: boolean;
  to_site: number | null;
  to_user: number | null;
  recv_user: number | null;
  mode_id: number;
  lr: string;
  t_disp: string | null;
  t_recv: string | null;
  tid_loc: number | null;
  tid_did: string | null;
  tid_dealer: number | null;
  tid_leg: string | null;
  tid_end: string | null;
  loose_loc: number | null;
  loose_did: string | null;
  loose_dealer: number | null;
  loose_leg: string | null;
  loose_end: string | null;
  loose_state: string;
  t_damage: string | null;
  fractional: boolean;
  t_return: string | null;
  t_range_damage: string | null;
  t_demap: string | null;
}

function plan(cos: Company[], nowMs: number, blocks: number, mappingSize: number, modes: number[]): Block[] {
  const start = nowMs - 365 * DAY;
  const span = 362 * DAY;
  const tOf = (b: number) => start + ((b + 0.5) / blocks) * span;
  const kOf = new Map<string, number>();
  const didOf = new Map<string, number>();
  const out: Block[] = [];
  const latest = nowMs - HOUR;
  for (let b = 0; b < blocks; b++) {
    const g = b >> 1;
    const ci = g % 10 < 5 ? 0 : g % 10 < 8 ? 1 : 2;
    const co = cos[ci]!;
    const f = co.factories[Math.floor(g / 10) % co.factories.length]!;
    const product = co.products[Math.floor(g / 3) % co.products.length]!;
    const t = tOf(b);
    const y = yy(t);
    const k = kOf.get(f.prefix) ?? 0;
    kOf.set(f.prefix, k + 1);
    const month = iso(t).slice(2, 7).replace('-', '');
    const first = b % 2 === 0;
    const dispatched = g % 5 !== 4 && 2 * g + 1 < blocks;
    const h = pct(g);
    const toDealer = h < 25;
    const wh = co.warehouses[Math.floor(h) % co.warehouses.length]!;
    const tDisp = tOf(2 * g + 1) + 6 * HOUR;
    const tRecv = tDisp + (1 + (g % 3)) * DAY;
    const received = dispatched && tRecv <= latest;
    let did: string | null = null;
    if (dispatched) {
      const n = first ? (didOf.get(f.prefix) ?? 0) + 1 : didOf.get(f.prefix)!;
      if (first) didOf.set(f.prefix, n);
      did = slip('DID', yy(tDisp), f.prefix, n);
    }
    const toSite = dispatched && !toDealer ? wh.siteId : null;
    const toUser = dispatched && toDealer ? co.dealers[g % co.dealers.length]! : null;
    const missing = received && g % 20 === 1;
    const tReturn = received && !toDealer && g % 50 === 7 && tRecv + DAY <= latest ? tRecv + DAY : null;
    // Where a carton on the group's dispatch is now: travelling, at the target, with the dealer, back home, nowhere (missing).
    const leg = (kind: 'tid' | 'loose') => {
      if (!dispatched || (kind === 'loose' && !first))
        return { loc: f.siteId, did: null, dealer: null, leg: null, end: null };
      if (!received) return { loc: null, did, dealer: null, leg: 'sent', end: null };
      if (kind === 'loose' && missing) return { loc: null, did: null, dealer: null, leg: 'missing', end: iso(tRecv) };
      if (kind === 'tid' && !first && tReturn !== null)
        return { loc: f.siteId, did: null, dealer: null, leg: 'returned', end: iso(tReturn) };
      return { loc: toSite, did: null, dealer: toUser, leg: 'received', end: iso(tRecv) };
    };
    const tl = leg('tid');
    const ll = leg('loose');
    const damaged = !first && pct(b, 17) < 10;
    out.push({
      b,
      company_id: co.id,
      site_id: f.siteId,
      prefix: f.prefix,
      fuser: f.userId,
      product_id: product.id,
      batch_no: `${product.code}-${month}`,
      mfg: iso(t).slice(0, 10),
      exp: iso(t + 730 * DAY).slice(0, 10),
      base: k * 2 * mappingSize,
      k,
      yy: y,
      sid0: k * SIDS_PER_BLOCK + 1,
      tid: slip('TID', y, f.prefix, k + 1),
      loose_sid: slip('SID', y, f.prefix, k * SIDS_PER_BLOCK + SIDS_PER_BLOCK),
      t_b: iso(t),
      t_b1: iso(tOf(b + 1)),
      did,
      owner: dispatched && first,
      to_site: toSite,
      to_user: toUser,
      recv_user: received ? (toDealer ? toUser : wh.userId) : null,
      mode_id: modes[g % modes.length]!,
      lr: `LR-${f.prefix}-${g + 1}`,
      t_disp: dispatched ? iso(tDisp) : null,
      t_recv: received ? iso(tRecv) : null,
      tid_loc: tl.loc,
      tid_did: tl.did,
      tid_dealer: tl.dealer,
      tid_leg: tl.leg,
      tid_end: tl.end,
      loose_loc: ll.loc,
      loose_did: ll.did,
      loose_dealer: ll.dealer,
      loose_leg: ll.leg,
      loose_end: ll.end,
      loose_state: damaged ? 'damaged' : 'packed',
      t_damage: damaged ? iso(Math.min(t + 5 * HOUR, latest)) : null,
      fractional: b % 25 === 0,
      t_return: tReturn === null ? null : iso(tReturn),
      t_range_damage: b % 10 === 3 ? iso(Math.min(t + DAY, latest)) : null,
      t_demap: b % 20 === 5 ? iso(Math.min(t + DAY, latest)) : null,
    });
  }
  return out;
}

const BLOCK_COLUMNS = `b int, company_id int, site_id int, prefix varchar, fuser int, product_id int, batch_no varchar, mfg date, exp date,
  base bigint, k int, yy varchar, sid0 int, tid varchar, loose_sid varchar, t_b timestamptz, t_b1 timestamptz,
  did varchar, owner boolean, to_site int, to_user int, recv_user int, mode_id int, lr varchar, t_disp timestamptz, t_recv timestamptz,
  tid_loc int, tid_did varchar, tid_dealer int, tid_leg varchar, tid_end timestamptz,
  loose_loc int, loose_did varchar, loose_dealer int, loose_leg varchar, loose_end timestamptz,
  loose_state varchar, t_damage timestamptz, fractional boolean, t_return timestamptz, t_range_damage timestamptz, t_demap timestamptz`;

/** Generates the data on a migrated database holding the demo seed. */
export async function generateReportsData(db: Db, sizes: ReportsSizes): Promise<ReportsWorld> {
  const t0 = now();
  const nowMs = Date.now();
  const { blocks, verifications: verificationCount } = checkSizes(sizes);
  const M = sizes.codesPerMapping;
  const m = await masters(db, nowMs);
  const [a] = m.companies;
  const plan_ = plan(m.companies, nowMs, blocks, M, m.modes);
  const demap = demapBase(Math.max(...plan_.map((b) => b.base + 2 * M)));
  // A damaged sub-range: 50 unpacked serials near the end of the second mapping (1901-1950 of a block at scale 1).
  const damagedFrom = sql`bb.base + ${n(2 * M - 99)}`;
  const damagedTo = sql`bb.base + ${n(2 * M - 50)}`;
  const step = async (what: string, q: SQL) => {
    const s0 = now();
    const res = await db.execute(q);
    const count = (res as unknown as { rowCount?: number }).rowCount;
    log(
      `  ${what}: ${count === undefined || count === null ? '' : `${fmtInt(count)} rows, `}${((now() - s0) / 1000).toFixed(1)} s`,
    );
  };
  const sidText = (num: SQL) =>
    sql`'SID' || bb.yy || bb.prefix || lpad((${num})::text, greatest(5, length((${num})::text)), '0')`;
  const { box20, box24, master9 } = m.sizes;

  // The month partitions of the year's events and verifications before they are written (none in DEFAULT).
  const months = { monthsAhead: 3, retentionMonths: 0, since: new Date(nowMs - 400 * DAY) };
  await maintainPartitions(db, months);
  await db.execute(sql`create table bench_blocks (${sql.raw(BLOCK_COLUMNS)}, m1 int, m2 int)`);
  await step(
    'block plan',
    sql`insert into bench_blocks select *, null, null from jsonb_to_recordset(${JSON.stringify(plan_)}::jsonb) as x(${sql.raw(BLOCK_COLUMNS)})`,
  );

  // Numbers: two mappings a block, its 'map' event, a print file and its 'generate' event each.
  await step(
    'mappings',
    sql`insert into mappings (kind, prefix, from_no, to_no, company_id, site_id, product_id, batch_no, mfg_date, exp_date, mrp, remark, created_by, created_at)
    select 'S', bb.prefix, bb.base + h * ${n(M)} + 1, bb.base + (h + 1) * ${n(M)}, bb.company_id, bb.site_id, bb.product_id, bb.batch_no,
      bb.mfg, bb.exp, 249.00, '', bb.fuser, bb.t_b + h * interval '10 minutes'
    from bench_blocks bb cross join generate_series(0, 1) h order by bb.b, h`,
  );
  await db.execute(sql`update bench_blocks bb set m1 = m1.id, m2 = m2.id from mappings m1, mappings m2
    where m1.kind = 'S' and m1.prefix = bb.prefix and m1.from_no = bb.base + 1
      and m2.kind = 'S' and m2.prefix = bb.prefix and m2.from_no = bb.base + ${n(M + 1)}`);
  await step(
    'map events',
    sql`insert into events (at, action, user_id, company_id, site_id, kind, prefix, from_no, to_no, ref, detail)
    select m.created_at, 'map', m.created_by, m.company_id, m.site_id, m.kind, m.prefix, m.from_no, m.to_no, m.id::text,
      jsonb_build_object('productId', m.product_id, 'batchNo', m.batch_no)
    from mappings m join bench_blocks bb on m.id in (bb.m1, bb.m2) order by m.id`,
  );
  await step(
    'print files (generations)',
    sql`insert into generations (mapping_id, company_id, prefix, from_no, to_no, created_by, created_at)
    select m.id, m.company_id, m.prefix, m.from_no, m.to_no, m.created_by, m.created_at + interval '30 minutes'
    from mappings m join bench_blocks bb on m.id in (bb.m1, bb.m2) order by m.id`,
  );
  await step(
    'generate events',
    sql`insert into events (at, action, user_id, company_id, site_id, kind, prefix, from_no, to_no, ref, detail)
    select g.created_at, 'generate', g.created_by, g.company_id, m.site_id, 'S', g.prefix, g.from_no, g.to_no, g.mapping_id::text,
      jsonb_build_object('generationId', g.id, 'mappingId', g.mapping_id, 'file', g.prefix || '-' || g.from_no || '-' || g.to_no || '.txt', 'damaged', 0)
    from generations g join mappings m on m.id = g.mapping_id order by g.id`,
  );
  // Damaged sub-ranges of unpacked numbers (1 block in 10) and wholly de-mapped ranges (1 in 20), with their events.
  await step(
    'damages',
    sql`insert into damages (kind, prefix, from_no, to_no, company_id, product_id, reason, created_by, created_at)
    select 'S', bb.prefix, ${damagedFrom}, ${damagedTo}, bb.company_id, bb.product_id, 'Label smudged', bb.fuser, bb.t_range_damage
    from bench_blocks bb where bb.t_range_damage is not null order by bb.b`,
  );
  await step(
    'damage events',
    sql`insert into events (at, action, user_id, company_id, site_id, kind, prefix, from_no, to_no, ref, detail)
    select bb.t_range_damage, 'damage', bb.fuser, bb.company_id, bb.site_id, 'S', bb.prefix, ${damagedFrom}, ${damagedTo}, bb.m2::text,
      jsonb_build_object('mappingId', bb.m2, 'productId', bb.product_id, 'batchNo', bb.batch_no, 'reason', 'Label smudged')
    from bench_blocks bb where bb.t_range_damage is not null order by bb.b`,
  );
  await step(
    'demap events',
    sql`insert into events (at, action, user_id, company_id, site_id, kind, prefix, from_no, to_no, ref, detail)
    select bb.t_demap, 'demap', bb.fuser, bb.company_id, bb.site_id, 'S', bb.prefix, ${n(demap)} + bb.k * 100 + 1, ${n(demap)} + bb.k * 100 + 100, (10000000 + bb.b)::text,
      jsonb_build_object('mappingId', 10000000 + bb.b, 'productId', bb.product_id, 'batchNo', bb.batch_no, 'split', 'whole')
    from bench_blocks bb where bb.t_demap is not null order by bb.b`,
  );

  // Packing: a TID a block, ten SIDs (nine in it, one loose), twenty items each, and their events.
  await step(
    'tertiary cartons',
    sql`insert into tertiary_cartons (tid, company_id, site_id, location_site_id, dispatch_id, dealer_id, carton_size_id, product_id,
      qty, batch_no, mfg_date, exp_date, state, created_by, created_at)
    select bb.tid, bb.company_id, bb.site_id, bb.tid_loc, bb.tid_did, bb.tid_dealer, ${n(master9)}, bb.product_id, ${n(SIDS_PER_TID)}, bb.batch_no, bb.mfg, bb.exp,
      'packed', bb.fuser, bb.t_b + interval '3 hours'
    from bench_blocks bb order by bb.b`,
  );
  await step(
    'secondary cartons',
    sql`insert into secondary_cartons (sid, company_id, site_id, location_site_id, dispatch_id, dealer_id, carton_size_id, product_id,
      qty, batch_no, mfg_date, exp_date, reason, state, created_by, created_at, tid)
    select ${sidText(sql`bb.sid0 + j`)}, bb.company_id, bb.site_id,
      case when j < ${n(SIDS_PER_TID)} then bb.site_id else bb.loose_loc end,
      case when j < ${n(SIDS_PER_TID)} then null else bb.loose_did end,
      case when j < ${n(SIDS_PER_TID)} then null else bb.loose_dealer end,
      case when j = ${n(SIDS_PER_TID)} and bb.fractional then ${n(box24)} else ${n(box20)} end, bb.product_id, ${n(PACKS_PER_SID)}, bb.batch_no, bb.mfg, bb.exp,
      case when j = ${n(SIDS_PER_TID)} and bb.fractional then 'End of batch' end,
      case when j = ${n(SIDS_PER_TID)} then bb.loose_state else 'packed' end, bb.fuser, bb.t_b + interval '1 hour' + j * interval '6 minutes',
      case when j < ${n(SIDS_PER_TID)} then bb.tid end
    from bench_blocks bb cross join generate_series(0, ${n(SIDS_PER_BLOCK - 1)}) j order by bb.b, j`,
  );
  // SID j holds serials (j < 5: the first mapping, else the second) base + M * (j / 5) + 20 * (j % 5) + 1..20.
  const firstSerial = sql`bb.base + ${n(M)} * (j / 5) + ${n(PACKS_PER_SID)} * (j % 5) + 1`;
  await step(
    'items',
    sql`insert into items (kind, prefix, serial_no, secondary_id, status, created_at, company_id)
    select 'S', bb.prefix, ${firstSerial} + i, ${sidText(sql`bb.sid0 + j`)},
      case when j = ${n(SIDS_PER_TID)} and bb.loose_state = 'damaged' then 'damaged' else 'packed' end,
      bb.t_b + interval '1 hour' + j * interval '6 minutes', bb.company_id
    from bench_blocks bb cross join generate_series(0, ${n(SIDS_PER_BLOCK - 1)}) j cross join generate_series(0, ${n(PACKS_PER_SID - 1)}) i
    order by bb.b, j, i`,
  );
  await step(
    'pack-secondary events',
    sql`insert into events (at, action, user_id, company_id, site_id, ref, detail)
    select bb.t_b + interval '1 hour' + j * interval '6 minutes', 'pack-secondary', bb.fuser, bb.company_id, bb.site_id, ${sidText(sql`bb.sid0 + j`)},
      jsonb_build_object('sid', ${sidText(sql`bb.sid0 + j`)}, 'productId', bb.product_id, 'qty', ${n(PACKS_PER_SID)},
        'cartonSizeId', case when j = ${n(SIDS_PER_TID)} and bb.fractional then ${n(box24)} else ${n(box20)} end,
        'runs', jsonb_build_array(jsonb_build_array('S', bb.prefix, ${firstSerial}, ${firstSerial} + ${n(PACKS_PER_SID - 1)})))
        || case when j = ${n(SIDS_PER_TID)} and bb.fractional then jsonb_build_object('reason', 'End of batch') else '{}'::jsonb end
    from bench_blocks bb cross join generate_series(0, ${n(SIDS_PER_BLOCK - 1)}) j order by 1`,
  );
  await step(
    'pack-tertiary events',
    sql`insert into events (at, action, user_id, company_id, site_id, ref, detail)
    select t.created_at, 'pack-tertiary', t.created_by, t.company_id, t.site_id, t.tid,
      jsonb_build_object('tid', t.tid, 'productId', t.product_id, 'qty', t.qty, 'cartonSizeId', t.carton_size_id, 'sids', s.sids)
    from tertiary_cartons t join (select tid, jsonb_agg(sid order by sid) as sids from secondary_cartons where tid is not null group by tid) s using (tid)
    order by t.created_at`,
  );
  await step(
    'damage-carton events',
    sql`insert into events (at, action, user_id, company_id, site_id, ref, detail)
    select bb.t_damage, 'damage-carton', bb.fuser, bb.company_id, bb.site_id, bb.loose_sid,
      jsonb_build_object('cartonId', bb.loose_sid, 'reason', 'Crushed in storage', 'sids', jsonb_build_array(bb.loose_sid), 'packs', ${n(PACKS_PER_SID)})
    from bench_blocks bb where bb.t_damage is not null order by bb.b`,
  );

  // Dispatch: the group's two TIDs and its first block's loose SID, the legs, the events; dealer points.
  await step(
    'dispatches',
    sql`insert into dispatches (did, company_id, from_site_id, to_site_id, to_user_id, transport_mode_id, lr, cartons, packs, state,
      created_by, created_at, received_by, received_at)
    select bb.did, bb.company_id, bb.site_id, bb.to_site, bb.to_user, bb.mode_id, bb.lr, 3, ${n(2 * SIDS_PER_TID * PACKS_PER_SID + PACKS_PER_SID)},
      case when bb.t_recv is null then 'sent' else 'received' end, bb.fuser, bb.t_disp, bb.recv_user, bb.t_recv
    from bench_blocks bb where bb.owner order by bb.b`,
  );
  await step(
    'dispatch legs',
    sql`insert into dispatch_cartons (did, carton_id, product_id, batch_no, mfg_date, exp_date, qty, state, ended_at, company_id)
    select bb.did, bb.tid, bb.product_id, bb.batch_no, bb.mfg, bb.exp, ${n(SIDS_PER_TID * PACKS_PER_SID)}, bb.tid_leg, bb.tid_end, bb.company_id
      from bench_blocks bb where bb.did is not null
    union all
    select bb.did, bb.loose_sid, bb.product_id, bb.batch_no, bb.mfg, bb.exp, ${n(PACKS_PER_SID)}, bb.loose_leg, bb.loose_end, bb.company_id
      from bench_blocks bb where bb.owner`,
  );
  await step(
    'dispatch events',
    sql`insert into events (at, action, user_id, company_id, site_id, ref, detail)
    select d.created_at, 'dispatch', d.created_by, d.company_id, d.from_site_id, d.did,
      jsonb_strip_nulls(jsonb_build_object('did', d.did, 'toSiteId', d.to_site_id, 'toUserId', d.to_user_id, 'cartons', l.cartons, 'packs', d.packs,
        'transportModeId', d.transport_mode_id, 'lr', d.lr))
    from dispatches d join (select did, jsonb_agg(carton_id order by carton_id) as cartons from dispatch_cartons group by did) l using (did)
    order by d.created_at`,
  );
  await step(
    'receive events',
    sql`insert into events (at, action, user_id, company_id, site_id, ref, detail)
    select d.received_at, 'receive', d.received_by, d.company_id, d.to_site_id, d.did,
      jsonb_build_object('did', d.did, 'received', l.received, 'missing', l.missing)
    from dispatches d join (select did,
        coalesce(jsonb_agg(carton_id order by carton_id) filter (where state in ('received', 'returned')), '[]') as received,
        coalesce(jsonb_agg(carton_id order by carton_id) filter (where state = 'missing'), '[]') as missing
      from dispatch_cartons group by did) l using (did)
    where d.state = 'received' order by d.received_at`,
  );
  await step(
    'return events',
    sql`insert into events (at, action, user_id, company_id, site_id, ref, detail)
    select bb.t_return, 'return', bb.fuser, bb.company_id, bb.site_id, bb.did,
      jsonb_build_object('cartons', jsonb_build_array(bb.tid), 'transit', false, 'dids', jsonb_build_array(bb.did), 'remark', 'Wrong product sent')
    from bench_blocks bb where bb.t_return is not null order by bb.b`,
  );
  await step(
    'dealer points',
    sql`insert into point_entries (at, company_id, party, user_id, points, source, did, scheme_names)
    select d.created_at, d.company_id, 'dealer', d.to_user_id, 10 * d.cartons, 'dispatch', d.did, 'Dealer bonus'
    from dispatches d where d.to_user_id is not null order by d.created_at`,
  );

  // Verifications, evenly over the year; each picks a block packed four hours before it at least.
  const start = nowMs - 365 * DAY;
  const span = 362 * DAY;
  const places = [
    'Nashik|Maharashtra',
    'Indore|Madhya Pradesh',
    'Guntur|Andhra Pradesh',
    'Ludhiana|Punjab',
    'Pune|Maharashtra',
    'Bhopal|Madhya Pradesh',
    'Vijayawada|Andhra Pradesh',
    'Amritsar|Punjab',
  ];
  const farmers = [
    'Ramesh Patil',
    'Suresh Jadhav',
    'Anita Shinde',
    'Vijay Kumar',
    'Lakshmi Reddy',
    'Gurpreet Singh',
    'Meena Sharma',
    'Ravi Naidu',
  ];
  const farmerPool = Math.max(50, Math.round(verificationCount / 50));
  // The first 100 serials of either mapping (packed), or 101..M-1 of the first (not yet packed).
  const packedSerial = sql`bb.base + case when floor(q.rb * 200) < ${n(PACKED_PER_MAPPING)} then floor(q.rb * 200) + 1 else floor(q.rb * 200) + ${n(M - PACKED_PER_MAPPING + 1)} end`;
  const verifiedBefore =
    'This code was verified once before, first on 2 Mar 2026 in Nashik, Maharashtra. If that was not you, this pack may be a copy: ask the shop.';
  await step(
    'verifications',
    sql`insert into verifications (at, scan, kind, prefix, serial, company_id, product_id, mapping_id, result, message,
      name, email, mobile, city, state, country, ip, mode, flags, feedback, feedback_at)
    select q.at,
      case when bb.b is null then 'https://trace.example.com/p/Z' || substr(md5(q.v::text), 1, 15) else bb.prefix || x.serial end,
      case when bb.b is null then null else 'S' end, bb.prefix, x.serial, coalesce(bb.company_id, ${NO_COMPANY}), bb.product_id, x.mapping_id,
      case when bb.b is null then ${VERIFY_CODE.refused} when q.t >= 88 then ${VERIFY_CODE.details} else ${VERIFY_CODE.genuine} end,
      case when bb.b is null then ${VERIFY_MSG.forged} when q.t >= 88 then ${VERIFY_MSG.detailsNeeded}
        when q.rc < 0.05 then ${verifiedBefore} else ${VERIFY_MSG.genuine} end,
      case when x.farmer then (${sqlArray(farmers, 'varchar[]')})[1 + x.f % ${n(farmers.length)}] end, null,
      case when x.farmer then '9' || lpad(x.f::text, 9, '0') end,
      split_part(x.place, '|', 1), split_part(x.place, '|', 2), 'India', '10.1.' || (q.v % 250) || '.' || (q.v % 199), 'Web',
      case when bb.b is not null and q.t < 88 and q.rc < 0.05 then '["verified-before"]'::jsonb
        when bb.b is not null and q.t < 88 and q.rc < 0.06 then '["verified-before", "many-places"]'::jsonb else '[]'::jsonb end,
      case when bb.b is not null and q.t < 88 and q.v % 50 = 0 then 'Good product, works well.' end,
      case when bb.b is not null and q.t < 88 and q.v % 50 = 0 then q.at + interval '2 minutes' end
    from (
      select s.*, floor(((extract(epoch from s.at)::float8 * 1000 - ${n(start)}::float8 - ${n(4 * HOUR)}) / ${n(span)}::float8) * ${n(blocks)} - 0.5)::int as bmax
      from (select v, ${iso(nowMs)}::timestamptz - ((${n(verificationCount)} - v + random()) / ${n(verificationCount)}::float8) * interval '365 days' as at,
        v % 100 as t, random() as ra, random() as rb, random() as rc, random() as rd, random() as re
        from generate_series(1, ${n(verificationCount)}) v) s
    ) q
    left join bench_blocks bb on q.t < 93 and q.bmax >= 0 and bb.b = least(floor(q.ra * (q.bmax + 1))::int, ${n(blocks - 1)})
    cross join lateral (select
      (case when bb.b is null then null when q.t < 80 or q.t >= 88 then ${packedSerial} else bb.base + ${n(PACKED_PER_MAPPING + 1)} + floor(q.rb * ${n(M - PACKED_PER_MAPPING - 1)}) end)::bigint as serial,
      case when bb.b is null then null when (q.t < 80 or q.t >= 88) and floor(q.rb * 200) >= ${n(PACKED_PER_MAPPING)} then bb.m2 else bb.m1 end as mapping_id,
      bb.b is not null and q.t < 88 and q.rd < 0.3 as farmer, floor(q.re * ${n(farmerPool)})::int as f,
      (${sqlArray(places, 'varchar[]')})[1 + floor(q.rd * 1000)::int % ${n(places.length)}] as place) x
    order by q.at`,
  );
  await step(
    'farmer points',
    sql`insert into point_entries (at, company_id, party, mobile, points, source, verification_id, kind, prefix, serial, product_name, scheme_names)
    select distinct on (v.kind, v.prefix, v.serial) v.at, v.company_id, 'farmer', v.mobile, 10, 'verify', v.id, v.kind, v.prefix, v.serial, p.name, 'Bench farmer scheme'
    from verifications v join products p on p.id = v.product_id
    where v.result = ${VERIFY_CODE.genuine} and v.mobile is not null order by v.kind, v.prefix, v.serial, v.at`,
  );

  // The slip counters where the data left them, so the app would go on from there.
  await step(
    'id counters',
    sql`insert into id_counters (prefix, type, last, updated_at, company_id)
    select prefix, 'SID', max(sid0) + ${n(SIDS_PER_BLOCK - 1)}, now(), company_id from bench_blocks group by prefix, company_id
    union all select prefix, 'TID', max(k) + 1, now(), company_id from bench_blocks group by prefix, company_id
    union all select prefix, 'DID', count(*), now(), company_id from bench_blocks where owner group by prefix, company_id
    on conflict (prefix, type, company_id) do update set last = excluded.last, updated_at = excluded.updated_at`,
  );
  await db.execute(sql`drop table bench_blocks`);
  // Any row that fell outside them moves to its month, as the server's daily run would do.
  await maintainPartitions(db, months);
  // The earlier years' event log, when the sizes ask for more events than the year left.
  if (sizes.eventsInAll !== null)
    await generateHistory(db, { eventsInAll: sizes.eventsInAll, windowStart: nowMs - 365 * DAY, years: 4, log });
  // What autovacuum does within minutes of such writes: statistics, and the visibility map index-only scans need.
  const v0 = now();
  await db.execute(sql`vacuum analyze`);
  log(`  vacuum analyze: ${((now() - v0) / 1000).toFixed(1)} s`);

  const counts: Record<string, number> = {};
  for (const t of [
    'mappings',
    'generations',
    'damages',
    'secondary_cartons',
    'tertiary_cartons',
    'items',
    'dispatches',
    'dispatch_cartons',
    'verifications',
    'events',
    'point_entries',
  ]) {
    counts[t] = Number((await one<{ n: string }>(db, sql`select count(*) as n from ${sql.raw(t)}`)).n);
  }
  counts.mappedCodes = Number(
    (await one<{ n: string }>(db, sql`select coalesce(sum(to_no - from_no + 1), 0) as n from mappings`)).n,
  );

  // A pack of company A at Nashik (KA) packed in a TID, dispatched and received, verified the most times.
  const pack = await one<{ prefix: string; serial: string; n: string }>(
    db,
    sql`
    select v.prefix, v.serial, count(*) as n from verifications v
    join items i on i.kind = v.kind and i.prefix = v.prefix and i.serial_no = v.serial
    join secondary_cartons s on s.sid = i.secondary_id
    join dispatch_cartons dc on dc.carton_id = s.tid and dc.state = 'received'
    where v.company_id = ${a!.id} and v.prefix = 'KA' and v.result = ${VERIFY_CODE.genuine}
    group by 1, 2 order by 3 desc, 2 limit 1`,
  );
  const did = await one<{ did: string }>(
    db,
    sql`select did from dispatches where company_id = ${a!.id} and from_site_id = ${m.siteId} and state = 'received'
    order by created_at desc limit 1`,
  );
  const batch = await one<{ product_id: number; batch_no: string; n: string }>(
    db,
    sql`select product_id, batch_no, count(*) as n from mappings
    where company_id = ${a!.id} group by 1, 2 order by 3 desc, 2 limit 1`,
  );
  const packs = await one<{ n: string }>(
    db,
    sql`select count(*) as n from items i join mappings m
    on i.kind = m.kind and i.prefix = m.prefix and i.serial_no between m.from_no and m.to_no
    where m.product_id = ${batch.product_id} and m.batch_no = ${batch.batch_no}`,
  );
  return {
    sizes,
    seconds: (now() - t0) / 1000,
    counts,
    companyId: a!.id,
    siteId: m.siteId,
    pack: { prefix: pack.prefix, serial: Number(pack.serial), verifications: Number(pack.n) },
    did: did.did,
    trace: { productId: batch.product_id, batchNo: batch.batch_no, mappings: Number(batch.n), packs: Number(packs.n) },
  };
}

/** Migrations, reference data and the demo seed, as the server's start does them. */
export async function prepareDatabase(db: Db): Promise<void> {
  await loadReferenceData(db);
  await seed(db, { demo: seedDemo });
}

async function main() {
  const { sizes, label } = sizesOfArgs(process.argv);
  const url = process.env.DATABASE_URL || 'postgres://app:app@127.0.0.1:5432/app_test';
  const { target, drop } = await createTarget(url);
  try {
    const database = await openTarget(target);
    try {
      await database.migrate();
      await prepareDatabase(database.db);
      log(`${describeTarget(target)}: generating at ${label}: ${describeSizes(sizes)}`);
      const world = await generateReportsData(database.db, sizes);
      log(`generated in ${world.seconds.toFixed(1)} s`);
      console.log(JSON.stringify(world, null, 2));
    } finally {
      await database.close();
    }
  } finally {
    if (process.argv.includes('--keep'))
      log(`kept ${describeTarget(target)} (${target.kind === 'postgres' ? target.url : ''})`);
    else await drop();
  }
}

if (
  process.argv[1] &&
  import.meta.url.endsWith(process.argv[1].replace(/^.*\//, '/')) &&
  process.argv[1].endsWith('reports-data.ts')
) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
