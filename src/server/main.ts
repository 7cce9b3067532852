// Entry point of `npm start`: config -> on PGlite, a claim on the data folder (backup/holder.ts: a
// second server, or a backup or restore, must not open it meanwhile; a backup asks this server for the
// dump) -> client build (when missing) and a new PGlite database's set-up, each in a child process
// (first-start/) -> database -> migrations and seed (no-ops once done) -> app -> listen.
import { buildApp } from './app.js';
import { holdDataDir } from './backup/holder.js';
import { secretSources } from './backup/manifest.js';
import { BackupRefusal } from './backup/refusal.js';
import { loadConfig } from './config.js';
import { openDatabase, pgliteDir } from './db/connect.js';
import { maintainPartitions } from './db/partitions.js';
import { setUpDatabase } from './db/set-up.js';
import { seedDemo } from './demo/index.js';
import { StartStepFailed } from './first-start/child-step.js';
import { ensureClientBuilt } from './first-start/client-build.js';
import { ensureDatabaseSetUp } from './first-start/database-set-up.js';
import { purgeIdempotencyKeys } from './http/idempotency.js';

async function main() {
  const config = loadConfig();
  const holder = config.databaseUrl ? undefined : await holdDataDir(config.dataDir, 'server', secretSources(config));
  await ensureClientBuilt(config.clientDir);
  await ensureDatabaseSetUp(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const seeded = await setUpDatabase(database, { demo: config.seedDemo ? seedDemo : undefined });
  holder?.serve(database);
  const app = await buildApp({ config, database });
  app.log.info(
    `database: ${database.kind}${database.kind === 'pglite' ? ` in ${pgliteDir(config.dataDir)}` : ''}; seed: ${seeded}`,
  );
  const close = async () => {
    await app.close();
    await database.close();
    // The folder is given up only once the database is closed: a backup may open it from then on.
    await holder?.release();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  // Idempotency keys older than their 30 days go at start and every six hours after (any instance may).
  const purge = () =>
    purgeIdempotencyKeys(database.db).catch((err) => app.log.warn({ err }, 'idempotency key purge failed'));
  void purge();
  setInterval(purge, 6 * 3_600_000).unref();
  // The month partitions ahead and the verifications' retention: at start and daily (any instance may).
  const plan = { monthsAhead: 3, retentionMonths: config.verificationRetentionMonths };
  const maintain = () =>
    maintainPartitions(database.db, plan).then(
      (done) => app.log.info(done, 'partitions maintained'),
      (err) => app.log.warn({ err }, 'partition maintenance failed'),
    );
  await maintain();
  setInterval(maintain, 24 * 3_600_000).unref();
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`Fieldtrace listening on ${address}`);
}

main().catch((err) => {
  // A failed first-start step has said what went wrong (its output, then ours), and a folder in use
  // says who holds it: no stack to add.
  console.error(err instanceof StartStepFailed || err instanceof BackupRefusal ? err.message : err);
  process.exit(1);
});
