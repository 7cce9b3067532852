// QR Code Tracking on a real database (PGlite; PostgreSQL with DATABASE_URL): Dispatch/GetJourney and
// Dispatch/GetScanInfo. The flows are made through the real API, as the floor makes them: a static
// range mapped, packs packed into SIDs and a TID, dispatched to a warehouse that receives it, and a pack
// verified by the public twice; cartons taken back and damaged; a pack code replaced. A pack's journey
// lists each step in order with where and who; SID, TID and DID journeys tell their own steps;
// GetScanInfo opens a DID, a TID and a SID one level each. Another company's code is refused exactly
// as an unknown one is; a user without the page gets 403; hostile input gets the warning.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeUrl } from '../../../src/shared/codes.js';
import { digitalLink } from '../../../src/shared/digital-link.js';
import { CARTON_DAMAGE_API } from '../../../src/shared/contracts/floor/carton-damage.js';
import { RETURN_API } from '../../../src/shared/contracts/floor/carton-return.js';
import { DISPATCH_API } from '../../../src/shared/contracts/floor/dispatch.js';
import { RECEIVE_API } from '../../../src/shared/contracts/floor/dispatch-receive.js';
import { PACKING_API } from '../../../src/shared/contracts/floor/packing.js';
import { REPLACE_API } from '../../../src/shared/contracts/floor/replace.js';
import { MAPPING_API } from '../../../src/shared/contracts/numbers/mapping.js';
import { TEXT_UNSTORABLE } from '../../../src/shared/contracts/text.js';
import { TRACK_MSG, TRACKING_API, type JourneyItem, type ScanInfoRow } from '../../../src/shared/contracts/tracking.js';
import { PAGE } from '../../../src/shared/pages.js';
import { sites, users } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { send } from '../../helpers/endpoint-call.js';
import { insertUser } from '../../helpers/factories.js';
import { insertReceivingDealer, insertSiteUser, type SiteUser } from '../../helpers/factories-dispatch-legs.js';
import { cartonSize, codesOf, printSlips, secondaryBody, slip, tertiaryBody } from '../../helpers/factories-floor.js';
import { mapBody } from '../../helpers/factories-mapping.js';
import { verifyFrom } from '../../helpers/factories-loyalty.js';
import { appCodes, insertFactory, staticSeries, type Factory } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import type { Answer } from '../../helpers/server-app.js';
import { useApp } from '../../helpers/use-app.js';

const TRACK = PAGE.qrCodeTrackingReport.key;
const FACTORY_PAGES = [
  PAGE.mapping.key,
  PAGE.secondaryPacking.key,
  PAGE.tertiaryPacking.key,
  PAGE.dispatch.key,
  PAGE.cartonReturn.key,
  PAGE.damageCarton.key,
  PAGE.replace.key,
  TRACK,
];

const t = useApp();
let codes: CodeMac;
let A: Factory;
let W: SiteUser;
let B: Factory;
let admin: string;
let road: number;
let size2: number;
let slipNo = 0;
const PLANT = 'Nashik Line 2';
const DEPOT = 'Pune Depot East';
const PACKER = 'Asha Patil';
const CLERK = 'Vikram Rao';

const uid = (n: number) => codes.make(staticSeries(A.prefix), n);
const pid = (n: number) => `PID${A.prefix}${n}`;
const key = () => ({ 'idempotency-key': `journey-entry-${String(++slipNo).padStart(4, '0')}` });
const must = (what: string, res: Answer) => {
  if (res.body.ResponseCode !== '200') throw new Error(`${what}: ${res.body.ResponseMessage}`);
  return res;
};
const post = (path: string, body: unknown, token: string) =>
  t.raw({
    method: 'POST',
    url: `/API/api/${path}`,
    payload: body as object,
    headers: { authorization: `Bearer ${token}`, ...key() },
  });

