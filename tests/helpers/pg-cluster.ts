// A throwaway PostgreSQL 15 cluster of Debian's packages for a test: initdb in a folder under /tmp,
// started on a free loopback port, role `app` (password `app`, CREATEDB) made, stopped and removed at
// the end. initdb and postgres refuse root, so as root (CI) they run as the `postgres` user.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process.js';

export const PG_BIN = '/usr/lib/postgresql/15/bin';
const SUPERUSER_PASSWORD = 'postgres';

export interface Cluster {
  port: number;
  dir: string;
  /** A URL as `app` to a database of this cluster (`postgres` when not named). */
  url(database?: string): string;
  /** A URL as the cluster's superuser. */
  adminUrl(database?: string): string;
  stop(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program as the cluster's owner. */
export function runPg(program: string, args: string[]): string {
  const [cmd, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, program), ...args]]
    : [join(PG_BIN, program), args];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

/** A folder the cluster's owner may use (only it: initdb wants a data folder's parent its own). */
export function owned(dir: string) {
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  return dir;
}

/** initdb + start; `settings` are extra `-c name=value` server settings. */
export async function startCluster(settings: Record<string, string> = {}): Promise<Cluster> {
  const dir = owned(mkdtempSync(join(tmpdir(), 'ft-pg-')));
  const data = join(dir, 'data');
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, SUPERUSER_PASSWORD);
  if (asRoot) chownSync(pwfile, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), 0);
  runPg('initdb', ['-D', data, '-U', 'postgres', '-A', 'scram-sha-256', `--pwfile=${pwfile}`, '--no-sync']);
  const port = await freePort();
  const opts = Object.entries({ listen_addresses: '127.0.0.1', fsync: 'off', ...settings })
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(' ');
  runPg('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} ${opts}`, 'start']);
  const adminUrl = (database = 'postgres') => `postgres://postgres:${SUPERUSER_PASSWORD}@127.0.0.1:${port}/${database}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE ROLE app LOGIN CREATEDB PASSWORD 'app'`);
  await admin.end();
  return {
    port,
    dir,
    url: (database = 'postgres') => `postgres://app:app@127.0.0.1:${port}/${database}`,
    adminUrl,
    async stop() {
      try {
        runPg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
