// Loyalty points on a real database (PGlite; PostgreSQL with DATABASE_URL): '-3' asks a visitor for
// their details when a farmer scheme pays for the pack; the verification that brings them earns the
// schemes' points, once per pack ever (a second visitor, or two at once, earn nothing more); schemes
// out of force, of another place or excluding the batch pay nothing; the balance is the ledger's sum
// and never goes below zero (over-asking, a waiting request, two submits at once); the admin sees the
// request and accepts it with a remark; feedback once; Pick Lucky Users' messages and distinct picks.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LUCKY_API, LUCKY_MSG, type LuckyRow } from '../../../src/shared/contracts/loyalty/lucky.js';
import {
  POINTS_API,
  POINTS_MSG,
  type LoyaltyRequestRow,
  type PointsAnswer,
} from '../../../src/shared/contracts/loyalty/points.js';
import { REPORT_DATE_MSG } from '../../../src/shared/contracts/report-dates.js';
import { VERIFY_MSG, type VerifyAnswer } from '../../../src/shared/contracts/public/verify.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { pointEntries, products, verifications } from '../../../src/server/db/schema.js';
import { checkData, fetchGet, send } from '../../helpers/endpoint-call.js';
import { listBody } from '../../helpers/factories.js';
import {
  designScheme,
  farmer,
  inDays,
  loyaltyFactory,
  masterScheme,
  saveScheme,
  today,
  verifyFrom,
} from '../../helpers/factories-loyalty.js';
import { appCodes, insertMapping, staticSeries, type Factory } from '../../helpers/factories-pairs.js';
import { insertReference, nextPrefix, REF } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';
import { verificationOf } from '../../helpers/feedback-id.js';

const t = useApp();
let codes: CodeMac;
let A: Factory;
let B: Factory;
let excludedBatch: number;
const S = (n: number) => codes.make(staticSeries(A.prefix), n);
const HERE = 'Aalpha Pradesh';
const ELSEWHERE = 'Bravo Pradesh';

const mine = async (UsrId: string, MobNo: string) =>
  (await send(t, POINTS_API.mine, { UsrId, MobNo })).body as {
    ResponseCode: string;
    ResponseMessage: string;
    ResponseData: PointsAnswer;
  };
const redeem = (UsrId: string, MobNo: string, Points: number) =>
  send(t, POINTS_API.redeem, {
    UsrId,
    MobNo,
    Points,
    Totalpoints: 0,
    ProductName: A.productName,
    SchemeName: 'Kharif',
    PaytmPoint: Points,
    Location: HERE,
    UserName: 'Sita Devi',
  });
const requests = async (accepted: 0 | 1) =>
  (await send(t, POINTS_API.requests, { ...listBody({}), IsAccepted: accepted }, A.token)).body
    .ResponseData as LoyaltyRequestRow[];

/** A genuine verification with details that earned `points`; answers its FeedbackId. */
async function earn(serial: number, mobile: string, points: number): Promise<string> {
  expect((await verifyFrom(t, S(serial), HERE)).body).toMatchObject({
    ResponseCode: '-3',
    ResponseMessage: VERIFY_MSG.detailsNeeded,
  });
  const res = await verifyFrom(t, S(serial), HERE, farmer(mobile));
  expect(res.body.ResponseCode).toBe('200');
  expect(res.body.ResponseData).toMatchObject({ Isloyalty: true, LoyaltyPoints: points });
  return (res.body.ResponseData as VerifyAnswer).FeedbackId;
}

