// The device's dispatch cache (FloorCache/GetDispatchData) on a real database (PGlite; PostgreSQL with
// DATABASE_URL): what a handheld gets to check Dispatch, Dispatch Receive and Carton Return offline.
// The targets, modes and invoice header are what the dispatch save accepts and prints; Incoming is
// what Dispatch Receive would still take; Sent is exactly what Carton Return takes back now: every
// carton of the database is asked of the server's own lookup (GetPackingForReturn) under both flags,
// and the cache must answer the same. The world is made through the real saves (dispatch, receive,
// return, damage, packing), each leg state a device meets.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARTON_DAMAGE_API } from '../../../src/shared/contracts/floor/carton-damage.js';
import { RETURN_API, RETURN_MSG } from '../../../src/shared/contracts/floor/carton-return.js';
import { FLOOR_CACHE_API, FLOOR_CACHE_MSG } from '../../../src/shared/contracts/floor/cache.js';
import { DISPATCH_API, DISPATCH_MSG, type DispatchInvoice } from '../../../src/shared/contracts/floor/dispatch.js';
import type {
  DispatchCache,
  IncomingDispatch,
  SentCarton,
} from '../../../src/shared/contracts/floor/dispatch-cache.js';
import { RECEIVE_API, RECEIVE_STATUS } from '../../../src/shared/contracts/floor/dispatch-receive.js';
import { PACKING_API } from '../../../src/shared/contracts/floor/packing.js';
import { PAGE } from '../../../src/shared/pages.js';
import { companies, sites, transportModes, users } from '../../../src/server/db/schema.js';
import { FORBIDDEN } from '../../../src/server/http/route.js';
import { send } from '../../helpers/endpoint-call.js';
import { insertUser, listBody } from '../../helpers/factories.js';
import { BILL, BILL_NAMES, dispatchBody, insertDealer, insertWarehouse } from '../../helpers/factories-dispatch.js';
import {
  CartonPacker,
  insertReceivingDealer,
  insertSiteUser,
  LEG_PAGES,
  whereNow,
  type SiteUser,
} from '../../helpers/factories-dispatch-legs.js';
import { cartonSize, floorFactory, slip, tertiaryBody, type FloorFactory } from '../../helpers/factories-floor.js';
import { appCodes } from '../../helpers/factories-pairs.js';
import { insertReference, nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const PAGES = [...LEG_PAGES, PAGE.dispatch.key];
const REMARK = 'Came back on the same truck';
const HEADER = {
  address: 'Plot 7, MIDC',
  city: 'Nashik',
  pincode: '422007',
  mobile: '9822000111',
  logo: 'logo-agro.png',
};
/** The billing address every target here has, as the invoice prints it. */
const BILLED = {
  bill_Address1: BILL.billAddress1,
  bill_Address2: BILL.billAddress2,
  bill_Pincode: BILL.billPincode,
  ...BILL_NAMES,
};
const NO_ADDRESS = {
  bill_Address1: '',
  bill_Address2: '',
  bill_Pincode: '',
  bill_CityName: '',
  bill_StateName: '',
  bill_CountryName: '',
};

const t = useApp();
let A: FloorFactory;
let B: FloorFactory;
let W: SiteUser;
let W2: SiteUser;
let WB: SiteUser;
let dealer: { userId: number; token: string };
let closedId: number;
let plainDealer: number;
let idleDealer: number;
let theirDealer: number;
let packA: CartonPacker;
let packB: CartonPacker;
let size2: number;
let road: number;
let companyName: string;
const siteName = new Map<number, string>();

const ok = <T>(res: { body: { ResponseCode: string; ResponseMessage: string; ResponseData: unknown } }): T => {
  expect(res.body.ResponseCode, res.body.ResponseMessage).toBe('200');
  return res.body.ResponseData as T;
};
const snapshot = async (token: string) => ok<DispatchCache>(await send(t, FLOOR_CACHE_API.dispatch, undefined, token));

/** Dispatch/save as a device sends it (DispatchId omitted: the server takes the next DID); the invoice. */
const dispatchFrom = async (token: string, target: { WareHouseId?: number; SendTo?: number }, ids: string[]) =>
  ok<DispatchInvoice>(await send(t, DISPATCH_API.save, dispatchBody(target, ids, { TransportModeId: road }), token));
const sendOn = async (token: string, target: { WareHouseId?: number; SendTo?: number }, ids: string[]) =>
  (await dispatchFrom(token, target, ids)).CartonId;
const receive = async (did: string, token: string, Cartons?: string[]) =>
  ok(await send(t, RECEIVE_API.save, { DispatchId: did, ...(Cartons ? { Cartons } : {}) }, token));
const takeBack = async (ids: string[], transit: boolean, token: string) =>
  ok(
    await send(
      t,
      RETURN_API.save,
      { scanned: ids.map((CartonId) => ({ CartonId })), IsActive: transit, Remark: REMARK },
      token,
    ),
  );

/** What Carton Return takes back now for `token`, asked of the server carton by carton under both flags. */
async function takeBackNow(token: string, ids: readonly string[]): Promise<SentCarton[]> {
  const out: SentCarton[] = [];
  for (const id of ids) {
    for (const transit of [true, false]) {
      const res = await send(t, RETURN_API.packing, { cartonID: id, isTransit: transit }, token);
      if (res.body.ResponseCode !== '200') continue;
      const [row, ...more] = RETURN_API.packing.data.parse(res.body.ResponseData);
      expect(more).toEqual([]);
      out.push({
        CartonId: row!.CartonId,
        DispatchId: row!.DispatchId,
        Leg: transit ? 'sent' : 'received',
        ProductName: row!.ProductName,
        MFGDate: row!.MFGDate,
        EXPDate: row!.EXPDate,
      });
    }
  }
  return bySlip(out);
}
const bySlip = (rows: SentCarton[]) =>
  [...rows].sort((a, b) => a.DispatchId.localeCompare(b.DispatchId) || a.CartonId.localeCompare(b.CartonId));

/** Every carton in the database, tertiary and secondary, of every company. */
async function everyCarton(): Promise<string[]> {
  const rows = (await t.db.execute(
    sql`select tid as id from tertiary_cartons union all select sid from secondary_cartons order by 1`,
  )) as unknown as { rows: Array<{ id: string }> };
  return rows.rows.map((r) => r.id);
}

beforeAll(async () => {
  await insertReference(t.db);
  const codes = await appCodes(t);
  A = await floorFactory(t, nextPrefix(), PAGES);
  B = await floorFactory(t, nextPrefix(), PAGES);
  await t.db.update(companies).set(HEADER).where(eq(companies.id, A.companyId));
  companyName = (await t.db.select({ name: companies.name }).from(companies).where(eq(companies.id, A.companyId)))[0]!
    .name;
  W = await insertSiteUser(t, A.companyId, PAGES);
  W2 = await insertSiteUser(t, A.companyId, PAGES);
  WB = await insertSiteUser(t, B.companyId, PAGES);
  for (const id of [A.siteId, W.siteId, W2.siteId, B.siteId, WB.siteId])
    await t.db.update(sites).set(BILL).where(eq(sites.id, id));
  closedId = (await insertWarehouse(t.db, A.companyId, { isActive: false })).id;
  for (const s of await t.db.select({ id: sites.id, name: sites.name }).from(sites)) siteName.set(s.id, s.name);

  dealer = await insertReceivingDealer(t, A.companyId);
  await t.db
    .update(users)
    .set({ firstName: 'Ravi', lastName: 'Traders', ...BILL })
    .where(eq(users.id, dealer.userId));
  // A dealer with no name of its own (its user name stands for it) and no billing address.
  plainDealer = await insertDealer(t.db, A.companyId, {
    firstName: null,
    lastName: null,
    userName: 'Zed Agencies',
    billCountry: null,
    billState: null,
    billCity: null,
    billPincode: null,
    billAddress1: null,
    billAddress2: null,
  });
  idleDealer = await insertDealer(t.db, A.companyId, { isActive: false });
  theirDealer = await insertDealer(t.db, B.companyId);

  size2 = await cartonSize(t.db, 2);
  packA = new CartonPacker(t, codes, A, size2);
  packB = new CartonPacker(t, codes, B, size2);
  road = (await t.db.select().from(transportModes).where(eq(transportModes.name, 'By Road')))[0]!.id;
});

describe('where a site may send, the modes and the header', () => {
  it('Sites: the other active sites of the company with their billing; Dealers: its active dealers', async () => {
    const site = (id: number, IsFactory: boolean) => ({
      SiteId: id,
      Name: siteName.get(id),
      IsFactory,
      Billing: { FirmName: siteName.get(id), ...BILLED },
    });
    const ofA = await snapshot(A.token);
    // Not its own site, not the closed warehouse, nothing of company B.
    expect([...ofA.Sites].sort((a, b) => a.SiteId - b.SiteId)).toEqual([site(W.siteId, false), site(W2.siteId, false)]);
    expect([...ofA.Dealers].sort((a, b) => a.UserId - b.UserId)).toEqual([
      { UserId: dealer.userId, Name: 'Ravi Traders', Billing: { FirmName: 'Ravi Traders', ...BILLED } },
      { UserId: plainDealer, Name: 'Zed Agencies', Billing: { FirmName: 'Zed Agencies', ...NO_ADDRESS } },
    ]);
    expect(ofA.Company).toEqual({
      CompanyName: companyName,
      CompanyLogo: HEADER.logo,
      Address: HEADER.address,
      City: HEADER.city,
      Pincode: HEADER.pincode,
      Mobile: HEADER.mobile,
    });

    // A warehouse sees the factory and the other warehouse; a dealer (no site) every active site.
    const ofW = await snapshot(W.token);
    expect(ofW.Sites.map((s) => s.SiteId).sort()).toEqual([A.siteId, W2.siteId].sort());
    expect(ofW.Sites.find((s) => s.SiteId === A.siteId)!.IsFactory).toBe(true);
    expect(ofW.Dealers).toEqual(ofA.Dealers);
    const ofDealer = await snapshot(dealer.token);
    expect(ofDealer.Sites.map((s) => s.SiteId).sort()).toEqual([A.siteId, W.siteId, W2.siteId].sort());
    expect(ofDealer.Sent).toEqual([]);

    // Company B's snapshot holds only B's: its warehouse, its dealer, its empty header.
    const ofB = await snapshot(B.token);
    expect(ofB.Sites.map((s) => s.SiteId)).toEqual([WB.siteId]);
    expect(ofB.Dealers.map((d) => d.UserId)).toEqual([theirDealer]);
    expect(ofB.Company).toMatchObject({ Address: '', City: '', Mobile: '', CompanyLogo: '' });
  });

  it('the targets left out are the ones the save refuses; the billing and header are what the invoice prints', async () => {
    const [tid] = await packA.tids(1);
    for (const WareHouseId of [A.siteId, closedId, B.siteId]) {
      expect(
        (await send(t, DISPATCH_API.save, dispatchBody({ WareHouseId }, [tid!], { TransportModeId: road }), A.token))
          .body.ResponseMessage,
      ).toBe(DISPATCH_MSG.badSite);
    }
    for (const SendTo of [idleDealer, theirDealer, W.userId]) {
      expect(
        (await send(t, DISPATCH_API.save, dispatchBody({ SendTo }, [tid!], { TransportModeId: road }), A.token)).body
          .ResponseMessage,
      ).toBe(DISPATCH_MSG.badDealer);
    }
    const cache = await snapshot(A.token);
    const toSite = await dispatchFrom(A.token, { WareHouseId: W.siteId }, [tid!]);
    expect(cache.Sites.find((s) => s.SiteId === W.siteId)!.Billing).toEqual(toSite.userDetail);
    const { CompanyName, CompanyLogo, Address, City, Pincode, Mobile } = toSite;
    expect(cache.Company).toEqual({ CompanyName, CompanyLogo, Address, City, Pincode, Mobile });
    const sent = [toSite.CartonId];
    for (const d of cache.Dealers) {
      const toDealer = await dispatchFrom(A.token, { SendTo: d.UserId }, await packA.tids(1));
      expect(d.Billing).toEqual(toDealer.userDetail);
      sent.push(toDealer.CartonId);
    }
    // Taken back whole, so the cases below start with nothing on the way.
    await takeBack(sent, true, A.token);
  });

  it('Modes: the active seeded modes, as GetModeDDL lists them', async () => {
    await t.db.insert(transportModes).values({ name: 'By Bullock Cart', isActive: false });
    const listed = ok<Array<{ TransportModeId: number; TransportMode: string }>>(
      await send(t, DISPATCH_API.modes, undefined, A.token),
    );
    expect(listed.map((m) => m.TransportMode)).toContain('By Road');
    const { Modes } = await snapshot(A.token);
    expect(Modes).toEqual(listed);
    expect(Modes.map((m) => m.TransportMode)).not.toContain('By Bullock Cart');
  });

  it('a user without a company is answered the 400; a user without a floor page gets 403', async () => {
    const admin = await t.token('admin');
    expect((await send(t, FLOOR_CACHE_API.dispatch, undefined, admin)).body).toMatchObject({
      ResponseCode: '400',
      ResponseMessage: FLOOR_CACHE_MSG.noCompany,
    });
    const u = await insertUser(t.db, { companyId: A.companyId, siteId: A.siteId, pages: [PAGE.mapStaticNumber.key] });
    const res = await send(t, FLOOR_CACHE_API.dispatch, undefined, (await t.signIn(u.email, u.password)).token);
    expect(res.status).toBe(403);
    expect(res.body.ResponseMessage).toBe(FORBIDDEN);
  });
});

describe('incoming and sent, through every leg', () => {
  /** The cartons of each case, and their DIDs. */
  const c: Record<string, string> = {};
  const d: Record<string, string> = {};

  beforeAll(async () => {
    const tids = async (names: string[]) => {
      for (const n of names) [c[n]] = await packA.tids(1);
    };
    await tids([
      't1',
      't2',
      't3',
      't4',
      't5',
      't6',
      't7',
      't8',
      't9',
      't10',
      't11',
      't12',
      't13',
      't14',
      't15',
      't16',
      't17',
      't18',
    ]);
    c.s1 = await packA.sid();
    c.s2 = await packA.sid();
    const inside = await packA.tid();
    c.t19 = inside.tid;
    c.s19 = inside.sids[0]!;
    const toW = { WareHouseId: W.siteId };
    const toW2 = { WareHouseId: W2.siteId };

    // On the way, untouched: two tertiary cartons (with their secondary ones inside) and a loose one.
    d.onWay = await sendOn(A.token, toW, [c.t1!, c.t2!, c.s1!, c.t19!]);
    // One of three taken back from transit; later sent again elsewhere.
    d.someBack = await sendOn(A.token, toW, [c.t3!, c.t4!, c.t5!]);
    await takeBack([c.t3!], true, A.token);
    // Partly received: one arrived, one missing.
    d.partly = await sendOn(A.token, toW, [c.t6!, c.t7!]);
    await receive(d.partly, W.token, [c.t6!]);
    // Received, then one moved on by W to W2 (still on the way).
    d.movedOn = await sendOn(A.token, toW, [c.t8!, c.t9!]);
    await receive(d.movedOn, W.token);
    d.onward = await sendOn(W.token, toW2, [c.t8!]);
    // Received, moved on and received there too.
    d.twice = await sendOn(A.token, toW, [c.t10!]);
    await receive(d.twice, W.token);
    d.twiceOn = await sendOn(W.token, toW2, [c.t10!]);
    await receive(d.twiceOn, W2.token);
    // Received, then one taken back after receipt.
    d.backAfter = await sendOn(A.token, toW, [c.t11!, c.t12!]);
    await receive(d.backAfter, W.token);
    await takeBack([c.t11!], false, A.token);
    // Received, then damaged at W.
    d.damaged = await sendOn(A.token, toW, [c.t13!]);
    await receive(d.damaged, W.token);
    ok(await send(t, CARTON_DAMAGE_API.damage, { DamageCid: c.t13, Reason: 'Crushed in the depot' }, W.token));
    // A loose secondary carton received, then packed at W into W's own tertiary carton.
    d.packedThere = await sendOn(A.token, toW, [c.s2!]);
    await receive(d.packedThere, W.token);
    c.wT = slip('TID', W.prefix, 1);
    ok(
      await send(t, PACKING_API.tertiarySave, tertiaryBody(size2, [c.s2!], c.wT, { reason: 'Single carton' }), W.token),
    );
    // To the dealer: one received, one missing; another dispatch still on the way.
    d.dealerDone = await sendOn(A.token, { SendTo: dealer.userId }, [c.t14!, c.t15!]);
    await receive(d.dealerDone, dealer.token, [c.t14!]);
    d.dealerOnWay = await sendOn(A.token, { SendTo: dealer.userId }, [c.t16!]);
    // Every carton taken back from transit, by its DID.
    d.allBack = await sendOn(A.token, toW, [c.t17!]);
    await takeBack([d.allBack], true, A.token);
    // Received, sent on by W and taken back from transit by W: home at W, but W's leg is the latest.
    d.viaW = await sendOn(A.token, toW, [c.t18!]);
    await receive(d.viaW, W.token);
    d.viaWOn = await sendOn(W.token, toW2, [c.t18!]);
    await takeBack([c.t18!], true, W.token);
    // t3, taken back above, sent again to W2.
    d.again = await sendOn(A.token, toW2, [c.t3!]);
    // Company B: one received at its warehouse, one on the way.
    c.b1 = (await packB.tids(1))[0]!;
    c.b2 = (await packB.tids(1))[0]!;
    d.bDone = await sendOn(B.token, { WareHouseId: WB.siteId }, [c.b1]);
    await receive(d.bDone, WB.token);
    d.bOnWay = await sendOn(B.token, { WareHouseId: WB.siteId }, [c.b2]);
  });

  const dids = (rows: IncomingDispatch[]) => rows.map((r) => r.DispatchId);

  it('Incoming: dispatches addressed to the caller with only the cartons still on the way', async () => {
    const ofW = await snapshot(W.token);
    // Not the partly received one, nor the one taken back whole, nor those gone elsewhere.
    expect(dids(ofW.Incoming).sort()).toEqual([d.onWay, d.someBack].sort());
    const onWay = ofW.Incoming.find((x) => x.DispatchId === d.onWay)!;
    expect(onWay).toEqual({
      DispatchId: d.onWay,
      SentFrom: siteName.get(A.siteId),
      CreatedDt: expect.any(String),
      TotalCarton: 4,
      Cartons: expect.arrayContaining([
        { CartonId: c.t1, ProductName: A.productName, BatchNo: 'B-1', Qty: 4 },
        { CartonId: c.s1, ProductName: A.productName, BatchNo: 'B-1', Qty: 2 },
      ]),
    });
    expect(onWay.Cartons.map((x) => x.CartonId).sort()).toEqual([c.t1, c.t2, c.s1, c.t19].sort());
    // The secondary cartons inside a tertiary one travel in it: not listed on their own.
    expect(onWay.Cartons.map((x) => x.CartonId)).not.toContain(c.s19);
    // Taken back from transit: the rest; the dispatch still counts the cartons it left with.
    const someBack = ofW.Incoming.find((x) => x.DispatchId === d.someBack)!;
    expect(someBack.Cartons.map((x) => x.CartonId).sort()).toEqual([c.t4, c.t5].sort());
    expect(someBack.TotalCarton).toBe(3);

    expect(dids((await snapshot(W2.token)).Incoming).sort()).toEqual([d.onward, d.again].sort());
    expect(dids((await snapshot(dealer.token)).Incoming)).toEqual([d.dealerOnWay]);
    expect((await snapshot(dealer.token)).Incoming[0]!.Cartons.map((x) => x.CartonId)).toEqual([c.t16]);
    expect((await snapshot(A.token)).Incoming).toEqual([]);
    expect(dids((await snapshot(WB.token)).Incoming)).toEqual([d.bOnWay]);
  });

  it("Incoming is Dispatch Receive's own answer: the list's In Transit rows and each one's cartons", async () => {
    for (const u of [W, W2, WB, dealer]) {
      const cache = await snapshot(u.token);
      const list = RECEIVE_API.list.data.parse(
        ok(await send(t, RECEIVE_API.list, listBody({ PageSize: -1 }), u.token)),
      );
      const inTransit = list.filter((r) => r.Status === RECEIVE_STATUS.inTransit);
      expect(dids(cache.Incoming).sort()).toEqual(inTransit.map((r) => r.DispatchId).sort());
      for (const x of cache.Incoming) {
        const row = inTransit.find((r) => r.DispatchId === x.DispatchId)!;
        expect({ SentFrom: x.SentFrom, TotalCarton: x.TotalCarton, CreatedDt: x.CreatedDt }).toEqual({
          SentFrom: row.SentFrom,
          TotalCarton: row.TotalCarton,
          CreatedDt: new Date(String(row.CreatedDt)).toISOString(),
        });
        const cartons = RECEIVE_API.cartons.data.parse(
          ok(await send(t, RECEIVE_API.cartons, { DispatchId: x.DispatchId }, u.token)),
        );
        expect(x.Cartons.map((k) => [k.CartonId, k.ProductName, k.Qty]).sort()).toEqual(
          cartons.map((k) => [k.TertiaryCartonId, k.ProductName, k.Qty]).sort(),
        );
      }
    }
  });

  it('Sent: what the factory may take back now, each carton from its latest leg', async () => {
    const sent = bySlip((await snapshot(A.token)).Sent);
    const leg = (id: string) => sent.filter((s) => s.CartonId === id).map((s) => [s.DispatchId, s.Leg]);
    const expected: Record<string, Array<[string, string]>> = {
      t1: [[d.onWay!, 'sent']],
      t2: [[d.onWay!, 'sent']],
      s1: [[d.onWay!, 'sent']],
      t19: [[d.onWay!, 'sent']],
      t4: [[d.someBack!, 'sent']],
      t5: [[d.someBack!, 'sent']],
      t3: [[d.again!, 'sent']],
      t6: [[d.partly!, 'received']],
      t9: [[d.movedOn!, 'received']],
      t12: [[d.backAfter!, 'received']],
      t14: [[d.dealerDone!, 'received']],
      t16: [[d.dealerOnWay!, 'sent']],
    };
    for (const [name, legs] of Object.entries(expected)) expect(leg(c[name]!), name).toEqual(legs);
    // Missing, moved on, returned, damaged, packed at W, a secondary carton in a tertiary one, B's.
    for (const name of ['t7', 't8', 't10', 't11', 't13', 's2', 'wT', 't15', 't17', 't18', 's19', 'b1', 'b2'])
      expect(leg(c[name]!), name).toEqual([]);
    expect(sent).toHaveLength(Object.keys(expected).length);
    expect(sent.find((s) => s.CartonId === c.t1)).toEqual({
      CartonId: c.t1,
      DispatchId: d.onWay,
      Leg: 'sent',
      ProductName: A.productName,
      MFGDate: '2026-01-10',
      EXPDate: '2028-01-10',
    });
    // The warehouse: what it sent on and is still on the way; what W2 received from it.
    expect(bySlip((await snapshot(W.token)).Sent).map((s) => [s.CartonId, s.DispatchId, s.Leg])).toEqual(
      bySlip([
        { CartonId: c.t8!, DispatchId: d.onward!, Leg: 'sent' },
        { CartonId: c.t10!, DispatchId: d.twiceOn!, Leg: 'received' },
      ] as SentCarton[]).map((s) => [s.CartonId, s.DispatchId, s.Leg]),
    );
    expect((await snapshot(W2.token)).Sent).toEqual([]);
    expect(bySlip((await snapshot(B.token)).Sent).map((s) => [s.CartonId, s.Leg])).toEqual([
      [c.b1, 'received'],
      [c.b2, 'sent'],
    ]);
  });

  // Some 250 calls (every carton, for every site): 11 s alone, past 30 s on a loaded 2-core machine.
  it("Sent is exactly what the server's return lookup answers returnable, carton by carton, for every site", async () => {
    const ids = await everyCarton();
    expect(ids.length).toBeGreaterThan(40);
    for (const u of [A, W, W2, B, WB]) {
      const cache = bySlip((await snapshot(u.token)).Sent);
      expect(cache, `site ${u.siteId}`).toEqual(await takeBackNow(u.token, ids));
    }
  }, 90_000);

  it('after a return the cache follows: what was taken back leaves Sent, and the target no longer expects it', async () => {
    await takeBack([c.t1!], true, A.token);
    await takeBack([c.t9!], false, A.token);
    expect(await whereNow(t.db, c.t1!)).toMatchObject({ at: A.siteId, on: null });
    const ofA = await snapshot(A.token);
    expect(ofA.Sent.map((s) => s.CartonId)).not.toContain(c.t1);
    expect(ofA.Sent.map((s) => s.CartonId)).not.toContain(c.t9);
    const onWay = (await snapshot(W.token)).Incoming.find((x) => x.DispatchId === d.onWay)!;
    expect(onWay.Cartons.map((x) => x.CartonId).sort()).toEqual([c.t2, c.s1, c.t19].sort());
    // And the lookup's refusal the cache agrees with: t1's leg has ended.
    expect((await send(t, RETURN_API.packing, { cartonID: c.t1, isTransit: true }, A.token)).body.ResponseMessage).toBe(
      RETURN_MSG.returned(c.t1!, d.onWay!),
    );
    expect(bySlip(ofA.Sent)).toEqual(await takeBackNow(A.token, await everyCarton()));
  });
});
