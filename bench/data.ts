// The benchmark's data: one company with factories (each with a prefix and a factory user), a few
// products, and a deterministic plan of ranges to map, so a run can check every answer it gets.
import { hashPassword } from '../src/server/auth/passwords.js';
import type { Db } from '../src/server/db/connect.js';
import {
  companies,
  damages,
  numberIssues,
  products,
  sites,
  staticPairs,
  userPages,
  users,
} from '../src/server/db/schema.js';
import { USER_TYPE } from '../src/shared/contracts/auth.js';
import { PAGE } from '../src/shared/pages.js';
import type { Series } from '../src/shared/codes.js';

export const FACTORY_PREFIXES = ['BA', 'BB'] as const;
const PRODUCTS = ['Neem Gold 1 L', 'Zinc Plus 500 g', 'Humic Power 250 ml', 'Sea Weed 1 kg', 'Bio NPK 5 L'];
/** Preprinted stock is issued (and accepted) in blocks of this many numbers, as an admin would. */
const ISSUE_SIZE = 100_000;

export interface PlannedRange {
  index: number;
  series: Series;
  fromNo: number;
  toNo: number;
  /** Index into FACTORY_PREFIXES of the factory user who maps it. */
  factory: number;
  product: number;
  batchNo: string;
  mfgDate: string;
  expDate: string;
  mrp: string;
  /** The damaged sub-range inside it, if any (inserted directly: the damage rule is not what is measured). */
  damaged: { fromNo: number; toNo: number } | null;
}

export interface Plan {
  ranges: PlannedRange[];
  /** Last mapped number per series key ('P' or 'S:BA'...). */
  ends: Map<string, number>;
  /** Preprinted numbers pEnd+1..pEnd+pairs are paired with static numbers 1..pairs of the first factory. */
  pairs: number;
  /** Accepted preprinted stock ends here (issues cover 1..stockEnd). */
  stockEnd: number;
}

export const seriesKey = (s: Series) => (s.kind === 'P' ? 'P' : `S:${s.prefix}`);

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Ranges of `rangeSize` alternate preprinted / static (static round-robin over the factories), each series from 1 upwards. */
export function makePlan(numbers: number, rangeSize: number, pairs = 1000): Plan {
  const count = Math.ceil(numbers / rangeSize);
  const next = new Map<string, number>();
  const ranges: PlannedRange[] = [];
  for (let i = 0; i < count; i++) {
    const size = Math.min(rangeSize, numbers - i * rangeSize);
    const isP = i % 2 === 0;
    const factory = Math.floor(i / 2) % FACTORY_PREFIXES.length;
    const series: Series = isP ? { kind: 'P', prefix: '' } : { kind: 'S', prefix: FACTORY_PREFIXES[factory]! };
    const key = seriesKey(series);
    const fromNo = next.get(key) ?? 1;
    const toNo = fromNo + size - 1;
    next.set(key, toNo + 1);
    const mfgDate = addDays('2026-01-01', i % 300);
    const tenth = Math.floor(size / 10);
    const damagedFrom = fromNo + Math.floor(size * 0.45);
    ranges.push({
      index: i,
      series,
      fromNo,
      toNo,
      factory,
      product: i % PRODUCTS.length,
      batchNo: `BN-${String(i).padStart(6, '0')}`,
      mfgDate,
      expDate: addDays(mfgDate, 730),
      mrp: `${199 + (i % 5) * 50}.00`,
      // One range in ten, of both series (ranges alternate P, S), has its middle tenth damaged.
      damaged:
        (i % 20 === 3 || i % 20 === 14) && tenth > 0 ? { fromNo: damagedFrom, toNo: damagedFrom + tenth - 1 } : null,
    });
  }
  const ends = new Map([...next].map(([k, v]) => [k, v - 1]));
  const pEnd = ends.get('P') ?? 0;
  const firstStaticEnd = ends.get(`S:${FACTORY_PREFIXES[0]}`) ?? 0;
  const pairCount = Math.min(pairs, firstStaticEnd);
  return { ranges, ends, pairs: pairCount, stockEnd: Math.ceil((pEnd + pairCount + 1) / ISSUE_SIZE) * ISSUE_SIZE };
}

export interface Seeded {
  companyId: number;
  userIds: number[];
  productIds: number[];
  productNames: string[];
}

/** The company, factories, users and products; the accepted preprinted stock; damages and static pairs of the plan. */
export async function seedBench(db: Db, plan: Plan): Promise<Seeded> {
  const [company] = await db
    .insert(companies)
    .values({ code: 'BENCH', name: 'Bench Agro Ltd', displayName: 'Bench Agro' })
    .returning();
  const companyId = company!.id;
  const passwordHash = await hashPassword('Bench123');
  const userIds: number[] = [];
  for (const prefix of FACTORY_PREFIXES) {
    const [site] = await db
      .insert(sites)
      .values({ companyId, name: `Bench Plant ${prefix}`, isFactory: true, prefix })
      .returning();
    const [user] = await db
      .insert(users)
      .values({
        userName: `Bench ${prefix}`,
        firstName: 'Bench',
        lastName: prefix,
        email: `bench-${prefix.toLowerCase()}@example.test`,
        userType: USER_TYPE.factory,
        passwordHash,
        companyId,
        siteId: site!.id,
      })
      .returning({ id: users.id });
    await db
      .insert(userPages)
      .values([PAGE.mapping.key, PAGE.numberGeneration.key].map((pageKey) => ({ userId: user!.id, pageKey })));
    userIds.push(user!.id);
  }
  const productRows = await db
    .insert(products)
    .values(PRODUCTS.map((name, i) => ({ companyId, name, code: `BP${i + 1}`, packValue: 1 })))
    .returning();
  const productIds = productRows.map((p) => p.id);

  // The admin's issues, already accepted: preprinted stock the factories may map.
  const issues = [];
  for (let from = 1; from <= plan.stockEnd; from += ISSUE_SIZE) {
    issues.push({
      companyId,
      fromNo: from,
      toNo: from + ISSUE_SIZE - 1,
      salesOrderNo: `SO-${from}`,
      acceptedAt: new Date(),
      acceptedBy: userIds[0]!,
    });
  }
  await insertInChunks(issues, (rows) => db.insert(numberIssues).values(rows));

  const pEnd = plan.ends.get('P') ?? 0;
  const pairRows = Array.from({ length: plan.pairs }, (_, i) => ({
    companyId,
    prefix: FACTORY_PREFIXES[0],
    staticNo: i + 1,
    preprintedNo: pEnd + 1 + i,
  }));
  await insertInChunks(pairRows, (rows) => db.insert(staticPairs).values(rows));
  return { companyId, userIds, productIds, productNames: productRows.map((p) => p.name) };
}

/** The plan's damaged sub-ranges, written after the mapping (a damage lies inside a mapping). */
export async function insertDamages(db: Db, plan: Plan, seeded: Seeded): Promise<number> {
  const rows = plan.ranges
    .filter((r) => r.damaged)
    .map((r) => ({
      kind: r.series.kind,
      prefix: r.series.prefix,
      fromNo: r.damaged!.fromNo,
      toNo: r.damaged!.toNo,
      companyId: seeded.companyId,
      productId: seeded.productIds[r.product]!,
      reason: 'Torn label (bench)',
    }));
  await insertInChunks(rows, (chunk) => db.insert(damages).values(chunk));
  return rows.length;
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => PromiseLike<unknown>, size = 1000): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** A small seeded PRNG (mulberry32): the same sample of scans on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
