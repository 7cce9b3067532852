// `npx tsx bench/verify-one.ts [--n 3000] [--stored 200000]`: one genuine VerifyProduct at a time, in
// this process, on PostgreSQL (DATABASE_URL, default the local app_test; a fresh database is made and
// dropped): the time of the whole call and of each SQL statement it sends (the pool's query timed),
// p50 per statement, so a change to the verification's statements is measured before and after.
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/server/db/connect.js';
import { companies, mappings, products, verifications } from '../src/server/db/schema.js';
import { codeMac } from '../src/server/domain/code-mac.js';
import { verifyProduct, type VerifyInput } from '../src/server/domain/verify.js';
import { sql } from 'drizzle-orm';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('n', 3000);
const STORED = arg('stored', 200_000);
const base = process.env.DATABASE_URL ?? 'postgres://app:app@127.0.0.1:5432/app_test';
const name = `verify_one_${process.pid}`;

const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.toString() });
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
try {
  await database.migrate();
  const db = database.db;
  const [c] = await db
    .insert(companies)
    .values({ code: 'BV', name: 'Bench Verify', displayName: 'Bench Verify', mobile: '9822000111' } as never)
    .returning();
  const [p] = await db
    .insert(products)
    .values({ companyId: c!.id, name: 'Neem 1L', code: 'N1', packValue: 1, gtin: '8901030793912' })
    .returning();
  for (let i = 0; i < 100; i++) {
    await db.insert(mappings).values({
      kind: 'S',
      prefix: 'BV',
      fromNo: i * 100_000 + 1,
      toNo: (i + 1) * 100_000,
      companyId: c!.id,
      productId: p!.id,
      batchNo: `B${i}`,
      mfgDate: '2026-01-01',
      expDate: '2028-01-01',
    });
  }
  await db.execute(sql`insert into ${verifications} (scan, kind, prefix, serial, company_id, product_id, result, message, city, state, at)
    select 'x', 'S', 'BV', (random() * 9999999)::bigint + 1, ${c!.id}, ${p!.id}, '200', 'm', 'Nashik', 'Maharashtra', now() - random() * interval '30 days'
    from generate_series(1, ${STORED})`);
  await db.execute(sql`analyze`);
  const codes = codeMac('bench verify one');
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const perStatement = new Map<string, number[]>();
  let timing = false;
  const query = pool.query.bind(pool) as (...a: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: unknown }).query = async (...a: unknown[]) => {
    const t0 = performance.now();
    try {
      return await query(...a);
    } finally {
      if (timing) {
        const q = a[0] as string | { text: string };
        const text = (typeof q === 'string' ? q : q.text).replace(/\s+/g, ' ').slice(0, 70);
        perStatement.set(text, [...(perStatement.get(text) ?? []), performance.now() - t0]);
      }
    }
  };
  const body = (n: number): VerifyInput => ({
    UID: codes.make({ kind: 'S', prefix: 'BV' }, n),
    qrData: '',
    verificationMode: 'Web',
    UsrCity: 'Nashik',
    UsrState: 'Maharashtra',
    UsrCntry: 'India',
    UsrAdrs: '',
    UsrZip: '',
    Latitude: null,
    Longitude: null,
    visitor: null,
  });
  for (let i = 0; i < 200; i++)
    await verifyProduct(db, codes, body(1 + Math.floor(Math.random() * 9_999_999)), '127.0.0.1');
  timing = true;
  const whole: number[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    const res = await verifyProduct(db, codes, body(1 + Math.floor(Math.random() * 9_999_999)), '127.0.0.1');
    whole.push(performance.now() - t0);
    if (res.ResponseCode !== '200') throw new Error(res.ResponseMessage);
  }
  console.log(
    `VerifyProduct in process, ${N} genuine codes one at a time, ${STORED} stored: p50 ${p50(whole).toFixed(2)} ms`,
  );
  let sum = 0;
  for (const [text, times] of perStatement) {
    sum += p50(times) * (times.length / N);
    console.log(`  ${p50(times).toFixed(3)} ms  x${(times.length / N).toFixed(2)}  ${text}`);
  }
  console.log(`  statements: ${sum.toFixed(2)} ms of the p50; the rest is in this process`);
} finally {
  await database.close();
  await admin.query(`drop database ${name}`);
  await admin.end();
}
