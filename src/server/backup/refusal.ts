// A backup or restore that stops on purpose: one line for the operator and the exit code that names
// why, so a script can tell a damaged file from a busy folder without reading the text.
export const EXIT = {
  /** Anything else went wrong (pg_dump failed, a disk error): the message says what. */
  failed: 1,
  /** The command line, or a backup of the other database kind. */
  usage: 2,
  /** The file is truncated, altered or not a Fieldtrace backup. */
  damaged: 3,
  /** The file was made by a newer Fieldtrace (a format or schema this code does not know). */
  newer: 4,
  /** The target already holds a database (or a different file under the same upload name). */
  notEmpty: 5,
  /** A server (or another backup or restore) holds the PGlite data folder. */
  inUse: 6,
} as const;

export class BackupRefusal extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export const damaged = (why: string) =>
  new BackupRefusal(`The backup file is damaged (${why}): nothing was restored.`, EXIT.damaged);
