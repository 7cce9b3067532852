// The benchmark's database: a fresh PGlite in a temp dir (nothing to install), or a fresh database on
// the PostgreSQL server of DATABASE_URL (the role needs CREATEDB), dropped again at the end.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../src/server/db/connect.js';

/** Where the benchmark's database lives; passed to each benchmark process. */
export type Target = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; name: string };

export async function createTarget(baseUrl: string | undefined): Promise<{ target: Target; drop(): Promise<void> }> {
  if (!baseUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'ft-bench-'));
    return { target: { kind: 'pglite', dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const { default: pg } = await import('pg');
  const name = `ft_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString(), name },
    // BENCH_KEEP_DB=1 keeps it, to look at afterwards (drop it by hand).
    drop: async () => {
      if (process.env.BENCH_KEEP_DB) console.log(`kept database ${name}`);
      else await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export const openTarget = (t: Target): Promise<Database> =>
  t.kind === 'pglite' ? openDatabase({ dataDir: t.dataDir }) : openDatabase({ databaseUrl: t.url });

export const describeTarget = (t: Target) =>
  t.kind === 'pglite' ? `PGlite in ${t.dataDir}` : `PostgreSQL database ${t.name}`;
