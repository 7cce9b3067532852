// Replace/GetQrCodeDetails and Replace/ReplaceQrCode on a real database (PGlite; PostgreSQL with
// DATABASE_URL): a torn pack code (PID) is retired for good and a code of the same product batch takes
// its place in its carton; a torn slip (SID) gives the carton a new slip with its packs and its place
// in a tertiary carton. Every refusal has its message and changes nothing; a replay changes nothing.
import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PACKING_API, PACKING_MSG } from '../../../src/shared/contracts/floor/packing.js';
import { PUSH_API } from '../../../src/shared/contracts/floor/push.js';
import {
  REPLACE_API,
  REPLACE_MSG,
  type DetailsRequest,
  type ReplaceRequest,
} from '../../../src/shared/contracts/floor/replace.js';
import { DAMAGE_API } from '../../../src/shared/contracts/numbers/damage.js';
import { DEMAP_API } from '../../../src/shared/contracts/numbers/demap.js';
import { PAGE } from '../../../src/shared/pages.js';
import {
  damages,
  events,
  items,
  mappings,
  products,
  replacements,
  secondaryCartons,
  staticPairs,
  tertiaryCartons,
} from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { cartonContents, stockAtSite, whereIsCode } from '../../../src/server/domain/floor-queries.js';
import { Refusal } from '../../../src/server/domain/refusal.js';
import { replaceCode, replaceDetails } from '../../../src/server/domain/replace.js';
import type { Tx } from '../../../src/server/domain/ranges.js';
import { IDEMPOTENCY_MSG } from '../../../src/server/http/idempotency.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { checkData } from '../../helpers/endpoint-call.js';
import {
  cartonSize,
  codesOf,
  FLOOR_PAGES,
  floorFactory,
  secondaryBody,
  secondaryHeld,
  slip,
  tertiaryBody,
  type FloorFactory,
} from '../../helpers/factories-floor.js';
import {
  appCodes,
  insertColleague,
  insertDamage,
  insertIssue,
  insertMapping,
  P_SERIES,
  staticSeries,
  urlOf,
} from '../../helpers/factories-pairs.js';
import { insertProduct, nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let codes: CodeMac;
let A: FloorFactory;
let B: FloorFactory;
let size5: number;
let sidNo = 0;
const PAGES = [...FLOOR_PAGES, PAGE.replace.key, PAGE.deMapping.key, PAGE.productDamage.key];

const call = async (path: string, body: unknown, token = A.token, headers: Record<string, string> = {}) => {
  const res = await t.raw({
    method: 'POST',
    url: `/API/api/${path}`,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
  if (res.body.ResponseCode === '200')
    checkData(path === REPLACE_API.details.path ? REPLACE_API.details : REPLACE_API.replace, res.body.ResponseData);
  return res;
};
const details = (body: DetailsRequest, token?: string) => call(REPLACE_API.details.path, body, token);
const replace = (body: ReplaceRequest, token?: string, headers?: Record<string, string>) =>
  call(REPLACE_API.replace.path, body, token, headers);
const uid = (n: number, f = A) => codesOf(codes, f.prefix, n, n)[0]!;
const shown = (n: number, f = A) => `${f.prefix}${n}`;
const nextSid = (f = A) => slip('SID', f.prefix, ++sidNo);
/** Packs A's codes into a new carton of 5; its SID. */
async function packed(from: number, f = A): Promise<string> {
  const sid = nextSid(f);
  const res = await t.post(
    PACKING_API.secondarySave.path,
    secondaryBody(size5, codesOf(codes, f.prefix, from, from + 4), sid),
    f.token,
  );
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return sid;
}
/** Everything a replace may write. */
const snapshot = async () =>
  JSON.stringify(
    await Promise.all([
      t.db.select().from(replacements).orderBy(replacements.id),
      t.db.select().from(items).orderBy(items.id),
      t.db.select().from(secondaryCartons).orderBy(secondaryCartons.sid),
      t.db.select({ id: events.id }).from(events).orderBy(events.id),
    ]),
  );
const refused = async (
  run: () => Promise<{ body: { ResponseCode: string; ResponseMessage: string } }>,
  message: string,
) => {
  const before = await snapshot();
  const res = await run();
  expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: message });
  expect(await snapshot()).toEqual(before);
};

beforeAll(async () => {
  codes = await appCodes(t);
  A = await floorFactory(t, nextPrefix(), PAGES);
  B = await floorFactory(t, nextPrefix(), PAGES);
  size5 = await cartonSize(t.db, 5);
  await t.db.update(products).set({ description: 'Bio fertiliser, 1 kg' }).where(eq(products.id, A.productId));
  const S = staticSeries(A.prefix);
  // 2001..2010: the same batch mapped again; 3001..: another product; 4001..: another batch; 5001..: another MFG date.
  await insertMapping(t.db, { companyId: A.companyId, productId: A.productId, series: S, fromNo: 2001, toNo: 2010 });
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: (await insertProduct(t.db, A.companyId)).id,
    series: S,
    fromNo: 3001,
    toNo: 3010,
  });
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: S,
    fromNo: 4001,
    toNo: 4010,
    batchNo: 'B-2',
  });
  const m = await insertMapping(t.db, {
    companyId: A.companyId,
    productId: A.productId,
    series: S,
    fromNo: 5001,
    toNo: 5010,
  });
  await t.db.update(mappings).set({ mfgDate: '2026-02-01' }).where(eq(mappings.id, m.id));
  await insertDamage(t.db, A.companyId, A.productId, S, 900, 905, 'Torn label');
  await insertIssue(t.db, A.companyId, 7001, 7010);
  await t.db
    .insert(staticPairs)
    .values({ companyId: A.companyId, prefix: A.prefix, staticNo: 950, preprintedNo: 7001 });
});