async function packSid(from: number, to: number): Promise<string> {
  const sid = slip('SID', A.prefix, ++slipNo);
  must(
    sid,
    await post(PACKING_API.secondarySave.path, secondaryBody(size2, codesOf(codes, A.prefix, from, to), sid), A.token),
  );
  return sid;
}
async function packTid(sids: string[]): Promise<string> {
  const tid = slip('TID', A.prefix, ++slipNo);
  must(
    tid,
    await post(
      PACKING_API.tertiarySave.path,
      tertiaryBody(size2, sids, tid, { remark: 'Line 2 morning shift' }),
      A.token,
    ),
  );
  return tid;
}
async function dispatchTo(siteId: number, ids: string[]): Promise<string> {
  const did = slip('DID', A.prefix, ++slipNo);
  must(
    did,
    await post(
      DISPATCH_API.save.path,
      {
        SendTo: 0,
        WareHouseId: siteId,
        scanned: ids.map((CartonId) => ({ CartonId })),
        TransportModeId: road,
        LR: 'LR-4411',
        DispatchId: did,
        Remark: 'Journey test',
      },
      A.token,
    ),
  );
  return did;
}

const journey = (qr: string, token = A.token) => send(t, TRACKING_API.journey, undefined, token, { qr });
const scanInfo = (qr: string, token = A.token) => send(t, TRACKING_API.scanInfo, undefined, token, { qr });
async function steps(qr: string, token = A.token): Promise<JourneyItem[]> {
  const res = await journey(qr, token);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as JourneyItem[];
}
async function rows(qr: string, token = A.token): Promise<ScanInfoRow[]> {
  const res = await scanInfo(qr, token);
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as ScanInfoRow[];
}
/** What a timeline shows of each step: the activity, where and who. */
const seen = (items: JourneyItem[]) => items.map((s) => [s.activity, s.place, s.who]);
const inOrder = (items: JourneyItem[]) => items.map((s) => s.date).every((d, i, all) => i === 0 || all[i - 1]! <= d);

let sidA: string;
let sidB: string;
let tid: string;
let did: string;

beforeAll(async () => {
  codes = await appCodes(t);
  A = await insertFactory(t, nextPrefix(), FACTORY_PAGES);
  await t.db.update(sites).set({ name: PLANT }).where(eq(sites.id, A.siteId));
  await t.db.update(users).set({ firstName: 'Asha', lastName: 'Patil' }).where(eq(users.id, A.userId));
  await printSlips(t.db, A.prefix, 500);
  size2 = await cartonSize(t.db, 2);
  W = await insertSiteUser(t, A.companyId, [PAGE.dispatchReceive.key, TRACK]);
  await t.db.update(sites).set({ name: DEPOT }).where(eq(sites.id, W.siteId));
  await t.db.update(users).set({ firstName: 'Vikram', lastName: 'Rao' }).where(eq(users.id, W.userId));
  B = await insertFactory(t, nextPrefix(), [TRACK]);
  admin = await t.token('admin');
  const modes = await t.get(DISPATCH_API.modes.path, A.token);
  road = (modes.body.ResponseData as Array<{ TransportModeId: number; TransportMode: string }>).find(
    (m) => m.TransportMode === 'By Road',
  )!.TransportModeId;

  must(
    'mapping',
    await send(
      t,
      MAPPING_API.save,
      mapBody(A.productId, 1, 200, { BatchNo: 'NG-26', MFGDate: '2026-01-10', EXPDate: '2027-01-10' }),
      A.token,
    ),
  );
  sidA = await packSid(1, 2);
  sidB = await packSid(3, 4);
  tid = await packTid([sidA, sidB]);
  did = await dispatchTo(W.siteId, [tid]);
  must('receive', await post(RECEIVE_API.save.path, { DispatchId: did }, W.token));
  must('verify', await verifyFrom(t, uid(1), 'Maharashtra', { UsrCity: 'Pune' }));
  must('verify again', await verifyFrom(t, uid(1), 'Gujarat', { UsrCity: 'Surat' }));
});

