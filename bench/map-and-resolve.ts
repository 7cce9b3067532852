// Maps the plan's numbers through the real mapping rule (mapRange under lockSeries, one transaction
// per save, or per --per-tx saves), then resolves a random sample of scans one at a time, as a scanner
// sends them, through resolveScan; every answer is checked against the plan.
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/connect.js';
import type { Series } from '../src/shared/codes.js';
import { damages, events, mappings } from '../src/server/db/schema.js';
import { callerById, type Caller } from '../src/server/http/caller.js';
import type { CodeMac } from '../src/server/domain/code-mac.js';
import { mapRange } from '../src/server/domain/mapping.js';
import { lockSeries, rangeAt } from '../src/server/domain/ranges.js';
import { Refusal } from '../src/server/domain/refusal.js';
import { mappingOf, resolveScan } from '../src/server/domain/resolve.js';
import { insertDamages, seriesKey, type Plan, type Seeded } from './data.js';
import { explainRangeLookup, serverTimes, type ServerTimes } from './explain.js';
import { makeSample, type Expected } from './scans.js';
import { fmtInt, log, now, Timings, type Summary } from './stats.js';

export interface MappingResult {
  ranges: number;
  numbers: number;
  perTx: number;
  seconds: number;
  perTxMs: Summary;
  overlapRefusal: { ms: number; message: string };
  rows: { mappings: number; damages: number; events: number };
}

export interface ResolveResult {
  count: number;
  seconds: number;
  whole: Summary;
  dbPart: Summary;
  forged: Summary;
  states: Record<Expected['state'], number>;
  mismatches: number;
  explain: string[];
  explainDamages: string[];
  server: { mappings: ServerTimes; damages: ServerTimes };
}

export async function mapAll(db: Db, plan: Plan, seeded: Seeded, perTx: number): Promise<MappingResult> {
  const callers: Caller[] = [];
  for (const id of seeded.userIds) callers.push((await callerById(db, id))!);
  const numbers = plan.ranges.reduce((n, r) => n + r.toNo - r.fromNo + 1, 0);
  log(`mapping ${fmtInt(numbers)} numbers in ${fmtInt(plan.ranges.length)} ranges, ${perTx} per transaction`);
  const txTimes = new Timings(Math.ceil(plan.ranges.length / perTx));
  const started = now();
  let nextReport = 0.1;
  for (let i = 0; i < plan.ranges.length; i += perTx) {
    const batch = plan.ranges.slice(i, i + perTx);
    const t0 = now();
    await db.transaction(async (tx) => {
      const locked = new Set<string>();
      for (const r of batch) {
        if (!locked.has(seriesKey(r.series))) {
          await lockSeries(tx, r.series);
          locked.add(seriesKey(r.series));
        }
        // A refusal is thrown: the run stops with the rule's message.
        await mapRange(tx, callers[r.factory]!, {
          series: r.series,
          fromNo: r.fromNo,
          toNo: r.toNo,
          productId: seeded.productIds[r.product]!,
          batchNo: r.batchNo,
          mfgDate: r.mfgDate,
          expDate: r.expDate,
          mrp: r.mrp,
          remark: 'bench',
        });
      }
    });
    txTimes.add(now() - t0);
    if ((i + batch.length) / plan.ranges.length >= nextReport) {
      log(
        `  ${Math.round(nextReport * 100)}%: ${fmtInt(i + batch.length)} ranges in ${((now() - started) / 1000).toFixed(1)} s`,
      );
      nextReport += 0.1;
    }
  }
  const seconds = (now() - started) / 1000;

  // The rule still refuses an overlap at full size, and says with which mapping.
  const last = plan.ranges[plan.ranges.length - 1]!;
  const t0 = now();
  const refused = await db
    .transaction(async (tx) => {
      await lockSeries(tx, last.series);
      await mapRange(tx, callers[last.factory]!, {
        series: last.series,
        fromNo: last.toNo,
        toNo: last.toNo + 10,
        productId: seeded.productIds[0]!,
        batchNo: 'OVERLAP',
        mfgDate: '2026-01-01',
        expDate: '2027-01-01',
        mrp: null,
        remark: '',
      });
    })
    .then(
      () => null,
      (e: unknown) => {
        if (e instanceof Refusal) return e.message;
        throw e;
      },
    );
  const overlapMs = now() - t0;
  if (refused === null) throw new Error('An overlapping range was mapped');

  const damageRows = await insertDamages(db, plan, seeded);
  const count = async (t: typeof mappings | typeof damages | typeof events) =>
    Number((await db.select({ n: sql<number>`count(*)` }).from(t))[0]!.n);
  return {
    ranges: plan.ranges.length,
    numbers,
    perTx,
    seconds,
    perTxMs: txTimes.summary(),
    overlapRefusal: { ms: overlapMs, message: refused },
    rows: { mappings: await count(mappings), damages: damageRows, events: await count(events) },
  };
}

