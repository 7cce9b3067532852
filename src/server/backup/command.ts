// What `npm run backup` and `npm run restore` share: the environment read as `npm start` reads it,
// the lines printed, and a refusal's one line and exit code (never a stack trace).
import { resolve } from 'node:path';
import { loadConfig, type Config } from '../config.js';
import { BackupRefusal, EXIT } from './refusal.js';

export async function runCommand(usage: string, run: (config: Config, args: string[]) => Promise<string[]>) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return;
  }
  try {
    for (const line of await run(loadConfig(), args)) console.log(line);
  } catch (e) {
    if (e instanceof BackupRefusal) {
      console.error(e.message);
      process.exitCode = e.exitCode;
    } else {
      console.error(`Failed: ${(e as Error)?.message ?? String(e)}`);
      process.exitCode = EXIT.failed;
    }
  }
}

export const usageError = (usage: string) => new BackupRefusal(usage, EXIT.usage);

/** A path the user typed, from where they typed it: npm runs scripts in the project folder, and says
 *  where the user was in INIT_CWD. */
export const userPath = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);
