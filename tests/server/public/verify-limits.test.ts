// VerifyProduct's guards (routes/public/verify.ts, http/memory-limit.ts, domain/verify-reads.ts): calls
// per address per minute answer 429 with the envelope beyond the limit, other addresses unaffected and
// an IPv6 /64 counted as one; reads at work at once are capped, the rest wait in line (static codes
// waiting are looked up together, in one statement) or are told to try again. The guards themselves
// with a clock and work of their own (a burst through inject does not overlap reliably).
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryWindow } from '../../../src/server/http/memory-limit.js';
import { VerifyBusy, VerifyReads } from '../../../src/server/domain/verify-reads.js';
import { appCodes, insertFactory, insertMapping, staticSeries } from '../../helpers/factories-pairs.js';
import { insertReference, nextPrefix } from '../../helpers/factories-sites.js';
import { SEED_LOGINS } from '../../../src/server/db/seed.js';
import { VERIFY_MSG } from '../../../src/shared/contracts/public/verify.js';
import { freshWindow } from '../../helpers/rate-window.js';
import { startApp, type TestApp } from '../../helpers/server-app.js';
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
      // A code that passes its MAC (a forged one is refused before any read, so it never waits).
      const UID = (await appCodes(full)).make(staticSeries('ZZ'), 7);
      const res = await full.raw({
        method: 'POST',
        url: '/API/api/ProductAuthentication/VerifyProduct',
        payload: { UID },
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

/** A new company's factory, its static numbers 1 to 100 mapped to `batchNo`. */
async function mappedFactory(app: TestApp, batchNo: string) {
  const f = await insertFactory(app, nextPrefix());
  await insertMapping(app.db, {
    companyId: f.companyId,
    productId: f.productId,
    series: staticSeries(f.prefix),
    fromNo: 1,
    toNo: 100,
    batchNo,
  });
  return f;
}

describe('the guards', () => {
  it('a window counts per key and starts again with the next window', () => {
    let now = 60_000;
    const w = new MemoryWindow(2, 60, 3, () => now);
    expect([w.hit('a'), w.hit('a'), w.hit('a'), w.hit('b')]).toEqual([false, false, true, false]);
    expect([w.hit('c'), w.hit('d')]).toEqual([false, true]); // the window holds at most 3 keys
    now += 60_000;
    expect([w.hit('a'), w.hit('d')]).toEqual([false, false]);
  });

  it('a genuine static code costs two statements: its lookup (with everything the answer shows) and its group insert', async () => {
    const statements: string[] = [];
    const app = await startApp({ onQuery: (q) => statements.push(q), verifyLimitPerAddress: 1000 });
    try {
      await insertReference(app.db);
      const f = await mappedFactory(app, 'TWO-1');
      const codes = await appCodes(app);
      const verify = (n: number) =>
        app.raw({
          method: 'POST',
          url: '/API/api/ProductAuthentication/VerifyProduct',
          payload: { UID: codes.make(staticSeries(f.prefix), n), UsrState: 'Maharashtra' },
          remoteAddress: '10.9.0.1',
        });
      expect((await verify(1)).body.ResponseCode).toBe('200'); // the first also loads the series' routes
      statements.length = 0;
      const second = await verify(2);
      expect(second.body).toMatchObject({ ResponseCode: '200', ResponseData: { BatchNo: 'TWO-1' } });
      expect(statements.map((q) => q.slice(0, 40))).toEqual([
        expect.stringMatching(/^select/),
        expect.stringMatching(/^insert into "verifications"/),
      ]);
      expect(statements[0]).toContain('with ordinality as c(');
    } finally {
      await app.close();
    }
  }, 60_000);

  it('the line serves in arrival order, looks the static codes waiting up together, and refuses past its length', async () => {
    const statements: string[] = [];
    const app = await startApp({ onQuery: (q) => statements.push(q) });
    try {
      await insertReference(app.db);
      const f = await mappedFactory(app, 'LINE-1');
      // A second company's factory, mapped the same, and a prefix no site has (its codes route nowhere).
      const g = await mappedFactory(app, 'LINE-2');
      const codes = await appCodes(app);
      const code = (n: number, prefix = f.prefix) => codes.check(codes.make(staticSeries(prefix), n))!;
      const lookups = () => statements.filter((q) => q.includes('with ordinality as c(')).length;
      const db = app.db;
      const reads = new VerifyReads(db, { maxInFlight: 1, maxRows: 50, queue: 5 });
      const order: string[] = [];
      let release!: () => void;
      const first = reads.alone(() => new Promise<string>((go) => (release = () => go('first'))));
      const second = reads.alone(async () => (order.push('second'), 'second'));
      // Four codes wait behind them: three mapped (one of them twice), one beyond the mapping.
      const waiting = [5, 6, 5, 101].map((n) => reads.lookup(code(n), 'Maharashtra', '2026-11-29'));
      await expect(reads.lookup(code(7), null, '2026-11-29')).rejects.toBeInstanceOf(VerifyBusy);
      release();
      expect(await Promise.all([first, second])).toEqual(['first', 'second']);
      const found = await Promise.all(waiting);
      expect(
        found.map((r) => (r.found?.state === 'mapped' ? [r.found.serial, r.found.mapping.batchNo] : null)),
      ).toEqual([[5, 'LINE-1'], [6, 'LINE-1'], [5, 'LINE-1'], null]);
      expect(found[0]!.details.product?.id).toBe(f.productId);
      expect(order).toEqual(['second']);
      // The four codes waiting went as one statement; a code asked alone, as one more.
      expect(lookups()).toBe(1);
      expect(await reads.lookup(code(8), null, '2026-11-29')).toMatchObject({ found: { state: 'mapped', serial: 8 } });
      expect(lookups()).toBe(2);
      // Codes of two companies waiting together: one statement a company, each code its own answer.
      let hold!: () => void;
      const held = reads.alone(() => new Promise<void>((go) => (hold = go)));
      const mixed = [
        reads.lookup(code(9), null, '2026-11-29'),
        reads.lookup(code(9, g.prefix), null, '2026-11-29'),
        reads.lookup(code(10), null, '2026-11-29'),
      ];
      hold();
      await held;
      expect(
        (await Promise.all(mixed)).map((r) => (r.found?.state === 'mapped' ? r.found.mapping.batchNo : null)),
      ).toEqual(['LINE-1', 'LINE-2', 'LINE-1']);
      expect(lookups()).toBe(4);
      // A series no company holds: no statement, nothing found (the general path answers it).
      expect(await reads.lookup(code(9, 'QQ'), null, '2026-11-29')).toMatchObject({ found: null });
      expect(lookups()).toBe(4);
    } finally {
      await app.close();
    }
  }, 60_000);
});
