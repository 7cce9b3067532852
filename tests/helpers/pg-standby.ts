// A real PostgreSQL 15 primary and a streaming standby on this machine, for the replica test: initdb,
// the primary started, `pg_basebackup -R` into a second data folder, the standby started on another
// port. As the postgres user (initdb and postgres refuse root), in a folder of its own under /tmp;
// `stop` stops both and removes the folder, and a start that fails half-way does the same. The reports
// benchmark keeps a pair between runs: `dir` names its folder, `resume` starts a pair left there.
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { owned, PG_BIN, runPg } from './pg-cluster.js';

const run = promisify(execFile);

export interface Replicated {
  primaryUrl: string;
  standbyUrl: string;
  /** One statement as the superuser on the primary or the standby; the first row. */
  query<T = Record<string, unknown>>(on: 'primary' | 'standby', sql: string): Promise<T | undefined>;
  stopStandby(): Promise<void>;
  stop(): Promise<void>;
}

/** Whether this machine can run the test's clusters (PostgreSQL 15's programs and a postgres user). */
export async function canReplicate(): Promise<boolean> {
  try {
    await run(join(PG_BIN, 'pg_basebackup'), ['--version']);
    await run('id', ['-u', 'postgres']);
    return true;
  } catch {
    return false;
  }
}

export async function startReplicated(
  ports: { primary: number; standby: number },
  opts: { dir?: string; resume?: boolean } = {},
): Promise<Replicated> {
  const data = (d: string) => ({ primary: join(d, 'primary'), standby: join(d, 'standby') });
  if (opts.resume) {
    if (!opts.dir || !existsSync(join(data(opts.dir).standby, 'PG_VERSION')))
      throw new Error(`no kept pair in ${opts.dir}`);
    return makeReplicated(ports, opts.dir, true);
  }
  if (opts.dir) {
    if (existsSync(opts.dir)) throw new Error(`${opts.dir} exists: resume it or remove it`);
    mkdirSync(opts.dir);
  }
  const dir = owned(opts.dir ?? mkdtempSync('/tmp/ft-replica-'));
  chmodSync(dir, 0o700);
  return makeReplicated(ports, dir, false);
}

/** A new pair in `dir`, or (resume) the kept one there started again, each cluster not running already. */
async function makeReplicated(
  ports: { primary: number; standby: number },
  dir: string,
  resume: boolean,
): Promise<Replicated> {
  const data = { primary: join(dir, 'primary'), standby: join(dir, 'standby') };
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
  const started: (keyof typeof data)[] = [];
  const start = async (which: keyof typeof data, port: number) => {
    if (resume && existsSync(join(data[which], 'postmaster.pid'))) {
      started.push(which);
      return;
    }
    // Durability off: the test's clusters live for a minute and are thrown away.
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
    runPg('pg_ctl', ['-D', data[which], '-o', opts, '-l', join(dir, `${which}.log`), '-w', 'start']);
    started.push(which);
  };
  const stopOne = async (which: keyof typeof data) => {
    if (!started.includes(which)) return;
    started.splice(started.indexOf(which), 1);
    try {
      runPg('pg_ctl', ['-D', data[which], '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already gone (a test stopped it): nothing to stop.
    }
  };
  const stop = async () => {
    await stopOne('standby');
    await stopOne('primary');
    rmSync(dir, { recursive: true, force: true });
  };
  // A kept pair that fails to start again is left as it is: its data took the bench 20 minutes.
  const undo = resume ? async () => undefined : stop;
  try {
    if (resume) {
      await start('primary', ports.primary);
      await start('standby', ports.standby);
    } else {
      runPg('initdb', ['-D', data.primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
      await start('primary', ports.primary);
      runPg('pg_basebackup', [
        ...['-h', '127.0.0.1', '-p', String(ports.primary), '-U', 'postgres'],
        ...['-D', data.standby, '-R', '-X', 'stream', '--no-sync'],
      ]);
      await start('standby', ports.standby);
    }
  } catch (e) {
    await undo();
    throw e;
  }
  const query = async <T>(on: 'primary' | 'standby', sql: string) => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url(ports[on]) });
    await client.connect();
    try {
      return (await client.query(sql)).rows[0] as T | undefined;
    } finally {
      await client.end();
    }
  };
  return {
    primaryUrl: url(ports.primary),
    standbyUrl: url(ports.standby),
    query,
    stopStandby: () => stopOne('standby'),
    stop,
  };
}
