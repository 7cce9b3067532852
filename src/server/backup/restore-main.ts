// `npm run restore FILE`, with the environment `npm start` uses (DATA_DIR or DATABASE_URL).
import { runCommand, usageError, userPath } from './command.js';
import { runRestore } from './restore.js';

const USAGE = 'Usage: npm run restore FILE   (with the server stopped, into an empty DATA_DIR or database)';

await runCommand(USAGE, (config, args) => {
  if (args.length !== 1 || args[0]!.startsWith('-')) throw usageError(USAGE);
  return runRestore(config, userPath(args[0]!));
});
