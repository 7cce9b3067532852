// A new PGlite database is set up (created, migrated, reference data and seed) in a child process
// (child-step.ts) before the server opens it: a new folder's initdb alone left PGlite's WebAssembly
// memory at 630 MB for the life of the process, where opening a folder that exists takes 200 MB.
// It is set up in a folder beside and moved into place when complete, so a set-up stopped half way
// leaves no half-made database. PostgreSQL keeps its memory in its own server: set up in process as before.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { pgliteDir } from '../db/connect.js';
import { nodeFlags, runChildStep } from './child-step.js';

const SET_UP_SCRIPT = join(import.meta.dirname, 'set-up-database-main.ts');

/** Sets up a new PGlite folder in a child process; does nothing on PostgreSQL or a folder that exists. */
export async function ensureDatabaseSetUp(config: Config, log: (line: string) => void = console.log): Promise<void> {
  if (config.databaseUrl) return;
  const dir = pgliteDir(config.dataDir);
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const started = Date.now();
  log(`No database in ${dir}: setting it up once (in a process of its own)...`);
  const staging = join(config.dataDir, 'pglite-setting-up');
  rmSync(staging, { recursive: true, force: true });
  await runChildStep({
    what: 'Setting up the new database',
    args: [...nodeFlags(), SET_UP_SCRIPT],
    env: { ...process.env, DATA_DIR: staging },
  });
  renameSync(pgliteDir(staging), dir);
  rmSync(staging, { recursive: true, force: true });
  log(`Database set up in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
