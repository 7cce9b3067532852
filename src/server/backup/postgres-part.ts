// The PostgreSQL database as a backup part: pg_dump's custom format (its snapshot is consistent by
// itself), restored by pg_restore in one transaction. The password goes in the environment, not on a
// command line that `ps` shows.
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BackupRefusal, EXIT } from './refusal.js';

function connection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return {
    dbname: `--dbname=${url.toString()}`,
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Waits for a pg tool to end; refuses with its last error line (or that it is missing). */
function ended(tool: string, child: ReturnType<typeof spawn>): Promise<void> {
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    child.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        new BackupRefusal(
          e.code === 'ENOENT' ? `${tool} is not installed (Debian: postgresql-client-15).` : `${tool}: ${e.message}`,
          EXIT.failed,
        ),
      ),
    );
    child.once('close', (code) => {
      if (code === 0) return resolve();
      const last = stderr.trim().split('\n').filter(Boolean).at(-1) ?? `exit code ${code}`;
      reject(new BackupRefusal(`${tool} failed: ${last}`, EXIT.failed));
    });
  });
}

/** pg_dump's output, and a promise that settles when it has ended well or not. */
export function pgDump(databaseUrl: string): { stream: Readable; done: Promise<void> } {
  const { dbname, env } = connection(databaseUrl);
  const child = spawn('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', dbname], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { stream: child.stdout, done: ended('pg_dump', child) };
}

/** Tables in the database's own schemas: a restore goes only into a database that holds none. */
export async function tableCount(databaseUrl: string): Promise<number> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where c.relkind in ('r', 'p') and s.nspname not in ('pg_catalog', 'information_schema')
          and s.nspname not like 'pg_toast%'`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Restores a custom-format dump in one transaction: all of it, or (on any error) nothing. */
export async function pgRestore(databaseUrl: string, dump: Readable): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  const child = spawn(
    'pg_restore',
    ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', dbname],
    { env, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  const done = ended('pg_restore', child);
  // pg_restore stops reading when it fails; its own error is the one to report.
  await Promise.all([pipeline(dump, child.stdin!).catch(() => undefined), done]);
}