beforeAll(async () => {
  await insertReference(t.db);
  codes = await appCodes(t);
  A = await loyaltyFactory(t, nextPrefix());
  B = await loyaltyFactory(t, nextPrefix());
  await t.db
    .update(products)
    .set({ config: { IsFeedback: true } })
    .where(eq(products.id, A.productId));
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 1,
    toNo: 400,
    batchNo: 'KH-1',
  });
  excludedBatch = (await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 401,
    toNo: 500,
    batchNo: 'KH-X',
  }))!.id;
  // Farmers earn 10 (master) + 5 (design, in state A only, not batch KH-X); a dealer scheme and
  // schemes out of force pay farmers nothing.
  for (const body of [
    masterScheme(A, { SchemeName: 'Kharif 10', LoyaltyPoints: 10 }),
    designScheme({
      SchemeName: 'State A 5',
      DynamicIds: [{ value: A.productId, label: '', Points: 5 }],
      locationCodes: [REF.stateA],
      mappingData: [{ MappingId: excludedBatch }],
    }),
    masterScheme(A, { SchemeName: 'Dealers 100', Utype: 2, LoyaltyPoints: 100 }),
    masterScheme(A, { SchemeName: 'Later 1000', StartDate: inDays(5), EndDate: inDays(9), LoyaltyPoints: 1000 }),
    masterScheme(A, { SchemeName: 'Off 1000', LoyaltyPoints: 1000, IsActive: false }),
  ])
    expect(await saveScheme(t, A, body)).toMatchObject({ ResponseCode: '200' });
}, 60_000);

describe('earning on verification', () => {
  it("'-3' without details (stored as asked), then the details earn the schemes in force here: once per pack ever", async () => {
    const key = await earn(1, '9876500001', 15);
    const [v] = await t.db.select({ id: verifications.id }).from(verifications).where(verificationOf(key));
    const [row] = await t.db.select().from(pointEntries).where(eq(pointEntries.verificationId, v!.id));
    expect(row).toMatchObject({
      party: 'farmer',
      mobile: '9876500001',
      points: 15,
      source: 'verify',
      serial: 1,
      companyId: A.companyId,
    });
    expect(row!.schemeNames.split(', ').sort()).toEqual(['Kharif 10', 'State A 5']);
    const asked = await t.db
      .select()
      .from(verifications)
      .where(and(eq(verifications.serial, 1), eq(verifications.result, '-3')));
    expect(asked).toHaveLength(1);
    // Someone else verifying the same pack later: no form, no points, the copy warning.
    const again = await verifyFrom(t, S(1), HERE, farmer('9876500002'));
    expect(again.body.ResponseCode).toBe('200');
    expect(again.body.ResponseData).toMatchObject({ LoyaltyPoints: 0, VerifiedBefore: 1 });
    expect((await verifyFrom(t, S(1), HERE)).body.ResponseCode).toBe('200');
    expect(await t.db.select().from(pointEntries).where(eq(pointEntries.serial, 1))).toHaveLength(1);
  });

  it('two verifications of one pack at once with details: one of them earns', async () => {
    const both = await Promise.all([
      verifyFrom(t, S(2), HERE, farmer('9876500003')),
      verifyFrom(t, S(2), HERE, farmer('9876500004')),
    ]);
    expect(both.map((r) => r.body.ResponseCode)).toEqual(['200', '200']);
    expect(both.map((r) => (r.body.ResponseData as VerifyAnswer).LoyaltyPoints).sort()).toEqual([0, 15]);
    expect(await t.db.select().from(pointEntries).where(eq(pointEntries.serial, 2))).toHaveLength(1);
  });

  it('elsewhere only the schemes without locations pay; an excluded batch pays only the others; no scheme, no form', async () => {
    const far = await verifyFrom(t, S(3), ELSEWHERE, farmer('9876500005'));
    expect(far.body.ResponseData).toMatchObject({ LoyaltyPoints: 10, SchemeName: 'Kharif 10' });
    const excluded = await verifyFrom(t, S(401), HERE, farmer('9876500005'));
    expect(excluded.body.ResponseData).toMatchObject({ LoyaltyPoints: 10, SchemeName: 'Kharif 10' });
    await insertMapping(t.db, {
      companyId: B.companyId,
      productId: B.productId,
      series: staticSeries(B.prefix),
      fromNo: 1,
      toNo: 10,
    });
    const none = await verifyFrom(t, codes.make(staticSeries(B.prefix), 1), HERE);
    expect(none.body).toMatchObject({ ResponseCode: '200', ResponseData: { Isloyalty: false, LoyaltyPoints: 0 } });
  });

  it('the details form answers the spec messages and earns nothing', async () => {
    const bad = await verifyFrom(t, S(4), HERE, { ...farmer('12345'), Name: 'S1ta' });
    expect(bad.body).toMatchObject({ ResponseCode: '400', ResponseMessage: VERIFY_MSG.nameAlpha });
    const badMobile = await verifyFrom(t, S(4), HERE, farmer('5876500001'));
    expect(badMobile.body).toMatchObject({ ResponseCode: '400', ResponseMessage: VERIFY_MSG.mobileValid });
    expect(await t.db.select().from(pointEntries).where(eq(pointEntries.serial, 4))).toHaveLength(0);
  });
});