export async function resolveSample(
  db: Db,
  plan: Plan,
  seeded: Seeded,
  codes: CodeMac,
  baseUrl: string,
  count: number,
  seed: number,
): Promise<ResolveResult> {
  // Planner statistics as autovacuum would have them on a live server (PGlite runs no autovacuum).
  await db.execute(sql`analyze mappings`);
  await db.execute(sql`analyze damages`);
  await db.execute(sql`analyze static_pairs`);
  const mid = plan.ranges[Math.floor(plan.ranges.length / 2)]!;
  const explain = await explainRangeLookup(db, mappings, mid.series, mid.fromNo + 1);
  const explainDamages = await explainRangeLookup(db, damages, mid.series, mid.fromNo + 1);

  const { scans, expected } = makeSample(plan, codes, baseUrl, count, seed);
  log(`resolving ${fmtInt(count)} scans one at a time`);
  const whole = new Timings(count);
  const forged = new Timings(Math.ceil(count / 50));
  const states = { forged: 0, unmapped: 0, mapped: 0, damaged: 0, replaced: 0 };
  let mismatches = 0;
  const started = now();
  for (let i = 0; i < count; i++) {
    const t0 = now();
    const got = await resolveScan(db, codes, scans[i]!);
    const ms = now() - t0;
    whole.add(ms);
    if (got.state === 'forged') forged.add(ms);
    states[got.state]++;
    const want = expected[i]!;
    const same =
      got.state === want.state &&
      (got.state === 'forged' ||
        got.state === 'unmapped' ||
        (got.serial === want.serial &&
          got.mapping.batchNo === want.range!.batchNo &&
          got.mapping.productId === seeded.productIds[want.range!.product] &&
          got.mapping.fromNo === want.range!.fromNo));
    if ((i + 1) % Math.max(1, Math.floor(count / 5)) === 0)
      log(`  ${fmtInt(i + 1)} resolved in ${((now() - started) / 1000).toFixed(1)} s`);
    if (!same) {
      if (mismatches < 5) log(`  MISMATCH scan ${scans[i]}: got ${got.state}, want ${want.state}`);
      mismatches++;
    }
  }
  const seconds = (now() - started) / 1000;

  // The database part alone: the range lookups (and pair lookup) of the genuine codes, MAC checked beforehand.
  log('timing the database part alone (second pass)');
  const dbPart = new Timings(count);
  for (let i = 0; i < count; i++) {
    const code = codes.check(scans[i]!);
    if (!code) continue;
    const t0 = now();
    const found = await mappingOf(db, code, code.serial);
    if (found) await rangeAt(db, damages, found.series, found.serial);
    dbPart.add(now() - t0);
  }

  // The database's own time for the two lookups, on the first 1,000 genuine codes of the sample.
  const lookups: [Series, number][] = [];
  for (let i = 0; i < count && lookups.length < 1000; i++) {
    const code = codes.check(scans[i]!);
    if (code) lookups.push([code, code.serial]);
  }
  const server = {
    mappings: await serverTimes(db, mappings, lookups),
    damages: await serverTimes(db, damages, lookups),
  };
  return {
    count,
    seconds,
    whole: whole.summary(),
    dbPart: dbPart.summary(),
    forged: forged.summary(),
    states,
    mismatches,
    explain,
    explainDamages,
    server,
  };
}
