// VerifyProduct asks the lifecycle (issue 25 items 2 and 3), on PGlite and PostgreSQL: a pack of a
// carton damaged on Damage Carton, alone or with its TID, answers '-1' with the damage's reason and
// earns nothing; a pack whose batch has expired answers genuine with the expiry warning and earns no
// points where a scheme would pay; a recalled pack earns nothing. Packs of the same batch that are
// none of these still ask for the details ('-3'): the scheme pays, so what stops the points is the state.
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mappings, pointEntries, verifications } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { CARTON_DAMAGE_API } from '../../../src/shared/contracts/floor/carton-damage.js';
import { PACKING_API } from '../../../src/shared/contracts/floor/packing.js';
import { VERIFY_MSG, type VerifyAnswer } from '../../../src/shared/contracts/public/verify.js';
import { RECALL_API } from '../../../src/shared/contracts/recall.js';
import { PAGE } from '../../../src/shared/pages.js';
import { send } from '../../helpers/endpoint-call.js';
import {
  cartonSize,
  codesOf,
  FLOOR_PAGES,
  floorFactory,
  secondaryBody,
  slip,
  tertiaryBody,
  type FloorFactory,
} from '../../helpers/factories-floor.js';
import {
  farmer,
  inDays,
  LOYALTY_PAGES,
  masterScheme,
  saveScheme,
  verifyFrom,
} from '../../helpers/factories-loyalty.js';
import { appCodes, insertMapping, staticSeries } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let codes: CodeMac;
let F: FloorFactory;
let size2: number;
let sidNo = 0;
const S = (n: number) => codes.make(staticSeries(F.prefix), n);
const HERE = 'Maharashtra';
const expiredOn = inDays(-10);

const verify = (n: number, mobile?: string) => verifyFrom(t, S(n), HERE, mobile ? farmer(mobile) : {});
const pointsOf = (serials: number[]) =>
  t.db
    .select()
    .from(pointEntries)
    .where(and(eq(pointEntries.companyId, F.companyId), inArray(pointEntries.serial, serials)));
const storedOf = (n: number) =>
  t.db
    .select({
      id: verifications.id,
      result: verifications.result,
      message: verifications.message,
      key: verifications.feedbackKey,
    })
    .from(verifications)
    .where(and(eq(verifications.prefix, F.prefix), eq(verifications.serial, n)))
    .orderBy(verifications.id);

/** Packs codes from..from+1 into a new SID through the real save. */
async function packSid(from: number): Promise<string> {
  const sid = slip('SID', F.prefix, ++sidNo);
  const res = await t.post(
    PACKING_API.secondarySave.path,
    secondaryBody(size2, codesOf(codes, F.prefix, from, from + 1), sid),
    F.token,
  );
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return sid;
}
const damage = async (DamageCid: string, Reason: string) =>
  expect((await t.post(CARTON_DAMAGE_API.damage.path, { DamageCid, Reason }, F.token)).body.ResponseCode).toBe('200');

beforeAll(async () => {
  codes = await appCodes(t);
  F = await floorFactory(t, nextPrefix(), [...FLOOR_PAGES, ...LOYALTY_PAGES, PAGE.mapping.key]);
  size2 = await cartonSize(t.db, 2);
  // Every pack of the product pays a farmer 10 points: what stops the points below is the pack's state.
  expect(await saveScheme(t, F, masterScheme(F, { LoyaltyPoints: 10 }))).toMatchObject({ ResponseCode: '200' });
  const expired = await insertMapping(t.db, {
    companyId: F.companyId,
    productId: F.productId,
    series: staticSeries(F.prefix),
    fromNo: 2001,
    toNo: 2100,
    batchNo: 'EXP-1',
  });
  // A mapping's expiry corrected to a past date: the stock in the field has expired.
  await t.db.update(mappings).set({ expDate: expiredOn }).where(eq(mappings.id, expired.id));
  await insertMapping(t.db, {
    companyId: F.companyId,
    productId: F.productId,
    series: staticSeries(F.prefix),
    fromNo: 3001,
    toNo: 3100,
    batchNo: 'RC-1',
  });
}, 60_000);

