// `npm run restore FILE`: the whole file is checked first (every part's size and SHA-256 against the
// manifest, the format and schema known to this code), then the target (no server on the folder, no
// database in it), and only then is anything written. PGlite is restored into a folder beside and
// renamed into place last; PostgreSQL in one transaction. Uploads are staged beside and moved in
// before the database appears, so an interrupted restore leaves no database at all.
import { closeSync, mkdirSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config.js';
import { pgliteDir } from '../db/connect.js';
import { holdDataDir, inUse, probeHolder } from './holder.js';
import {
  MANIFEST_NAME,
  parseManifest,
  PGLITE_PART,
  POSTGRES_PART,
  secretNotes,
  secretSources,
  UPLOAD_NAME,
  type Manifest,
} from './manifest.js';
import { hasPgliteDatabase, restorePglite } from './pglite-part.js';
import { pgRestore, tableCount } from './postgres-part.js';
import { BackupRefusal, damaged, EXIT } from './refusal.js';
import { hashEntry, listEntries, readEntry, type TarEntry } from './tar.js';
import { checkUploadClashes, moveUploadsIn, stageUploads, UPLOADS_PREFIX } from './uploads-part.js';

/** Far above any real manifest (about 150 bytes a part), and a bound on what a hostile one costs. */
const MANIFEST_MAX = 64 * 1024 * 1024;

function readPart(file: string, e: TarEntry): Buffer {
  const buf = Buffer.alloc(e.size);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buf, 0, e.size, e.offset);
  } finally {
    closeSync(fd);
  }
  return buf;
}

/** The file's manifest and entries, after every part is checked against it. */
export async function checkBackup(file: string): Promise<{ manifest: Manifest; entries: Map<string, TarEntry> }> {
  let list: TarEntry[];
  try {
    list = await listEntries(file);
  } catch (e) {
    if (e instanceof BackupRefusal) throw e;
    throw new BackupRefusal(`Cannot read ${file}: ${(e as Error).message}`, EXIT.usage);
  }
  const last = list.at(-1);
  if (!last || last.name !== MANIFEST_NAME || last.size > MANIFEST_MAX) throw damaged('it has no manifest');
  const text = readPart(file, last).toString('utf8');
  const manifest = parseManifest(text);
  const entries = new Map(list.slice(0, -1).map((e) => [e.name, e]));
  const database = manifest.database === 'pglite' ? PGLITE_PART : POSTGRES_PART;
  const listed = new Set(manifest.parts.map((p) => p.name));
  if (
    entries.size !== list.length - 1 ||
    listed.size !== manifest.parts.length ||
    entries.size !== listed.size ||
    !listed.has(database)
  ) {
    throw damaged('its parts are not the ones its manifest lists');
  }
  for (const p of manifest.parts) {
    const e = entries.get(p.name);
    if (!e) throw damaged(`${p.name} is missing`);
    if (p.name.startsWith(UPLOADS_PREFIX) && !UPLOAD_NAME.test(p.name.slice(UPLOADS_PREFIX.length))) {
      throw damaged(`${p.name} is not an upload's name`);
    }
    if (p.name !== database && !p.name.startsWith(UPLOADS_PREFIX)) throw damaged(`${p.name} is not a part it may hold`);
    if (e.size !== p.size) throw damaged(`${p.name} is ${e.size} bytes where the manifest says ${p.size}`);
    if ((await hashEntry(file, e)) !== p.sha256) throw damaged(`${p.name} does not match its SHA-256`);
  }
  return { manifest, entries };
}

/** Restores `path` into the configured database and DATA_DIR; answers the lines to print. */
export async function runRestore(config: Config, path: string): Promise<string[]> {
  const file = resolve(path);
  const { manifest, entries } = await checkBackup(file);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind) {
    throw new BackupRefusal(
      `This is a backup of a ${manifest.database === 'pglite' ? 'PGlite' : 'PostgreSQL'} database; ${kind === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'}: restore it to the same kind. Nothing was restored.`,
      EXIT.usage,
    );
  }
  const uploads = manifest.parts.filter((p) => p.name.startsWith(UPLOADS_PREFIX));
  const uploadEntries = uploads.map((p) => entries.get(p.name)!);
  const stripped = uploads.map((p) => ({ ...p, name: p.name.slice(UPLOADS_PREFIX.length) }));
  const { dataDir } = config;
  const stage = join(dataDir, 'restoring');
  if (config.databaseUrl) {
    if ((await tableCount(config.databaseUrl)) > 0) {
      throw new BackupRefusal(
        'The database DATABASE_URL names already holds tables: restore into an empty database. Nothing was restored.',
        EXIT.notEmpty,
      );
    }
    await checkUploadClashes(dataDir, stripped);
    rmSync(stage, { recursive: true, force: true });
    try {
      await stageUploads(file, uploadEntries, join(stage, 'uploads'));
      await pgRestore(config.databaseUrl, readEntry(file, entries.get(POSTGRES_PART)!));
      moveUploadsIn(join(stage, 'uploads'), dataDir);
    } finally {
      rmSync(stage, { recursive: true, force: true });
    }
  } else {
    const live = await probeHolder(dataDir);
    if (live) throw inUse(dataDir, live);
    if (hasPgliteDatabase(dataDir)) {
      throw new BackupRefusal(
        `${pgliteDir(dataDir)} already holds a database: restore into an empty DATA_DIR. Nothing was restored.`,
        EXIT.notEmpty,
      );
    }
    await checkUploadClashes(dataDir, stripped);
    const holder = await holdDataDir(dataDir, 'restore', secretSources(config));
    try {
      rmSync(stage, { recursive: true, force: true });
      mkdirSync(stage, { recursive: true });
      await stageUploads(file, uploadEntries, join(stage, 'uploads'));
      await restorePglite(readEntry(file, entries.get(PGLITE_PART)!), stage);
      moveUploadsIn(join(stage, 'uploads'), dataDir);
      // The database appears last, whole: a restore stopped before this line leaves none.
      rmSync(pgliteDir(dataDir), { recursive: true, force: true });
      renameSync(pgliteDir(stage), pgliteDir(dataDir));
    } finally {
      rmSync(stage, { recursive: true, force: true });
      await holder.release();
    }
  }
  return [
    `Restored ${file} (made ${manifest.createdAt}, schema ${manifest.schema}): the ${kind} database and ${uploads.length} upload${uploads.length === 1 ? '' : 's'}. Start the server: its migrations bring an older backup up to date.`,
    ...secretNotes(manifest.secrets, 'restore'),
  ];
}