describe("a pack's journey", () => {
  it('shows every step in order, with where it happened and who did it', async () => {
    const items = await steps(uid(1));
    expect(seen(items)).toEqual([
      [`Mapped to ${A.productName}, batch NG-26`, PLANT, PACKER],
      [`Packed into ${sidA}`, PLANT, PACKER],
      [`${sidA} packed into ${tid}`, PLANT, PACKER],
      [`Dispatched on ${did} to ${DEPOT}`, PLANT, PACKER],
      [`Received at ${DEPOT}`, DEPOT, CLERK],
      ['Verified genuine by the public', 'Pune, Maharashtra', 'Public'],
      ['Verified genuine by the public', 'Surat, Gujarat', 'Public'],
    ]);
    expect(inOrder(items)).toBe(true);
    expect(items.every((s) => !Number.isNaN(Date.parse(s.date)) && s.date.endsWith('Z'))).toBe(true);
    expect(items.map((s) => s.step)).toEqual([
      'map',
      'pack-secondary',
      'pack-tertiary',
      'dispatch',
      'receive',
      'verify',
      'verify',
    ]);
    expect(items[0]!.detail).toBe('MFG 2026-01-10 · EXP 2027-01-10');
    expect(items[2]!.detail).toContain('Remark: Line 2 morning shift');
    expect(items[3]!.detail).toBe(`In ${tid} · LR LR-4411 · Remark: Journey test`);
    expect(items[4]!.detail).toBe(`On ${did} · In ${tid}`);
    // A second verification of one code is flagged: a sign of a copied label.
    expect(items.map((s) => s.flags)).toEqual([[], [], [], [], [], [], ['verified-before']]);
  });

  it('is the same whether the QR URL, the GS1 Digital Link or the PID is scanned', async () => {
    const plain = await steps(uid(1));
    expect(await steps(codeUrl(t.config.publicBaseUrl, uid(1)))).toEqual(plain);
    const link = digitalLink(t.config.publicBaseUrl, {
      gtin: '09506000134352',
      batch: 'NG-26',
      uid: uid(1),
      mfg: '260110',
      exp: '270110',
    })!;
    expect(await steps(link)).toEqual(plain);
    expect(await steps(pid(1))).toEqual(plain);
    expect(await steps(` ${uid(1).toLowerCase()} `)).toEqual(plain);
  });

  it('answers for the admin and for a warehouse user of the company', async () => {
    expect(seen(await steps(uid(3), admin))).toEqual(seen(await steps(uid(3), W.token)));
    expect((await steps(uid(3), W.token)).map((s) => s.activity)).toContain(`Packed into ${sidB}`);
  });

  it('of a mapped pack not yet packed is its mapping alone', async () => {
    expect(seen(await steps(uid(150)))).toEqual([[`Mapped to ${A.productName}, batch NG-26`, PLANT, PACKER]]);
  });

  it('of a code of ours never mapped is refused as not mapped', async () => {
    const res = await journey(uid(900));
    expect(res.body).toEqual({
      ResponseCode: '400',
      ResponseMessage: TRACK_MSG.notMapped(pid(900)),
      ResponseData: null,
    });
  });
});

describe('a carton or dispatch journey', () => {
  it("of a SID: packed, into its TID, and the TID's travels", async () => {
    expect(seen(await steps(sidA))).toEqual([
      ['Packed: 2 packs', PLANT, PACKER],
      [`${sidA} packed into ${tid}`, PLANT, PACKER],
      [`Dispatched on ${did} to ${DEPOT}`, PLANT, PACKER],
      [`Received at ${DEPOT}`, DEPOT, CLERK],
    ]);
  });

  it('of a TID: packed and its travels', async () => {
    const items = await steps(tid.toLowerCase());
    expect(seen(items)).toEqual([
      ['Packed: 2 cartons', PLANT, PACKER],
      [`Dispatched on ${did} to ${DEPOT}`, PLANT, PACKER],
      [`Received at ${DEPOT}`, DEPOT, CLERK],
    ]);
    expect(items[1]!.detail).toBe('LR LR-4411 · Remark: Journey test');
  });

  it('of a DID: sent with what, and received', async () => {
    const items = await steps(did);
    expect(seen(items)).toEqual([
      [`Dispatched to ${DEPOT}`, PLANT, PACKER],
      [`Received at ${DEPOT}`, DEPOT, CLERK],
    ]);
    expect(items.map((s) => s.detail)).toEqual([
      '1 carton, 4 packs · LR LR-4411 · Remark: Journey test',
      '1 carton arrived',
    ]);
  });
});