describe('a pack written off with its carton', () => {
  it("a damaged SID's pack answers '-1' with the damage's reason and earns nothing, with or without details", async () => {
    const sid = await packSid(1);
    expect((await verify(2)).body).toMatchObject({ ResponseCode: '-3', ResponseMessage: VERIFY_MSG.detailsNeeded });
    await damage(sid, 'Crushed by forklift');
    const refused = {
      ResponseCode: '-1',
      ResponseMessage: VERIFY_MSG.damaged('Crushed by forklift'),
      ResponseData: null,
    };
    expect((await verify(1, '9876511001')).body).toEqual(refused);
    expect((await verify(2)).body).toEqual(refused);
    expect(await pointsOf([1, 2])).toEqual([]);
    expect(await storedOf(1)).toMatchObject([
      { result: '-1', message: VERIFY_MSG.damaged('Crushed by forklift'), key: null },
    ]);
  });

  it("a damaged TID's packs answer '-1' with the TID's reason and earn nothing", async () => {
    const sids = [await packSid(11), await packSid(13)];
    const tid = slip('TID', F.prefix, 1);
    expect(
      (await t.post(PACKING_API.tertiarySave.path, tertiaryBody(size2, sids, tid), F.token)).body.ResponseCode,
    ).toBe('200');
    await damage(tid, 'Soaked in the monsoon');
    for (const n of [11, 14]) {
      expect((await verify(n, '9876511002')).body).toEqual({
        ResponseCode: '-1',
        ResponseMessage: VERIFY_MSG.damaged('Soaked in the monsoon'),
        ResponseData: null,
      });
    }
    expect(await pointsOf([11, 12, 13, 14])).toEqual([]);
  });

  it('a SID damaged on its own inside a TID gives its own reason; its neighbour in the TID stays genuine', async () => {
    const sids = [await packSid(21), await packSid(23)];
    const tid = slip('TID', F.prefix, 2);
    expect(
      (await t.post(PACKING_API.tertiarySave.path, tertiaryBody(size2, sids, tid), F.token)).body.ResponseCode,
    ).toBe('200');
    await damage(sids[0]!, 'Seal broken in transit');
    expect((await verify(22)).body).toMatchObject({
      ResponseCode: '-1',
      ResponseMessage: VERIFY_MSG.damaged('Seal broken in transit'),
    });
    const fine = await verify(23, '9876511003');
    expect(fine.body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: VERIFY_MSG.genuine,
      ResponseData: { LoyaltyPoints: 10, Expired: false },
    });
  });
});

describe('an expired pack', () => {
  it('answers genuine with the expiry warning, asks no details and earns no points where the scheme would pay', async () => {
    const res = await verify(2001);
    expect(res.body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: VERIFY_MSG.expired(expiredOn),
      ResponseData: {
        BatchNo: 'EXP-1',
        ExpireDate: expiredOn,
        Expired: true,
        Isloyalty: false,
        LoyaltyPoints: 0,
        SchemeName: '',
      },
    });
    const withDetails = await verify(2002, '9876511004');
    expect(withDetails.body).toMatchObject({
      ResponseCode: '200',
      ResponseMessage: VERIFY_MSG.expired(expiredOn),
      ResponseData: { Expired: true, LoyaltyPoints: 0 },
    });
    expect(await pointsOf([2001, 2002])).toEqual([]);
    expect((await storedOf(2002))[0]).toMatchObject({ result: '200', message: VERIFY_MSG.expired(expiredOn) });
    // The expiry warning leads even when the pack was verified before.
    expect((await verify(2001)).body).toMatchObject({
      ResponseMessage: VERIFY_MSG.expired(expiredOn),
      ResponseData: { VerifiedBefore: 1 },
    });
    // A pack of a batch still in date pays as before.
    expect((await verify(30, '9876511004')).body).toMatchObject({
      ResponseCode: '200',
      ResponseData: { Expired: false, LoyaltyPoints: 10 },
    });
  });
});

describe('a recalled pack', () => {
  it("answers '-1' with the recall's reason and earns nothing", async () => {
    expect((await verify(3001)).body.ResponseCode).toBe('-3');
    const recall = await send(
      t,
      RECALL_API.save,
      { ProductId: F.productId, BatchNo: 'RC-1', Reason: 'Wrong concentration' },
      F.token,
    );
    expect(recall.body.ResponseCode).toBe('200');
    for (const n of [3001, 3002]) {
      expect((await verify(n, '9876511005')).body).toEqual({
        ResponseCode: '-1',
        ResponseMessage: VERIFY_MSG.recalled('Wrong concentration'),
        ResponseData: null,
      });
    }
    expect(await pointsOf([3001, 3002])).toEqual([]);
  });
});

describe('the FeedbackId', () => {
  it('is a different opaque value for each genuine verification, stored with it', async () => {
    const a = (await verify(40, '9876511006')).body.ResponseData as VerifyAnswer;
    const b = (await verify(40)).body.ResponseData as VerifyAnswer;
    expect(a.FeedbackId).toMatch(/^\d+\.[A-Za-z0-9_-]{22}$/);
    expect(b.FeedbackId).not.toBe(a.FeedbackId);
    expect((await storedOf(40)).map((r) => `${r.id}.${r.key}`)).toEqual([a.FeedbackId, b.FeedbackId]);
  });
});
