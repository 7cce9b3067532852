// Mapping/GetProductByQrScan (spec 2 sections 7, 8): '200' with the product and batch of a mapped
// code, static or preprinted, direct or through a pair; otherwise '400' with why. A forged code is
// refused without a database lookup; another company's code answers as not in the caller's stock.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { staticPairs } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { QR_SCAN_MSG, STATIC_PAIR_API, type QrScanProduct } from '../../../src/shared/contracts/numbers/static-pair.js';
import { digitalLink } from '../../../src/shared/digital-link.js';
import { PAGE } from '../../../src/shared/pages.js';
import {
  appCodes,
  insertColleague,
  insertDamage,
  insertFactory,
  insertIssue,
  insertMapping,
  P_SERIES,
  staticSeries,
  urlOf,
  type Factory,
} from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let codes: CodeMac;
let admin: string;
let A: Factory;
let B: Factory;
let staticMappingId: number;
let preprintedMappingId: number;

const S = (f: { prefix: string }, n: number) => codes.make(staticSeries(f.prefix), n);
const PP = (n: number) => codes.make(P_SERIES, n);
const scan = (UID: unknown, token = A.token) => send(t, STATIC_PAIR_API.qrScan, { UID }, token);
const forge = (uid: string) => uid.slice(0, -1) + (uid.endsWith('0') ? '1' : '0');

beforeAll(async () => {
  codes = await appCodes(t);
  admin = await t.token('admin');
  A = await insertFactory(t, nextPrefix(), [PAGE.mapping.key]);
  B = await insertFactory(t, nextPrefix(), [PAGE.mapping.key]);
  staticMappingId = (
    await insertMapping(t.db, {
      companyId: A.companyId,
      productId: A.productId,
      series: staticSeries(A.prefix),
      fromNo: 1,
      toNo: 100,
      batchNo: 'B-7',
      mrp: '450.50',
    })
  ).id;
  await insertDamage(t.db, A.companyId, A.productId, staticSeries(A.prefix), 90, 95, 'Torn label');
  await insertIssue(t.db, A.companyId, 1001, 2000);
  preprintedMappingId = (
    await insertMapping(t.db, {
      companyId: A.companyId,
      productId: A.productId,
      series: P_SERIES,
      fromNo: 1901,
      toNo: 1950,
      batchNo: 'P-1',
      mrp: null,
    })
  ).id;
  await t.db.insert(staticPairs).values([
    { companyId: A.companyId, prefix: A.prefix, staticNo: 5, preprintedNo: 1005 },
    { companyId: A.companyId, prefix: A.prefix, staticNo: 91, preprintedNo: 1091 },
  ]);
  await insertMapping(t.db, {
    companyId: B.companyId,
    productId: B.productId,
    series: staticSeries(B.prefix),
    fromNo: 1,
    toNo: 10,
  });
});

