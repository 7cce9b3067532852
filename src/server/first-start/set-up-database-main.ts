// The child process of database-set-up.ts: sets up the database the environment names (as main.ts
// reads it), closes it and exits; the server then opens it as on a restart.
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { setUpDatabase } from '../db/set-up.js';
import { seedDemo } from '../demo/index.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  console.log(
    `database set up; seed: ${await setUpDatabase(database, { demo: config.seedDemo ? seedDemo : undefined })}`,
  );
} finally {
  await database.close();
}
