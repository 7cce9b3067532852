// First-start data: the admin account always, then the demo company when the caller passes its seeder
// (src/server/demo, made by the domain's rules; main.ts passes none when SEED_DEMO=0).
// Runs in one transaction under an advisory lock, so two instances starting together seed once.
import { sql } from 'drizzle-orm';
import { USER_TYPE } from '../../shared/contracts/auth.js';
import { hashPassword } from '../auth/passwords.js';
import type { Db } from './connect.js';
import { users } from './schema.js';

export const SEED_LOGINS = {
  admin: { email: 'admin@example.com', password: 'Admin123' },
  factory: { email: 'factory@example.com', password: 'Factory123' },
  warehouse: { email: 'warehouse@example.com', password: 'Store123' },
} as const;

export type SeedTx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Writes the demo company in the seed's transaction, after the admin (id 1). */
export type DemoSeeder = (tx: SeedTx) => Promise<void>;

export async function seed(db: Db, opts: { demo?: DemoSeeder }): Promise<'seeded' | 'present'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7243102)`);
    const [{ n }] = (await tx.select({ n: sql<number>`cast(count(*) as integer)` }).from(users)) as [{ n: number }];
    if (n > 0) return 'present';

    await tx.insert(users).values({
      id: 1,
      userName: 'Administrator',
      firstName: 'System',
      lastName: 'Admin',
      email: SEED_LOGINS.admin.email,
      mobile: '9800000001',
      passwordHash: await hashPassword(SEED_LOGINS.admin.password),
      userType: USER_TYPE.admin,
    });
    // The spec's client treats user ids 1 and 2 as admin: keep id 2 free so no ordinary user gets it.
    await tx.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), 2)`);
    await opts.demo?.(tx);
    return 'seeded';
  });
}
