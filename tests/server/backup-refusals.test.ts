// What `npm run restore` refuses, each with its one line and exit code, the target left as it was: a
// truncated file, a part altered, a file from a newer version, a target that holds a database, a
// folder someone holds. Then the same good backup (taken by `npm run backup` with no server: the command
// opens the folder itself) restores, past a lock file a crash left behind. On PGlite, the holder's
// listener (backup/holder.ts) answers only with the lock file's token, and only on loopback.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdDataDir, lockFile } from '../../src/server/backup/holder.js';
import { knownSchemas, MANIFEST_NAME } from '../../src/server/backup/manifest.js';
import { tableCount } from '../../src/server/backup/postgres-part.js';
import { listEntries, readEntry, TarWriter } from '../../src/server/backup/tar.js';
import { openDatabase } from '../../src/server/db/connect.js';
import { makeStore, npmRun, type Ran, type Store } from '../helpers/backup-world.js';
import { ROOT } from '../helpers/server-process.js';

const PG = Boolean(process.env.DATABASE_URL);
const UPLOAD = 'feedc0de0123456789abcdef01234567.png';
const stores: Store[] = [];
let source: Store;
let good: string;

/** Every file under DATA_DIR with its size and time, and (PostgreSQL) the database's table count. */
async function snapshot(s: Store) {
  const files: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, e.name);
      if (e.isDirectory()) walk(path);
      else files.push(`${relative(s.dataDir, path)} ${statSync(path).size} ${statSync(path).mtimeMs}`);
    }
  };
  walk(s.dataDir);
  return { files: files.sort(), tables: s.databaseUrl ? await tableCount(s.databaseUrl) : undefined };
}

async function target(): Promise<Store> {
  const s = await makeStore({ empty: true });
  stores.push(s);
  return s;
}

/** A restore into `into` that must be refused with `code` and `message`, leaving `into` as it was. */
async function refused(into: Store, file: string, code: number, message: string | RegExp): Promise<Ran> {
  const before = await snapshot(into);
  const ran = await npmRun(into, 'restore', [file]);
  expect(ran.stdout).toBe('');
  expect(ran.stderr.trim()).toMatch(message);
  expect(ran.stderr.trim().split('\n')).toHaveLength(1);
  expect(ran.code).toBe(code);
  expect(await snapshot(into)).toEqual(before);
  return ran;
}

/** A copy of the good backup with its manifest changed by `edit`. */
async function withManifest(name: string, edit: (m: Record<string, unknown>) => void): Promise<string> {
  const out = join(source.root, name);
  const entries = await listEntries(good);
  const writer = await TarWriter.create(out);
  for (const e of entries) {
    if (e.name !== MANIFEST_NAME) {
      await writer.addPart(e.name, readEntry(good, e));
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const c of readEntry(good, e)) chunks.push(c as Buffer);
    const manifest = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    edit(manifest);
    await writer.addPart(MANIFEST_NAME, [Buffer.from(JSON.stringify(manifest))]);
  }
  await writer.end();
  return out;
}

beforeAll(async () => {
  source = await makeStore();
  stores.push(source);
  mkdirSync(join(source.dataDir, 'uploads'), { recursive: true });
  writeFileSync(join(source.dataDir, 'uploads', UPLOAD), 'not really a png, but a file the backup keeps');
  good = join(source.root, 'good.tar');
  const ran = await npmRun(source, 'backup', ['--out', good]);
  expect(ran.stderr).toBe('');
  expect(ran.code).toBe(0);
  expect(ran.stdout).toContain(PG ? 'from pg_dump' : 'from the data folder (no server runs on it)');
  expect(existsSync(`${good}.partial`)).toBe(false);
}, 120_000);

afterAll(async () => {
  for (const s of stores) await s.remove();
});