describe('PID: a pack code', () => {
  it('its details: the visible number, the product and the carton it is in (a QR URL scan too)', async () => {
    const sid = await packed(1);
    expect((await details({ FistQrCode: urlOf(t, uid(3)), Type: 'PID' })).body).toEqual({
      ResponseCode: '200',
      ResponseMessage: 'Success',
      ResponseData: [
        {
          RandomNumber: shown(3),
          ProductName: A.productName,
          ProductDscrptn: 'Bio fertiliser, 1 kg',
          SecondaryCarton: sid,
        },
      ],
    });
    expect((await details({ FistQrCode: uid(600).toLowerCase(), Type: 'pid' })).body.ResponseData).toEqual([
      {
        RandomNumber: shown(600),
        ProductName: A.productName,
        ProductDscrptn: 'Bio fertiliser, 1 kg',
        SecondaryCarton: '',
      },
    ]);
  });

  it('a packed code gives way: the new one is in its carton, the old one is replaced for good', async () => {
    const sid = await packed(11);
    const res = await replace({ FistQrCode: uid(12), Type: 'PID', SecondQrCode: urlOf(t, uid(2001)) }, A.token, {
      'idempotency-key': 'replace-pid-000001',
      'device-time': String(Date.UTC(2026, 10, 20, 9, 30)),
    });
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: REPLACE_MSG.doneCode(shown(12), shown(2001)),
      ResponseData: { Type: 'PID', OldCode: shown(12), NewCode: shown(2001), SecondaryCarton: sid },
    });
    const S = staticSeries(A.prefix);
    const contents = await cartonContents(t.db, A.companyId, sid);
    expect(contents?.type === 'SID' && contents.serials.map((s) => s.serialNo)).toEqual([11, 13, 14, 15, 2001]);
    expect((await secondaryHeld(t.db, sid)).carton).toMatchObject({ qty: 5, batchNo: 'B-1', state: 'packed' });
    expect(await whereIsCode(t.db, S, 12)).toEqual({
      state: 'replaced',
      companyId: A.companyId,
      by: { kind: 'S', prefix: A.prefix, serial: 2001 },
      sid,
    });
    expect(await whereIsCode(t.db, S, 2001)).toMatchObject({ state: 'packed', sid });
    const [row] = await t.db.select().from(replacements).where(eq(replacements.oldSerial, 12));
    expect(row).toMatchObject({
      companyId: A.companyId,
      oldKind: 'S',
      newSerial: 2001,
      sid,
      createdBy: A.userId,
      entryId: 'replace-pid-000001',
    });
    const [event] = await t.db.select().from(events).where(eq(events.action, 'replace'));
    expect(event).toMatchObject({
      ref: sid,
      kind: 'S',
      prefix: A.prefix,
      fromNo: 12,
      toNo: 12,
      deviceBatch: 'replace-pid-000001',
      siteId: A.siteId,
      detail: { type: 'PID', old: `S:${A.prefix}:12`, new: `S:${A.prefix}:2001`, sid },
    });
    expect(event!.deviceAt!.toISOString()).toBe('2026-11-20T09:30:00.000Z');
  });

  it('the replaced code cannot be packed, replaced or shown again; the new one is packed', async () => {
    const res = await t.post(
      PACKING_API.secondarySave.path,
      secondaryBody(size5, [uid(12), ...codesOf(codes, A.prefix, 21, 24)], nextSid()),
      A.token,
    );
    expect(res.body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: REPLACE_MSG.retired,
      ResponseData: { Items: [{ Code: shown(12), Reason: REPLACE_MSG.retired }] },
    });
    await refused(() => details({ FistQrCode: uid(12), Type: 'PID' }), REPLACE_MSG.replaced(shown(12)));
    await refused(
      () => replace({ FistQrCode: uid(12), Type: 'PID', SecondQrCode: uid(2002) }),
      REPLACE_MSG.replaced(shown(12)),
    );
    await refused(
      () => replace({ FistQrCode: uid(600), Type: 'PID', SecondQrCode: uid(12) }),
      REPLACE_MSG.replaced(shown(12)),
    );
    await refused(
      () => replace({ FistQrCode: uid(600), Type: 'PID', SecondQrCode: uid(2001) }),
      REPLACE_MSG.packed(shown(2001), slip('SID', A.prefix, 2)),
    );
  });

  it("a loose code gives way to a loose one; the new one cannot take another code's place", async () => {
    const res = await replace({ FistQrCode: uid(30), Type: 'PID', SecondQrCode: uid(2003) });
    expect(res.body.ResponseData).toEqual({
      Type: 'PID',
      OldCode: shown(30),
      NewCode: shown(2003),
      SecondaryCarton: '',
    });
    expect(await whereIsCode(t.db, staticSeries(A.prefix), 30)).toMatchObject({ state: 'replaced', sid: null });
    const [old] = await t.db.select().from(items).where(eq(items.serialNo, 30));
    expect(old).toMatchObject({ secondaryId: null, status: 'replaced' });
    await refused(
      () => replace({ FistQrCode: uid(31), Type: 'PID', SecondQrCode: uid(2003) }),
      REPLACE_MSG.alreadyNew(shown(2003)),
    );
  });

  it('a retired code is neither de-mapped nor damaged with its range (the lifecycle: retired for good)', async () => {
    const [m] = await t.db
      .select()
      .from(mappings)
      .where(
        and(eq(mappings.kind, 'S'), eq(mappings.prefix, A.prefix), lte(mappings.fromNo, 30), gte(mappings.toNo, 30)),
      );
    const range = { MappingId: m!.id, FromNo: 29, ToNo: 31, Qty: 3, isPreprinted: false };
    const before = await t.db.select().from(mappings).orderBy(mappings.id);
    const demapped = await t.post(DEMAP_API.create.path, { ...range, ProductId: m!.productId }, A.token);
    expect(demapped.body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: 'Number 30 was replaced: it is retired for good.',
    });
    const damaged = await t.post(DAMAGE_API.create.path, { ...range, Reason: 'Torn labels' }, A.token);
    expect(damaged.body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: 'Number 30 was replaced: it is retired for good.',
    });
    expect(await t.db.select().from(mappings).orderBy(mappings.id)).toEqual(before);
    expect(
      await t.db
        .select()
        .from(damages)
        .where(and(eq(damages.prefix, A.prefix), lte(damages.fromNo, 31), gte(damages.toNo, 29))),
    ).toEqual([]);
  });

  it('a paired preprinted code retires its pack: the static twin verifies as replaced too', async () => {
    const res = await replace({ FistQrCode: codes.make(P_SERIES, 7001), Type: 'PID', SecondQrCode: uid(2004) });
    expect(res.body.ResponseData).toMatchObject({ OldCode: '7001', NewCode: shown(2004) });
    expect(await whereIsCode(t.db, staticSeries(A.prefix), 950)).toMatchObject({ state: 'replaced' });
    await refused(() => details({ FistQrCode: uid(950), Type: 'PID' }), REPLACE_MSG.replaced(shown(950)));
  });

  it("the code to replace must be genuine, of the company, mapped, not damaged, in a carton at the caller's site", async () => {
    const forged = uid(40).slice(0, -1) + (uid(40).endsWith('0') ? '1' : '0');
    await refused(() => details({ FistQrCode: forged, Type: 'PID' }), REPLACE_MSG.notGenuine(forged));
    await refused(() => details({ FistQrCode: 'hello', Type: 'PID' }), REPLACE_MSG.notGenuine('hello'));
    await refused(
      () => replace({ FistQrCode: forged, Type: 'PID', SecondQrCode: uid(2005) }),
      REPLACE_MSG.notGenuine(forged),
    );
    await refused(() => details({ FistQrCode: uid(1500), Type: 'PID' }), REPLACE_MSG.notMapped(shown(1500)));
    await refused(() => details({ FistQrCode: uid(40, B), Type: 'PID' }), REPLACE_MSG.notMapped(shown(40, B)));
    await refused(
      () => replace({ FistQrCode: uid(901), Type: 'PID', SecondQrCode: uid(2005) }),
      REPLACE_MSG.damaged(shown(901), 'Torn label'),
    );
    const away = await packed(41);
    await t.db.update(secondaryCartons).set({ locationSiteId: null }).where(eq(secondaryCartons.sid, away));
    await refused(
      () => replace({ FistQrCode: uid(42), Type: 'PID', SecondQrCode: uid(2005) }),
      REPLACE_MSG.inCarton(shown(42), REPLACE_MSG.cartonNotHere(away)),
    );
    const broken = await packed(51);
    await t.db.update(secondaryCartons).set({ state: 'damaged' }).where(eq(secondaryCartons.sid, broken));
    await refused(
      () => details({ FistQrCode: uid(52), Type: 'PID' }),
      REPLACE_MSG.inCarton(shown(52), REPLACE_MSG.cartonDamaged(broken)),
    );
  });

  it('the new code must be genuine, another pack, of the company, mapped to the same product batch, unpacked and not damaged', async () => {
    const first = uid(60);
    const forged = uid(2005).slice(0, -1) + (uid(2005).endsWith('0') ? '1' : '0');
    await refused(
      () => replace({ FistQrCode: first, Type: 'PID', SecondQrCode: forged }),
      REPLACE_MSG.notGenuine(forged),
    );
    await refused(
      () => replace({ FistQrCode: first, Type: 'PID', SecondQrCode: first.toLowerCase() }),
      REPLACE_MSG.sameCode,
    );
    await refused(() => replace({ FistQrCode: uid(1500), Type: 'PID', SecondQrCode: uid(1500) }), REPLACE_MSG.sameCode);
    await refused(
      () => replace({ FistQrCode: first, Type: 'PID', SecondQrCode: uid(1500) }),
      REPLACE_MSG.notMapped(shown(1500)),
    );
    await refused(
      () => replace({ FistQrCode: first, Type: 'PID', SecondQrCode: uid(60, B) }),
      REPLACE_MSG.notMapped(shown(60, B)),
    );
    await refused(
      () => replace({ FistQrCode: first, Type: 'PID', SecondQrCode: uid(902) }),
      REPLACE_MSG.damaged(shown(902), 'Torn label'),
    );
    await refused(
      () => replace({ FistQrCode: first, Type: 'PID', SecondQrCode: uid(1) }),
      REPLACE_MSG.packed(shown(1), slip('SID', A.prefix, 1)),
    );
    for (const other of [3001, 4001, 5001]) {
      await refused(
        () => replace({ FistQrCode: first, Type: 'PID', SecondQrCode: uid(other) }),
        `${shown(other)} is not mapped to the same product and batch (B-1, MFG 10-01-2026, EXP 10-01-2028).`,
      );
    }
  });
});

