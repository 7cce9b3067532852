// Races on the points ledger (issue 25, Deliver 6), on a real database: N contests fired at once. Two
// verifications of one pack with details both verify and one of them earns (one ledger row); two
// redemption submits of one farmer: one request, the other told one waits (or the balance); an admin
// accepting one request twice: accepted once. Never a 500. On PostgreSQL the calls overlap; PGlite
// takes them in turn.
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { POINTS_API, POINTS_MSG } from '../../../src/shared/contracts/loyalty/points.js';
import type { VerifyAnswer } from '../../../src/shared/contracts/public/verify.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { pointEntries, redemptionRequests } from '../../../src/server/db/schema.js';
import { fetchGet, send } from '../../helpers/endpoint-call.js';
import { farmer, loyaltyFactory, masterScheme, saveScheme, verifyFrom } from '../../helpers/factories-loyalty.js';
import { appCodes, insertMapping, staticSeries, type Factory } from '../../helpers/factories-pairs.js';
import { insertReference, nextPrefix } from '../../helpers/factories-sites.js';
import type { Answer } from '../../helpers/server-app.js';
import { useApp } from '../../helpers/use-app.js';

let N = 20;
const t = useApp();
let codes: CodeMac;
let A: Factory;
let serial = 0;
const S = (n: number) => codes.make(staticSeries(A.prefix), n);
const HERE = 'Aalpha Pradesh';
const mobile = (i: number) => `98765${String(10_000 + i).slice(-5)}`;
const seen = (pair: Answer[]) =>
  pair.map((a) => `${a.status} ${a.body.ResponseCode} ${a.body.ResponseMessage}`).join(' | ');

/** Both HTTP 200, one '200' and one '400': the index of the winner. */
function winnerOf(pair: Answer[]): 0 | 1 {
  expect(
    pair.map((a) => a.status),
    seen(pair),
  ).toEqual([200, 200]);
  expect(pair.map((a) => a.body.ResponseCode).sort(), seen(pair)).toEqual(['200', '400']);
  return pair[0]!.body.ResponseCode === '200' ? 0 : 1;
}

/** A farmer's genuine verification of a fresh pack that earned 10 points: its FeedbackId. */
async function earned(i: number): Promise<VerifyAnswer['FeedbackId']> {
  const res = await verifyFrom(t, S(++serial), HERE, farmer(mobile(i)));
  expect(res.body.ResponseData, res.body.ResponseMessage).toMatchObject({ LoyaltyPoints: 10 });
  return (res.body.ResponseData as VerifyAnswer).FeedbackId;
}

const redeem = (UsrId: unknown, MobNo: string) =>
  send(t, POINTS_API.redeem, {
    UsrId,
    MobNo,
    Points: 10,
    Totalpoints: 10,
    ProductName: A.productName,
    SchemeName: 'Kharif',
    PaytmPoint: 10,
    Location: HERE,
    UserName: 'Sita Devi',
  });

beforeAll(async () => {
  if (t.kind === 'pglite') N = 6;
  await insertReference(t.db);
  codes = await appCodes(t);
  A = await loyaltyFactory(t, nextPrefix());
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 1,
    toNo: 400,
    batchNo: 'KH-1',
  });
  expect(await saveScheme(t, A, masterScheme(A, { SchemeName: 'Kharif 10', LoyaltyPoints: 10 }))).toMatchObject({
    ResponseCode: '200',
  });
}, 60_000);

it('two verifications of one pack with details at once: both verify, one earns, one ledger row', async () => {
  const packs = Array.from({ length: N }, () => ++serial);
  const answers = await Promise.all(
    packs.map((n, i) =>
      Promise.all([
        verifyFrom(t, S(n), HERE, farmer(mobile(2 * i))),
        verifyFrom(t, S(n), HERE, farmer(mobile(2 * i + 1))),
      ]),
    ),
  );
  for (const [i, n] of packs.entries()) {
    expect(
      answers[i]!.map((a) => `${a.status} ${a.body.ResponseCode}`),
      seen(answers[i]!),
    ).toEqual(['200 200', '200 200']);
    expect(answers[i]!.map((a) => (a.body.ResponseData as VerifyAnswer).LoyaltyPoints).sort((x, y) => x - y)).toEqual([
      0, 10,
    ]);
    const rows = await t.db
      .select({ points: pointEntries.points })
      .from(pointEntries)
      .where(eq(pointEntries.serial, n));
    expect(rows).toEqual([{ points: 10 }]);
  }
});

it('two redemption submits of one farmer at once: one request and one ledger row; the other is told', async () => {
  const farmers: Array<{ id: VerifyAnswer['FeedbackId']; mobile: string }> = [];
  for (let i = 0; i < N; i++) farmers.push({ id: await earned(100 + i), mobile: mobile(100 + i) });
  const answers = await Promise.all(farmers.map((f) => Promise.all([redeem(f.id, f.mobile), redeem(f.id, f.mobile)])));
  for (const [i, f] of farmers.entries()) {
    const w = winnerOf(answers[i]!);
    expect(answers[i]![w]!.body.ResponseMessage).toBe(POINTS_MSG.requested(10));
    expect([POINTS_MSG.pending, POINTS_MSG.overBalance(0)]).toContain(answers[i]![1 - w]!.body.ResponseMessage);
    expect(
      await t.db
        .select({ points: redemptionRequests.points })
        .from(redemptionRequests)
        .where(eq(redemptionRequests.mobile, f.mobile)),
    ).toEqual([{ points: 10 }]);
    const ledger = await t.db
      .select({ points: pointEntries.points })
      .from(pointEntries)
      .where(eq(pointEntries.mobile, f.mobile));
    expect(ledger.map((r) => r.points).sort((x, y) => x - y)).toEqual([-10, 10]);
  }
});

it('an admin accepting one request twice at once: accepted once, the other is told', async () => {
  const waiting = await t.db
    .select({ id: redemptionRequests.id })
    .from(redemptionRequests)
    .where(inArray(redemptionRequests.companyId, [A.companyId]))
    .orderBy(redemptionRequests.id);
  expect(waiting.length).toBe(N);
  const accept = (id: number, remark: string) => fetchGet(t, POINTS_API.accept, { id, remark }, A.token);
  const answers = await Promise.all(
    waiting.map((r) => Promise.all([accept(r.id, 'Paid first'), accept(r.id, 'Paid again')])),
  );
  for (const [i, r] of waiting.entries()) {
    const w = winnerOf(answers[i]!);
    expect(answers[i]![w]!.body.ResponseMessage).toBe(POINTS_MSG.accepted);
    expect(answers[i]![1 - w]!.body.ResponseMessage).toBe(POINTS_MSG.alreadyAccepted);
    const [row] = await t.db
      .select({ remark: redemptionRequests.remark })
      .from(redemptionRequests)
      .where(eq(redemptionRequests.id, r.id));
    expect(row!.remark).toBe(w === 0 ? 'Paid first' : 'Paid again');
  }
});