describe('a restore refuses, changing nothing', () => {
  it('a truncated file', async () => {
    const cut = join(source.root, 'cut.tar');
    const whole = readFileSync(good);
    for (const size of [Math.floor(whole.length / 2), whole.length - 600]) {
      writeFileSync(cut, whole.subarray(0, size));
      await refused(await target(), cut, 3, 'The backup file is damaged (it is truncated): nothing was restored.');
    }
  });

  it('a part altered', async () => {
    const altered = join(source.root, 'altered.tar');
    copyFileSync(good, altered);
    const bytes = readFileSync(altered);
    const at = 512 + 100; // inside the database part
    bytes[at] = bytes[at]! ^ 0xff;
    writeFileSync(altered, bytes);
    await refused(
      await target(),
      altered,
      3,
      `The backup file is damaged (database/${PG ? 'postgres.dump' : 'pglite.tar.gz'} does not match its SHA-256): nothing was restored.`,
    );
  });

  it('a file made by a newer version: a schema or a format this code does not know', async () => {
    const future = await withManifest('future.tar', (m) => (m.schema = '0999_from_the_future'));
    await refused(
      await target(),
      future,
      4,
      `This backup was made by a newer Fieldtrace (schema 0999_from_the_future; this one knows up to ${knownSchemas().at(-1)}): upgrade, then restore. Nothing was restored.`,
    );
    const format = await withManifest('format.tar', (m) => (m.format = 2));
    await refused(
      await target(),
      format,
      4,
      /^This backup was made by a newer Fieldtrace \(backup format 2, this one reads 1\)/,
    );
  });

  it('a target that holds a database', async () => {
    await refused(
      source,
      good,
      5,
      PG
        ? 'The database DATABASE_URL names already holds tables: restore into an empty database. Nothing was restored.'
        : `${join(source.dataDir, 'pglite')} already holds a database: restore into an empty DATA_DIR. Nothing was restored.`,
    );
  });

  it.skipIf(PG)('PGlite: a data folder someone holds (a server, a backup); nor does a server start on it', async () => {
    const into = await target();
    const said = `${into.dataDir} is in use by a backup (process ${process.pid}): wait for it to finish.`;
    const holder = await holdDataDir(into.dataDir, 'backup', { jwt: 'database', code: 'database' });
    try {
      await refused(into, good, 6, said);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: into.dataDir,
        CLIENT_DIR: into.clientDir,
        PORT: '0',
        HOST: '127.0.0.1',
      };
      delete env.DATABASE_URL;
      const server = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['src/server/main.ts'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      server.stdout.on('data', (d: Buffer) => (output += d.toString()));
      server.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const code = await new Promise((resolve) => server.once('close', resolve));
      expect(output.trim()).toBe(said);
      expect(code).toBe(1);
      expect(existsSync(join(into.dataDir, 'pglite'))).toBe(false);
    } finally {
      await holder.release();
    }
    expect(existsSync(lockFile(into.dataDir))).toBe(false);
  });
});

describe('the good backup', () => {
  it('restores into an empty target (PGlite: past the lock file a crashed server left)', async () => {
    const into = await target();
    if (!PG) {
      mkdirSync(into.dataDir, { recursive: true });
      // A pid that is gone and a port nothing listens on: what a server killed hard leaves.
      writeFileSync(lockFile(into.dataDir), JSON.stringify({ pid: 2 ** 22 + 1, port: 1, token: 'x', role: 'server' }));
    }
    const ran = await npmRun(into, 'restore', [good]);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    expect(ran.stdout).toMatch(/: the (pglite|postgres) database and 1 upload\./);
    expect(ran.stdout).toContain('start the server with the same CODE_SECRET');
    expect(readFileSync(join(into.dataDir, 'uploads', UPLOAD), 'utf8')).toBe(
      'not really a png, but a file the backup keeps',
    );
    expect(existsSync(lockFile(into.dataDir))).toBe(false);
    expect(existsSync(join(into.dataDir, 'restoring'))).toBe(false);
    const database = await into.open();
    try {
      const { rows } = (await database.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      expect(rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});

const outside = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe.skipIf(PG)('PGlite: the holder answers only its token, only on loopback', () => {
  it('no token or a wrong one: 401 and nothing else; the token: who holds it and the dump', async () => {
    const into = await target();
    const holder = await holdDataDir(into.dataDir, 'server', { jwt: 'database', code: 'environment' });
    const database = await openDatabase({ inMemory: true });
    try {
      const lock = JSON.parse(readFileSync(lockFile(into.dataDir), 'utf8')) as {
        port: number;
        token: string;
        pid: number;
      };
      expect(statSync(lockFile(into.dataDir)).mode & 0o777).toBe(0o600);
      const at = (path: string, token?: string, method = 'POST') =>
        fetch(`http://127.0.0.1:${lock.port}${path}`, {
          method,
          headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
        });
      for (const token of [undefined, '', 'wrong', `${lock.token}x`]) {
        const res = await at('/dump', token);
        expect(res.status).toBe(401);
        expect(await res.text()).toBe('Unauthorised.');
      }
      expect((await at('/dump', lock.token)).status).toBe(503); // no database yet
      holder.serve(database);
      const dump = await at('/dump', lock.token);
      expect(dump.status).toBe(200);
      expect((await dump.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
      const who = await at('/holder', lock.token, 'GET');
      expect(await who.json()).toEqual({
        pid: process.pid,
        role: 'server',
        secrets: { jwt: 'database', code: 'environment' },
      });
      expect((await at('/holder', 'wrong', 'GET')).status).toBe(401);
    } finally {
      await holder.release();
      await database.close();
    }
  });

  it.skipIf(!outside)('from outside loopback the listener cannot be reached at all', async () => {
    const into = await target();
    const holder = await holdDataDir(into.dataDir, 'server', { jwt: 'database', code: 'database' });
    try {
      const { port } = JSON.parse(readFileSync(lockFile(into.dataDir), 'utf8')) as { port: number };
      const error = await new Promise<NodeJS.ErrnoException>((resolve) => {
        const socket = connect(port, outside!);
        socket.once('connect', () => {
          socket.destroy();
          resolve(Object.assign(new Error('connected'), { code: 'CONNECTED' }));
        });
        socket.once('error', resolve);
      });
      expect(error.code).toBe('ECONNREFUSED');
    } finally {
      await holder.release();
    }
  });
});
