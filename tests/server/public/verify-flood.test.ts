// A flood of verifications does not stop the admin screens (issue 13 item 8): with one verification
// at work at a time and the rest in line (the in-flight cap), an admin's list answers at once while
// most of the flood still waits, and every verification of the flood is answered in the end.
// PostgreSQL only: on PGlite, through inject, the flood starves the event loop's timers (see the
// README's note on PGlite under a flood); the line itself hands each slot on in a later turn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { SEED_LOGINS } from '../../../src/server/db/seed.js';
import { CARTON_API } from '../../../src/shared/contracts/carton.js';
import { listBody } from '../../helpers/factories.js';
import { appCodes, insertFactory, insertMapping, staticSeries, type Factory } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { startApp, type TestApp } from '../../helpers/server-app.js';

const FLOOD = 300;
const ON_POSTGRES = Boolean(process.env.DATABASE_URL);
let t: TestApp;
let codes: CodeMac;
let A: Factory;

beforeAll(async () => {
  if (!ON_POSTGRES) return;
  t = await startApp({ verifyMaxInFlight: 1, verifyQueue: 1000, verifyLimitPerAddress: 100_000 });
  codes = await appCodes(t);
  A = await insertFactory(t, nextPrefix());
  await insertMapping(t.db, { companyId: A.companyId, productId: A.productId, series: staticSeries(A.prefix), fromNo: 1, toNo: FLOOD });
});
afterAll(() => t?.close());

describe('under a flood of verifications', () => {
  it.skipIf(!ON_POSTGRES)('an admin list answers while most of the flood waits in line; the flood is answered whole', async () => {
    const admin = (await t.signIn(SEED_LOGINS.admin.email, SEED_LOGINS.admin.password)).token;
    let answered = 0;
    const flood = Array.from({ length: FLOOD }, (_, i) => t.raw({
      method: 'POST', url: '/API/api/ProductAuthentication/VerifyProduct', remoteAddress: '10.9.0.1',
      payload: { UID: codes.make(staticSeries(A.prefix), i + 1), verificationMode: 'Web', verificationType: 2 },
    }).then((res) => { answered++; return res; }));
    while (answered < 5) await new Promise((r) => setTimeout(r, 1));
    const list = await t.post(CARTON_API.list.path, listBody({}), admin);
    expect(list.body.ResponseCode).toBe('200');
    expect(answered).toBeLessThan(FLOOD / 2);
    const all = await Promise.all(flood);
    expect(all.every((r) => r.status === 200 && r.body.ResponseCode === '200')).toBe(true);
  }, 60_000);
});
