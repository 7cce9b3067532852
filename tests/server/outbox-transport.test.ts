// The outbox's transport and drainer against the real server (a floor save in miniature declared
// idempotent, as the real ones are) and the device database (fake-indexeddb): the key makes a resend
// harmless, a refused token is refreshed once for every context at the same time, a lost sign-in
// waits, no server means try again.
import 'fake-indexeddb/auto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ok, warn } from '../../src/shared/contracts/envelope.js';
import { storedTokens } from '../../src/client/api/token-refresh.js';
import { FieldtraceDb } from '../../src/client/offline/db.js';
import { newEntry, type OutboxEntry } from '../../src/client/offline/outbox-entry.js';
import { outboxTransport } from '../../src/client/offline/outbox-transport.js';
import { drainOutbox, type Send } from '../../src/client/offline/outbox.js';
import type { Session } from '../helpers/server-app.js';
import { useApp } from '../helpers/use-app.js';
import { LOGIN_API } from '../../src/shared/contracts/auth.js';

let origin: string;
let device: FieldtraceDb;
let session: Session;

const rowsOf = async <T>(result: Promise<unknown>) => ((await result) as { rows: T[] }).rows;
const saved = async () =>
  (await rowsOf<{ note: string }>(t.db.execute(sql`select note from probe_cartons order by id`))).map((r) => r.note);

const t = useApp({
  // No grace for a spent refresh token: two contexts refreshing with the same one end the sign-in.
  refreshGraceSeconds: 0,
  routes(r) {
    r.post(
      'Probe/pack',
      { access: 'signed-in', body: z.object({ Note: z.string() }), idempotent: true },
      async ({ db, body }) => {
        await db.execute(sql`insert into probe_cartons (note) values (${body.Note})`);
        if (body.Note.startsWith('crash')) throw new Error('the database went away');
        return body.Note.startsWith('refuse')
          ? warn('already Scanned', [{ Item: body.Note }])
          : ok([{ Note: body.Note }], 'Saved');
      },
    );
  },
});

beforeAll(async () => {
  await t.db.execute(sql`create table probe_cartons (id serial primary key, note text not null)`);
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  device = new FieldtraceDb();
  await device.open();
});
afterAll(() => device?.close());
beforeEach(async () => {
  await t.db.execute(sql`delete from probe_cartons`);
  await device.outbox.clear();
  session = await t.signIn('admin@example.com', 'Admin123');
  await device.kv.put({
    key: 'session',
    value: { UserName: 'Admin', Token: session.token, RefreshToken: session.refreshToken },
  });
});

const entry = (note: string, id = `entry-${note.replace(/\W+/g, '-')}`) =>
  newEntry({ endpoint: 'Probe/pack', payload: { Note: note }, label: note, userId: 1 }, Date.now(), id);

/** One entry alone in its push, and its outcome. */
const one = async (send: Send, e: OutboxEntry) => (await send([e]))[0]!;

