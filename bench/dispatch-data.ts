// The world of the dispatch benchmarks (dispatch.bench.ts, dispatch-drain.bench.ts): the real app
// (buildApp, as main.ts builds it: migrations, reference data, demo seed, request log at 'info' into
// a file) listening on a free port in this process, over a fresh PGlite folder or a fresh database on
// a PostgreSQL server (bench/db.ts). In this process because the setup writes the cartons straight
// into the same database, and a PGlite database belongs to one process (floor-drain-profile.ts runs
// the app so too). Everything measured goes over HTTP to the app's own routes.
//
// Setup, not measured: through the API the demo factory (prefix KA) maps the static KA codes, makes a
// secondary carton size of 10 and a tertiary one of 2, and reserves the SID and TID slips
// (floorData, Product/UpdateIds). Then, directly in SQL for speed, `tids` tertiary cartons of two
// secondary cartons of ten items each, in exactly the rows the two packing saves leave (carton rows
// at the factory, items 'packed' in their SIDs, the SIDs in their TID) but without the packing
// events, which nothing here reads. Then, on PostgreSQL, ANALYZE of those tables: what autovacuum does
// within a minute of such an insert (without it the planner, knowing nothing of the new rows, counts a
// TID's packs by scanning every packed secondary carton: 100 ms a dispatch, an artifact of the setup).
// PGlite runs PostgreSQL single-user, with no autovacuum: a deployed PGlite never gets statistics, so
// there by default none are taken either (`--analyze` takes them, `--no-analyze` skips them anywhere).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { makeSlipId } from '../src/shared/codes.js';
import type { Envelope } from '../src/shared/contracts/envelope.js';
import type { DispatchSave } from '../src/shared/contracts/floor/dispatch.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/connect.js';
import { loadReferenceData } from '../src/server/db/reference.js';
import { seed, SEED_LOGINS } from '../src/server/db/seed.js';
import { seedDemo } from '../src/server/demo/index.js';
import { rowsOf, sqlArray } from '../src/server/domain/sql-rows.js';
import { createTarget } from './db.js';
import { ADMIN, api, BENCH_CODE_SECRET, CLIENT_DIR, floorData, signIn, type Login } from './floor-drain-server.js';
import { log, now } from './stats.js';

export const SIDS_PER_TID = 2;
export const ITEMS_PER_SID = 10;
export const ITEMS_PER_TID = SIDS_PER_TID * ITEMS_PER_SID;
/** Slip ids Product/UpdateIds reserves in one call. */
const RESERVE_MAX = 10_000;

/** The database: `--db pglite|postgres`; without it DATABASE_URL decides, as for the other benches.
 *  `--db postgres` takes DATABASE_URL, else the development server's app_test. */
export function databaseUrl(argv: string[], env: NodeJS.ProcessEnv): string | undefined {
  const i = argv.indexOf('--db');
  const choice = i >= 0 ? argv[i + 1] : undefined;
  if (choice === undefined) return env.DATABASE_URL || undefined;
  if (choice === 'pglite') return undefined;
  if (choice === 'postgres') return env.DATABASE_URL || 'postgres://app:app@127.0.0.1:5432/app_test';
  throw new Error(`--db must be pglite or postgres, not ${choice}`);
}

/** ANALYZE after the setup: `--analyze`, `--no-analyze`, else on PostgreSQL only (see the header). */
export function analyzeChoice(argv: string[], url: string | undefined): boolean {
  if (argv.includes('--analyze')) return true;
  if (argv.includes('--no-analyze')) return false;
  return url !== undefined;
}

export function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** A row of the dispatch screen's scanned table, as it sends it in Dispatch/save's `scanned`. */
export type ScannedRow = DispatchSave['scanned'] extends Array<infer R> | undefined ? R : never;

export interface DispatchWorld {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
  dbKind: 'PGlite' | 'PostgreSQL';
  dbVersion: string;
  /** Whether the setup's tables were analyzed (the planner's statistics). */
  analyzed: boolean;
  factory: Login;
  warehouse: Login;
  depotSiteId: number;
  modeId: number;
  /** The tertiary cartons at the factory, in slip order, as the screen's rows. */
  rows: ScannedRow[];
  /** Every request's time in the server (Fastify's elapsedTime), by path. */
  serverMs: Map<string, number[]>;
  close(): Promise<void>;
}

