// SecondaryPacking/save on a real database (PGlite; PostgreSQL with DATABASE_URL): a carton packs
// once, with its event and the device's time; every bad scan and every bad carton is refused with the
// items at fault and changes nothing; a replay answers as the first call did; a second device that
// packed the same pack offline is refused with that pack and the reason.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  notCodeMessage,
  PACKING_API,
  PACKING_MSG,
  secondaryRow,
  type SecondarySave,
} from '../../../src/shared/contracts/floor/packing.js';
import { IDEMPOTENCY_MSG } from '../../../src/server/http/idempotency.js';
import { events, staticPairs } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { PAGE } from '../../../src/shared/pages.js';
import { listBody } from '../../helpers/factories.js';
import {
  cartonSize,
  codesOf,
  floorFactory,
  secondaryBody,
  secondaryHeld,
  slip,
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
let otherProduct: number;
let slipNo = 0;

const save = (body: unknown, token = A.token, headers: Record<string, string> = {}) =>
  t.raw({
    method: 'POST',
    url: `/API/api/${PACKING_API.secondarySave.path}`,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, ...headers },
  });
const nextSid = (f = A) => slip('SID', f.prefix, ++slipNo);
const uids = (from: number, to: number, f = A) => codesOf(codes, f.prefix, from, to);
const refusedCodes = (body: unknown) => (body as { Items: Array<{ Code: string }> }).Items.map((i) => i.Code);

beforeAll(async () => {
  codes = await appCodes(t);
  A = await floorFactory(t, nextPrefix());
  B = await floorFactory(t, nextPrefix());
  size5 = await cartonSize(t.db, 5);
  // A's codes 3001..3010 are another product's.
  const p2 = await insertProduct(t.db, A.companyId);
  await insertMapping(t.db, {
    companyId: A.companyId,
    productId: p2.id,
    series: staticSeries(A.prefix),
    fromNo: 3001,
    toNo: 3010,
  });
  otherProduct = p2.id;
  await insertDamage(t.db, A.companyId, A.productId, staticSeries(A.prefix), 900, 905, 'Torn label');
  // Preprinted 7001..7010 accepted by A; 7001 and 7002 paired with A's static 950 and 960.
  await insertIssue(t.db, A.companyId, 7001, 7010);
  await t.db.insert(staticPairs).values([
    { companyId: A.companyId, prefix: A.prefix, staticNo: 950, preprintedNo: 7001 },
    { companyId: A.companyId, prefix: A.prefix, staticNo: 960, preprintedNo: 7002 },
  ]);
});

describe('a full carton', () => {
  it('packs once: the carton, its packs, the answer and an event with the device time', async () => {
    const sid = nextSid();
    const codes5 = uids(1, 5);
    // One as the whole QR URL a scanner reads, one lower-cased (Crockford base32 survives case).
    const scanned = [urlOf(t, codes5[0]!), codes5[1]!.toLowerCase(), ...codes5.slice(2)];
    const res = await save(secondaryBody(size5, scanned, sid), A.token, {
      'idempotency-key': 'entry-0001-abcdef',
      'device-time': String(Date.UTC(2026, 10, 20, 9, 30)),
    });
    expect(res.body).toEqual({
      ResponseCode: '200',
      ResponseMessage: PACKING_MSG.secondarySaved(sid, 5),
      ResponseData: { CartonId: sid, TotalQty: 5, CartonName: expect.any(String) },
    });
    const held = await secondaryHeld(t.db, sid);
    expect(held.serials).toEqual([1, 2, 3, 4, 5]);
    expect(held.carton).toMatchObject({
      productId: A.productId,
      qty: 5,
      siteId: A.siteId,
      locationSiteId: A.siteId,
      state: 'packed',
      batchNo: 'B-1',
      mfgDate: '2026-01-10',
      entryId: 'entry-0001-abcdef',
    });
    expect(held.carton!.deviceAt!.toISOString()).toBe('2026-11-20T09:30:00.000Z');
    const [event] = await t.db.select().from(events).where(eq(events.ref, sid));
    expect(event).toMatchObject({
      action: 'pack-secondary',
      deviceBatch: 'entry-0001-abcdef',
      detail: { sid, qty: 5, runs: [['S', A.prefix, 1, 5]] },
    });
  });

  it('a paired preprinted code packs as its static twin', async () => {
    const sid = nextSid();
    const body = secondaryBody(size5, [codes.make(P_SERIES, 7001), ...uids(951, 954)], sid);
    expect((await save(body)).body.ResponseCode).toBe('200');
    expect((await secondaryHeld(t.db, sid)).serials).toEqual([950, 951, 952, 953, 954]);
  });

  it('a fractional carton needs 4 trimmed characters of remark; with them it packs', async () => {
    const sid = nextSid();
    expect((await save(secondaryBody(size5, uids(11, 13), sid, '  abc  '))).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: PACKING_MSG.fractional,
    });
    const res = await save(secondaryBody(size5, uids(11, 13), sid, 'Line end'));
    expect(res.body.ResponseCode).toBe('200');
    expect((await secondaryHeld(t.db, sid)).carton).toMatchObject({ qty: 3, reason: 'Line end' });
  });

  it("lists in the history, newest first, as the spec's row", async () => {
    const res = await t.post(PACKING_API.secondaryList.path, listBody(), A.token);
    const rows = PACKING_API.secondaryList.data.parse(res.body.ResponseData);
    expect(rows[0]).toMatchObject({ CartonId: slip('SID', A.prefix, slipNo), TotalQty: 3, reason: 'Line end' });
    expect(secondaryRow.parse(rows[0])).toBeTruthy();
    // B's cartons are not A's history.
    expect(rows.every((r) => r.CartonId.includes(A.prefix))).toBe(true);
  });
});

