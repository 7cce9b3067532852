// Issue 10 item 1: the preprinted series is shared by all companies, yet no answer of any numbers
// route tells one company anything of another's numbers beyond "not in your accepted stock". A rival
// maps, damages and pairs; ours probes single numbers and wide ranges on every route.
import { beforeAll, describe, expect, it } from 'vitest';
import { GEN_MSG, GENERATION_API } from '../../../src/shared/contracts/numbers/generation.js';
import {
  MAPPING_API,
  MAPPING_MSG,
  mappingPair,
  notInStock,
  PRODUCT_LOOKUP_API,
} from '../../../src/shared/contracts/numbers/mapping.js';
import { DEMAP_API, RANGE_MSG } from '../../../src/shared/contracts/numbers/demap.js';
import { DAMAGE_API, DAMAGE_MSG } from '../../../src/shared/contracts/numbers/damage.js';
import { PAIR_MSG, QR_SCAN_MSG, STATIC_PAIR_API } from '../../../src/shared/contracts/numbers/static-pair.js';
import { reserveArgs, SLIP_API, SLIP_MSG } from '../../../src/shared/contracts/numbers/slip-ids.js';
import { STOCK_API, STOCK_MSG } from '../../../src/shared/contracts/numbers/stock.js';
import { ISSUE_API, ISSUE_MSG } from '../../../src/shared/contracts/numbers/issue.js';
import { PRODUCT_NOT_FOUND } from '../../../src/server/routes/numbers/product-lookups.js';
import type { Endpoint, Params } from '../../../src/shared/endpoint.js';
import { listBody } from '../../helpers/factories.js';
import { leakWorld, type LeakWorld } from '../../helpers/factories-no-leak.js';
import { P_SERIES, staticSeries } from '../../helpers/factories-pairs.js';
import { sheetFile, sheetRow, uploadSheet } from '../../helpers/factories-mapping-upload.js';
import { send } from '../../helpers/endpoint-call.js';
import type { Envelope } from '../../helpers/server-app.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let w: LeakWorld;
beforeAll(async () => {
  w = await leakWorld(t);
});

/** The answer carries none of the rival's texts (the ErrorList and list rows included). */
function clean(body: Envelope) {
  const text = JSON.stringify(body);
  for (const s of w.rival.secrets) expect(text, `leaks ${s}`).not.toContain(s);
}
async function refusal(endpoint: Endpoint, body: unknown, message: string) {
  const res = await send(t, endpoint, body, w.ours.token);
  expect(res.body).toEqual({ ResponseCode: '400', ResponseMessage: message, ResponseData: null });
  clean(res.body);
}
async function refusalGet(endpoint: Endpoint, params: Params, message: string) {
  const res = await send(t, endpoint, undefined, w.ours.token, params);
  expect(res.body.ResponseMessage).toBe(message);
  expect(res.body.ResponseCode).toBe('400');
  clean(res.body);
}
const mapBody = (from: number, to: number, isPreprinted = true, extra: Record<string, unknown> = {}) => ({
  MappingId: 0,
  ProductId: w.ours.productId,
  FromNo: from,
  ToNo: to,
  Qty: to - from + 1,
  MFGDate: '2026-01-10',
  BatchNo: 'X1',
  EXPDate: '2027-01-10',
  Remark: '',
  Mrp: 10,
  isPreprinted,
  ...extra,
});
const S = (prefix: string, n: number) => w.codes.make(staticSeries(prefix), n);
const P = (n: number) => w.codes.make(P_SERIES, n);