describe('SID: a carton slip', () => {
  it('its details, and the carton living on under the new slip with its packs', async () => {
    const old = await packed(101);
    expect((await details({ FistQrCode: old.toLowerCase(), Type: 'SID' })).body.ResponseData).toEqual([
      { RandomNumber: old, ProductName: A.productName, ProductDscrptn: 'Bio fertiliser, 1 kg', SecondaryCarton: old },
    ]);
    const before = (await secondaryHeld(t.db, old)).carton!;
    const stock = await stockAtSite(t.db, A.companyId, A.siteId);
    const sid = slip('SID', A.prefix, 400);
    const res = await replace({ FistQrCode: old, Type: 'SID', SecondQrCode: ` ${sid.toLowerCase()} ` });
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: REPLACE_MSG.doneSlip(old, sid),
      ResponseData: { Type: 'SID', OldCode: old, NewCode: sid, SecondaryCarton: sid },
    });
    const now = await secondaryHeld(t.db, sid);
    expect(now.carton).toEqual({ ...before, sid });
    expect(now.serials).toEqual([101, 102, 103, 104, 105]);
    expect((await secondaryHeld(t.db, old)).carton).toMatchObject({
      state: 'replaced',
      replacedBy: sid,
      locationSiteId: null,
      tid: null,
    });
    expect(await cartonContents(t.db, A.companyId, old)).toMatchObject({ state: 'replaced', serials: [] });
    expect(await whereIsCode(t.db, staticSeries(A.prefix), 103)).toMatchObject({
      state: 'packed',
      sid,
      siteId: A.siteId,
    });
    // The site holds the same stock: the carton counts once, under its new slip.
    expect(await stockAtSite(t.db, A.companyId, A.siteId)).toEqual(stock);
    const [event] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.ref, old), eq(events.action, 'replace')));
    expect(event).toMatchObject({ action: 'replace', detail: { type: 'SID', old, new: sid, sid } });
    // The old slip is gone from the floor: tertiary packing refuses it.
    const tres = await t.post(
      PACKING_API.tertiarySave.path,
      tertiaryBody(size5, [old], slip('TID', A.prefix, 1), { reason: 'Line end' }),
      A.token,
    );
    expect(tres.body).toMatchObject({ ResponseCode: '400', ResponseMessage: PACKING_MSG.notHere(old) });
  });

  it('a carton in a tertiary carton keeps its place there', async () => {
    const [one, two] = [await packed(111), await packed(116)];
    const tid = slip('TID', A.prefix, 2);
    expect(
      (
        await t.post(
          PACKING_API.tertiarySave.path,
          tertiaryBody(size5, [one, two], tid, { reason: 'Line end' }),
          A.token,
        )
      ).body.ResponseCode,
    ).toBe('200');
    const sid = slip('SID', A.prefix, 401);
    expect((await replace({ FistQrCode: one, Type: 'SID', SecondQrCode: sid })).body.ResponseCode).toBe('200');
    const contents = await cartonContents(t.db, A.companyId, tid);
    expect(contents?.type === 'TID' && contents.secondaries.map((s) => [s.sid, s.serials.length])).toEqual(
      [
        [sid, 5],
        [two, 5],
      ].sort(),
    );
    const [tertiary] = await t.db.select().from(tertiaryCartons).where(eq(tertiaryCartons.tid, tid));
    expect(tertiary).toMatchObject({ qty: 2, state: 'packed' });
    // A pack's code in it is replaced where the tertiary carton is.
    expect(
      (await replace({ FistQrCode: uid(112), Type: 'PID', SecondQrCode: uid(2006) })).body.ResponseData,
    ).toMatchObject({ SecondaryCarton: sid });
  });

  it("the old slip: a SID, a packed carton of the company at the caller's site", async () => {
    const spare = slip('SID', A.prefix, 450);
    await refused(() => details({ FistQrCode: slip('TID', A.prefix, 2), Type: 'SID' }), REPLACE_MSG.onlySid);
    await refused(() => replace({ FistQrCode: uid(1), Type: 'SID', SecondQrCode: spare }), REPLACE_MSG.onlySid);
    await refused(
      () => details({ FistQrCode: slip('SID', A.prefix, 499), Type: 'SID' }),
      REPLACE_MSG.cartonNotHere(slip('SID', A.prefix, 499)),
    );
    const theirs = await packed(201, B);
    await refused(() => details({ FistQrCode: theirs, Type: 'SID' }), REPLACE_MSG.cartonNotHere(theirs));
    await refused(
      () => replace({ FistQrCode: theirs, Type: 'SID', SecondQrCode: spare }),
      REPLACE_MSG.cartonNotHere(theirs),
    );
    const old = slip('SID', A.prefix, 1);
    const gone = (await t.db.select().from(secondaryCartons).where(eq(secondaryCartons.state, 'replaced')))[0]!;
    await refused(
      () => replace({ FistQrCode: gone.sid, Type: 'SID', SecondQrCode: spare }),
      REPLACE_MSG.cartonReplaced(gone.sid, gone.replacedBy!),
    );
    const broken = (await t.db.select().from(secondaryCartons).where(eq(secondaryCartons.state, 'damaged')))[0]!.sid;
    await refused(
      () => replace({ FistQrCode: broken, Type: 'SID', SecondQrCode: spare }),
      REPLACE_MSG.cartonDamaged(broken),
    );
    // Moved away (in transit) in the PID tests.
    const away = (
      await t.db
        .select()
        .from(secondaryCartons)
        .where(and(isNull(secondaryCartons.locationSiteId), eq(secondaryCartons.state, 'packed')))
    )[0]!;
    await refused(
      () => replace({ FistQrCode: away.sid, Type: 'SID', SecondQrCode: spare }),
      REPLACE_MSG.cartonNotHere(away.sid),
    );
    expect((await details({ FistQrCode: old, Type: 'SID' })).body.ResponseCode).toBe('200');
  });

  it("the new slip: a SID of the caller's prefix, exactly one, printed, never used, not the old one", async () => {
    const old = slip('SID', A.prefix, 1);
    const form = (second: string, message: string) =>
      refused(() => replace({ FistQrCode: old, Type: 'SID', SecondQrCode: second }), message);
    await form(slip('TID', A.prefix, 450), REPLACE_MSG.onlySid);
    await form(uid(1), REPLACE_MSG.onlySid);
    await form(slip('SID', B.prefix, 450), REPLACE_MSG.invalidSlip);
    await form(`SID26${A.prefix}`, REPLACE_MSG.invalidSlip);
    await form(`${slip('SID', A.prefix, 451)} ${slip('SID', A.prefix, 452)}`, REPLACE_MSG.invalidSlip);
    await form(slip('SID', A.prefix, 501), PACKING_MSG.slipUnprinted(slip('SID', A.prefix, 501)));
    await form(slip('SID', A.prefix, 2), PACKING_MSG.slipUsed(slip('SID', A.prefix, 2)));
    await form(slip('SID', A.prefix, 400), PACKING_MSG.slipUsed(slip('SID', A.prefix, 400)));
    await form(old, REPLACE_MSG.sameCode);
  });
});

