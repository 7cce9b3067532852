// The FeedbackId binds the feedback and a redemption to the visitor who verified (issue 25 item 7), on
// PGlite and PostgreSQL: a stranger who verified the pack next door and tries the neighbouring
// verification's sequential id (as a number, as text) or a random string writes no feedback, sees no
// points and redeems nothing ('400' with a clear message); the real visitor's feedback and
// redemption are then taken.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, redemptionRequests, verifications } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { POINTS_API, POINTS_MSG } from '../../../src/shared/contracts/loyalty/points.js';
import type { VerifyAnswer } from '../../../src/shared/contracts/public/verify.js';
import { send } from '../../helpers/endpoint-call.js';
import { farmer, loyaltyFactory, masterScheme, saveScheme, verifyFrom } from '../../helpers/factories-loyalty.js';
import { appCodes, insertMapping, staticSeries, type Factory } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';
import { verificationOf } from '../../helpers/feedback-id.js';

const t = useApp();
let codes: CodeMac;
let A: Factory;
const S = (n: number) => codes.make(staticSeries(A.prefix), n);
const HERE = 'Maharashtra';
const STRANGER = '9876522001';
const FARMER = '9876522002';

const feedback = (FeedbackId: unknown, UsrFeedback: string) =>
  send(t, POINTS_API.feedback, { FeedbackId, UsrFeedback });
const redeem = (UsrId: unknown, MobNo: string, Points: number) =>
  send(t, POINTS_API.redeem, {
    UsrId,
    MobNo,
    Points,
    Totalpoints: 10,
    ProductName: A.productName,
    SchemeName: 'Kharif',
    PaytmPoint: Points,
    Location: HERE,
    UserName: 'Sita Devi',
  });
const mine = (UsrId: unknown, MobNo: string) => send(t, POINTS_API.mine, { UsrId, MobNo });
const rowOf = async (feedbackId: string) =>
  (await t.db.select().from(verifications).where(verificationOf(feedbackId)))[0]!;
const requestsOf = (mobile: string) =>
  t.db
    .select()
    .from(redemptionRequests)
    .where(and(eq(redemptionRequests.companyId, A.companyId), eq(redemptionRequests.mobile, mobile)));

/** A verification with details that earned the scheme's 10 points: its FeedbackId. */
async function verified(n: number, mobile: string): Promise<string> {
  const res = await verifyFrom(t, S(n), HERE, farmer(mobile));
  expect(res.body.ResponseData).toMatchObject({ LoyaltyPoints: 10 });
  return (res.body.ResponseData as VerifyAnswer).FeedbackId;
}

beforeAll(async () => {
  codes = await appCodes(t);
  A = await loyaltyFactory(t, nextPrefix());
  await t.db
    .update(products)
    .set({ config: { IsFeedback: true } })
    .where(eq(products.id, A.productId));
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 1,
    toNo: 100,
  });
  expect(await saveScheme(t, A, masterScheme(A, { LoyaltyPoints: 10 }))).toMatchObject({ ResponseCode: '200' });
}, 60_000);

describe('a guessed FeedbackId', () => {
  it("writes no feedback and redeems nothing; then the real visitor's feedback and redemption are taken", async () => {
    const farmers = await verified(2, FARMER);
    const strangers = await verified(3, STRANGER);
    // The stranger knows their own verification's row id and counts back to the farmer's, next to it.
    const neighbour = (await rowOf(strangers)).id - 1;
    expect(neighbour).toBe((await rowOf(farmers)).id);
    const unknown = { ResponseCode: '400', ResponseMessage: POINTS_MSG.feedbackUnknown, ResponseData: null };
    // Its row id with a secret of its own, or with the stranger's own secret, opens nothing either.
    const guesses: unknown[] = [
      neighbour,
      String(neighbour),
      randomBytes(16).toString('base64url'),
      'x'.repeat(22),
      '',
      `${neighbour}.${randomBytes(16).toString('base64url')}`,
      `${neighbour}.${strangers.split('.')[1]}`,
      `${neighbour}.`,
    ];
    for (const guess of guesses) {
      expect((await feedback(guess, 'Fake complaint')).body, String(guess)).toEqual(unknown);
      expect((await redeem(guess, FARMER, 10)).body, String(guess)).toMatchObject({
        ResponseCode: '400',
        ResponseMessage: POINTS_MSG.notYours,
      });
      expect((await mine(guess, FARMER)).body, String(guess)).toMatchObject({
        ResponseCode: '400',
        ResponseMessage: POINTS_MSG.notYours,
      });
    }
    // The stranger's own FeedbackId does not open the farmer's points either (it is bound to its mobile).
    expect((await redeem(strangers, FARMER, 10)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: POINTS_MSG.notYours,
    });
    expect((await rowOf(farmers)).feedback).toBeNull();
    expect(await requestsOf(FARMER)).toEqual([]);

    expect((await feedback(farmers, 'Worked well on cotton')).body).toEqual({
      ResponseCode: '200',
      ResponseMessage: POINTS_MSG.feedbackSaved,
      ResponseData: null,
    });
    expect((await rowOf(farmers)).feedback).toBe('Worked well on cotton');
    expect((await feedback(farmers, 'Again')).body.ResponseMessage).toBe(POINTS_MSG.feedbackGiven);
    expect((await mine(farmers, FARMER)).body).toMatchObject({ ResponseCode: '200', ResponseData: { Balance: 10 } });
    expect((await redeem(farmers, FARMER, 10)).body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: POINTS_MSG.requested(10),
    });
    expect(await requestsOf(FARMER)).toMatchObject([{ points: 10, verificationId: (await rowOf(farmers)).id }]);
  });
});
