// The net under every save's races (issue 25, Deliver 6), on a real database, through probe saves
// declared as the floor's are: a unique key another transaction took answers '400' with a plain
// message (no SQL), its work undone; a deadlock runs the work again, and one the database keeps undoing
// is answered '400' busy with its key freed; in an outbox push each of these is that entry's answer
// only, and the other entries are applied.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../../src/shared/contracts/envelope.js';
import { PUSH_API, type PushAnswer } from '../../../src/shared/contracts/floor/push.js';
import { idempotencyKeys } from '../../../src/server/db/schema.js';
import { RACE_MSG } from '../../../src/server/http/handler.js';
import { WORK_TRIES } from '../../../src/server/http/idempotency.js';
import type { Answer } from '../../helpers/server-app.js';
import { useApp } from '../../helpers/use-app.js';

let token: string;
let keyNo = 0;
/** Runs of each probe's work, by the probe's note. */
const runs = new Map<string, number>();
const ran = (note: string) => runs.set(note, (runs.get(note) ?? 0) + 1);

/** Two works meet here once each holds its first lock (or after a short wait: PGlite runs one at a time). */
let arrived = 0;
let meet: (() => void) | null = null;
const met = new Promise<void>((resolve) => (meet = resolve));
const rendezvous = async () => {
  if (++arrived === 2) meet?.();
  await Promise.race([met, new Promise((r) => setTimeout(r, 300))]);
};

const key = () => `net-entry-${String(++keyNo).padStart(5, '0')}`;
const call = (path: string, body: unknown, keyed = true) =>
  t.raw({
    method: 'POST',
    url: `/API/api/${path}`,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, ...(keyed ? { 'idempotency-key': key() } : {}) },
  });
const push = (entries: Array<{ Call: string; Body: unknown }>) =>
  call(PUSH_API.push.path, { Entries: entries.map((e) => ({ Key: key(), ...e })) }, false);
const notes = async () =>
  (
    (await t.db.execute(sql`select note from race_probe order by note`)) as unknown as { rows: Array<{ note: string }> }
  ).rows.map((r) => r.note);
const answered = (a: Answer) => `${a.status} ${a.body.ResponseCode} ${a.body.ResponseMessage}`;

const t = useApp({
  routes(r) {
    const body = z.object({
      Note: z.string(),
      Locks: z.array(z.number()).optional(),
      Deadlock: z.boolean().optional(),
    });
    // A save whose row may already be there: the unique key another save took.
    r.post('Probe/unique', { access: 'signed-in', body, idempotent: true }, async ({ db, body: b }) => {
      ran(b.Note);
      await db.execute(sql`insert into race_probe (note) values (${`${b.Note} (work before)`}) on conflict do nothing`);
      await db.execute(sql`insert into race_probe (note) values (${b.Note})`);
      return ok(null, `Saved ${b.Note}`);
    });
    // A save taking two locks, meeting another that takes them the other way round: a deadlock.
    r.post('Probe/locks', { access: 'signed-in', body, idempotent: true }, async ({ db, body: b }) => {
      ran(b.Note);
      if (b.Deadlock) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      const [first, second] = b.Locks!;
      await db.execute(sql`select pg_advisory_xact_lock(${first!})`);
      await rendezvous();
      await db.execute(sql`select pg_advisory_xact_lock(${second!})`);
      await db.execute(sql`insert into race_probe (note) values (${b.Note})`);
      return ok(null, `Saved ${b.Note}`);
    });
  },
});

beforeAll(async () => {
  await t.db.execute(sql`create table race_probe (note text primary key)`);
  token = await t.token('admin');
});
beforeEach(async () => {
  runs.clear();
  await t.db.execute(sql`delete from race_probe`);
});

describe('a unique key another save took', () => {
  it("answers '400' with a plain message, keeps none of its work, and a replay answers the same", async () => {
    await t.db.execute(sql`insert into race_probe (note) values ('taken')`);
    for (const keyed of [false, true]) {
      const res = await call('Probe/unique', { Note: 'taken' }, keyed);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: RACE_MSG.taken, ResponseData: null });
    }
    expect(await notes()).toEqual(['taken']);
  });

  it("in a push is that entry's answer only: the entries before and after it are applied", async () => {
    await t.db.execute(sql`insert into race_probe (note) values ('taken')`);
    const res = await push([
      { Call: 'Probe/unique', Body: { Note: 'first' } },
      { Call: 'Probe/unique', Body: { Note: 'taken' } },
      { Call: 'Probe/unique', Body: { Note: 'third' } },
    ]);
    expect(res.body.ResponseCode).toBe('200');
    expect(
      (res.body.ResponseData as PushAnswer[]).map((a) => [a.Status, a.Answer.ResponseCode, a.Answer.ResponseMessage]),
    ).toEqual([
      [200, '200', 'Saved first'],
      [200, '400', RACE_MSG.taken],
      [200, '200', 'Saved third'],
    ]);
    expect(await notes()).toEqual(['first', 'first (work before)', 'taken', 'third', 'third (work before)']);
  });
});

describe('a deadlock', () => {
  it("runs the loser's work again: both saves answer '200'", async () => {
    const both = await Promise.all([
      call('Probe/locks', { Note: 'ab', Locks: [1, 2] }),
      call('Probe/locks', { Note: 'ba', Locks: [2, 1] }),
    ]);
    expect(both.map(answered)).toEqual(['200 200 Saved ab', '200 200 Saved ba']);
    expect(await notes()).toEqual(['ab', 'ba']);
    // On PostgreSQL the two met and one was undone once; PGlite takes them in turn.
    expect((runs.get('ab') ?? 0) + (runs.get('ba') ?? 0)).toBe(t.kind === 'postgres' ? 3 : 2);
  });

  it("kept up is answered '400' busy with nothing kept and its key freed (a push: that entry only)", async () => {
    const res = await t.raw({
      method: 'POST',
      url: `/API/api/Probe/locks`,
      payload: { Note: 'stuck', Deadlock: true },
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'net-stuck-0001' },
    });
    expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: RACE_MSG.busy, ResponseData: null });
    expect(runs.get('stuck')).toBe(WORK_TRIES);
    expect(
      await t.db
        .select()
        .from(idempotencyKeys)
        .where(sql`key = 'net-stuck-0001'`),
    ).toEqual([]);

    const pushed = await push([
      { Call: 'Probe/unique', Body: { Note: 'first' } },
      { Call: 'Probe/locks', Body: { Note: 'stuck', Deadlock: true } },
      { Call: 'Probe/unique', Body: { Note: 'third' } },
    ]);
    const answers = pushed.body.ResponseData as PushAnswer[];
    expect(answers.map((a) => [a.Status, a.Answer.ResponseCode, a.Answer.ResponseMessage])).toEqual([
      [200, '200', 'Saved first'],
      [200, '400', RACE_MSG.busy],
      [200, '200', 'Saved third'],
    ]);
    expect(runs.get('stuck')).toBe(2 * WORK_TRIES);
    expect(await notes()).toEqual(['first', 'first (work before)', 'third', 'third (work before)']);
    // The busy entry's key holds nothing: sent again, it runs again.
    expect(
      await t.db
        .select()
        .from(idempotencyKeys)
        .where(sql`key = ${answers[1]!.Key}`),
    ).toEqual([]);
  });
});
