// The manifest, the backup's last part: what made it and the size and SHA-256 of every other part, so
// a truncated or altered file is known before anything is touched. Read as hostile input.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Config } from '../config.js';
import { BackupRefusal, damaged, EXIT } from './refusal.js';

export const FORMAT = 1;
export const MANIFEST_NAME = 'manifest.json';
export const PGLITE_PART = 'database/pglite.tar.gz';
export const POSTGRES_PART = 'database/postgres.dump';
/** Upload names as file-upload.ts makes them (random hex and an extension); nothing with a path in it. */
export const UPLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,80}(\.[A-Za-z0-9]{1,10})?$/;

const journalFile = new URL('../db/migrations/meta/_journal.json', import.meta.url);

/** The migration tags this code knows, oldest first; the last is the schema version a backup records. */
export function knownSchemas(): string[] {
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map((e) => e.tag);
}

const source = z.enum(['database', 'environment']);
export type SecretSource = z.infer<typeof source>;
export interface SecretSources {
  jwt: SecretSource;
  code: SecretSource;
}

/** Where the server's secrets come from: a secret given in the environment is not in the database. */
export const secretSources = (config: Pick<Config, 'jwtSecret' | 'codeSecret'>): SecretSources => ({
  jwt: config.jwtSecret ? 'environment' : 'database',
  code: config.codeSecret ? 'environment' : 'database',
});

const part = z.strictObject({
  name: z.string().max(120),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type PartInfo = z.infer<typeof part>;

const manifestSchema = z.strictObject({
  app: z.literal('fieldtrace'),
  format: z.literal(FORMAT),
  schema: z.string().min(1).max(200),
  database: z.enum(['pglite', 'postgres']),
  createdAt: z.string().max(40),
  secrets: z.strictObject({ jwt: source, code: source }),
  parts: z.array(part).max(10_000_000),
});
export type Manifest = z.infer<typeof manifestSchema>;

export function makeManifest(database: Manifest['database'], secrets: SecretSources, parts: PartInfo[]): Manifest {
  return {
    app: 'fieldtrace',
    format: FORMAT,
    schema: knownSchemas().at(-1)!,
    database,
    createdAt: new Date().toISOString(),
    secrets,
    parts,
  };
}

/** The manifest's text as a Manifest this code can restore, or the refusal that says why not. */
export function parseManifest(text: string): Manifest {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw damaged('its manifest is not JSON');
  }
  const head = raw as { app?: unknown; format?: unknown; schema?: unknown } | null;
  if (head?.app !== 'fieldtrace') throw damaged('it is not a Fieldtrace backup');
  if (typeof head.format === 'number' && head.format > FORMAT) {
    throw new BackupRefusal(
      `This backup was made by a newer Fieldtrace (backup format ${head.format}, this one reads ${FORMAT}): upgrade, then restore. Nothing was restored.`,
      EXIT.newer,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw damaged('its manifest is not one this version wrote');
  const known = knownSchemas();
  if (!known.includes(parsed.data.schema)) {
    throw new BackupRefusal(
      `This backup was made by a newer Fieldtrace (schema ${parsed.data.schema}; this one knows up to ${known.at(-1)}): upgrade, then restore. Nothing was restored.`,
      EXIT.newer,
    );
  }
  return parsed.data;
}

/** The lines a backup or restore prints about secrets kept outside the database. */
export function secretNotes(secrets: SecretSources, verb: 'backup' | 'restore'): string[] {
  const names = { jwt: 'JWT_SECRET', code: 'CODE_SECRET' } as const;
  return (['code', 'jwt'] as const)
    .filter((k) => secrets[k] === 'environment')
    .map((k) =>
      verb === 'backup'
        ? `${names[k]} is set in the environment, so this backup does not hold it: keep it beside the backups${k === 'code' ? ' (without it every printed code reads as forged)' : ''}.`
        : `This backup was made with ${names[k]} in the environment: start the server with the same ${names[k]}${k === 'code' ? ', or every printed code reads as forged' : ''}.`,
    );
}
