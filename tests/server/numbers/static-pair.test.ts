// Static Qr Mapping (spec 2 sections 3, 4, 5, 7): a mapped static code of the caller's factory and a
// preprinted code of the company's accepted stock are paired once each; every refusal says why and
// saves nothing; forged codes are refused before the database; pairs are listed per company and prefix.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { events, staticPairs, users } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import {
  PAIR_MSG,
  STATIC_PAIR_API,
  type QrScanProduct,
  type StaticPairRow,
} from '../../../src/shared/contracts/numbers/static-pair.js';
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
import { countRows, insertSite, listBody } from '../../helpers/factories.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { send } from '../../helpers/endpoint-call.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let codes: CodeMac;
let admin: string;
let A: Factory; // prefix A.prefix, static 1–100 mapped (batch B-7), 90–95 damaged; preprinted 1001–2000 accepted
let B: Factory; // another company: static 1–100 mapped, preprinted 3001–3100 accepted
let otherPrefix: string; // a second factory of company A, static 1–50 mapped

const S = (f: { prefix: string }, n: number) => codes.make(staticSeries(f.prefix), n);
const PP = (n: number) => codes.make(P_SERIES, n);
const pair = (st: string, pp: string, token = A.token) =>
  send(t, STATIC_PAIR_API.create, { StaticEncryptedQr: st, PreprintedEncryptedQr: pp }, token);
const forge = (uid: string) => uid.slice(0, -1) + (uid.endsWith('0') ? '1' : '0');
const snapshot = async () => `${await countRows(t.db, staticPairs)}/${await countRows(t.db, events)}`;
async function list(token: string, body: Record<string, unknown> = {}) {
  const res = await send(t, STATIC_PAIR_API.list, listBody(body), token);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as StaticPairRow[];
}

beforeAll(async () => {
  codes = await appCodes(t);
  admin = await t.token('admin');
  A = await insertFactory(t, nextPrefix());
  B = await insertFactory(t, nextPrefix());
  otherPrefix = nextPrefix();
  await insertSite(t.db, A.companyId, { prefix: otherPrefix });
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(A.prefix),
    fromNo: 1,
    toNo: 100,
    batchNo: 'B-7',
  });
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: staticSeries(otherPrefix),
    fromNo: 1,
    toNo: 50,
  });
  await insertMapping(t.db, {
    companyId: B.companyId,
    productId: B.productId,
    series: staticSeries(B.prefix),
    fromNo: 1,
    toNo: 100,
  });
  // Rows no screen can make, to prove "not found" semantics: another company's mapping in A's series.
  await insertMapping(t.db, {
    companyId: B.companyId,
    productId: B.productId,
    series: staticSeries(A.prefix),
    fromNo: 200,
    toNo: 210,
  });
  await insertDamage(t.db, A.companyId, A.productId, staticSeries(A.prefix), 90, 95, 'Torn label');
  await insertIssue(t.db, A.companyId, 1001, 2000);
  await insertIssue(t.db, A.companyId, 2001, 2100, false);
  await insertIssue(t.db, B.companyId, 3001, 3100);
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: P_SERIES,
    fromNo: 1901,
    toNo: 1950,
    batchNo: 'P-1',
  });
  await insertDamage(t.db, A.companyId, A.productId, P_SERIES, 1500, 1500, 'Smudged');
});

