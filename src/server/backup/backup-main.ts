// `npm run backup [--out FILE]`, with the environment `npm start` uses (DATA_DIR or DATABASE_URL).
// npm takes a `--out` before `--` as its own option (npm_config_out: 'true' and FILE left as an
// argument, or FILE itself for `--out=FILE`), so every spelling is read here.
import { defaultBackupName, runBackup } from './backup.js';
import { runCommand, usageError, userPath } from './command.js';

const USAGE = 'Usage: npm run backup [--out FILE]   (default FILE: ./fieldtrace-backup-YYYYMMDD-HHMMSS.tar)';

function outFile(args: string[], npmOut: string | undefined): string {
  if (args.length === 0) return npmOut && npmOut !== 'true' ? npmOut : defaultBackupName();
  if (args.length === 1 && npmOut === 'true' && !args[0]!.startsWith('-')) return args[0]!;
  if (args.length === 2 && args[0] === '--out' && !args[1]!.startsWith('-')) return args[1]!;
  if (args.length === 1 && args[0]!.startsWith('--out=') && args[0]!.length > 6) return args[0]!.slice(6);
  throw usageError(USAGE);
}

await runCommand(USAGE, (config, args) => runBackup(config, userPath(outFile(args, process.env.npm_config_out))));
