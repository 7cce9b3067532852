// Idempotency keys on a real database (PGlite, and PostgreSQL with DATABASE_URL): a replay gets the
// first answer and changes nothing, another body under the key is 422, a key in flight is 409 (on
// PostgreSQL; PGlite is one connection, so a second request waits and gets the replay), a refusal rolls
// its work back and is kept as the answer, a failure frees the key, old keys are purged.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ok, warn } from '../../src/shared/contracts/envelope.js';
import { idempotencyKeys } from '../../src/server/db/schema.js';
import {
  idempotent,
  IDEMPOTENCY_MSG,
  purgeIdempotencyKeys,
  requestHash,
  type Work,
} from '../../src/server/http/idempotency.js';
import { useApp } from '../helpers/use-app.js';

let admin: number;
let other: number;
const ROUTE = 'POST SecondaryPacking/save';
const KEY = '4f1c2a9e-7b3d-4c61-9a0e-2d5b8f7c1e30';
let calls = 0;

/** Rows of a raw query (PGlite's and node-postgres's results both carry `rows`). */
const rowsOf = async <T>(result: Promise<unknown>) => ((await result) as { rows: T[] }).rows;

const t = useApp({
  routes(r) {
    // A floor save in miniature, declared as the real ones are.
    r.post(
      'Probe/save',
      { access: 'signed-in', body: z.object({ Note: z.string().min(1, 'Note please.') }), idempotent: true },
      async ({ db, body }) => {
        await db.execute(sql`insert into idem_work (note) values (${body.Note})`);
        return body.Note === 'refuse' ? warn('Carton Full', [{ Item: 'PID7' }]) : ok([{ Note: body.Note }], 'Saved');
      },
    );
  },
});

beforeAll(async () => {
  await t.db.execute(sql`create table idem_work (id serial primary key, note text not null)`);
  const ids = await rowsOf<{ id: number }>(t.db.execute(sql`select id from users order by id limit 2`));
  [admin, other] = ids.map((r) => Number(r.id)) as [number, number];
});
beforeEach(async () => {
  calls = 0;
  await t.db.execute(sql`delete from idem_work`);
  await t.db.delete(idempotencyKeys);
});

const notes = async () =>
  (await rowsOf<{ note: string }>(t.db.execute(sql`select note from idem_work order by id`))).map((r) => r.note);

/** Saves one row; answers its note and id. */
const save =
  (note: string): Work =>
  async (tx) => {
    calls += 1;
    const [row] = await rowsOf<{ id: number }>(
      tx.execute(sql`insert into idem_work (note) values (${note}) returning id`),
    );
    return ok([{ Note: note, Id: Number(row!.id) }], 'Saved');
  };