describe('a mapped code', () => {
  it('static: its product, batch, dates, MRP and numbers', async () => {
    const res = await scan(urlOf(t, S(A, 7)));
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: 'Success',
      ResponseData: {
        Uid: S(A, 7),
        ProductId: A.productId,
        ProductName: A.productName,
        ProductCd: A.productCode,
        BatchNo: 'B-7',
        MFGDate: '2026-01-10',
        EXPDate: '2028-01-10',
        Mrp: 450.5,
        SeqNo: 7,
        VisibleNo: `${A.prefix}7`,
        Prefix: A.prefix,
        isPreprinted: false,
        MappingId: staticMappingId,
        PairedVisibleNo: null,
      } satisfies QrScanProduct,
    });
  });

  it('read from a bare uid, lower-cased, a URL with spaces around it, or a GS1 Digital Link', async () => {
    const link = digitalLink('https://verify.example.in', {
      gtin: '08901030793912',
      batch: 'B-7',
      uid: S(A, 8),
      mfg: '260110',
      exp: '280110',
    });
    for (const s of [S(A, 8), S(A, 8).toLowerCase(), `  ${urlOf(t, S(A, 8))}\n`, link]) {
      expect(((await scan(s)).body.ResponseData as QrScanProduct).VisibleNo).toBe(`${A.prefix}8`);
    }
  });

  it('preprinted, mapped directly', async () => {
    expect((await scan(PP(1910))).body.ResponseData).toMatchObject({
      SeqNo: 1910,
      VisibleNo: '1910',
      Prefix: '',
      isPreprinted: true,
      BatchNo: 'P-1',
      Mrp: null,
      MappingId: preprintedMappingId,
      PairedVisibleNo: null,
    });
  });

  it("preprinted, paired with a static code: the static code's mapping", async () => {
    expect((await scan(urlOf(t, PP(1005)))).body.ResponseData).toMatchObject({
      SeqNo: 1005,
      VisibleNo: '1005',
      isPreprinted: true,
      BatchNo: 'B-7',
      MappingId: staticMappingId,
      PairedVisibleNo: `${A.prefix}5`,
    });
  });

  it('answers for every floor screen that scans', async () => {
    for (const page of [
      PAGE.mapStaticNumber,
      PAGE.secondaryPacking,
      PAGE.tertiaryPacking,
      PAGE.replace,
      PAGE.dispatch,
    ]) {
      expect((await scan(S(A, 9), await insertColleague(t, A, [page.key]))).body.ResponseCode, page.label).toBe('200');
    }
  });
});

describe('other codes answer 400 with why', () => {
  it.each([
    ['an empty scan', () => '', () => QR_SCAN_MSG.invalidScan],
    ['no UID at all', (): unknown => undefined, () => QR_SCAN_MSG.invalidScan],
    ['text that is no code', () => 'https://example.com/P?U=hello', () => QR_SCAN_MSG.invalidScan],
    ['a truncated code', () => S(A, 7).slice(0, -1), () => QR_SCAN_MSG.invalidScan],
    ['a forged static code', () => forge(S(A, 7)), () => QR_SCAN_MSG.forged],
    ['a forged preprinted URL', () => urlOf(t, forge(PP(1910))), () => QR_SCAN_MSG.forged],
    ['an unmapped static code', () => S(A, 500), () => QR_SCAN_MSG.unmapped(`${A.prefix}500`)],
    ['preprinted stock neither mapped nor paired', () => PP(1006), () => QR_SCAN_MSG.unmapped('1006')],
    ["another company's code", () => S(B, 3), () => QR_SCAN_MSG.notOurs(`${B.prefix}3`)],
    ['a damaged static code', () => S(A, 92), () => QR_SCAN_MSG.damaged(`${A.prefix}92`, 'Torn label')],
    [
      'a preprinted code paired with a damaged static code',
      () => PP(1091),
      () => QR_SCAN_MSG.damaged('1091', 'Torn label'),
    ],
  ])('%s', async (_n, uid, message) => {
    expect((await scan(uid())).body).toEqual({ ResponseCode: '400', ResponseMessage: message(), ResponseData: null });
  });

  it('a forged code is refused with no more database reads than a malformed one', async () => {
    const reads = vi.spyOn(t.db, 'select');
    try {
      const count = async (uid: string) => {
        reads.mockClear();
        await scan(uid);
        return reads.mock.calls.length;
      };
      const malformed = await count('not a code');
      expect(await count(forge(S(A, 7)))).toBe(malformed);
      expect(await count(S(A, 500))).toBeGreaterThan(malformed);
    } finally {
      reads.mockRestore();
    }
  });

  it("the admin sees every company's codes", async () => {
    expect((await scan(S(B, 3), admin)).body.ResponseData).toMatchObject({
      ProductId: B.productId,
      VisibleNo: `${B.prefix}3`,
    });
  });

  it('needs one of the scanning pages: 403 otherwise', async () => {
    const res = await scan(S(A, 7), await insertColleague(t, A, [PAGE.cartonMaster.key]));
    expect(res.status).toBe(403);
    expect(res.body.ResponseMessage).toBe(FORBIDDEN);
  });
});