describe('bad input, rights and the caller', () => {
  it('nothing scanned, no type', async () => {
    await refused(() => details({ FistQrCode: '  ', Type: 'PID' }), REPLACE_MSG.enterQr);
    await refused(() => replace({ FistQrCode: '', Type: 'PID', SecondQrCode: uid(2007) }), REPLACE_MSG.firstScan);
    await refused(() => replace({ FistQrCode: uid(70), Type: 'PID', SecondQrCode: '' }), REPLACE_MSG.enterQr);
    await refused(() => call(REPLACE_API.replace.path, { FistQrCode: uid(70), Type: 'PID' }), REPLACE_MSG.enterQr);
    await refused(() => details({ FistQrCode: uid(70), Type: 'XID' }), REPLACE_MSG.chooseType);
    await refused(() => call(REPLACE_API.details.path, { FistQrCode: uid(70) }), REPLACE_MSG.chooseType);
  });

  it('a forged code is refused before any database read', async () => {
    const noDb = new Proxy(
      {},
      {
        get: () => {
          throw new Error('the database was read');
        },
      },
    ) as Tx;
    const actor = { userId: A.userId, companyId: A.companyId, siteId: A.siteId, prefix: A.prefix };
    const forged = uid(70).slice(0, -1) + (uid(70).endsWith('0') ? '1' : '0');
    await expect(replaceDetails(noDb, codes, actor, { FistQrCode: forged, Type: 'PID' })).rejects.toThrow(
      new Refusal(REPLACE_MSG.notGenuine(forged)),
    );
    await expect(
      replaceCode(noDb, codes, actor, { FistQrCode: uid(70), Type: 'PID', SecondQrCode: forged }),
    ).rejects.toThrow(REPLACE_MSG.notGenuine(forged));
    await expect(
      replaceCode(noDb, codes, actor, {
        FistQrCode: slip('SID', A.prefix, 1),
        Type: 'SID',
        SecondQrCode: slip('SID', B.prefix, 9),
      }),
    ).rejects.toThrow(REPLACE_MSG.invalidSlip);
  });

  it('a user without the page gets 403; one without a site is refused', async () => {
    const noPage = await insertColleague(t, A, FLOOR_PAGES);
    for (const res of [
      await details({ FistQrCode: uid(70), Type: 'PID' }, noPage),
      await replace({ FistQrCode: uid(70), Type: 'PID', SecondQrCode: uid(2007) }, noPage),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.ResponseMessage).toBe(FORBIDDEN);
    }
    const noSite = await insertColleague(t, A, PAGES, null);
    await refused(
      () => replace({ FistQrCode: uid(70), Type: 'PID', SecondQrCode: uid(2007) }, noSite),
      REPLACE_MSG.noSite,
    );
  });

  it("another company's user cannot touch this company's codes or cartons", async () => {
    await refused(
      () => replace({ FistQrCode: uid(70), Type: 'PID', SecondQrCode: uid(71, B) }, B.token),
      REPLACE_MSG.notMapped(shown(70)),
    );
    await refused(
      () => replace({ FistQrCode: uid(72, B), Type: 'PID', SecondQrCode: uid(2007) }, B.token),
      REPLACE_MSG.notMapped(shown(2007)),
    );
    await refused(
      () =>
        replace(
          { FistQrCode: slip('SID', A.prefix, 2), Type: 'SID', SecondQrCode: slip('SID', B.prefix, 450) },
          B.token,
        ),
      REPLACE_MSG.cartonNotHere(slip('SID', A.prefix, 2)),
    );
  });
});

