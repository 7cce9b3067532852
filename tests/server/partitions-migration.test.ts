// Migration 0022 on an existing database (PGlite; PostgreSQL with DATABASE_URL): a database migrated to
// 0021 only (the migrations folder copied with its journal cut there) gets events and verifications
// over several months, companies and none; then 0022 runs. Every row is there, in its month's
// partition; no company became 0; the ids go on from the old ones; and the admin's reports answer
// as before.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/connect.js';
import { partitionName, type PartitionedTable } from '../../src/server/db/partitions.js';
import { loadReferenceData } from '../../src/server/db/reference.js';
import { seed, SEED_LOGINS } from '../../src/server/db/seed.js';
import { LOGIN_API, type LoginResult } from '../../src/shared/contracts/auth.js';
import { DAMAGE_REPORT } from '../../src/shared/contracts/reports/cartons.js';
import { FEEDBACK_REPORT, VERIFICATION_REPORT } from '../../src/shared/contracts/reports/public.js';
import type { ReportContract } from '../../src/shared/contracts/reports/report.js';
import { adminQuery } from '../helpers/database-image.js';
import { INDEX_HTML } from '../helpers/server-app.js';

const MIGRATIONS = new URL('../../src/server/db/migrations', import.meta.url).pathname;
const url = process.env.DATABASE_URL;
const name = `ft_part_${randomBytes(5).toString('hex')}`;
const dirs: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
let database: Database;

/** The migrations folder with its journal cut after `last`. */
function migrationsUpTo(last: number): string {
  const dir = temp('ft-migrations-');
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

async function migrate(folder: string) {
  if (database.kind === 'pglite') {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    await run(database.db as never, { migrationsFolder: folder });
  } else {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    await run(database.db as never, { migrationsFolder: folder });
  }
}

type Row = Record<string, unknown>;
const rows = async <T = Row>(q: ReturnType<typeof sql>) =>
  ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;

/** The UTC month `n` months from now, day `day` at 05:30. */
const monthsAgo = (n: number, day: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, day, 5, 30));
};
const AGO = [14, 6, 1, 0];
const us = (d: Date) =>
  d
    .toISOString()
    .slice(0, 10)
    .replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1');

/** The app on the database as it is, the admin's answer of each report over all the rows' months. */
async function reportAnswers(): Promise<unknown[]> {
  const config = loadConfig({}, { dataDir: temp('ft-data-'), clientDir: temp('ft-client-') });
  writeFileSync(join(config.clientDir, 'index.html'), INDEX_HTML);
  const app: FastifyInstance = await buildApp({ config, database, logger: false });
  try {
    const login = await app.inject({
      method: 'POST',
      url: `/API/api/${LOGIN_API.checkUser.path}`,
      payload: { Email: SEED_LOGINS.admin.email, Password: SEED_LOGINS.admin.password },
    });
    const token = (JSON.parse(login.payload).ResponseData as LoginResult[])[0]!.Token;
    const range = { FromDate: us(monthsAgo(15, 1)), ToDate: us(monthsAgo(-1, 1)) };
    const answers: unknown[] = [];
    for (const r of [VERIFICATION_REPORT, FEEDBACK_REPORT, DAMAGE_REPORT] as ReportContract[]) {
      for (const SortOrder of ['ASC', 'DESC']) {
        const res = await app.inject({
          method: 'POST',
          url: `/API/api/${r.api.list.path}`,
          headers: { authorization: `Bearer ${token}` },
          payload: { First: 1, PageSize: 500, IsActive: '1', SortOrder, ...range },
        });
        answers.push(JSON.parse(res.payload));
      }
    }
    return answers;
  } finally {
    await app.close();
  }
}

beforeAll(async () => {
  if (url) {
    await adminQuery(url, `CREATE DATABASE ${name}`);
    const own = new URL(url);
    own.pathname = `/${name}`;
    database = await openDatabase({ databaseUrl: own.toString() });
  } else database = await openDatabase({ inMemory: true });
  await migrate(migrationsUpTo(21));
  await loadReferenceData(database.db);
  await seed(database.db, {});
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (url) await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('migration 0022 on a database of 0021', () => {
  it('keeps every row in its month, no company as 0, the ids going on, the reports the same', async () => {
    const [company] = await rows<{ id: number }>(sql`insert into companies (name, display_name, code)
      values ('Old Agro', 'Old Agro', 'OLDAG') returning id`);
    for (const n of AGO) {
      for (const [i, co] of [null, company!.id].entries()) {
        const at = monthsAgo(n, 3 + i * 20);
        await database.db
          .execute(sql`insert into verifications (at, scan, company_id, result, message, mobile, feedback, feedback_at)
          values (${at.toISOString()}, ${`scan ${n} ${i}`}, ${co}, ${co ? '200' : '-1'}, ${`message ${n} ${i}`},
            ${`98765${String(n).padStart(3, '0')}0${i}`}, ${co ? `feedback ${n}` : null}, ${at.toISOString()})`);
        await database.db.execute(sql`insert into events (at, action, user_id, company_id, ref, detail)
          values (${at.toISOString()}, 'damage-carton', null, ${co}, ${`SID26ZZ${n}${i}`},
            ${JSON.stringify({ packs: n + 1, reason: `reason ${n} ${i}` })}::jsonb)`);
      }
    }
    const table = (t: PartitionedTable) =>
      rows<{ id: string; at: Date | string; company_id: number | null; p: string }>(
        sql`select id, at, company_id, tableoid::regclass::text as p from ${sql.identifier(t)} order by id`,
      );
    const before = { events: await table('events'), verifications: await table('verifications') };
    expect(before.verifications.every((r) => r.p === 'verifications')).toBe(true);
    const answers = await reportAnswers();
    // The reports have the rows to compare (the admin sees the scans of no company too).
    expect((answers[0] as { ResponseData: unknown[] }).ResponseData.length).toBeGreaterThanOrEqual(2 * AGO.length);
    expect((answers[4] as { ResponseData: unknown[] }).ResponseData.length).toBeGreaterThanOrEqual(2 * AGO.length);

    await migrate(MIGRATIONS);
    expect(await reportAnswers()).toEqual(answers);

    for (const t of ['events', 'verifications'] as const) {
      const after = await table(t);
      expect(after.map((r) => r.id)).toEqual(before[t].map((r) => r.id));
      after.forEach((r, i) => {
        const at = new Date(r.at);
        expect(r.p).toBe(partitionName(t, { y: at.getUTCFullYear(), m: at.getUTCMonth() }));
        expect(at).toEqual(new Date(before[t][i]!.at));
        expect(r.company_id).toBe(before[t][i]!.company_id ?? 0);
      });
      expect(after.some((r) => r.company_id === 0)).toBe(true);
      // A new row's id comes after every old one.
      const [fresh] = await rows<{ id: string }>(
        t === 'events'
          ? sql`insert into events (action, user_id, company_id, detail) values ('issue', null, 0, '{}') returning id`
          : sql`insert into verifications (scan, company_id, result, message) values ('new', 0, '-1', 'new') returning id`,
      );
      expect(Number(fresh!.id)).toBeGreaterThan(Math.max(...before[t].map((r) => Number(r.id))));
    }
    // The event log is still append-only.
    await expect(database.db.execute(sql`delete from events`)).rejects.toThrow();
  });
});