describe('Mapping answers only "not in your accepted stock" for numbers outside it', () => {
  it('the form: a rival-mapped number, a damaged one, a paired one and a never-issued one answer alike', async () => {
    for (const n of [200_001, 200_105, 201_500, 201_999, 900_000])
      await refusal(MAPPING_API.save, mapBody(n, n), notInStock(n, n, 1));
  });

  it("the form: wide ranges over the rival's mappings name no mapping", async () => {
    await refusal(MAPPING_API.save, mapBody(1, 999_999), notInStock(1, 999_999, 999_999 - 1000));
    await refusal(MAPPING_API.save, mapBody(200_001, 300_050), notInStock(200_001, 300_050, 100_000));
    // Our own clash is still named: our own data.
    const own = await send(t, MAPPING_API.save, mapBody(300_050, 300_150), w.ours.token);
    expect(own.body.ResponseMessage).toMatch(/^Numbers 300050–300100 are already mapped \(/);
  });

  it('the expiry update of a rival mapping is not found', async () => {
    for (const id of [w.rival.preMappingId, w.rival.staticMappingId, 99_999_999]) {
      await refusal(MAPPING_API.save, { MappingId: id, EXPDate: '2030-01-01' }, MAPPING_MSG.notFound);
    }
  });

  it("the bulk sheet's ErrorList says the same, row by row", async () => {
    const rows = [
      sheetRow(w.ours.productCode, 200_001, 200_001, 1, 'X1'),
      sheetRow(w.ours.productCode, 150_000, 250_000, null, 'X2'),
      sheetRow(w.ours.productCode, 201_500, null, 1, 'X3'),
    ];
    const res = await uploadSheet(t, w.ours.token, await sheetFile(rows), { isPreprinted: true });
    clean(res.body);
    const list = (res.body.ResponseData as { ErrorList: { ErrorMessage: string }[] }).ErrorList.map(
      (e) => e.ErrorMessage,
    );
    expect(list).toEqual([
      notInStock(200_001, 200_001, 1),
      notInStock(150_000, 250_000, 100_001),
      notInStock(201_500, 201_500, 1),
    ]);
  });
});

describe('De Mapping, Product Damage, Number Generation: a rival mapping is not found', () => {
  it('de-mapping and damage by a rival mapping id, in either mode', async () => {
    for (const [id, pre] of [
      [w.rival.preMappingId, true],
      [w.rival.staticMappingId, false],
    ] as const) {
      await refusal(
        DEMAP_API.create,
        { MappingId: id, FromNo: pre ? 200_001 : 1, Qty: 5, isPreprinted: pre },
        RANGE_MSG.mappingNotFound,
      );
      await refusal(
        DAMAGE_API.create,
        { MappingId: id, FromNo: pre ? 200_001 : 1, Qty: 5, Reason: 'Torn labels', isPreprinted: pre },
        RANGE_MSG.mappingNotFound,
      );
    }
    await refusalGet(DAMAGE_API.remove, { id: w.rival.damageId }, DAMAGE_MSG.notFound);
  });

  it("our own mapping with a range reaching into the rival's numbers names only our mapping", async () => {
    await refusal(
      DEMAP_API.create,
      { MappingId: w.ourPreMappingId, FromNo: 200_001, Qty: 5, isPreprinted: true },
      RANGE_MSG.outside,
    );
    await refusal(
      DAMAGE_API.create,
      { MappingId: w.ourPreMappingId, FromNo: 300_090, Qty: 50_000, Reason: 'Torn labels', isPreprinted: true },
      RANGE_MSG.qtyMax(100),
    );
  });

  it('generation, download and the next From of a rival mapping or prefix', async () => {
    await refusal(
      GENERATION_API.generate,
      { MappingId: w.rival.staticMappingId, FromNo: 1, ToNo: 10, Qty: 10 },
      GEN_MSG.notFound,
    );
    await refusal(GENERATION_API.fromNumber, { MappingId: w.rival.staticMappingId }, GEN_MSG.notFound);
    for (const [from, to] of [
      [1, 999],
      [55, 55],
      [2000, 3000],
    ]) {
      await refusal(
        GENERATION_API.download,
        { FromNo: from, ToNo: to, Qty: to - from + 1, Prefix: w.rival.prefix },
        GEN_MSG.notMapped(w.rival.prefix, from, to),
      );
    }
  });
});

describe('Static Qr Mapping and the product-by-QR lookup', () => {
  it('pairing with a rival preprinted code: mapped, damaged, paired or free, it is not in our stock', async () => {
    for (const n of [200_001, 200_105, 201_500, 201_999]) {
      await refusal(
        STATIC_PAIR_API.create,
        { StaticEncryptedQr: S(w.ours.prefix, 10), PreprintedEncryptedQr: P(n) },
        PAIR_MSG.notInStock(n),
      );
    }
    await refusal(
      STATIC_PAIR_API.create,
      { StaticEncryptedQr: S(w.rival.prefix, 500), PreprintedEncryptedQr: P(300_500) },
      PAIR_MSG.otherPrefix(`${w.rival.prefix}500`, w.ours.prefix),
    );
  });

  it('a scan of any rival code, mapped, damaged, paired or not, answers the same', async () => {
    for (const n of [200_001, 200_105, 201_500, 201_999, 900_000]) {
      await refusal(STATIC_PAIR_API.qrScan, { UID: P(n) }, QR_SCAN_MSG.notOurs(`${n}`));
    }
    for (const n of [1, 55, 500, 5000]) {
      await refusal(
        STATIC_PAIR_API.qrScan,
        { UID: S(w.rival.prefix, n) },
        QR_SCAN_MSG.notOurs(`${w.rival.prefix}${n}`),
      );
    }
    const own = await send(t, STATIC_PAIR_API.qrScan, { UID: P(300_001) }, w.ours.token);
    expect(own.body.ResponseCode).toBe('200');
  });
});

describe('Slip ids, stock and issue', () => {
  it("a rival prefix's slip ids, a rival issue's acceptance, an issue by a non-admin", async () => {
    await refusalGet(SLIP_API.lastIds, { prefix: w.rival.prefix }, SLIP_MSG.otherPrefix(w.ours.prefix));
    await refusalGet(SLIP_API.reserve, reserveArgs(w.rival.prefix, 'SID', 10), SLIP_MSG.otherPrefix(w.ours.prefix));
    await refusal(
      STOCK_API.accept,
      { StockId: w.rival.issueId, FrmNo: 200_001, ToNo: 202_000, IssueQty: 2000 },
      STOCK_MSG.notFound,
    );
    await refusal(
      ISSUE_API.create,
      { CompanyId: w.rival.companyId, FrmNo: 200_001, ToNo: 200_001, IssueQty: 1, SalesOrderNo: 'S1' },
      ISSUE_MSG.adminOnly,
    );
    await refusalGet(PRODUCT_LOOKUP_API.size, { productId: w.rival.productId }, PRODUCT_NOT_FOUND);
  });

  it('no list or lookup of ours shows a rival row, whatever is searched', async () => {
    const lists: [Endpoint, Record<string, unknown>][] = [
      [MAPPING_API.list, { isPreprinted: true, SearchValue: '200001' }],
      [MAPPING_API.list, { isPreprinted: false, SearchValue: '500' }],
      [DAMAGE_API.list, { isPreprinted: true }],
      [DAMAGE_API.list, { isPreprinted: false }],
      [STATIC_PAIR_API.list, { Prefix: w.rival.prefix }],
      [GENERATION_API.list, { Prefix: w.rival.prefix, isAdmin: true }],
      [STOCK_API.list, {}],
      [ISSUE_API.list, {}],
    ];
    for (const [endpoint, body] of lists) {
      const res = await send(t, endpoint, listBody({ PageSize: -1, ...body }), w.ours.token);
      expect(res.body.ResponseCode, endpoint.path).toBe('200');
      clean(res.body);
    }
    const lookups: [Endpoint, Params][] = [
      [PRODUCT_LOOKUP_API.mappedProducts, { isPreprinted: true }],
      [PRODUCT_LOOKUP_API.mappedProducts, { isPreprinted: false }],
      [PRODUCT_LOOKUP_API.mappings, mappingPair(w.rival.productId, true)],
    ];
    for (const [endpoint, params] of lookups) {
      clean((await send(t, endpoint, undefined, w.ours.token, params)).body);
    }
  });
});