describe('the outbox transport', () => {
  const transport = () => outboxTransport({ origin });

  it('sends the entry with its key: a resend is answered the same and saves nothing more', async () => {
    const e = entry('carton 1');
    const first = await one(transport(), e);
    expect(first).toEqual({
      kind: 'answered',
      answer: { code: '200', message: 'Saved', data: [{ Note: 'carton 1' }] },
    });
    expect(await one(transport(), e)).toEqual(first);
    expect(await saved()).toEqual(['carton 1']);
  });

  it("brings the server's refusal back as final, with its items", async () => {
    expect(await one(transport(), entry('refuse PID9'))).toEqual({
      kind: 'answered',
      answer: { code: '400', message: 'already Scanned', data: [{ Item: 'refuse PID9' }] },
    });
    expect(await saved()).toEqual([]);
  });

  it('refreshes a refused access token once, stores the new pair, and sends', async () => {
    await storedTokens.write({ Token: 'expired-token', RefreshToken: session.refreshToken });
    expect((await one(transport(), entry('carton 2'))).kind).toBe('answered');
    const stored = await storedTokens.read();
    expect(stored?.Token).not.toBe('expired-token');
    expect(stored?.RefreshToken).not.toBe(session.refreshToken);
    expect(await saved()).toEqual(['carton 2']);
  });

  it('lets the page and the worker meet a refused token together: one refresh, the sign-in lives on', async () => {
    await storedTokens.write({ Token: 'expired-token', RefreshToken: session.refreshToken });
    const [a, b] = await Promise.all([one(transport(), entry('page')), one(transport(), entry('worker'))]);
    expect([a.kind, b.kind]).toEqual(['answered', 'answered']);
    expect((await saved()).sort()).toEqual(['page', 'worker']);
    // The stored refresh token is the live one: it refreshes again (a second, racing refresh would
    // have spent it and, past the grace time, ended the sign-in).
    const refreshed = await t.send(LOGIN_API.refresh, { RefreshToken: (await storedTokens.read())!.RefreshToken });
    expect(refreshed.body.ResponseCode).toBe('200');
  });

  it('asks for a sign-in, sending nothing, when the refresh is refused or no one is signed in', async () => {
    await storedTokens.write({ Token: 'expired-token', RefreshToken: 'not-a-refresh-token' });
    expect(await one(transport(), entry('carton 3'))).toEqual({
      kind: 'signin',
      answer: { code: '401', message: 'Please sign in again.', data: null },
    });
    await device.kv.delete('session');
    expect((await one(transport(), entry('carton 3'))).kind).toBe('signin');
    expect(await saved()).toEqual([]);
  });

  it('tries again later when there is no server to answer', async () => {
    const down = outboxTransport({ origin: 'http://127.0.0.1:9' });
    expect(await one(down, entry('carton 4'))).toEqual({
      kind: 'retry',
      answer: { code: '0', message: 'No network connection.', data: null },
    });
  });
});

describe('the drainer with the transport', () => {
  it('empties the queue in order against the server: done, rejected with its reason, done', async () => {
    await device.outbox.bulkAdd([entry('c1'), entry('refuse c2'), entry('c3')]);
    expect(await drainOutbox({ db: device, send: outboxTransport({ origin }) })).toEqual({ done: 2, rejected: 1 });
    expect((await device.outbox.orderBy(':id').toArray()).map((e) => [e.label, e.status, e.answer?.message])).toEqual([
      ['c1', 'done', 'Saved'],
      ['refuse c2', 'rejected', 'already Scanned'],
      ['c3', 'done', 'Saved'],
    ]);
    expect(await saved()).toEqual(['c1', 'c3']);
  });

  it('sends the queue in pushes of at most the batch size, in order', async () => {
    await device.outbox.bulkAdd(['p1', 'p2', 'p3', 'p4', 'p5'].map((n) => entry(n)));
    const pushes: number[] = [];
    const transport = outboxTransport({ origin });
    const counted: Send = (batch) => (pushes.push(batch.length), transport(batch));
    expect(await drainOutbox({ db: device, send: counted, batchSize: 2 })).toEqual({ done: 5, rejected: 0 });
    expect(pushes).toEqual([2, 2, 1]);
    expect(await saved()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
  });

  it('keeps nothing of a push whose work failed (no answer): every entry waits to go again', async () => {
    await device.outbox.bulkAdd([entry('c1'), entry('crash c2'), entry('c3')]);
    expect(await drainOutbox({ db: device, send: outboxTransport({ origin }) })).toMatchObject({
      done: 0,
      rejected: 0,
      stopped: 'retry',
    });
    expect(await saved()).toEqual([]);
    expect((await device.outbox.orderBy(':id').toArray()).map((e) => [e.label, e.status, e.attempts])).toEqual([
      ['c1', 'pending', 1],
      ['crash c2', 'pending', 0],
      ['c3', 'pending', 0],
    ]);
  });
});
