// The distributed layout as far as plain PostgreSQL 15 can show it (issue 29, docs/deploy.md "Citus"):
// `events` and `verifications` hash-partitioned by company_id into two partitions, one a table here,
// the other a postgres_fdw foreign table on a second cluster. `TEST_LAYOUT=fdw` with DATABASE_URL makes
// the server tests' template database so (database-image.ts), and every test database gets a remote
// database of its own beside it (server-app.ts), so test files stay apart on both clusters.
// A partitioned table with a foreign partition can hold no unique index, so the primary keys go: the
// ids stay unique by their sequence, as they would on Citus across shards.
import { execFileSync } from 'node:child_process';
import type pg from 'pg';

export const SHARDED_TABLES = ['events', 'verifications'] as const;
export const SHARD_SERVER = 'shard2';
/** The company whose rows the test data is mostly of (the demo's): its partition is the remote one. */
const DEMO_COMPANY = 1;

async function client(url: string): Promise<pg.Client> {
  const { default: pgm } = await import('pg');
  const c = new pgm.Client({ connectionString: url });
  await c.connect();
  return c;
}

/** What only a superuser may do, on the main cluster's database `db`: the extension and its use by app. */
function enableFdw(databaseUrl: string, db: string) {
  const port = new URL(databaseUrl).port || '5432';
  const sql = `CREATE EXTENSION IF NOT EXISTS postgres_fdw; GRANT USAGE ON FOREIGN DATA WRAPPER postgres_fdw TO app;`;
  const psql = ['psql', '-v', 'ON_ERROR_STOP=1', '-qX', '-p', port, '-d', db, '-c', sql];
  const [cmd, args] =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', ...psql]] : [psql[0]!, psql.slice(1)];
  execFileSync(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

async function moveTable(local: pg.Client, remote: pg.Client, table: string) {
  const q = async <T>(c: pg.Client, text: string, values: unknown[] = []) => (await c.query(text, values)).rows as T[];
  const columns = await q<{ name: string; type: string; notnull: boolean }>(
    local,
    `select attname as name, format_type(atttypid, atttypmod) as type, attnotnull as notnull from pg_attribute
     where attrelid = $1::regclass and attnum > 0 and not attisdropped order by attnum`,
    [table],
  );
  await remote.query(
    `CREATE TABLE ${table} (${columns.map((c) => `"${c.name}" ${c.type}${c.notnull ? ' NOT NULL' : ''}`).join(', ')})`,
  );
  const indexes = await q<{ def: string }>(
    local,
    `select indexdef as def from pg_indexes where schemaname = 'public' and tablename = $1 and indexdef not like 'CREATE UNIQUE%'`,
    [table],
  );
  const triggers = await q<{ def: string }>(
    local,
    `select pg_get_triggerdef(oid) as def from pg_trigger where tgrelid = $1::regclass and not tgisinternal`,
    [table],
  );
  const [{ seq } = { seq: null }] = await q<{ seq: string | null }>(
    local,
    `select pg_get_serial_sequence($1, 'id') as seq`,
    [table],
  );
  await local.query('BEGIN');
  try {
    await local.query(`ALTER TABLE ${table} RENAME TO ${table}_unsharded`);
    if (seq) await local.query(`ALTER SEQUENCE ${seq} OWNED BY NONE`);
    await local.query(
      `CREATE TABLE ${table} (LIKE ${table}_unsharded INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY HASH (company_id)`,
    );
    const [{ r0 }] = await q<{ r0: boolean }>(
      local,
      `select satisfies_hash_partition($1::regclass, 2, 0, $2::int) as r0`,
      [table, DEMO_COMPANY],
    );
    const [remoteRem, localRem] = r0 ? [0, 1] : [1, 0];
    await local.query(
      `CREATE TABLE ${table}_h${localRem} PARTITION OF ${table} FOR VALUES WITH (MODULUS 2, REMAINDER ${localRem})`,
    );
    await local.query(
      `CREATE FOREIGN TABLE ${table}_h${remoteRem} PARTITION OF ${table} FOR VALUES WITH (MODULUS 2, REMAINDER ${remoteRem})
       SERVER ${SHARD_SERVER} OPTIONS (table_name '${table}')`,
    );
    await local.query(`INSERT INTO ${table} SELECT * FROM ${table}_unsharded`);
    await local.query(`DROP TABLE ${table}_unsharded CASCADE`);
    for (const { def } of indexes) await local.query(def.replace(' ON ONLY ', ' ON '));
    for (const { def } of triggers) await local.query(def);
    if (seq) await local.query(`ALTER SEQUENCE ${seq} OWNED BY ${table}.id`);
    await local.query('COMMIT');
  } catch (e) {
    await local.query('ROLLBACK');
    throw e;
  }
}

/** Makes the migrated, seeded database `db` (main cluster) sharded onto `remoteDb` of the shard cluster. */
export async function applyFdwLayout(databaseUrl: string, db: string, shardPort: number, remoteDb: string) {
  enableFdw(databaseUrl, db);
  const localUrl = new URL(databaseUrl);
  localUrl.pathname = `/${db}`;
  const local = await client(localUrl.toString());
  const remote = await client(`postgres://app:app@127.0.0.1:${shardPort}/${remoteDb}`);
  try {
    await local.query(
      `CREATE SERVER ${SHARD_SERVER} FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '127.0.0.1', port '${shardPort}', dbname '${remoteDb}')`,
    );
    await local.query(`CREATE USER MAPPING FOR PUBLIC SERVER ${SHARD_SERVER} OPTIONS (user 'app', password 'app')`);
    for (const table of SHARDED_TABLES) await moveTable(local, remote, table);
  } finally {
    await local.end();
    await remote.end();
  }
}

/** A test database copied from the sharded template: its remote half copied too, and pointed at. */
export async function shardTestDatabase(localUrl: string, shardPort: number, remoteTemplate: string, name: string) {
  const shard = await client(`postgres://app:app@127.0.0.1:${shardPort}/postgres`);
  try {
    await shard.query(`CREATE DATABASE ${name} TEMPLATE ${remoteTemplate}`);
  } finally {
    await shard.end();
  }
  const local = await client(localUrl);
  try {
    await local.query(`ALTER SERVER ${SHARD_SERVER} OPTIONS (SET dbname '${name}')`);
  } finally {
    await local.end();
  }
}

export async function dropShardDatabase(shardPort: number, name: string) {
  const shard = await client(`postgres://app:app@127.0.0.1:${shardPort}/postgres`);
  try {
    await shard.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await shard.end();
  }
}
