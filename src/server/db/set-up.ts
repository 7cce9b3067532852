// What every start does to its database before serving: migrations, the reference data, the seed.
// Each is a no-op once done, so a restart pays for none of them.
import type { Database } from './connect.js';
import { loadReferenceData } from './reference.js';
import { seed, type DemoSeeder } from './seed.js';

export async function setUpDatabase(database: Database, opts: { demo?: DemoSeeder }): Promise<'seeded' | 'present'> {
  await database.migrate();
  // Reference data before the seed: the demo's addresses point at its ids.
  await loadReferenceData(database.db);
  return seed(database.db, opts);
}
