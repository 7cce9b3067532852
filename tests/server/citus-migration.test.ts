// Migration 0023 on a database that has data (issue 29 item 3): the five tables without company_id get
// it from their parents, the routing tables are filled from the sites' prefixes, the issued ranges and
// the products' GTINs, and the new keys hold. Runs the migrations before 0023, writes rows as the app
// of then would have, then runs the rest; on PGlite, or on a database of its own on PostgreSQL.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SERIAL } from '../../src/shared/codes.js';
import { openDatabase, type Database } from '../../src/server/db/connect.js';
import { rowsOf } from '../../src/server/domain/sql-rows.js';
import { adminQuery } from '../helpers/database-image.js';

const MIGRATIONS = new URL('../../src/server/db/migrations/', import.meta.url).pathname;
const CITUS_READY = '0023';

let database: Database;
let drop = async () => undefined as unknown;
const before = mkdtempSync(join(tmpdir(), 'ft-migrations-'));

/** A copy of the migrations folder whose journal stops before 0023. */
function migrationsBefore(): string {
  cpSync(MIGRATIONS, before, { recursive: true });
  const journalPath = join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((e) => e.tag < CITUS_READY);
  writeFileSync(journalPath, JSON.stringify(journal));
  return before;
}

async function migrateBefore(db: Database): Promise<void> {
  const folder = migrationsBefore();
  if (db.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db.db as never, { migrationsFolder: folder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(db.db as never, { migrationsFolder: folder });
  }
}

const q = async <T>(text: string): Promise<T[]> => rowsOf<T>(await database.db.execute(sql.raw(text)));

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `ft_mig_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: own.toString() });
    drop = () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    database = await openDatabase({ inMemory: true });
  }
  await migrateBefore(database);
  // Two companies' data as it stood before 0023 (raw SQL: today's schema objects carry the new columns).
  for (const statement of [
    `insert into companies (id, code, name, display_name) values (901, 'C1', 'C1', 'C1'), (902, 'C2', 'C2', 'C2')`,
    `insert into users (id, user_name, email, password_hash, user_type, company_id)
       values (901, 'u1', 'u1@x.test', 'h', 4, 901), (902, 'a2', 'a2@x.test', 'h', 0, null)`,
    `insert into sites (id, company_id, name, is_factory, prefix) values (901, 901, 'F1', true, 'ka'), (902, 902, 'F2', true, 'ZB')`,
    `insert into products (id, company_id, name, code, pack_value, gtin)
       values (901, 901, 'P1', 'P1', 1, '8900000000017'), (902, 902, 'P2', 'P2', 1, null)`,
    `insert into prices (product_id, price) values (901, '10.00')`,
    `insert into number_issues (company_id, from_no, to_no, sales_order_no) values (902, 1, 100, 'SO-1')`,
    `insert into mappings (kind, prefix, from_no, to_no, company_id, product_id, batch_no, mfg_date, exp_date)
       values ('S', 'KA', 1, 50, 901, 901, 'B', '2026-01-01', '2027-01-01'), ('P', '', 1, 100, 902, 902, 'B', '2026-01-01', '2027-01-01')`,
    `insert into cartons (id, name, size, description) values (901, 'Box 10', 10, 'Box')`,
    `insert into secondary_cartons (sid, company_id, site_id, carton_size_id, product_id, qty, state, created_by)
       values ('SID26KA00001', 901, 901, 901, 901, 1, 'packed', 901)`,
    // In a carton; replaced, in a mapping; in no mapping but in a site's series; known to nothing.
    `insert into items (kind, prefix, serial_no, secondary_id, status) values ('S', 'KA', 5, 'SID26KA00001', 'packed'),
       ('P', '', 7, null, 'replaced'), ('S', 'ZB', 3, null, 'replaced'), ('S', 'QQ', 3, null, 'mapped')`,
    `insert into dispatches (did, company_id, from_site_id, transport_mode_id, lr, cartons, packs, state, created_by)
       values ('DID26KA00001', 901, 901, (select min(id) from transport_modes), 'LR-1', 1, 1, 'sent', 901)`,
    `insert into dispatch_cartons (did, carton_id, product_id, qty, state) values ('DID26KA00001', 'SID26KA00001', 901, 1, 'sent')`,
    `insert into idempotency_keys (user_id, key, route, request_hash, state, claimed_at)
       values (901, 'k1', 'r', 'h', 'done', now()), (902, 'k2', 'r', 'h', 'done', now())`,
    `insert into id_counters (prefix, type, last) values ('KA', 'SID', 5), ('QQ', 'SID', 3)`,
  ])
    await database.db.execute(sql.raw(statement));
  await database.migrate();
}, 120_000);

afterAll(async () => {
  await database?.close();
  await drop();
  rmSync(before, { recursive: true, force: true });
});

describe('migration 0023 on a database with data', () => {
  it('gives the five tables their company from their parents', async () => {
    expect(await q(`select product_id, company_id from prices`)).toEqual([{ product_id: 901, company_id: 901 }]);
    expect(await q(`select did, company_id from dispatch_cartons`)).toEqual([{ did: 'DID26KA00001', company_id: 901 }]);
    // The administrator's key goes to tenant 0.
    expect(await q(`select key, company_id from idempotency_keys order by key`)).toEqual([
      { key: 'k1', company_id: 901 },
      { key: 'k2', company_id: 0 },
    ]);
    // A counter of a prefix no site holds could not be used: it is gone.
    expect(await q(`select prefix, type, last::int, company_id from id_counters`)).toEqual([
      { prefix: 'KA', type: 'SID', last: 5, company_id: 901 },
    ]);
    expect(
      await q(`select kind, prefix, serial_no::int as n, company_id from items order by kind, prefix, serial_no`),
    ).toEqual([
      { kind: 'P', prefix: '', n: 7, company_id: 902 },
      { kind: 'S', prefix: 'KA', n: 5, company_id: 901 },
      { kind: 'S', prefix: 'QQ', n: 3, company_id: 0 },
      { kind: 'S', prefix: 'ZB', n: 3, company_id: 902 },
    ]);
  });

  it('fills the routing tables from the prefixes, the issued ranges and the GTINs', async () => {
    expect(
      await q(
        `select kind, prefix, from_no::float8 as "from", to_no::float8 as "to", company_id from code_routes order by kind, prefix`,
      ),
    ).toEqual([
      { kind: 'P', prefix: '', from: 1, to: 100, company_id: 902 },
      { kind: 'S', prefix: 'KA', from: 1, to: MAX_SERIAL, company_id: 901 },
      { kind: 'S', prefix: 'ZB', from: 1, to: MAX_SERIAL, company_id: 902 },
    ]);
    expect(await q(`select gtin, company_id from gtin_routes`)).toEqual([{ gtin: '8900000000017', company_id: 901 }]);
  });

  it('holds the new keys: a carton of another company under the same id is its own row, a leg must match its dispatch', async () => {
    await database.db.execute(
      sql.raw(`insert into secondary_cartons (sid, company_id, site_id, carton_size_id, product_id, qty, state, created_by)
        values ('SID26KA00001', 902, 902, 901, 902, 1, 'packed', 901)`),
    );
    await expect(
      database.db.execute(
        sql.raw(`insert into dispatch_cartons (company_id, did, carton_id, product_id, qty, state)
          values (902, 'DID26KA00001', 'SID26KA00002', 902, 1, 'sent')`),
      ),
    ).rejects.toThrow();
  });
});
