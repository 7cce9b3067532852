// Who holds a PGlite data folder. PGlite is one process owning its folder: a second process opening it
// while the first runs would corrupt it. So whoever opens it (the server, or a backup or restore when
// no server runs) first claims it: a listener on 127.0.0.1 only, and DATA_DIR/pglite.lock (mode 0600)
// naming its pid, port and a random token. Another command reads the file and asks the listener who
// is there, with the token; only someone who can read DATA_DIR has it. A file left by a crash is stale:
// nothing answers on its port (or its pid is gone), and the next claim replaces it.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { Database } from '../db/connect.js';
import { serveHolder } from './holder-listener.js';
import type { SecretSources } from './manifest.js';
import { BackupRefusal, EXIT } from './refusal.js';

export type HolderRole = 'server' | 'backup' | 'restore';

export interface HolderRecord {
  pid: number;
  port: number;
  token: string;
  role: HolderRole;
}

/** What a live holder says about itself. */
export interface HolderAnswer {
  pid: number;
  role: HolderRole;
  secrets: SecretSources;
}

export interface Holder {
  /** The server's open database, from when it is open: the listener then serves dumps of it. */
  serve(database: Database): void;
  /** Gives the folder up: the lock file goes, then the listener. */
  release(): Promise<void>;
}

export const lockFile = (dataDir: string) => join(dataDir, 'pglite.lock');
const PROBE_MS = 3000;

function readRecord(dataDir: string): HolderRecord | undefined {
  let text: string;
  try {
    text = readFileSync(lockFile(dataDir), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const r = JSON.parse(text) as Partial<HolderRecord>;
    if (Number.isInteger(r.pid) && Number.isInteger(r.port) && typeof r.token === 'string') return r as HolderRecord;
  } catch {
    // a file cut short by a crash: stale
  }
  return { pid: 0, port: 0, token: '', role: 'server' };
}

const alive = (pid: number) => {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The live holder of `dataDir` with what it says about itself, or undefined when none (or only a stale file). */
export async function probeHolder(dataDir: string): Promise<(HolderRecord & HolderAnswer) | undefined> {
  const record = readRecord(dataDir);
  if (!record || record.port === 0) return undefined;
  try {
    const res = await fetch(`http://127.0.0.1:${record.port}/holder`, {
      headers: { authorization: `Bearer ${record.token}` },
      signal: AbortSignal.timeout(PROBE_MS),
    });
    const answer = (await res.json().catch(() => undefined)) as HolderAnswer | undefined;
    // Something else answering on that port means our holder is gone.
    return res.ok && answer?.pid === record.pid ? { ...record, ...answer } : undefined;
  } catch (e) {
    const code = (e as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED') return undefined;
    // No answer in time: stale only if its process is gone; a hung holder still holds the folder.
    return alive(record.pid)
      ? { ...record, role: record.role, secrets: { jwt: 'database', code: 'database' } }
      : undefined;
  }
}

export const inUse = (dataDir: string, h: { pid: number; role: HolderRole }) =>
  new BackupRefusal(
    `${dataDir} is in use by ${h.role === 'server' ? 'a running server' : `a ${h.role}`} (process ${h.pid}): ${h.role === 'server' ? 'stop it first' : 'wait for it to finish'}.`,
    EXIT.inUse,
  );

/** Claims `dataDir` for this process, or refuses (EXIT.inUse) when someone live holds it. */
export async function holdDataDir(dataDir: string, role: HolderRole, secrets: SecretSources): Promise<Holder> {
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  let database: Database | undefined;
  const listener: Server = createServer(serveHolder({ token, role, secrets, database: () => database }));
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (listener.address() as { port: number }).port;
  const record: HolderRecord = { pid: process.pid, port, token, role };
  const close = () => new Promise<void>((resolve) => listener.close(() => resolve()));
  try {
    await claim(dataDir, record);
  } catch (e) {
    await close();
    throw e;
  }
  return {
    serve: (db) => {
      database = db;
    },
    release: async () => {
      if (readRecord(dataDir)?.token === token) unlinkSync(lockFile(dataDir));
      await close();
    },
  };
}

/** Links `aside` to `lock`; on a file system without hard links, creates `lock` exclusively instead
 *  (whole in practice: one small write). Either fails with EEXIST when a lock is there. */
function link(aside: string, lock: string, record: HolderRecord) {
  try {
    linkSync(aside, lock);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw e;
    writeFileSync(lock, JSON.stringify(record), { mode: 0o600, flag: 'wx' });
  }
}

/** Puts the lock file in place whole (written aside, then linked: the link fails if one exists). */
async function claim(dataDir: string, record: HolderRecord) {
  const aside = `${lockFile(dataDir)}.${process.pid}.${record.token.slice(0, 8)}`;
  writeFileSync(aside, JSON.stringify(record), { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        link(aside, lockFile(dataDir), record);
        return;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const live = await probeHolder(dataDir);
      if (live) throw inUse(dataDir, live);
      // Another command replaced the same stale file at the same moment and did not answer yet.
      if (attempt > 0)
        throw new BackupRefusal(`${dataDir} is being claimed by another process: try again.`, EXIT.inUse);
      rmSync(lockFile(dataDir), { force: true });
    }
  } finally {
    unlinkSync(aside);
  }
}
