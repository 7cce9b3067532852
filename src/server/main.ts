// Entry point of `npm start`: config -> client build (when missing) -> database -> migrations and
// seed -> app -> listen.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/connect.js';
import { loadReferenceData } from './db/reference.js';
import { seed } from './db/seed.js';
import { seedDemo } from './demo/index.js';
import { purgeIdempotencyKeys } from './http/idempotency.js';

async function ensureClientBuilt(clientDir: string) {
  if (existsSync(join(clientDir, 'index.html'))) return;
  console.log(`No client build in ${clientDir}: building it once (vite build)...`);
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}

async function main() {
  const config = loadConfig();
  await ensureClientBuilt(config.clientDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  // Reference data before the seed: the demo's addresses point at its ids.
  await loadReferenceData(database.db);
  const seeded = await seed(database.db, { demo: config.seedDemo ? seedDemo : undefined });
  const app = await buildApp({ config, database });
  app.log.info(`database: ${database.kind}${database.kind === 'pglite' ? ` in ${join(config.dataDir, 'pglite')}` : ''}; seed: ${seeded}`);
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  // Idempotency keys older than their 30 days go at start and every six hours after (any instance may).
  const purge = () => purgeIdempotencyKeys(database.db).catch((err) => app.log.warn({ err }, 'idempotency key purge failed'));
  void purge();
  setInterval(purge, 6 * 3_600_000).unref();
  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`Fieldtrace listening on ${address}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