/** One HTTP call; its envelope and status (no check). */
export async function call<T = unknown>(
  baseUrl: string,
  path: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; env: Envelope<T> }> {
  const res = await fetch(`${baseUrl}/API/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      authorization: `Bearer ${token}`,
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, env: (await res.json()) as Envelope<T> };
}

const one = async <T>(db: Database['db'], q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0]!;

export async function startWorld(o: {
  url: string | undefined;
  tids: number;
  from: number;
  analyze: boolean;
}): Promise<DispatchWorld> {
  const { target, drop } = await createTarget(o.url);
  const dataDir = mkdtempSync(join(tmpdir(), 'ft-dispatch-bench-'));
  const config = loadConfig({
    ...process.env,
    DATA_DIR: target.kind === 'pglite' ? target.dataDir : dataDir,
    CLIENT_DIR,
    SEED_DEMO: '1',
    CODE_SECRET: BENCH_CODE_SECRET,
    LOGIN_LIMIT_PER_ADDRESS: '10000',
    LOGIN_LIMIT_PER_ACCOUNT: '10000',
    DATABASE_URL: target.kind === 'postgres' ? target.url : '',
  });
  const database = await openDatabase(
    target.kind === 'postgres' ? { databaseUrl: target.url } : { dataDir: target.dataDir },
  );
  let app: FastifyInstance | undefined;
  const close = async () => {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    await drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const db = database.db;
    await database.migrate();
    await loadReferenceData(db);
    await seed(db, { demo: seedDemo });
    app = await buildApp({ config, database, logger: { level: 'info', file: join(dataDir, 'server.log') } });
    const serverMs = new Map<string, number[]>();
    app.addHook('onResponse', async (req, reply) => {
      const path = req.url.replace(/^\/API\/api\//, '').replace(/\?.*$/, '');
      serverMs.set(path, [...(serverMs.get(path) ?? []), reply.elapsedTime]);
    });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const dbVersion = String(Object.values(await one<Record<string, unknown>>(db, sql`show server_version`))[0]);

    const t0 = now();
    const sids = o.tids * SIDS_PER_TID;
    const items = sids * ITEMS_PER_SID;
    // Product/UpdateIds reserves at most RESERVE_MAX at once: floorData the first block, then the rest in turn.
    const floor = await floorData(baseUrl, {
      from: o.from,
      to: o.from + items - 1,
      size: ITEMS_PER_SID,
      slips: Math.min(sids, RESERVE_MAX),
    });
    const reserve = async (type: 'SID' | 'TID', count: number) => {
      let first: { FromNo: number; Year: number } | undefined;
      for (let left = count; left > 0; left -= RESERVE_MAX) {
        const last = await api<Record<string, number>>(baseUrl, 'GET', 'Product/GetIds/KA', floor.factory.Token);
        const got = await api<{ FromNo: number; Year: number }>(
          baseUrl,
          'GET',
          `Product/UpdateIds/KA,${type},${(last[type] ?? 0) + Math.min(left, RESERVE_MAX)}`,
          floor.factory.Token,
        );
        first ??= got;
      }
      return first!;
    };
    if (sids > RESERVE_MAX) await reserve('SID', sids - RESERVE_MAX);
    const admin = await signIn(baseUrl, ADMIN);
    const tertiaryName = `Bench master of ${SIDS_PER_TID} ${Date.now().toString(36)}`;
    await api(baseUrl, 'POST', 'CartonMaster/CreateCarton', admin.Token, {
      CartonId: 0,
      CartonName: tertiaryName,
      CartonSize: SIDS_PER_TID,
      Description: 'Benchmark',
      IsActive: true,
    });
    const sizes = await api<Array<{ CartonId: number; CartonName: string }>>(
      baseUrl,
      'GET',
      'CartonMaster/GetActiveCartonDDL',
      floor.factory.Token,
    );
    const tertiarySize = sizes.find((s) => s.CartonName === tertiaryName)!.CartonId;
    const tidBlock = await reserve('TID', o.tids);
    const tids = Array.from({ length: o.tids }, (_, i) => makeSlipId('TID', tidBlock.Year, 'KA', tidBlock.FromNo + i));
    const sidIds = Array.from({ length: sids }, (_, i) => floor.sid(i));

    const site = await one<{ id: number; company: number }>(
      db,
      sql`select id, company_id as company from sites where prefix = 'KA'`,
    );
    const depot = await one<{ id: number }>(db, sql`select id from sites where prefix = 'PD'`);
    const map = await one<{ batch: string; mfg: string; exp: string }>(
      db,
      sql`select batch_no as batch, mfg_date::text as mfg, exp_date::text as exp from mappings where kind = 'S' and prefix = 'KA' and from_no = ${o.from}`,
    );
    const mode = await one<{ id: number }>(db, sql`select id from transport_modes where is_active order by id limit 1`);
    const shared = sql`${site.company}, ${site.id}, ${site.id}, ${floor.productId}, ${map.batch}, ${map.mfg}::date, ${map.exp}::date, 'packed', ${floor.factory.UserId}`;
    // In chunks, each one statement per table: the tertiary cartons, their secondary cartons, the items.
    const CHUNK = 2_000;
    for (let a = 0; a < o.tids; a += CHUNK) {
      const t = tids.slice(a, a + CHUNK);
      const s = sidIds.slice(a * SIDS_PER_TID, (a + t.length) * SIDS_PER_TID);
      await db.execute(sql`insert into tertiary_cartons (tid, company_id, site_id, location_site_id, product_id, batch_no, mfg_date, exp_date, state, created_by, carton_size_id, qty)
        select v, ${shared}, ${tertiarySize}, ${SIDS_PER_TID} from unnest(${sqlArray(t, 'varchar[]')}) as v`);
      await db.execute(sql`insert into secondary_cartons (sid, company_id, site_id, location_site_id, product_id, batch_no, mfg_date, exp_date, state, created_by, carton_size_id, qty, tid)
        select u.sid, ${shared}, ${floor.sizeId}, ${ITEMS_PER_SID}, u.tid
        from unnest(${sqlArray(s, 'varchar[]')}, ${sqlArray(
          s.map((_, i) => t[Math.floor(i / SIDS_PER_TID)]!),
          'varchar[]',
        )}) as u(sid, tid)`);
      const first = o.from + a * ITEMS_PER_TID;
      await db.execute(sql`insert into items (kind, prefix, serial_no, secondary_id, status, company_id)
        select 'S', 'KA', ${first}::bigint + (u.i - 1) * ${ITEMS_PER_SID} + k, u.sid, 'packed', ${site.company}
        from unnest(${sqlArray(s, 'varchar[]')}) with ordinality as u(sid, i), generate_series(0, ${ITEMS_PER_SID - 1}) as k`);
    }
    const held = await one<{ t: number; s: number; i: number }>(
      db,
      sql`select (select count(*)::int from tertiary_cartons) as t,
      (select count(*)::int from secondary_cartons) as s, (select count(*)::int from items where status = 'packed') as i`,
    );
    if (held.t !== o.tids || held.s !== sids || held.i !== items) throw new Error(`setup: ${JSON.stringify(held)}`);
    if (o.analyze) await db.execute(sql`analyze tertiary_cartons, secondary_cartons, items`);
    const rows: ScannedRow[] = tids.map((CartonId) => ({
      CartonId,
      ProductId: floor.productId,
      ProductName: floor.productName,
      BatchNo: map.batch,
      CartonName: tertiaryName,
      Qty: ITEMS_PER_TID,
      MFGDate: map.mfg,
      EXPDate: map.exp,
    }));
    const warehouse = await signIn(baseUrl, SEED_LOGINS.warehouse);
    log(
      `set up in ${((now() - t0) / 1000).toFixed(1)} s: ${o.tids} TIDs (${tids[0]}..), ${sids} SIDs, ${items} items KA${o.from}..KA${o.from + items - 1} at the factory${o.analyze ? ', analyzed' : ', not analyzed'}`,
    );
    serverMs.clear();
    return {
      app,
      database,
      baseUrl,
      dbKind: target.kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      dbVersion,
      analyzed: o.analyze,
      factory: floor.factory,
      warehouse,
      depotSiteId: depot.id,
      modeId: mode.id,
      rows,
      serverMs,
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}

/** The 1-minute load average now, for the result's header. */
export const load = async () =>
  (await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