describe('the balance and redemption', () => {
  it('shows the ledger, refuses above the balance, a waiting request or a double submit; the admin accepts with a remark', async () => {
    const mobile = '9876500010';
    const id = await earn(10, mobile, 15);
    await earn(11, mobile, 15);
    const first = await mine(id, mobile);
    checkData(POINTS_API.mine, first.ResponseData);
    expect(first.ResponseData.Balance).toBe(30);
    expect(first.ResponseData.Entries.map((e) => e.Points)).toEqual([15, 15]);
    expect((await mine(id, '9876500011')).ResponseMessage).toBe(POINTS_MSG.notYours);

    expect((await redeem(id, mobile, 31)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: POINTS_MSG.overBalance(30),
    });
    expect((await redeem(id, mobile, 0)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: POINTS_MSG.points,
    });
    const twice = await Promise.all([redeem(id, mobile, 20), redeem(id, mobile, 20)]);
    expect(twice.map((r) => r.body.ResponseMessage).sort()).toEqual(
      [POINTS_MSG.requested(20), POINTS_MSG.pending].sort(),
    );
    expect((await mine(id, mobile)).ResponseData.Balance).toBe(10);
    expect((await redeem(id, mobile, 5)).body.ResponseMessage).toBe(POINTS_MSG.pending);

    const waiting = (await requests(0)).filter((r) => r.MobileNo === mobile);
    expect(waiting).toMatchObject([{ UserName: 'Sita Devi', Point: 20, ApprovedDate: null }]);
    const other = await send(t, POINTS_API.requests, { ...listBody({}), IsAccepted: 0 }, B.token);
    expect((other.body.ResponseData as LoyaltyRequestRow[]).filter((r) => r.MobileNo === mobile)).toEqual([]);
    expect(
      (await fetchGet(t, POINTS_API.accept, { id: waiting[0]!.Id, remark: 'Paid' }, B.token)).body.ResponseMessage,
    ).toBe(POINTS_MSG.notFound);
    expect(
      (await fetchGet(t, POINTS_API.accept, { id: waiting[0]!.Id, remark: 'Paid via Paytm' }, A.token)).body,
    ).toMatchObject({ ResponseCode: '200', ResponseMessage: POINTS_MSG.accepted });
    expect((await fetchGet(t, POINTS_API.acceptPlain, { id: waiting[0]!.Id }, A.token)).body.ResponseMessage).toBe(
      POINTS_MSG.alreadyAccepted,
    );
    expect((await requests(1)).find((r) => r.Id === waiting[0]!.Id)).toMatchObject({
      Remark: 'Paid via Paytm',
      Point: 20,
    });
    expect((await requests(0)).filter((r) => r.MobileNo === mobile)).toEqual([]);

    // Accepted: the rest may be asked for, and no more.
    expect((await redeem(id, mobile, 11)).body.ResponseMessage).toBe(POINTS_MSG.overBalance(10));
    expect((await redeem(id, mobile, 10)).body.ResponseMessage).toBe(POINTS_MSG.requested(10));
    const end = await mine(id, mobile);
    expect(end.ResponseData.Balance).toBe(0);
    expect(end.ResponseData.Entries.map((e) => [e.Kind, e.Points, e.Accepted])).toEqual([
      ['redeemed', -10, false],
      ['redeemed', -20, true],
      ['earned', 15, null],
      ['earned', 15, null],
    ]);
  });
});