describe('a floor save with an Idempotency-Key', () => {
  it('answers a replay with the first answer and changes nothing', async () => {
    const body = { CartonSizeId: 3, Items: ['A', 'B'] };
    const first = await idempotent(
      t.db,
      { userId: admin, companyId: null, key: KEY, route: ROUTE, body },
      save('carton 1'),
    );
    expect(first.status).toBe(200);
    expect(first.envelope.ResponseMessage).toBe('Saved');
    // The same body with its keys in another order is the same request.
    const again = await idempotent(
      t.db,
      { userId: admin, companyId: null, key: KEY, route: ROUTE, body: { Items: ['A', 'B'], CartonSizeId: 3 } },
      save('carton 1 again'),
    );
    expect(again).toEqual(first);
    expect(calls).toBe(1);
    expect(await notes()).toEqual(['carton 1']);
  });

  it('refuses the key with another body (422) or on another route, and runs nothing', async () => {
    await idempotent(
      t.db,
      { userId: admin, companyId: null, key: KEY, route: ROUTE, body: { Items: ['A'] } },
      save('first'),
    );
    const changed = await idempotent(
      t.db,
      { userId: admin, companyId: null, key: KEY, route: ROUTE, body: { Items: ['A', 'C'] } },
      save('second'),
    );
    expect(changed).toEqual({
      status: 422,
      envelope: { ResponseCode: '422', ResponseMessage: IDEMPOTENCY_MSG.changed, ResponseData: null },
    });
    const elsewhere = await idempotent(
      t.db,
      { userId: admin, companyId: null, key: KEY, route: 'POST TertiaryPacking/save', body: { Items: ['A'] } },
      save('third'),
    );
    expect(elsewhere.status).toBe(422);
    expect(await notes()).toEqual(['first']);
  });

  it("keeps each caller's keys apart", async () => {
    await idempotent(t.db, { userId: admin, companyId: null, key: KEY, route: ROUTE, body: {} }, save('admin'));
    const theirs = await idempotent(
      t.db,
      { userId: other, companyId: null, key: KEY, route: ROUTE, body: { Other: 1 } },
      save('other user'),
    );
    expect(theirs.status).toBe(200);
    expect(await notes()).toEqual(['admin', 'other user']);
  });

  it('works as the spec client expects without a key: every call runs', async () => {
    for (const n of ['one', 'two'])
      expect(
        (await idempotent(t.db, { userId: admin, companyId: null, key: undefined, route: ROUTE, body: {} }, save(n)))
          .status,
      ).toBe(200);
    expect(await notes()).toEqual(['one', 'two']);
  });

  it.each(['short', 'has space in it', 'x'.repeat(65), 'quote"d-key-123'])(
    'refuses the malformed key %j (400) and runs nothing',
    async (key) => {
      const res = await idempotent(
        t.db,
        { userId: admin, companyId: null, key, route: ROUTE, body: {} },
        save('never'),
      );
      expect(res).toEqual({
        status: 400,
        envelope: { ResponseCode: '400', ResponseMessage: IDEMPOTENCY_MSG.invalid, ResponseData: null },
      });
      expect(calls).toBe(0);
    },
  );

  it('rolls a refused save back and answers its replay with the same refusal, without running it again', async () => {
    const refuse: Work = async (tx) => {
      calls += 1;
      await tx.execute(sql`insert into idem_work (note) values ('half')`);
      return warn('Carton Full', [{ Item: 'PID42' }]);
    };
    const first = await idempotent(
      t.db,
      { userId: admin, companyId: null, key: KEY, route: ROUTE, body: { Items: ['PID42'] } },
      refuse,
    );
    expect(first).toEqual({
      status: 200,
      envelope: { ResponseCode: '400', ResponseMessage: 'Carton Full', ResponseData: [{ Item: 'PID42' }] },
    });
    expect(await notes()).toEqual([]);
    expect(
      await idempotent(
        t.db,
        { userId: admin, companyId: null, key: KEY, route: ROUTE, body: { Items: ['PID42'] } },
        refuse,
      ),
    ).toEqual(first);
    expect(calls).toBe(1);
  });

  it('frees the key when the work fails without an answer, so a retry runs anew', async () => {
    const broken: Work = async (tx) => {
      await tx.execute(sql`insert into idem_work (note) values ('lost')`);
      throw new Error('connection reset');
    };
    await expect(
      idempotent(t.db, { userId: admin, companyId: null, key: KEY, route: ROUTE, body: {} }, broken),
    ).rejects.toThrow('connection reset');
    const retry = await idempotent(
      t.db,
      { userId: admin, companyId: null, key: KEY, route: ROUTE, body: {} },
      save('retried'),
    );
    expect(retry.status).toBe(200);
    expect(await notes()).toEqual(['retried']);
  });

  it('answers 409 for a key whose first request is still at work (PostgreSQL); PGlite makes the second wait and replays', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const slow: Work = async (tx) => {
      await tx.execute(sql`insert into idem_work (note) values ('slow')`);
      started();
      await gate;
      return ok([{ Note: 'slow' }], 'Saved');
    };
    const first = idempotent(t.db, { userId: admin, companyId: null, key: KEY, route: ROUTE, body: {} }, slow);
    await running;
    const second = idempotent(
      t.db,
      { userId: admin, companyId: null, key: KEY, route: ROUTE, body: {} },
      save('never'),
    );
    if (t.kind === 'postgres') {
      expect(await second).toEqual({
        status: 409,
        envelope: { ResponseCode: '409', ResponseMessage: IDEMPOTENCY_MSG.inFlight, ResponseData: null },
      });
      release();
      expect((await first).status).toBe(200);
    } else {
      release();
      const [a, b] = await Promise.all([first, second]);
      expect(b).toEqual(a);
    }
    expect(calls).toBe(0);
    expect(await notes()).toEqual(['slow']);
  });

  it('takes over a claim its server died holding (older than two minutes), for the same request only', async () => {
    const body = { Items: ['A'] };
    const stale = {
      userId: admin,
      companyId: 0,
      key: KEY,
      route: ROUTE,
      state: 'in-flight',
      claimedAt: new Date(Date.now() - 10 * 60_000),
    };
    await t.db.insert(idempotencyKeys).values({ ...stale, requestHash: requestHash(ROUTE, body) });
    expect(
      (await idempotent(t.db, { userId: admin, companyId: null, key: KEY, route: ROUTE, body }, save('taken over')))
        .status,
    ).toBe(200);
    expect(await notes()).toEqual(['taken over']);

    const KEY2 = `${KEY.slice(0, -1)}1`;
    await t.db
      .insert(idempotencyKeys)
      .values({ ...stale, key: KEY2, requestHash: requestHash(ROUTE, { Items: ['B'] }) });
    expect(
      (await idempotent(t.db, { userId: admin, companyId: null, key: KEY2, route: ROUTE, body }, save('no'))).status,
    ).toBe(422);
    // A fresh claim is not taken over: the request may still be at work.
    const KEY3 = `${KEY.slice(0, -1)}3`;
    await t.db
      .insert(idempotencyKeys)
      .values({ ...stale, key: KEY3, claimedAt: new Date(), requestHash: requestHash(ROUTE, body) });
    expect(
      (await idempotent(t.db, { userId: admin, companyId: null, key: KEY3, route: ROUTE, body }, save('no'))).status,
    ).toBe(409);
    expect(await notes()).toEqual(['taken over']);
  });

  it('keeps keys for 30 days, then forgets them', async () => {
    const now = new Date();
    const row = (key: string, days: number) => ({
      userId: admin,
      companyId: 0,
      key,
      route: ROUTE,
      requestHash: 'h',
      state: 'done',
      claimedAt: now,
      createdAt: new Date(now.getTime() - days * 86_400_000),
    });
    await t.db.insert(idempotencyKeys).values([row('key-29-days', 29), row('key-31-days', 31)]);
    expect(await purgeIdempotencyKeys(t.db, now)).toBe(1);
    expect((await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).map((r) => r.key)).toEqual([
      'key-29-days',
    ]);
  });
});

