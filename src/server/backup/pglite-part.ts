// The PGlite database as a backup part: PGlite's own dump of the data folder (dumpDataDir), gzipped.
// While a server holds the folder the dump comes from it (holder.ts); otherwise this process claims the
// folder, opens it and dumps it itself. A restore loads the dump into a new folder the caller renames
// into place.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { openDatabase, pgliteDir } from '../db/connect.js';
import { holdDataDir, inUse, probeHolder } from './holder.js';
import { secretSources, type SecretSources } from './manifest.js';
import { BackupRefusal, EXIT } from './refusal.js';

export interface DumpSource {
  /** The gzipped dump. */
  stream: Readable;
  secrets: SecretSources;
  /** Where the dump came from, for the command's output. */
  from: string;
}

export const hasPgliteDatabase = (dataDir: string) => existsSync(join(pgliteDir(dataDir), 'PG_VERSION'));

function gzipped(source: Readable): Readable {
  const gz = createGzip();
  // pipeline destroys gz with the source's error, which the reader of gz then meets.
  pipeline(source, gz).catch(() => undefined);
  return gz;
}

export async function dumpPglite(config: Config): Promise<DumpSource> {
  const { dataDir } = config;
  const live = await probeHolder(dataDir);
  if (live) {
    if (live.role !== 'server') throw inUse(dataDir, live);
    const res = await fetch(`http://127.0.0.1:${live.port}/dump`, {
      method: 'POST',
      headers: { authorization: `Bearer ${live.token}` },
    });
    if (!res.ok || !res.body) {
      throw new BackupRefusal(`The running server gave no dump: ${(await res.text()).slice(0, 200)}`, EXIT.failed);
    }
    return {
      stream: gzipped(Readable.fromWeb(res.body as ReadableStream)),
      secrets: live.secrets,
      from: `the running server (process ${live.pid})`,
    };
  }
  if (!hasPgliteDatabase(dataDir)) {
    throw new BackupRefusal(`There is no database in ${pgliteDir(dataDir)}: nothing to back up.`, EXIT.failed);
  }
  const secrets = secretSources(config);
  const holder = await holdDataDir(dataDir, 'backup', secrets);
  let image: Blob;
  try {
    const database = await openDatabase({ dataDir });
    try {
      image = await database.dump!();
    } finally {
      await database.close();
    }
  } finally {
    await holder.release();
  }
  return {
    stream: gzipped(Readable.fromWeb(image.stream() as ReadableStream)),
    secrets,
    from: `the data folder (no server runs on it)`,
  };
}

/** Loads a gzipped dump into a new PGlite folder under `stage` and checks that it opens and answers. */
export async function restorePglite(dump: Readable, stage: string): Promise<void> {
  const chunks: Buffer[] = [];
  await pipeline(dump, createGunzip(), async (tar: AsyncIterable<Buffer>) => {
    for await (const c of tar) chunks.push(c);
  });
  const database = await openDatabase({
    dataDir: stage,
    image: new Blob([Buffer.concat(chunks) as Uint8Array<ArrayBuffer>]),
  });
  try {
    await database.db.execute(sql`select count(*) from app_secrets`);
  } finally {
    await database.close();
  }
}