describe('a genuine pair', () => {
  it("is saved from two scanned URLs, logged, and the preprinted code then answers the static code's product", async () => {
    const res = await pair(urlOf(t, S(A, 1)), urlOf(t, PP(1001)));
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: PAIR_MSG.saved(`${A.prefix}1`, 1001),
      ResponseData: expect.objectContaining({ StaticSeqNo: 1, PreprintedSeqNo: 1001, Prefix: A.prefix }),
    });
    const [row] = await t.db.select().from(staticPairs).where(eq(staticPairs.preprintedNo, 1001));
    expect(row).toMatchObject({ companyId: A.companyId, prefix: A.prefix, staticNo: 1, createdBy: A.userId });
    const [ev] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.action, 'pair'), eq(events.ref, String(row!.id))));
    expect(ev).toMatchObject({
      userId: A.userId,
      companyId: A.companyId,
      siteId: A.siteId,
      kind: 'S',
      prefix: A.prefix,
      fromNo: 1,
      toNo: 1,
    });
    expect(ev!.detail).toMatchObject({ staticNo: 1, preprintedNo: 1001, prefix: A.prefix });

    const scan = await send(t, STATIC_PAIR_API.qrScan, { UID: urlOf(t, PP(1001)) }, A.token);
    expect(scan.body.ResponseCode).toBe('200');
    expect(scan.body.ResponseData).toMatchObject({
      ProductId: A.productId,
      ProductName: A.productName,
      BatchNo: 'B-7',
      SeqNo: 1001,
      isPreprinted: true,
      PairedVisibleNo: `${A.prefix}1`,
    } satisfies Partial<QrScanProduct>);
  });

  it('accepts lower-cased scans (Crockford base32 reads the same)', async () => {
    expect((await pair(S(A, 2).toLowerCase(), urlOf(t, PP(1002)).toLowerCase())).body.ResponseCode).toBe('200');
  });

  it('may be made by the admin, for the company that owns the static code', async () => {
    expect((await pair(S(A, 3), PP(1003), admin)).body.ResponseCode).toBe('200');
    const [row] = await t.db.select().from(staticPairs).where(eq(staticPairs.preprintedNo, 1003));
    expect(row!.companyId).toBe(A.companyId);
  });
});

describe('refusals save nothing and say why', () => {
  it.each([
    ['an empty static scan', () => ['', PP(1010)], () => PAIR_MSG.invalidScan],
    ['text that is no code', () => ['hello world', PP(1010)], () => PAIR_MSG.invalidScan],
    ['a truncated static code', () => [S(A, 10).slice(0, -1), PP(1010)], () => PAIR_MSG.invalidScan],
    ['a truncated preprinted URL', () => [S(A, 10), urlOf(t, PP(1010)).slice(0, -2)], () => PAIR_MSG.invalidScan],
    ['a preprinted code in the static box', () => [PP(1011), PP(1010)], () => PAIR_MSG.staticIsPreprinted],
    ['a static code in the preprinted box', () => [S(A, 10), S(A, 11)], () => PAIR_MSG.preprintedIsStatic],
    ['a forged static code', () => [forge(S(A, 10)), PP(1010)], () => PAIR_MSG.staticForged],
    ['a forged preprinted URL', () => [S(A, 10), urlOf(t, forge(PP(1010)))], () => PAIR_MSG.preprintedForged],
    ['an unmapped static code', () => [S(A, 500), PP(1010)], () => PAIR_MSG.staticUnmapped(`${A.prefix}500`)],
    [
      "another company's static code in our series",
      () => [S(A, 205), PP(1010)],
      () => PAIR_MSG.staticUnmapped(`${A.prefix}205`),
    ],
    [
      "another prefix's static code",
      () => [S({ prefix: otherPrefix }, 5), PP(1010)],
      () => PAIR_MSG.otherPrefix(`${otherPrefix}5`, A.prefix),
    ],
    ['a damaged static code', () => [S(A, 92), PP(1010)], () => PAIR_MSG.staticDamaged(`${A.prefix}92`, 'Torn label')],
    ['a preprinted code never issued', () => [S(A, 10), PP(5000)], () => PAIR_MSG.notInStock(5000)],
    ['a preprinted code issued but not accepted', () => [S(A, 10), PP(2050)], () => PAIR_MSG.notInStock(2050)],
    ["another company's preprinted stock", () => [S(A, 10), PP(3050)], () => PAIR_MSG.notInStock(3050)],
    [
      'a preprinted code mapped directly',
      () => [S(A, 10), PP(1910)],
      () => PAIR_MSG.preprintedMapped(1910, A.productName, 'P-1'),
    ],
    ['a damaged preprinted code', () => [S(A, 10), PP(1500)], () => PAIR_MSG.preprintedDamaged(1500, 'Smudged')],
    ['an already paired static code', () => [S(A, 1), PP(1010)], () => PAIR_MSG.staticPaired(`${A.prefix}1`, 1001)],
    [
      'an already paired preprinted code',
      () => [S(A, 10), PP(1001)],
      () => PAIR_MSG.preprintedPaired(1001, `${A.prefix}1`),
    ],
  ])('%s', async (_n, scans, message) => {
    const before = await snapshot();
    const [st, pp] = scans();
    expect((await pair(st!, pp!)).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: message(),
      ResponseData: null,
    });
    expect(await snapshot()).toBe(before);
  });

  it('a forged code is refused before any database transaction', async () => {
    const tx = vi.spyOn(t.db, 'transaction');
    try {
      expect((await pair(forge(S(A, 20)), PP(1020))).body.ResponseMessage).toBe(PAIR_MSG.staticForged);
      expect((await pair(S(A, 20), forge(PP(1020)))).body.ResponseMessage).toBe(PAIR_MSG.preprintedForged);
      expect(tx).not.toHaveBeenCalled();
      expect((await pair(S(A, 20), PP(1020))).body.ResponseCode).toBe('200');
      expect(tx).toHaveBeenCalledTimes(1);
    } finally {
      tx.mockRestore();
    }
  });

  it('a user without a factory prefix, or without a company, cannot pair', async () => {
    const noSite = await insertColleague(t, A, [PAGE.mapStaticNumber.key], null);
    expect((await pair(S(A, 30), PP(1030), noSite)).body.ResponseMessage).toBe(PAIR_MSG.noPrefix);
    const loner = await insertFactory(t, nextPrefix());
    await t.db.update(users).set({ companyId: null }).where(eq(users.id, loner.userId));
    expect((await pair(S(A, 30), PP(1030), loner.token)).body.ResponseMessage).toBe(PAIR_MSG.noCompany);
  });

  it('needs the Static Qr Mapping page: 403 otherwise', async () => {
    const mapper = await insertColleague(t, A, [PAGE.mapping.key]);
    for (const res of [
      await pair(S(A, 40), PP(1040), mapper),
      await send(t, STATIC_PAIR_API.list, listBody(), mapper),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.ResponseMessage).toBe(FORBIDDEN);
    }
  });
});