describe('a route declared idempotent', () => {
  let token: string;
  beforeAll(async () => {
    token = await t.token('admin');
  });
  const send = (body: object, key?: string, auth = true) =>
    t.raw({
      method: 'POST',
      url: '/API/api/Probe/save',
      headers: {
        ...(auth ? { authorization: `Bearer ${token}` } : {}),
        ...(key === undefined ? {} : { 'idempotency-key': key }),
      },
      payload: body,
    });

  it('answers a replayed request with its first answer, and saves once', async () => {
    const first = await send({ Note: 'carton 9' }, KEY);
    expect([first.status, first.body]).toEqual([
      200,
      { ResponseCode: '200', ResponseMessage: 'Saved', ResponseData: [{ Note: 'carton 9' }] },
    ]);
    const again = await send({ Note: 'carton 9' }, KEY);
    expect([again.status, again.body]).toEqual([first.status, first.body]);
    expect(await notes()).toEqual(['carton 9']);
  });

  it('answers HTTP 422 for the key with another body, 400 for a malformed key, and saves nothing more', async () => {
    await send({ Note: 'carton 9' }, KEY);
    const changed = await send({ Note: 'carton 10' }, KEY);
    expect([changed.status, changed.body.ResponseCode, changed.body.ResponseMessage]).toEqual([
      422,
      '422',
      IDEMPOTENCY_MSG.changed,
    ]);
    const malformed = await send({ Note: 'carton 11' }, 'no good');
    expect([malformed.status, malformed.body.ResponseMessage]).toEqual([400, IDEMPOTENCY_MSG.invalid]);
    expect(await notes()).toEqual(['carton 9']);
  });

  it('rolls a refused save back, and answers its replay with the refusal', async () => {
    const first = await send({ Note: 'refuse' }, KEY);
    expect([first.status, first.body]).toEqual([
      200,
      { ResponseCode: '400', ResponseMessage: 'Carton Full', ResponseData: [{ Item: 'PID7' }] },
    ]);
    expect((await send({ Note: 'refuse' }, KEY)).body).toEqual(first.body);
    expect(await notes()).toEqual([]);
  });

  it('checks sign-in and the contract before the key: a refused body does not use it up', async () => {
    expect((await send({ Note: 'x' }, KEY, false)).status).toBe(401);
    const invalid = await send({ Note: '' }, KEY);
    expect([invalid.status, invalid.body.ResponseCode, invalid.body.ResponseMessage]).toEqual([
      200,
      '400',
      'Note please.',
    ]);
    expect((await send({ Note: 'after' }, KEY)).body.ResponseMessage).toBe('Saved');
    expect(await notes()).toEqual(['after']);
  });

  it('saves every call without a key, as the spec client expects', async () => {
    await send({ Note: 'one' });
    await send({ Note: 'one' });
    expect(await notes()).toEqual(['one', 'one']);
  });
});