describe('the contents (GetScanInfo)', () => {
  it('of a DID are its cartons (how each leg ended), of a TID its SIDs, of a SID its packs (where they are now)', async () => {
    const name = A.productName;
    expect((await rows(did)).map(({ date: _d, ...r }) => r)).toEqual([
      { Id: tid, SeqNo: 1, ProductName: name, Qty: 4, Status: 'Received' },
    ]);
    expect((await rows(tid)).map(({ date: _d, ...r }) => r)).toEqual([
      { Id: sidA, SeqNo: 1, ProductName: name, Qty: 2, Status: 'Received' },
      { Id: sidB, SeqNo: 2, ProductName: name, Qty: 2, Status: 'Received' },
    ]);
    const packs = await rows(sidB);
    expect(packs.map(({ date: _d, ...r }) => r)).toEqual([
      { Id: pid(3), SeqNo: 1, ProductName: name, Qty: 1, Status: 'Received' },
      { Id: pid(4), SeqNo: 2, ProductName: name, Qty: 1, Status: 'Received' },
    ]);
    expect(packs.every((r) => !Number.isNaN(Date.parse(r.date)))).toBe(true);
  });

  it('of a pack is its own row, and a row id scans back to its journey', async () => {
    expect((await rows(codeUrl(t.config.publicBaseUrl, uid(4)))).map(({ date: _d, ...r }) => r)).toEqual([
      { Id: pid(4), SeqNo: 1, ProductName: A.productName, Qty: 1, Status: 'Received' },
    ]);
    expect(await steps(pid(4))).toEqual(await steps(uid(4)));
  });
});

describe('taken back, damaged and replaced', () => {
  it('shows a return from transit with its remark, then the carton damaged', async () => {
    const sid = await packSid(5, 6);
    const back = await dispatchTo(W.siteId, [sid]);
    must(
      'return',
      await post(
        RETURN_API.save.path,
        { scanned: [{ CartonId: sid }], IsActive: true, Remark: 'Truck turned back' },
        A.token,
      ),
    );
    must('damage', await post(CARTON_DAMAGE_API.damage.path, { DamageCid: sid, Reason: 'Soaked in rain' }, A.token));
    const items = await steps(uid(5));
    expect(seen(items)).toEqual([
      [`Mapped to ${A.productName}, batch NG-26`, PLANT, PACKER],
      [`Packed into ${sid}`, PLANT, PACKER],
      [`Dispatched on ${back} to ${DEPOT}`, PLANT, PACKER],
      [`Taken back from ${back} in transit`, PLANT, PACKER],
      [`${sid} damaged`, PLANT, PACKER],
    ]);
    expect(items[3]!.detail).toBe('Remark: Truck turned back');
    expect(items[4]!.detail).toBe('Reason: Soaked in rain');
    expect(seen(await steps(back)).map((s) => s[0])).toEqual([
      `Dispatched to ${DEPOT}`,
      `1 carton taken back in transit`,
    ]);
    expect((await rows(back)).map((r) => r.Status)).toEqual(['Returned']);
  });

  it("shows a dispatch to a dealer and the dealer's receipt", async () => {
    const dealer = await insertReceivingDealer(t, A.companyId);
    await t.db.update(users).set({ firstName: 'Ravi', lastName: 'Traders' }).where(eq(users.id, dealer.userId));
    const sid = await packSid(13, 14);
    const d = slip('DID', A.prefix, ++slipNo);
    must(
      d,
      await post(
        DISPATCH_API.save.path,
        {
          SendTo: String(dealer.userId),
          WareHouseId: 0,
          scanned: [{ CartonId: sid }],
          TransportModeId: road,
          LR: 'LR-4412',
          DispatchId: d,
          Remark: 'Journey test',
        },
        A.token,
      ),
    );
    must('dealer receipt', await post(RECEIVE_API.save.path, { DispatchId: d }, dealer.token));
    expect(seen(await steps(uid(13))).slice(2)).toEqual([
      [`Dispatched on ${d} to Ravi Traders`, PLANT, PACKER],
      ['Received at Ravi Traders', 'Ravi Traders', 'Ravi Traders'],
    ]);
  });

  it('finds a return of cartons from two dispatches by its time', async () => {
    const [s1, s2] = [await packSid(7, 8), await packSid(9, 10)];
    const [d1, d2] = [await dispatchTo(W.siteId, [s1]), await dispatchTo(W.siteId, [s2])];
    must(
      'return',
      await post(
        RETURN_API.save.path,
        { scanned: [{ CartonId: s1 }, { CartonId: s2 }], IsActive: true, Remark: 'Both trucks back' },
        A.token,
      ),
    );
    for (const [s, d] of [
      [s1, d1],
      [s2, d2],
    ] as const) {
      const last = (await steps(s)).at(-1)!;
      expect([last.activity, last.place, last.who, last.detail]).toEqual([
        `Taken back from ${d} in transit`,
        PLANT,
        PACKER,
        'Remark: Both trucks back',
      ]);
      expect((await steps(d)).at(-1)!.activity).toBe('1 carton taken back in transit');
    }
  });

  it('shows a replaced code and the code that took its place', async () => {
    const sid = await packSid(11, 12);
    must(
      'replace',
      await post(REPLACE_API.replace.path, { FistQrCode: uid(11), Type: 'PID', SecondQrCode: uid(120) }, A.token),
    );
    expect(seen(await steps(uid(11))).map((s) => s[0])).toEqual([
      `Mapped to ${A.productName}, batch NG-26`,
      `Packed into ${sid}`,
      `Replaced by ${pid(120)}`,
    ]);
    const came = await steps(uid(120));
    expect(seen(came)).toEqual([
      [`Mapped to ${A.productName}, batch NG-26`, PLANT, PACKER],
      [`Took the place of ${pid(11)}`, PLANT, PACKER],
    ]);
    expect(came[1]!.detail).toBe(`In ${sid}`);
    expect((await steps(sid)).map((s) => s.activity)).toContain(`Pack ${pid(11)} replaced by ${pid(120)}`);
    expect((await rows(sid)).map((r) => r.Id)).toEqual([pid(12), pid(120)]);
  });
});

