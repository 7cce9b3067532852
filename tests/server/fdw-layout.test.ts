// The distributed layout's own proof (TEST_LAYOUT=fdw, tests/helpers/fdw-layout.ts): the tables are
// hash-partitioned by company_id with one partition on the second cluster, and the app's writes and
// reads go through it: a verification of the demo company's pack is stored on the shard cluster and
// read back through the app. The rest of the server tests then run on the same layout.
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { SHARDED_TABLES } from '../helpers/fdw-layout.js';
import { useApp } from '../helpers/use-app.js';
import { rowsOf } from '../../src/server/domain/sql-rows.js';
import { events } from '../../src/server/db/schema.js';
import { maintainPartitions } from '../../src/server/db/partitions.js';

const shardPort = inject('shardPort');

describe.skipIf(!shardPort)('the fdw layout (TEST_LAYOUT=fdw with DATABASE_URL only)', () => {
  const t = useApp();

  it('partitions events and verifications by company_id, one partition a foreign table', async () => {
    for (const table of SHARDED_TABLES) {
      const parts = rowsOf<{ name: string; relkind: string; bound: string }>(
        await t.db.execute(sql`select c.relname as name, c.relkind, pg_get_expr(c.relpartbound, c.oid) as bound
          from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = ${table}::regclass order by 1`),
      );
      expect(parts.map((p) => p.relkind).sort()).toEqual(['f', 'r']);
      expect(parts.every((p) => p.bound.startsWith('FOR VALUES WITH (modulus 2'))).toBe(true);
    }
  });

  it("stores the demo company's events on the second cluster and reads them back through the app", async () => {
    const [row] = await t.db
      .insert(events)
      .values({ action: 'fdw-probe', companyId: 1, detail: { probe: true } })
      .returning({ id: events.id });
    const { default: pg } = await import('pg');
    const remote = new pg.Client({
      connectionString: `postgres://app:app@127.0.0.1:${shardPort}${new URL(t.databaseUrl!).pathname}`,
    });
    await remote.connect();
    try {
      const { rows } = await remote.query(`select company_id, detail from events where id = $1`, [row!.id]);
      expect(rows).toEqual([{ company_id: 1, detail: { probe: true } }]);
    } finally {
      await remote.end();
    }
    const back = rowsOf<{ action: string }>(await t.db.execute(sql`select action from events where id = ${row!.id}`));
    expect(back).toEqual([{ action: 'fdw-probe' }]);
  });

  it('leaves the month maintenance nothing to do on the hash layout', async () => {
    expect(await maintainPartitions(t.db, { monthsAhead: 3, retentionMonths: 1 })).toEqual({
      created: [],
      moved: 0,
      dropped: [],
    });
  });
});