describe('feedback', () => {
  it('is taken once per genuine verification of a product that asks for it', async () => {
    const res = await verifyFrom(t, S(300), ELSEWHERE, farmer('9876500020'));
    const FeedbackId = (res.body.ResponseData as VerifyAnswer).FeedbackId;
    expect((await send(t, POINTS_API.feedback, { FeedbackId, UsrFeedback: '  ' })).body.ResponseMessage).toBe(
      POINTS_MSG.feedback,
    );
    expect(
      (await send(t, POINTS_API.feedback, { FeedbackId, UsrFeedback: 'Worked well on cotton' })).body,
    ).toMatchObject({ ResponseCode: '200', ResponseMessage: POINTS_MSG.feedbackSaved });
    expect((await send(t, POINTS_API.feedback, { FeedbackId, UsrFeedback: 'Again' })).body.ResponseMessage).toBe(
      POINTS_MSG.feedbackGiven,
    );
    const [row] = await t.db
      .select({ feedback: verifications.feedback })
      .from(verifications)
      .where(verificationOf(FeedbackId));
    expect(row!.feedback).toBe('Worked well on cotton');
    const theirs = await verifyFrom(t, codes.make(staticSeries(B.prefix), 2), HERE);
    expect(
      (
        await send(t, POINTS_API.feedback, {
          FeedbackId: (theirs.body.ResponseData as VerifyAnswer).FeedbackId,
          UsrFeedback: 'x',
        })
      ).body.ResponseMessage,
    ).toBe(POINTS_MSG.feedbackNotAsked);
  });
});

describe('Pick Lucky Users', () => {
  const pick = (body: Record<string, unknown>, token = A.token) => send(t, LUCKY_API.pick, body, token);
  const us = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
  const base = () => ({
    ProductId: A.productId,
    Location: REF.stateA,
    FromDate: us(inDays(-1)),
    ToDate: us(today()),
    Qty: 3,
  });

  it.each([
    ['no location', { Location: null }, LUCKY_MSG.location],
    ['no product', { ProductId: '' }, LUCKY_MSG.product],
    ['no quantity', { Qty: '' }, LUCKY_MSG.qty],
    ['a negative quantity', { Qty: -2 }, LUCKY_MSG.qty],
    ['no from date', { FromDate: '' }, REPORT_DATE_MSG.fromRequired],
    ['a from date that is not one', { FromDate: '31/31/2026' }, REPORT_DATE_MSG.onlyDate],
    ['from after to', { FromDate: us(today()), ToDate: us(inDays(-3)) }, REPORT_DATE_MSG.fromBeforeTo],
  ])('%s: the spec message', async (_what, change, message) => {
    expect((await pick({ ...base(), ...change })).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: message,
    });
  });

  it('picks distinct verifiers of the product in the state, each at most once, at most the number asked', async () => {
    // Verifiers in state A with a mobile: 9876500001..05, 10 (the earlier tests), each once however often they verified.
    await verifyFrom(t, S(20), HERE, farmer('9876500001'));
    const res = await pick({ ...base(), Qty: 100 });
    checkData(LUCKY_API.pick, res.body.ResponseData);
    const rows = res.body.ResponseData as LuckyRow[];
    const mobiles = rows.map((r) => r.MobileNo);
    expect(new Set(mobiles).size).toBe(mobiles.length);
    expect(mobiles.sort()).toEqual([
      '9876500001',
      '9876500002',
      '9876500003',
      '9876500004',
      '9876500005',
      '9876500010',
    ]);
    expect(rows.every((r) => r.ProductName === A.productName)).toBe(true);
    const three = (await pick(base())).body.ResponseData as LuckyRow[];
    expect(three).toHaveLength(3);
    expect(new Set(three.map((r) => r.MobileNo)).size).toBe(3);
    const elsewhere = (await pick({ ...base(), Location: REF.stateB })).body;
    expect((elsewhere.ResponseData as LuckyRow[]).map((r) => r.MobileNo).sort()).toEqual(['9876500005', '9876500020']);
    expect((await pick({ ...base(), FromDate: us(inDays(-9)), ToDate: us(inDays(-2)) })).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: LUCKY_MSG.none,
    });
    expect((await pick(base(), B.token)).body.ResponseMessage).toBe(LUCKY_MSG.none);
  });
});
