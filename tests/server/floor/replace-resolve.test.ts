// After a PID replacement the old code is retired for good wherever a code is looked up (PGlite;
// PostgreSQL with DATABASE_URL): resolveScan answers 'replaced' naming the code that took its place,
// Mapping/GetProductByQrScan answers '400' saying so (as it says damaged), and whereIsCode names the
// successor; a preprinted code paired with the retired static one answers the same. The new code
// resolves as an ordinary mapped code. Another company learns nothing of it.
import { beforeAll, describe, expect, it } from 'vitest';
import { staticPairs } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { whereIsCode } from '../../../src/server/domain/floor-queries.js';
import { resolveScan } from '../../../src/server/domain/resolve.js';
import { PACKING_API } from '../../../src/shared/contracts/floor/packing.js';
import { REPLACE_API, type ReplaceRequest } from '../../../src/shared/contracts/floor/replace.js';
import { QR_SCAN_MSG, STATIC_PAIR_API, type QrScanProduct } from '../../../src/shared/contracts/numbers/static-pair.js';
import { PAGE } from '../../../src/shared/pages.js';
import { send } from '../../helpers/endpoint-call.js';
import {
  cartonSize,
  codesOf,
  FLOOR_PAGES,
  floorFactory,
  secondaryBody,
  slip,
  type FloorFactory,
} from '../../helpers/factories-floor.js';
import { appCodes, insertIssue, insertMapping, P_SERIES, staticSeries, urlOf } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let codes: CodeMac;
let A: FloorFactory;
let B: FloorFactory;
let admin: string;
let sid: string;
const PAGES = [...FLOOR_PAGES, PAGE.replace.key];

const uid = (n: number, f = A) => codesOf(codes, f.prefix, n, n)[0]!;
const shown = (n: number, f = A) => `${f.prefix}${n}`;
const qrScan = (UID: string, token = A.token) => send(t, STATIC_PAIR_API.qrScan, { UID }, token);
async function replace(body: ReplaceRequest) {
  const res = await t.post(REPLACE_API.replace.path, body, A.token);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
}

beforeAll(async () => {
  codes = await appCodes(t);
  admin = await t.token('admin');
  A = await floorFactory(t, nextPrefix(), PAGES);
  B = await floorFactory(t, nextPrefix(), PAGES);
  // 2001..2010: the same product and batch, mapped again for the new labels.
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 2001,
    toNo: 2010,
    batchNo: 'B-1',
  });
  await insertIssue(t.db, A.companyId, 8001, 8010);
  await t.db.insert(staticPairs).values({ companyId: A.companyId, prefix: A.prefix, staticNo: 60, preprintedNo: 8001 });

  sid = slip('SID', A.prefix, 1);
  const packed = await t.post(
    PACKING_API.secondarySave.path,
    secondaryBody(await cartonSize(t.db, 3), codesOf(codes, A.prefix, 11, 13), sid),
    A.token,
  );
  expect(packed.body.ResponseCode, packed.body.ResponseMessage).toBe('200');
  await replace({ FistQrCode: uid(12), Type: 'PID', SecondQrCode: uid(2001) }); // packed
  await replace({ FistQrCode: uid(30), Type: 'PID', SecondQrCode: uid(2002) }); // loose
  await replace({ FistQrCode: codes.make(P_SERIES, 8001), Type: 'PID', SecondQrCode: uid(2003) }); // a paired pack
});

describe('resolveScan', () => {
  it('a replaced code resolves as replaced, naming its successor and the carton it took the place in', async () => {
    expect(await resolveScan(t.db, codes, urlOf(t, uid(12)))).toMatchObject({
      state: 'replaced',
      series: staticSeries(A.prefix),
      serial: 12,
      companyId: A.companyId,
      mapping: { productId: A.productId, batchNo: 'B-1' },
      by: { series: staticSeries(A.prefix), serial: 2001, sid },
    });
    expect(await resolveScan(t.db, codes, uid(30))).toMatchObject({
      state: 'replaced',
      by: { serial: 2002, sid: null },
    });
  });

  it('a paired preprinted code and its static twin both resolve as replaced', async () => {
    for (const scan of [codes.make(P_SERIES, 8001), uid(60)]) {
      expect(await resolveScan(t.db, codes, scan)).toMatchObject({
        state: 'replaced',
        series: staticSeries(A.prefix),
        serial: 60,
        by: { serial: 2003 },
      });
    }
  });

  it('the new code, and codes nobody replaced, resolve as before', async () => {
    expect(await resolveScan(t.db, codes, uid(2001))).toMatchObject({ state: 'mapped', serial: 2001 });
    expect(await resolveScan(t.db, codes, uid(13))).toMatchObject({ state: 'mapped', serial: 13 });
    expect(await resolveScan(t.db, codes, uid(1500))).toMatchObject({ state: 'unmapped' });
  });
});

describe('Mapping/GetProductByQrScan', () => {
  it('answers a replaced code 400 as replaced by the new code, as it answers a damaged one', async () => {
    for (const [scan, old, now] of [
      [uid(12), shown(12), shown(2001)],
      [uid(30), shown(30), shown(2002)],
      [codes.make(P_SERIES, 8001), '8001', shown(2003)],
      [uid(60), shown(60), shown(2003)],
    ] as const) {
      expect((await qrScan(scan)).body).toEqual({
        ResponseCode: '400',
        ResponseMessage: QR_SCAN_MSG.replaced(old, now),
        ResponseData: null,
      });
    }
    expect((await qrScan(uid(12), admin)).body.ResponseMessage).toBe(QR_SCAN_MSG.replaced(shown(12), shown(2001)));
  });

  it('answers the new code with its product and batch', async () => {
    const res = await qrScan(uid(2001));
    expect(res.body.ResponseCode).toBe('200');
    expect(res.body.ResponseData as QrScanProduct).toMatchObject({
      VisibleNo: shown(2001),
      ProductId: A.productId,
      BatchNo: 'B-1',
    });
  });

  it('tells another company nothing: the code is not in its stock', async () => {
    expect((await qrScan(uid(12), B.token)).body.ResponseMessage).toBe(QR_SCAN_MSG.notOurs(shown(12)));
  });
});

describe('whereIsCode', () => {
  it('names the successor of a replaced code; the new code is in the carton', async () => {
    expect(await whereIsCode(t.db, staticSeries(A.prefix), 12)).toEqual({
      state: 'replaced',
      companyId: A.companyId,
      by: { kind: 'S', prefix: A.prefix, serial: 2001 },
      sid,
    });
    expect(await whereIsCode(t.db, staticSeries(A.prefix), 2001)).toMatchObject({
      state: 'packed',
      sid,
      siteId: A.siteId,
    });
  });

  it('asks a paired preprinted code as its pack: replaced too', async () => {
    expect(await whereIsCode(t.db, P_SERIES, 8001)).toMatchObject({
      state: 'replaced',
      by: { serial: 2003 },
      sid: null,
    });
    expect(await whereIsCode(t.db, P_SERIES, 8002)).toEqual({ state: 'unmapped' });
  });
});
