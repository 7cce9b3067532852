// The uploads (DATA_DIR/uploads, routes/uploads/file-upload.ts) as backup parts, one per file. Files
// are written before their record and never changed, so copying them after the database dump gives
// every uploaded record in the dump its whole file. A restore checks for clashes first, stages the
// files beside, and moves them in.
import { createReadStream, existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createHash } from 'node:crypto';
import { uploadDir } from '../routes/uploads/file-upload.js';
import { UPLOAD_NAME } from './manifest.js';
import { BackupRefusal, EXIT } from './refusal.js';
import { readEntry, type TarEntry } from './tar.js';

export const UPLOADS_PREFIX = 'uploads/';

/** The upload files in DATA_DIR, by name. */
export function listUploads(dataDir: string): string[] {
  const dir = uploadDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && UPLOAD_NAME.test(e.name))
    .map((e) => e.name)
    .sort();
}

export const uploadStream = (dataDir: string, name: string) => createReadStream(join(uploadDir(dataDir), name));

async function fileHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Refuses (EXIT.notEmpty) when DATA_DIR already holds a different file under a backed-up upload's name. */
export async function checkUploadClashes(dataDir: string, uploads: { name: string; size: number; sha256: string }[]) {
  for (const u of uploads) {
    const target = join(uploadDir(dataDir), u.name);
    if (!existsSync(target)) continue;
    if (statSync(target).size !== u.size || (await fileHash(target)) !== u.sha256) {
      throw new BackupRefusal(
        `${target} exists and differs from the backup's file of that name: restore into an empty DATA_DIR. Nothing was restored.`,
        EXIT.notEmpty,
      );
    }
  }
}

/** Writes the backup's upload entries into `stage`. */
export async function stageUploads(file: string, entries: TarEntry[], stage: string) {
  mkdirSync(stage, { recursive: true });
  for (const e of entries) {
    await pipeline(readEntry(file, e), createWriteStream(join(stage, e.name.slice(UPLOADS_PREFIX.length))));
  }
}

/** Moves staged uploads into DATA_DIR/uploads; a file already there is the same file (checked before). */
export function moveUploadsIn(stage: string, dataDir: string) {
  if (!existsSync(stage)) return;
  const dir = uploadDir(dataDir);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(stage)) {
    if (!existsSync(join(dir, name))) renameSync(join(stage, name), join(dir, name));
  }
}
