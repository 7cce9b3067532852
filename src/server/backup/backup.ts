// `npm run backup [--out FILE]`: the database (PGlite's dump, from the running server when one holds
// the folder, or pg_dump), then the uploads, then the manifest, written to FILE.partial and renamed to
// FILE only when complete and on disk, so a stopped backup never leaves a file that looks whole.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config } from '../config.js';
import {
  makeManifest,
  MANIFEST_NAME,
  PGLITE_PART,
  POSTGRES_PART,
  secretNotes,
  secretSources,
  type PartInfo,
  type SecretSources,
} from './manifest.js';
import { dumpPglite } from './pglite-part.js';
import { pgDump } from './postgres-part.js';
import { BackupRefusal, EXIT } from './refusal.js';
import { TarWriter } from './tar.js';
import { listUploads, UPLOADS_PREFIX, uploadStream } from './uploads-part.js';

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
export const defaultBackupName = () => `fieldtrace-backup-${stamp()}.tar`;

/** Writes a backup to `out`; answers the lines to print. */
export async function runBackup(config: Config, out: string): Promise<string[]> {
  const file = resolve(out);
  if (existsSync(file)) throw new BackupRefusal(`${file} exists: give another --out.`, EXIT.usage);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });
  const writer = await TarWriter.create(partial);
  try {
    const parts: PartInfo[] = [];
    let secrets: SecretSources;
    let from: string;
    if (config.databaseUrl) {
      const dump = pgDump(config.databaseUrl);
      parts.push(await writer.addPart(POSTGRES_PART, dump.stream));
      await dump.done;
      secrets = secretSources(config);
      from = 'pg_dump';
    } else {
      const dump = await dumpPglite(config);
      parts.push(await writer.addPart(PGLITE_PART, dump.stream));
      ({ secrets, from } = dump);
    }
    // After the dump: every upload its records name is complete by then.
    const uploads = listUploads(config.dataDir);
    for (const name of uploads)
      parts.push(await writer.addPart(UPLOADS_PREFIX + name, uploadStream(config.dataDir, name)));
    const manifest = makeManifest(config.databaseUrl ? 'postgres' : 'pglite', secrets, parts);
    await writer.addPart(MANIFEST_NAME, [Buffer.from(JSON.stringify(manifest, null, 2))]);
    await writer.end();
    renameSync(partial, file);
    const mb = (parts.reduce((n, p) => n + p.size, 0) / 1e6).toFixed(1);
    return [
      `Backup written: ${file} (${mb} MB): the ${manifest.database} database from ${from}, ${uploads.length} upload${uploads.length === 1 ? '' : 's'}, schema ${manifest.schema}.`,
      ...secretNotes(secrets, 'backup'),
    ];
  } catch (e) {
    await writer.abandon();
    rmSync(partial, { force: true });
    throw e;
  }
}
