// `npx tsx bench/carton-facts.bench.ts [--db pglite|postgres] [--runs 10] [--cartons 500] [--analyze|--no-analyze]`
// (issue 25 item 3): what the lifecycle's carton guard adds to a dispatch, measured beside the save
// itself in the same process and moment, so a loaded machine slows both alike.
//
// The world is dispatch-data.ts's (the demo factory's tertiary cartons of two secondary cartons of ten
// items). Each run, in turn:
// - the guard, clean: factsOf the rows of 500 TIDs (10,000 packs) as Dispatch/save asks it once it has
//   locked them, no batch of the product recalled or expired (one statement finds no flagged batch);
// - the guard, an older batch expired: the same once a batch of the product made a year before the
//   cartons' has expired (as old batches do every day): no carton can hold it, none is walked;
// - the guard, walking: the same with "today" far ahead, so the cartons' own batch has expired and the
//   packs are walked to their mappings (the cost when a batch the cartons may hold is flagged);
// - the row read the save already made before (loadCartons, unlocked), for scale;
// - one Dispatch/save of another 500 TIDs to the warehouse over HTTP (Fastify's elapsedTime).
import { sql } from 'drizzle-orm';
import { DISPATCH_API } from '../src/shared/contracts/floor/dispatch.js';
import { factsOf } from '../src/server/domain/carton-facts.js';
import { loadCartons } from '../src/server/domain/dispatch-cartons.js';
import { rowsOf } from '../src/server/domain/sql-rows.js';
import { analyzeChoice, arg, call, databaseUrl, load, startWorld } from './dispatch-data.js';
import { fmtMs, log, now, table, Timings } from './stats.js';

async function main() {
  const runs = arg('runs', 10);
  const cartons = arg('cartons', 500);
  const url = databaseUrl(process.argv, process.env);
  const loadBefore = await load();
  const w = await startWorld({
    url,
    analyze: analyzeChoice(process.argv, url),
    tids: (runs + 2) * cartons,
    from: 700_001,
  });
  try {
    const db = w.database.db;
    const [site] = rowsOf<{ company_id: number; id: number }>(
      await db.execute(sql`select company_id, id from sites where prefix = 'KA'`),
    );
    const at = { companyId: Number(site!.company_id), siteId: Number(site!.id) };
    // The guard reads the last block, which no save here moves.
    const ids = w.rows.slice((runs + 1) * cartons).map((r) => r.CartonId);
    const t = {
      clean: new Timings(runs),
      older: new Timings(runs),
      walk: new Timings(runs),
      rows: new Timings(runs),
      save: new Timings(runs),
      server: new Timings(runs),
    };
    for (let r = 0; r <= runs; r++) {
      const r0 = now();
      const rows = [
        ...(
          await db.transaction((tx) =>
            loadCartons(
              tx,
              at.companyId,
              ids.map((id) => ({ id, type: 'TID' as const })),
              false,
            ),
          )
        ).values(),
      ];
      const rowsMs = now() - r0;
      const c0 = now();
      const clean = await db.transaction((tx) => factsOf(tx, at, rows));
      const cleanMs = now() - c0;
      await db.execute(sql`insert into mappings (kind, prefix, from_no, to_no, company_id, site_id, product_id, batch_no, mfg_date, exp_date)
        select 'S', 'KA', 990001, 990100, company_id, site_id, product_id, 'OLD-1', mfg_date - 365, mfg_date - 1 from mappings
        where kind = 'S' and prefix = 'KA' and from_no = 700001`);
      const o0 = now();
      const older = await db.transaction((tx) => factsOf(tx, at, rows));
      const olderMs = now() - o0;
      await db.execute(sql`delete from mappings where kind = 'S' and prefix = 'KA' and from_no = 990001`);
      if ([...older.values()].some((c) => c.flags.expired !== null)) throw new Error('older: a carton flagged');
      const w0 = now();
      const walked = await db.transaction((tx) => factsOf(tx, at, rows, '2999-01-01'));
      const walkMs = now() - w0;
      if (
        clean.size !== cartons ||
        [...clean.values()].some((c) => c.flags.expired !== null || c.state !== 'packed' || !c.here)
      )
        throw new Error('clean: wrong facts');
      if ([...walked.values()].some((c) => c.flags.expired === null))
        throw new Error('walk: an expired carton not flagged');
      const scanned = w.rows.slice(r * cartons, (r + 1) * cartons);
      const s0 = now();
      const res = await call(
        w.baseUrl,
        DISPATCH_API.save.path,
        w.factory.Token,
        { WareHouseId: w.depotSiteId, SendTo: 0, scanned, TransportModeId: w.modeId, LR: `LR-FACTS-${r}`, Remark: '' },
        { 'idempotency-key': `facts-${r}-${Date.now()}` },
      );
      const saveMs = now() - s0;
      if (res.env.ResponseCode !== '200') throw new Error(`save ${r}: ${res.env.ResponseMessage}`);
      const serverMs = w.serverMs.get(DISPATCH_API.save.path)!.at(-1)!;
      log(
        `run ${r}: guard ${fmtMs(cleanMs)} clean, ${fmtMs(olderMs)} older expired, ${fmtMs(walkMs)} walking; rows ${fmtMs(rowsMs)}; save ${fmtMs(saveMs)} (server ${fmtMs(serverMs)})`,
      );
      if (r === 0) continue;
      t.clean.add(cleanMs);
      t.older.add(olderMs);
      t.walk.add(walkMs);
      t.rows.add(rowsMs);
      t.save.add(saveMs);
      t.server.add(serverMs);
    }
    const s = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, v.summary()])) as Record<
      keyof typeof t,
      ReturnType<Timings['summary']>
    >;
    console.log(
      `\nCarton guard beside Dispatch/save, ${new Date().toISOString().slice(0, 10)}: ${w.dbKind} ${w.dbVersion} (${w.analyzed ? 'analyzed' : 'not analyzed'}), ` +
        `Node ${process.version}; load average ${loadBefore} before, ${await load()} after`,
    );
    console.log(
      table([
        [`${cartons} TIDs (${cartons * 20} packs), ${runs} runs after the first`, 'median', 'p95'],
        ['the guard (factsOf), no batch of the product recalled or expired', fmtMs(s.clean.p50), fmtMs(s.clean.p95)],
        ['the guard (factsOf), a batch of the product a year older expired', fmtMs(s.older.p50), fmtMs(s.older.p95)],
        ['the guard (factsOf), every batch expired (the packs walked)', fmtMs(s.walk.p50), fmtMs(s.walk.p95)],
        ['loadCartons (the rows the save read before), for scale', fmtMs(s.rows.p50), fmtMs(s.rows.p95)],
        ['Dispatch/save over HTTP (guard included)', fmtMs(s.save.p50), fmtMs(s.save.p95)],
        ['  of which in the server', fmtMs(s.server.p50), fmtMs(s.server.p95)],
      ]),
    );
  } finally {
    await w.close();
  }
}

await main();