describe('exactly once', () => {
  it('a replay gets the first answer and changes nothing; another body under the key is 422', async () => {
    const key = { 'idempotency-key': 'replace-replay-0001' };
    const body: ReplaceRequest = { FistQrCode: uid(80), Type: 'PID', SecondQrCode: uid(2008) };
    const first = await replace(body, A.token, key);
    expect(first.body.ResponseCode).toBe('200');
    const before = await snapshot();
    expect((await replace(body, A.token, key)).body).toEqual(first.body);
    expect(await snapshot()).toEqual(before);
    const changed = await replace({ ...body, SecondQrCode: uid(2009) }, A.token, key);
    expect(changed.status).toBe(422);
    expect(changed.body.ResponseMessage).toBe(IDEMPOTENCY_MSG.changed);
    expect(await snapshot()).toEqual(before);
  });

  it('goes through the outbox push as its own call would', async () => {
    const Body: ReplaceRequest = { FistQrCode: uid(81), Type: 'PID', SecondQrCode: uid(2009) };
    const res = await t.post(
      PUSH_API.push.path,
      { Entries: [{ Key: 'replace-push-00001', Call: REPLACE_API.replace.path, DeviceTime: Date.now(), Body }] },
      A.token,
    );
    expect(res.body.ResponseData).toEqual([
      {
        Key: 'replace-push-00001',
        Status: 200,
        Answer: {
          ResponseCode: '200',
          ResponseMessage: REPLACE_MSG.doneCode(shown(81), shown(2009)),
          ResponseData: { Type: 'PID', OldCode: shown(81), NewCode: shown(2009), SecondaryCarton: '' },
        },
      },
    ]);
    expect(await whereIsCode(t.db, staticSeries(A.prefix), 81)).toMatchObject({ state: 'replaced' });
  });

  // The first to reach the server wins: a carton packed with a code that a replace retired meanwhile
  // does not take it over (PGlite is one connection, so the two cannot overlap there).
  it.skipIf(!process.env.DATABASE_URL)(
    'a pack that resolved a code before a replace retired it is refused (PostgreSQL)',
    async () => {
      const { default: pg } = await import('pg');
      const holder = new pg.Client({ connectionString: t.databaseUrl });
      await holder.connect();
      await holder.query('select pg_advisory_lock(hashtext($1))', [`series:S:${A.prefix}`]);
      const replacing = replace({ FistQrCode: uid(85), Type: 'PID', SecondQrCode: uid(2010) });
      await new Promise((r) => setTimeout(r, 300));
      const sid = nextSid();
      const packing = t.post(
        PACKING_API.secondarySave.path,
        secondaryBody(size5, codesOf(codes, A.prefix, 85, 89), sid),
        A.token,
      );
      await new Promise((r) => setTimeout(r, 300));
      await holder.query('select pg_advisory_unlock_all()');
      await holder.end();
      expect((await replacing).body.ResponseCode).toBe('200');
      expect((await packing).body).toMatchObject({
        ResponseCode: '400',
        ResponseData: { Items: [{ Code: shown(85), Reason: PACKING_MSG.packed('another carton') }] },
      });
      expect((await secondaryHeld(t.db, sid)).carton).toBeUndefined();
      expect(await whereIsCode(t.db, staticSeries(A.prefix), 85)).toMatchObject({ state: 'replaced' });
    },
  );
});