describe('who may see what', () => {
  const invalid = { ResponseCode: '400', ResponseMessage: TRACK_MSG.invalid, ResponseData: null };

  it("refuses another company's codes exactly as unknown ones", async () => {
    const forged = uid(1).slice(0, -1) + (uid(1).endsWith('A') ? 'B' : 'A');
    for (const qr of [
      uid(1),
      pid(1),
      sidA,
      tid,
      did,
      forged,
      slip('SID', A.prefix, 499),
      slip('DID', 'ZZ', 1),
      'PIDZZ1',
    ]) {
      for (const call of [journey, scanInfo]) expect((await call(qr, B.token)).body, qr).toEqual(invalid);
    }
    expect((await journey(forged)).body).toEqual(invalid);
  });

  it("answers the admin a company's SID, TID and DID as the company sees them; a slip of no site's prefix is unknown", async () => {
    for (const qr of [sidA, tid, did]) {
      expect(await steps(qr, admin), qr).toEqual(await steps(qr));
      expect(await rows(qr, admin), qr).toEqual(await rows(qr));
    }
    for (const qr of [slip('DID', 'ZZ', 1), slip('SID', A.prefix, 499)])
      for (const call of [journey, scanInfo]) expect((await call(qr, admin)).body, qr).toEqual(invalid);
  });

  it('answers 403 to a user without the page', async () => {
    const u = await insertUser(t.db, { companyId: A.companyId, siteId: A.siteId, pages: [PAGE.dispatch.key] });
    const token = (await t.signIn(u.email, u.password)).token;
    for (const call of [journey, scanInfo]) {
      const res = await call(uid(1), token);
      expect([res.status, res.body.ResponseMessage]).toEqual([403, FORBIDDEN]);
    }
  });

  it('answers hostile input with the warning', async () => {
    const asked = (query: string) =>
      t.raw({
        method: 'GET',
        url: `/API/api/${TRACKING_API.journey.path}${query}`,
        headers: { authorization: `Bearer ${A.token}` },
      });
    for (const qr of [
      'x'.repeat(5000),
      `${sidA}\u0007`,
      `SID\r\n${sidA}`,
      uid(1) + '\u001b[2J',
      '',
      '   ',
      '<script>alert(1)</script>',
      "' or 1=1 --",
    ]) {
      const res = await journey(qr);
      expect([res.status, res.body], JSON.stringify(qr.slice(0, 40))).toEqual([200, invalid]);
    }
    for (const query of ['', '?qr', `?qr=${sidA}&qr=${tid}`, '?other=1'])
      expect((await asked(query)).body, query).toEqual(invalid);
    expect((await asked('?qr=%00')).body).toEqual({
      ResponseCode: '400',
      ResponseMessage: TEXT_UNSTORABLE,
      ResponseData: null,
    });
  });
});