describe('refused, and nothing changes', () => {
  const refused = async (body: SecondarySave, message: string, token = A.token) => {
    const res = await save(body, token);
    expect(res.body).toMatchObject({ ResponseCode: '400', ResponseMessage: message });
    const sid = body.CartonName.trim().toUpperCase();
    expect((await secondaryHeld(t.db, sid)).carton).toBeUndefined();
    return res.body.ResponseData;
  };

  it('no or an inactive carton size: Select Carton Size', async () => {
    await refused(secondaryBody(0, uids(21, 25), nextSid()), PACKING_MSG.selectCartonSize);
    await refused(
      secondaryBody(await cartonSize(t.db, 5, false), uids(21, 25), nextSid()),
      PACKING_MSG.selectCartonSize,
    );
  });

  it('more than the size: Carton Full', async () => {
    await refused(secondaryBody(size5, uids(21, 26), nextSid()), PACKING_MSG.cartonFull);
  });

  it('nothing scanned: Scan First', async () => {
    await refused(secondaryBody(size5, [], nextSid()), PACKING_MSG.scanFirst);
  });

  it('a slip of another prefix, of another type, never printed or already used', async () => {
    await refused(secondaryBody(size5, uids(21, 25), slip('SID', B.prefix, 400)), PACKING_MSG.invalidSlip);
    await refused(secondaryBody(size5, uids(21, 25), slip('TID', A.prefix, 400)), PACKING_MSG.invalidSlip);
    await refused(
      secondaryBody(size5, uids(21, 25), `${slip('SID', A.prefix, 401)} ${slip('SID', A.prefix, 402)}`),
      PACKING_MSG.invalidSlip,
    );
    await refused(
      secondaryBody(size5, uids(21, 25), slip('SID', A.prefix, 501)),
      PACKING_MSG.slipUnprinted(slip('SID', A.prefix, 501)),
    );
    const res = await save(secondaryBody(size5, uids(21, 25), slip('SID', A.prefix, 1)));
    expect(res.body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: PACKING_MSG.slipUsed(slip('SID', A.prefix, 1)),
    });
  });

  it('every bad scan is listed by its printed number, with its reason and the code as sent; the good ones are not packed either', async () => {
    const good = uids(31, 31);
    const forged = uids(32, 32)[0]!.slice(0, -1) + (uids(32, 32)[0]!.endsWith('0') ? '1' : '0');
    const scanned = [
      ...good,
      forged, // forged
      uids(31, 31)[0]!, // the same pack twice
      codesOf(codes, A.prefix, 1500, 1500)[0]!, // never mapped
      uids(901, 901)[0]!, // damaged
      uids(1, 1)[0]!, // packed in the first carton
    ];
    const sid = nextSid();
    const body = secondaryBody(await cartonSize(t.db, 6), scanned, sid);
    const data = await refused(body, PACKING_MSG.itemsRefused(5));
    expect(data).toEqual({
      Items: [
        // A copy of KA32 (its MAC is wrong): named by the number printed on it, as the genuine pack is.
        { Code: `${A.prefix}32`, Reason: PACKING_MSG.forged, Scan: forged },
        { Code: `${A.prefix}31`, Reason: PACKING_MSG.alreadyScanned, Scan: uids(31, 31)[0] },
        { Code: `${A.prefix}1500`, Reason: PACKING_MSG.unmapped, Scan: codesOf(codes, A.prefix, 1500, 1500)[0] },
        { Code: `${A.prefix}901`, Reason: PACKING_MSG.damaged('Torn label'), Scan: uids(901, 901)[0] },
        { Code: `${A.prefix}1`, Reason: PACKING_MSG.packed(slip('SID', A.prefix, 1)), Scan: uids(1, 1)[0] },
      ],
    });
    expect((await secondaryHeld(t.db, slip('SID', A.prefix, 1))).serials).toEqual([1, 2, 3, 4, 5]);
  });

  it('a static code and its paired preprinted code are one pack: already Scanned', async () => {
    const data = await refused(
      secondaryBody(size5, [...uids(960, 963), codes.make(P_SERIES, 7002)], nextSid()),
      PACKING_MSG.alreadyScanned,
    );
    expect(refusedCodes(data)).toEqual(['7002']);
  });

  it('another product in the carton: You can pack only same product', async () => {
    const data = await refused(
      secondaryBody(size5, [...uids(41, 44), ...uids(3001, 3001)], nextSid()),
      PACKING_MSG.sameProduct,
    );
    expect(refusedCodes(data)).toEqual([`${A.prefix}3001`]);
    expect(otherProduct).not.toBe(A.productId);
  });

  it("another company's code is not mapped, to this caller", async () => {
    const data = await refused(
      secondaryBody(size5, [...uids(51, 54), ...uids(1, 1, B)], nextSid()),
      PACKING_MSG.unmapped,
    );
    expect(refusedCodes(data)).toEqual([`${B.prefix}1`]);
  });

  it('not a code at all: each says what it is, as the device does', async () => {
    const res = await save(secondaryBody(size5, ['hello', ...uids(61, 64)], nextSid()));
    expect(res.body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: notCodeMessage('hello'),
      ResponseData: { Items: [{ Code: 'hello', Reason: PACKING_MSG.notCodeOther }] },
    });
    const sid = slip('SID', A.prefix, 3);
    const cut = uids(65, 65)[0]!.slice(0, -3);
    const data = await refused(
      secondaryBody(await cartonSize(t.db, 4), [sid, `${A.prefix}61`, cut, ...uids(66, 66)], nextSid()),
      PACKING_MSG.itemsRefused(3),
    );
    expect(data).toEqual({
      Items: [
        { Code: sid, Reason: PACKING_MSG.notCodeSid(sid) },
        { Code: `${A.prefix}61`, Reason: PACKING_MSG.notCodeNumber(`${A.prefix}61`) },
        { Code: cut, Reason: PACKING_MSG.notCodeBroken },
      ],
    });
  });

  it('a user without a site, and a user without the page', async () => {
    const noSite = await insertColleague(t, A, [PAGE.secondaryPacking.key], null);
    await refused(secondaryBody(size5, uids(71, 75), nextSid()), PACKING_MSG.noSite, noSite);
    const noPage = await insertColleague(t, A, [PAGE.mapping.key]);
    const res = await save(secondaryBody(size5, uids(71, 75), nextSid()), noPage);
    expect(res.status).toBe(403);
    expect(res.body.ResponseMessage).toBe(FORBIDDEN);
  });
});

