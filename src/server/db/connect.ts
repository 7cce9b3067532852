// Opens the database: PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR/pglite
// (or in memory for tests). Both give the same Drizzle API over the same schema.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations; on PostgreSQL under an advisory lock so several instances can start at once. */
  migrate(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball, for `image` (test apps start from one). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/** Where a data folder keeps its PGlite database. */
export const pgliteDir = (dataDir: string) => join(dataDir, 'pglite');

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;
const MIGRATION_LOCK = 7_243_101;

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** PGlite only: start from this dump of a data folder (PGlite's dumpDataDir) instead of an empty one. */
  image?: Blob;
  /** Told every statement the app sends through Drizzle (the Citus schema test records them). */
  onQuery?: (query: string) => void;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const logger = opts.onQuery ? { logQuery: opts.onQuery } : undefined;
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, logger);
  return openPglite(opts.inMemory ? undefined : opts.dataDir, opts.image, logger);
}

type QueryLogger = { logQuery: (query: string) => void } | undefined;

async function openPostgres(url: string, logger: QueryLogger): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // JIT off: compiling a plan costs more than it saves on our short queries (a report's grouped
  // export paid 250 ms of JIT on PostgreSQL 15 and ran no faster).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  const db = drizzle(pool, { schema, ...(logger ? { logger } : {}) }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migrate(drizzle(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** A streaming standby's connections (DATABASE_READ_URL): the same Drizzle API, read only. A standby
 *  that goes away must never take the server with it: a dropped idle connection is reported to
 *  `lost` (pg's pool would otherwise throw it), and a connection try gives up after 2 s. */
export interface StandbyConnection {
  db: Db;
  /** One row of a raw query, given up after `timeoutMs` (the health check's own limit). */
  queryRow<T>(text: string, timeoutMs: number): Promise<T | undefined>;
  close(): Promise<void>;
}

export async function openStandby(url: string, lost: (err: Error) => void): Promise<StandbyConnection> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off', connectionTimeoutMillis: 2000 });
  pool.on('error', lost);
  return {
    db: drizzle(pool, { schema }) as unknown as Db,
    queryRow: async <T>(text: string, timeoutMs: number) =>
      (await pool.query({ text, query_timeout: timeoutMs } as { text: string })).rows[0] as T | undefined,
    close: () => pool.end(),
  };
}

async function openPglite(
  dataDir: string | undefined,
  image: Blob | undefined,
  logger: QueryLogger,
): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir: string | undefined;
  if (dataDir) {
    dir = pgliteDir(dataDir);
    mkdirSync(dir, { recursive: true });
  }
  const client = new PGlite({ ...(dir ? { dataDir: dir } : {}), ...(image ? { loadDataDir: image } : {}) });
  await client.waitReady;
  const db = drizzle(client, { schema, ...(logger ? { logger } : {}) });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    dump: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
