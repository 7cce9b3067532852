// VerifyProduct's guards (routes/public/verify.ts, http/memory-limit.ts): calls per address per minute
// answer 429 with the envelope beyond the limit, other addresses unaffected and an IPv6 /64 counted as
// one; calls at work at once are capped, the rest wait in line or are told to try again. The guards
// themselves with a clock and work of their own (a burst through inject does not overlap reliably).
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryWindow, Slots } from '../../../src/server/http/memory-limit.js';
import { SEED_LOGINS } from '../../../src/server/db/seed.js';
import { VERIFY_MSG } from '../../../src/shared/contracts/public/verify.js';
import { freshWindow } from '../../helpers/rate-window.js';
import { startApp } from '../../helpers/server-app.js';
import { useApp } from '../../helpers/use-app.js';
import { ME_API } from '../../../src/shared/contracts/auth.js';
import { send } from '../../helpers/endpoint-call.js';

const PER_ADDRESS = 5;

const t = useApp({ verifyLimitPerAddress: PER_ADDRESS });

beforeAll(async () => {}, 60_000);

const verifyFrom = (remoteAddress: string, UID = 'not a code') =>
  t.raw({ method: 'POST', url: '/API/api/ProductAuthentication/VerifyProduct', payload: { UID }, remoteAddress });

describe('per address', () => {
  it(`answers ${PER_ADDRESS} verifications a minute from one address, then 429; another address goes on`, async () => {
    await freshWindow(60);
    for (let i = 0; i < PER_ADDRESS; i++) expect((await verifyFrom('10.7.0.1')).body.ResponseCode).toBe('-1');
    expect(await verifyFrom('10.7.0.1')).toMatchObject({
      status: 429,
      body: { ResponseCode: '429', ResponseMessage: VERIFY_MSG.tooMany, ResponseData: null },
    });
    expect((await verifyFrom('10.7.0.2')).body.ResponseCode).toBe('-1');
  });

  it('counts an IPv6 /64 as one address', async () => {
    await freshWindow(60);
    for (let i = 0; i < PER_ADDRESS; i++) expect((await verifyFrom(`2001:db8:7:1::${i + 1}`)).status).toBe(200);
    expect((await verifyFrom('2001:db8:7:1:ffff::9')).status).toBe(429);
    expect((await verifyFrom('2001:db8:7:2::1')).status).toBe(200);
  });
});

describe('at work at once', () => {
  it('with no slot and no line free, a verification is told to try again (the line itself: the guards below)', async () => {
    const full = await startApp({ verifyMaxInFlight: 0, verifyQueue: 0 });
    try {
      const res = await full.raw({
        method: 'POST',
        url: '/API/api/ProductAuthentication/VerifyProduct',
        payload: { UID: 'not a code' },
        remoteAddress: '10.8.0.1',
      });
      expect(res).toMatchObject({
        status: 429,
        body: { ResponseCode: '429', ResponseMessage: VERIFY_MSG.busy, ResponseData: null },
      });
      expect(
        (
          await send(
            full,
            ME_API.menu,
            undefined,
            (await full.signIn(SEED_LOGINS.admin.email, SEED_LOGINS.admin.password)).token,
          )
        ).body.ResponseCode,
      ).toBe('200');
    } finally {
      await full.close();
    }
  }, 60_000);
});

describe('the guards', () => {
  it('a window counts per key and starts again with the next window', () => {
    let now = 60_000;
    const w = new MemoryWindow(2, 60, 3, () => now);
    expect([w.hit('a'), w.hit('a'), w.hit('a'), w.hit('b')]).toEqual([false, false, true, false]);
    expect([w.hit('c'), w.hit('d')]).toEqual([false, true]); // the window holds at most 3 keys
    now += 60_000;
    expect([w.hit('a'), w.hit('d')]).toEqual([false, false]);
  });

  it('slots serve in arrival order and hand a freed slot to the next in line', async () => {
    const s = new Slots(1, 2);
    const order: string[] = [];
    let release!: () => void;
    const first = s.run(
      () =>
        new Promise<string>((go) => {
          release = () => go('first');
        }),
      () => 'busy',
    );
    const second = s.run(
      async () => {
        order.push('second');
        return 'second';
      },
      () => 'busy',
    );
    const third = s.run(
      async () => {
        order.push('third');
        return 'third';
      },
      () => 'busy',
    );
    const fourth = s.run(
      async () => 'fourth',
      () => 'busy',
    );
    expect(await fourth).toBe('busy');
    release();
    expect(await Promise.all([first, second, third])).toEqual(['first', 'second', 'third']);
    expect(order).toEqual(['second', 'third']);
    expect(
      await s.run(
        async () => 'again',
        () => 'busy',
      ),
    ).toBe('again');
  });
});