describe('the list', () => {
  it("shows the company's pairs of the caller's prefix, newest first, with the product name", async () => {
    expect((await pair(S(B, 7), PP(3007), B.token)).body.ResponseCode).toBe('200');
    const rows = await list(A.token);
    expect(rows.map((r) => [r.ProductName, r.StaticSeqNo, r.PreprintedSeqNo, r.Prefix])).toEqual([
      [A.productName, 20, 1020, A.prefix],
      [A.productName, 3, 1003, A.prefix],
      [A.productName, 2, 1002, A.prefix],
      [A.productName, 1, 1001, A.prefix],
    ]);
    expect(rows[0]!.TotalRows).toBe(4);
    expect(typeof rows[0]!.CreatedDate).toBe('string');
    expect((await list(B.token)).map((r) => [r.StaticSeqNo, r.PreprintedSeqNo, r.Prefix])).toEqual([
      [7, 3007, B.prefix],
    ]);
  });

  it('pages, sorts and searches', async () => {
    const page2 = await list(A.token, { First: 3, PageSize: 2, SortColumn: 'PreprintedSeqNo', SortOrder: 'ASC' });
    expect(page2.map((r) => r.PreprintedSeqNo)).toEqual([1003, 1020]);
    expect((await list(A.token, { SearchValue: '1002' })).map((r) => r.StaticSeqNo)).toEqual([2]);
    expect((await send(t, STATIC_PAIR_API.list, listBody({ SortColumn: 'Nope' }), A.token)).body.ResponseCode).toBe(
      '400',
    );
  });

  it('a user of the same company at another prefix sees none; the admin sees all, or one prefix', async () => {
    const site = await insertSite(t.db, A.companyId, { prefix: nextPrefix() });
    expect(await list(await insertColleague(t, A, [PAGE.mapStaticNumber.key], site.id))).toEqual([]);
    const all = await list(admin, { PageSize: 500 });
    expect(new Set(all.map((r) => r.Prefix))).toEqual(new Set([A.prefix, B.prefix]));
    expect((await list(admin, { Prefix: B.prefix.toLowerCase() })).map((r) => r.PreprintedSeqNo)).toEqual([3007]);
  });
});