describe('which of two codes of one printed number is genuine (a suspected copy on the device)', () => {
  it('SecondaryPacking/CheckCodes answers each code in order; the page is needed', async () => {
    const genuine = uids(40, 40)[0]!;
    const copy = genuine.slice(0, -1) + (genuine.endsWith('0') ? '1' : '0');
    const res = await t.send(PACKING_API.checkCodes, { UIDs: [copy, genuine, 'hello'] }, A.token);
    expect(res.body).toMatchObject({
      ResponseCode: '200',
      ResponseData: [
        { UID: copy, Genuine: false },
        { UID: genuine, Genuine: true },
        { UID: 'hello', Genuine: false },
      ],
    });
    expect((await t.send(PACKING_API.checkCodes, { UIDs: [] }, A.token)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: PACKING_MSG.scanFirst,
    });
    const noPage = await insertColleague(t, A, [PAGE.mapping.key]);
    expect((await t.send(PACKING_API.checkCodes, { UIDs: [genuine] }, noPage)).status).toBe(403);
  });
});

describe('exactly once', () => {
  it('a replay gets the first answer and packs nothing more; another body under the key is 422', async () => {
    const sid = nextSid();
    const body = secondaryBody(size5, uids(101, 105), sid);
    const key = { 'idempotency-key': 'entry-replay-000001' };
    const first = await save(body, A.token, key);
    const again = await save(body, A.token, key);
    expect(again.body).toEqual(first.body);
    expect((await secondaryHeld(t.db, sid)).serials).toEqual([101, 102, 103, 104, 105]);
    expect(await t.db.select().from(events).where(eq(events.ref, sid))).toHaveLength(1);
    const changed = await save(secondaryBody(size5, uids(106, 110), sid), A.token, key);
    expect(changed.status).toBe(422);
    expect(changed.body.ResponseMessage).toBe(IDEMPOTENCY_MSG.changed);
  });

  it('a refusal is final and kept: the replay is refused the same way even once it could pack', async () => {
    const sid = nextSid();
    const key = { 'idempotency-key': 'entry-refused-00001' };
    const body = secondaryBody(size5, uids(111, 116), sid);
    expect((await save(body, A.token, key)).body.ResponseMessage).toBe(PACKING_MSG.cartonFull);
    expect((await save(body, A.token, key)).body.ResponseMessage).toBe(PACKING_MSG.cartonFull);
  });

  // PGlite is one connection, so a second request waits for the first and gets the replay instead.
  it.skipIf(!process.env.DATABASE_URL)('a key still being worked on is 409 (PostgreSQL)', async () => {
    const { default: pg } = await import('pg');
    const holder = new pg.Client({ connectionString: t.databaseUrl });
    await holder.connect();
    // The carton waits for its series lock (domain/ranges.ts lockSeries) while this connection holds it.
    await holder.query('select pg_advisory_lock(hashtext($1))', [`series:S:${A.prefix}`]);
    const sid = nextSid();
    const body = secondaryBody(size5, uids(131, 135), sid);
    const key = { 'idempotency-key': 'entry-in-flight-001' };
    const first = save(body, A.token, key);
    await new Promise((r) => setTimeout(r, 500));
    const second = await save(body, A.token, key);
    await holder.query('select pg_advisory_unlock_all()');
    await holder.end();
    expect(second.status).toBe(409);
    expect(second.body.ResponseMessage).toBe(IDEMPOTENCY_MSG.inFlight);
    expect((await first).body.ResponseCode).toBe('200');
    expect((await secondaryHeld(t.db, sid)).serials).toEqual([131, 132, 133, 134, 135]);
  });

  it('a second device that packed the same pack offline is refused with that pack and the reason', async () => {
    const second = await insertColleague(t, A, [PAGE.secondaryPacking.key]);
    const first = nextSid();
    const other = nextSid();
    expect(
      (await save(secondaryBody(size5, uids(121, 125), first), A.token, { 'idempotency-key': 'device-one-entry-1' }))
        .body.ResponseCode,
    ).toBe('200');
    const res = await save(secondaryBody(size5, [...uids(126, 129), ...uids(123, 123)], other), second, {
      'idempotency-key': 'device-two-entry-1',
    });
    expect(res.body).toEqual({
      ResponseCode: '400',
      ResponseMessage: PACKING_MSG.packed(first),
      ResponseData: { Items: [{ Code: `${A.prefix}123`, Reason: PACKING_MSG.packed(first), Scan: uids(123, 123)[0] }] },
    });
    expect((await secondaryHeld(t.db, other)).carton).toBeUndefined();
    expect((await secondaryHeld(t.db, first)).serials).toEqual([121, 122, 123, 124, 125]);
  });
});
