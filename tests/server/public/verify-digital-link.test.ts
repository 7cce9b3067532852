// ProductAuthentication/VerifyProduct given a pack's GS1 Digital Link written in each conformant form
// (numeric AIs or short names, a resolver path, a trailing slash, with 22, without 10): every form is
// the same pack, and its verifications count as one code's. A link GS1 refuses (qualifiers out of
// order, a serial twice, a space) is not read as the pack, unless it is a label this product printed
// before it followed GS1's rules.
import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { products, verifications } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { VERIFY_API, VERIFY_MSG } from '../../../src/shared/contracts/public/verify.js';
import { PAGE } from '../../../src/shared/pages.js';
import { appCodes, insertFactory, insertMapping, staticSeries, type Factory } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let codes: CodeMac;
let A: Factory;
const GTIN = '08901030793912';
const BASE = 'https://verify.example.in';
const S = (n: number) => codes.make(staticSeries(A.prefix), n);
const verify = (scan: string) =>
  send(t, VERIFY_API.verify, { verificationMode: 'Web', verificationType: 2, qrData: scan, UID: scan });
const rowsOf = (serial: number) =>
  t.db.select().from(verifications).where(eq(verifications.serial, serial)).orderBy(asc(verifications.id));

beforeAll(async () => {
  codes = await appCodes(t);
  A = await insertFactory(t, nextPrefix(), [PAGE.deMapping.key]);
  await t.db.update(products).set({ gtin: GTIN }).where(eq(products.id, A.productId));
  // Mapped 2026-01-10, expiring 2028-01-10 (the factory's default dates).
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 1,
    toNo: 50,
    batchNo: 'NG/7A',
  });
});

describe('a pack in any conformant Digital Link form', () => {
  it('is one genuine pack, verified again on each later scan', async () => {
    const u = S(7);
    const forms = [
      `${BASE}/01/${GTIN}/10/NG%2F7A/21/${u}?11=260110&17=280110`,
      `${BASE}/gtin/${GTIN}/lot/NG%2F7A/ser/${u}?17=280110`,
      `${BASE}/01/${GTIN}/10/NG%2F7A/21/${u}/`,
      `${BASE}/01/${GTIN}/22/V1/10/NG%2f7A/21/${u}?linkType=gs1:pip`,
      `${BASE}/01/${GTIN}/21/${u}`,
      `HTTPS://verify.example.in/gs1/resolver/01/${GTIN}/cpv/V1/ser/${u}#label`,
    ];
    const answers = [];
    for (const f of forms) answers.push((await verify(f)).body);
    expect(answers[0]).toMatchObject({ ResponseCode: '200', ResponseMessage: VERIFY_MSG.genuine });
    for (const [i, a] of answers.entries()) {
      expect(a, forms[i]).toMatchObject({ ResponseCode: '200', ResponseData: { BatchNo: 'NG/7A', VerifiedBefore: i } });
    }
    expect((await rowsOf(7)).map((r) => r.result)).toEqual(forms.map(() => '200'));
  });

  it("still refuses a conformant link whose batch or dates are not the pack's", async () => {
    const u = S(8);
    expect((await verify(`${BASE}/gtin/${GTIN}/lot/NG-8/ser/${u}`)).body).toEqual({
      ResponseCode: '-1',
      ResponseMessage: VERIFY_MSG.labelMismatch('batch'),
      ResponseData: null,
    });
    expect((await verify(`${BASE}/01/${GTIN}/21/${u}/?17=290110`)).body.ResponseMessage).toBe(
      VERIFY_MSG.labelMismatch('expiry date'),
    );
  });

  it('is not read from a link GS1 refuses: it answers not genuine and the pack stays unverified', async () => {
    const u = S(9);
    const refused = [
      `${BASE}/01/${GTIN}/21/${u}/10/NG%2F7A`, // qualifiers out of order
      `${BASE}/01/${GTIN}/10/NG%2F7A/21/${u}?21=${u}`, // the serial twice
      `${BASE}/01/${GTIN}/10/NG 7A/21/${u}`, // a space
      `HtTpS://verify.example.in/01/${GTIN}/21/${u}`, // mixed-case scheme
    ];
    for (const f of refused) expect((await verify(f)).body, f).toMatchObject({ ResponseCode: '-1' });
    expect(await rowsOf(9)).toEqual([]);
  });

  it('a label printed before links followed GS1 (a batch with a space) still verifies as its pack, its batch unread', async () => {
    const u = S(10);
    const earlier = `${BASE}/01/${GTIN}/10/NG%2F7A%20X/21/${u}?11=260110&17=280110`;
    expect((await verify(earlier)).body).toMatchObject({ ResponseCode: '200', ResponseData: { BatchNo: 'NG/7A' } });
  });
});
