// `npx tsx bench/floor-cache.bench.ts [--server]`: the floor cache at a big company's size.
//   client: the index built from 50,000 mapping ranges and 1,000,000 packed items (as runs of 10, and
//           as runs of 1, the worst case), then 100,000 scans looked up one by one (per-scan times);
//           and the stored form compared on fake-indexeddb: a chunk row per page of packed arrays
//           against a row per range (write and read back).
//   --server: the FloorCache/ snapshot queries walked page by page on a fresh database (PGlite, or
//           DATABASE_URL's server) holding 50,000 mappings and 1,000,000 packed items in 50,000 SIDs.
import 'fake-indexeddb/auto';
import { sql } from 'drizzle-orm';
import { buildFloorCache, type CacheContent } from '../src/client/floor/cache/lookup.js';
import { FieldtraceDb } from '../src/client/offline/db.js';
import { CACHE_PAGE_MAX } from '../src/shared/contracts/floor/cache.js';
import { bigContent } from './floor-cache-data.js';
import { createTarget, describeTarget, openTarget } from './db.js';
import { fmtInt, fmtMs, now, table, Timings } from './stats.js';

function lookups(label: string, content: CacheContent): string[] {
  const t0 = now();
  const cache = buildFloorCache(content);
  const build = now() - t0;
  const times = new Timings(100_000);
  let packed = 0;
  for (let i = 0; i < 100_000; i++) {
    const serial = ((i * 7919) % 5_000_000) + 1;
    const s = now();
    const f = cache.codeFacts('S', `K${i % 10}`, serial);
    times.add(now() - s);
    if (f.state === 'packed') packed++;
  }
  const t = times.summary();
  return [label, fmtMs(build), fmtInt(packed), fmtMs(t.p50), fmtMs(t.p99), fmtMs(t.max), fmtMs(t.meanMs)];
}

async function storage(): Promise<string[][]> {
  const content = bigContent(10);
  const rows: string[][] = [];
  // As the refresher stores it: a chunk row per series page (here one per series).
  const chunked = new FieldtraceDb('bench-chunks');
  await chunked.open();
  let t0 = now();
  await chunked.transaction('rw', chunked.cacheChunks, async () => {
    let seq = 0;
    for (const s of content.packed) await chunked.cacheChunks.put({ part: 'packed', fill: 'f', seq: seq++, data: [s] });
  });
  const chunkWrite = now() - t0;
  t0 = now();
  const back = await chunked.cacheChunks.toArray();
  rows.push(['chunk rows (packed arrays)', fmtInt(back.length), fmtMs(chunkWrite), fmtMs(now() - t0)]);
  // A row per run, the other way.
  const perRow = new FieldtraceDb('bench-rows');
  perRow.version(4).stores({ runs: '[k+f]' });
  await perRow.open();
  const table = perRow.table('runs');
  const runs = content.packed.flatMap((s) =>
    [...s.FromNo.keys()].map((i) => ({
      k: `S${s.Prefix}`,
      f: s.FromNo[i],
      t: s.ToNo[i],
      sid: s.SID[i],
      st: s.CartonState[i],
    })),
  );
  t0 = now();
  await perRow.transaction('rw', table, () => table.bulkPut(runs));
  const rowWrite = now() - t0;
  t0 = now();
  const all = await table.toArray();
  rows.push(['a row per run', fmtInt(all.length), fmtMs(rowWrite), fmtMs(now() - t0)]);
  chunked.close();
  perRow.close();
  return rows;
}

async function server(): Promise<string[][]> {
  const { target, drop } = await createTarget(process.env.DATABASE_URL);
  const rows: string[][] = [];
  try {
    const database = await openTarget(target);
    await database.migrate();
    const db = database.db;
    console.log(`seeding ${describeTarget(target)}...`);
    await db.execute(sql`insert into companies (id, code, name, display_name) values (900, 'BENCH', 'Bench', 'Bench')`);
    await db.execute(
      sql`insert into sites (id, company_id, name, is_factory, prefix) values (900, 900, 'Bench factory', true, 'BF')`,
    );
    await db.execute(
      sql`insert into products (id, company_id, name, code, pack_value) values (900, 900, 'Bench product', 'BP', 1)`,
    );
    await db.execute(sql`insert into cartons (id, name, size, description) values (900, 'Bench box', 20, 'bench')`);
    await db.execute(
      sql`insert into users (id, user_name, email, password_hash, user_type, company_id, site_id) values (900, 'bench', 'bench@example.test', 'x', 4, 900, 900)`,
    );
    // 50,000 mappings of 100 numbers; items 1..1,000,000 packed 20 to a SID (the first 20 of every 100).
    await db.execute(sql`insert into mappings (kind, prefix, from_no, to_no, company_id, product_id, batch_no, mfg_date, exp_date)
      select 'S', 'BF', g * 100 + 1, g * 100 + 100, 900, 900, 'B' || g, '2026-01-10', '2028-01-10' from generate_series(0, 49999) g`);
    await db.execute(sql`insert into secondary_cartons (sid, company_id, site_id, location_site_id, carton_size_id, product_id, qty, state, created_by)
      select 'SID26BF' || lpad(g::text, 5, '0'), 900, 900, 900, 900, 900, 20, 'packed', 900 from generate_series(0, 49999) g`);
    await db.execute(sql`insert into items (kind, prefix, serial_no, secondary_id, status, company_id)
      select 'S', 'BF', (g / 20) * 100 + g % 20 + 1, 'SID26BF' || lpad((g / 20)::text, 5, '0'), 'packed', 900 from generate_series(0, 999999) g`);
    await db.execute(sql`analyze`);
    const { mappingPage, packedPage } = await import('../src/server/domain/floor-cache.js');
    for (const [label, fn] of [
      ['mappings', mappingPage],
      ['packed', packedPage],
    ] as const) {
      const t0 = now();
      let after: never | null = null;
      let pages = 0;
      let count = 0;
      let bytes = 0;
      const times = new Timings(100);
      do {
        const s = now();
        const page: { Count: number; Next: unknown } = await fn(db, 900, { After: after, PageSize: CACHE_PAGE_MAX });
        times.add(now() - s);
        bytes += JSON.stringify(page).length;
        pages++;
        count += page.Count;
        after = page.Next as never;
      } while (after);
      const t = times.summary();
      rows.push([
        label,
        fmtInt(count),
        fmtInt(pages),
        fmtMs(now() - t0),
        fmtMs(t.max),
        `${(bytes / 1024 / 1024).toFixed(1)} MB`,
      ]);
    }
    await database.close();
  } finally {
    await drop();
  }
  return rows;
}

async function main() {
  console.log('Lookups: 50,000 mapping ranges over 10 series, 1,000,000 packed items, 100,000 scans');
  console.log(
    table([
      ['packed as', 'index build', 'packed hits', 'p50', 'p99', 'max', 'mean'],
      lookups('runs of 10', bigContent(10)),
      lookups('runs of 1', bigContent(1)),
    ]),
  );
  console.log(
    "\nStored form on fake-indexeddb (100,000 packed runs; a browser's IndexedDB differs, the ratio is the point)",
  );
  console.log(table([['form', 'rows', 'write', 'read all'], ...(await storage())]));
  if (process.argv.includes('--server')) {
    console.log('\nServer snapshot pages (PageSize 20,000)');
    console.log(table([['part', 'ranges', 'pages', 'total', 'slowest page', 'JSON'], ...(await server())]));
  }
}

await main();
