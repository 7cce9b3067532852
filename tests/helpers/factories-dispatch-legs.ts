// Test data of Dispatch Receive and Carton Return: cartons packed through the real packing saves, sent
// on a dispatch written straight to the database in exactly the state Dispatch/save leaves (the
// dispatch 'sent', a 'sent' leg per carton, each carton travelling: no location, its dispatchId), the
// targets (a warehouse of the company with a user, a dealer), and what the database holds of a leg.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { makeSlipId } from '../../src/shared/codes.js';
import { USER_TYPE } from '../../src/shared/contracts/auth.js';
import { PACKING_API } from '../../src/shared/contracts/floor/packing.js';
import { PAGE } from '../../src/shared/pages.js';
import type { CodeMac } from '../../src/server/domain/code-mac.js';
import type { Db } from '../../src/server/db/connect.js';
import {
  dispatchCartons,
  dispatches,
  secondaryCartons,
  tertiaryCartons,
  transportModes,
} from '../../src/server/db/schema.js';
import { insertSite, insertUser } from './factories.js';
import {
  codesOf,
  FLOOR_PAGES,
  printSlips,
  secondaryBody,
  slip,
  tertiaryBody,
  YEAR,
  type FloorFactory,
} from './factories-floor.js';
import { nextPrefix } from './factories-sites.js';
import type { TestApp } from './server-app.js';

/** Packing, receiving and returning: what a site user on these screens holds. */
export const LEG_PAGES = [...FLOOR_PAGES, PAGE.dispatchReceive.key, PAGE.cartonReturn.key];

/** Who sends a dispatch: a site of a company and its user. */
export type Sender = Pick<FloorFactory, 'companyId' | 'siteId' | 'userId'>;

export interface SentDispatch {
  did: string;
  from: Sender;
  /** A warehouse or factory target, or a dealer (a user of type 1). */
  toSiteId?: number;
  toUserId?: number;
  /** TIDs and loose SIDs at the sender's site. */
  cartonIds: string[];
}

/** A dispatch sent as Dispatch/save sends it (to be switched to the real save). */
export async function sentDispatch(db: Db, o: SentDispatch): Promise<void> {
  const tids = o.cartonIds.filter((id) => id.startsWith('TID'));
  const sids = o.cartonIds.filter((id) => id.startsWith('SID'));
  const ts = tids.length ? await db.select().from(tertiaryCartons).where(inArray(tertiaryCartons.tid, tids)) : [];
  const ss = sids.length ? await db.select().from(secondaryCartons).where(inArray(secondaryCartons.sid, sids)) : [];
  // Packs in a tertiary carton: those of its secondary cartons.
  const inside = tids.length
    ? await db
        .select({
          tid: secondaryCartons.tid,
          packs: sql<number>`cast(sum(${secondaryCartons.qty}) as integer)`.mapWith(Number),
        })
        .from(secondaryCartons)
        .where(inArray(secondaryCartons.tid, tids))
        .groupBy(secondaryCartons.tid)
    : [];
  const packsOf = new Map(inside.map((r) => [r.tid, r.packs]));
  const cartons = [
    ...ts.map((c) => ({ ...c, id: c.tid, packedIn: null, packs: packsOf.get(c.tid) ?? 0 })),
    ...ss.map((c) => ({ ...c, id: c.sid, packedIn: c.tid, packs: c.qty })),
  ];
  for (const id of o.cartonIds) {
    const c = cartons.find((x) => x.id === id);
    if (
      !c ||
      c.locationSiteId !== o.from.siteId ||
      c.dispatchId !== null ||
      c.dealerId !== null ||
      c.packedIn !== null ||
      c.state !== 'packed'
    ) {
      throw new Error(`sentDispatch: ${id} is not a carton at the sender's site`);
    }
  }
  const [mode] = await db.select({ id: transportModes.id }).from(transportModes).orderBy(transportModes.id).limit(1);
  await db.insert(dispatches).values({
    did: o.did,
    companyId: o.from.companyId,
    fromSiteId: o.from.siteId,
    toSiteId: o.toSiteId ?? null,
    toUserId: o.toUserId ?? null,
    transportModeId: mode!.id,
    lr: 'LR-1001',
    cartons: cartons.length,
    packs: cartons.reduce((n, c) => n + c.packs, 0),
    state: 'sent',
    createdBy: o.from.userId,
  });
  await db.insert(dispatchCartons).values(
    cartons.map((c) => ({
      companyId: o.from.companyId,
      did: o.did,
      cartonId: c.id,
      productId: c.productId,
      batchNo: c.batchNo,
      mfgDate: c.mfgDate,
      expDate: c.expDate,
      qty: c.packs,
      state: 'sent' as const,
    })),
  );
  const travelling = { locationSiteId: null, dispatchId: o.did };
  if (tids.length) await db.update(tertiaryCartons).set(travelling).where(inArray(tertiaryCartons.tid, tids));
  if (sids.length) await db.update(secondaryCartons).set(travelling).where(inArray(secondaryCartons.sid, sids));
}

let didNo = 0;
/** The next DID of the sender's prefix (a DID looks like DID26KA00001). */
export const nextDid = (f: { prefix: string }) => makeSlipId('DID', YEAR, f.prefix, ++didNo);

/** A site user of the company's warehouse (or factory): its site, prefix and signed-in user. */
export interface SiteUser extends Sender {
  prefix: string;
  token: string;
}

export async function insertSiteUser(
  t: TestApp,
  companyId: number,
  pages = LEG_PAGES,
  isFactory = false,
): Promise<SiteUser> {
  const prefix = nextPrefix();
  const site = await insertSite(t.db, companyId, { prefix, isFactory });
  await printSlips(t.db, prefix, 500);
  const u = await insertUser(t.db, {
    companyId,
    siteId: site.id,
    userType: isFactory ? USER_TYPE.factory : USER_TYPE.warehouse,
    pages,
  });
  return { companyId, siteId: site.id, prefix, userId: u.id, token: (await t.signIn(u.email, u.password)).token };
}

/** A dealer of the company (user type 1, no site) who may receive. */
export async function insertReceivingDealer(t: TestApp, companyId: number, pages = [PAGE.dispatchReceive.key]) {
  const u = await insertUser(t.db, { companyId, userType: USER_TYPE.dealer, pages });
  return { userId: u.id, token: (await t.signIn(u.email, u.password)).token };
}

/** Packs cartons of the factory's January mapping through the real saves, two packs a secondary carton. */
export class CartonPacker {
  private slips = 0;
  private serial = 0;

  constructor(
    private readonly t: TestApp,
    private readonly codes: CodeMac,
    private readonly f: FloorFactory,
    private readonly size2: number,
  ) {}

  async sid(): Promise<string> {
    const sid = slip('SID', this.f.prefix, ++this.slips);
    const start = (this.serial += 2) - 1;
    const res = await this.t.post(
      PACKING_API.secondarySave.path,
      secondaryBody(this.size2, codesOf(this.codes, this.f.prefix, start, start + 1), sid),
      this.f.token,
    );
    if (res.body.ResponseCode !== '200') throw new Error(`packing ${sid}: ${res.body.ResponseMessage}`);
    return sid;
  }

  /** A tertiary carton of two secondary cartons; its id and theirs. */
  async tid(): Promise<{ tid: string; sids: string[] }> {
    const sids = [await this.sid(), await this.sid()];
    const tid = slip('TID', this.f.prefix, ++this.slips);
    const res = await this.t.post(PACKING_API.tertiarySave.path, tertiaryBody(this.size2, sids, tid), this.f.token);
    if (res.body.ResponseCode !== '200') throw new Error(`packing ${tid}: ${res.body.ResponseMessage}`);
    return { tid, sids };
  }

  async tids(n: number): Promise<string[]> {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push((await this.tid()).tid);
    return out;
  }
}

/** Where a carton is now (TID or SID): its row's location, dealer and open dispatch. */
export async function whereNow(db: Db, id: string) {
  const cols = (t: typeof tertiaryCartons | typeof secondaryCartons) => ({
    at: t.locationSiteId,
    dealer: t.dealerId,
    on: t.dispatchId,
    state: t.state,
  });
  const [row] = id.startsWith('TID')
    ? await db.select(cols(tertiaryCartons)).from(tertiaryCartons).where(eq(tertiaryCartons.tid, id))
    : await db.select(cols(secondaryCartons)).from(secondaryCartons).where(eq(secondaryCartons.sid, id));
  return row;
}

/** A carton's legs as [did, state], oldest first. */
export async function legsOf(db: Db, id: string): Promise<Array<[string, string]>> {
  const rows = await db
    .select({ did: dispatchCartons.did, state: dispatchCartons.state })
    .from(dispatchCartons)
    .innerJoin(dispatches, eq(dispatches.did, dispatchCartons.did))
    .where(eq(dispatchCartons.cartonId, id))
    .orderBy(dispatches.createdAt);
  return rows.map((r) => [r.did, r.state]);
}

/** A dispatch row and its legs by carton, for "nothing changed" checks. */
export async function dispatchHeld(db: Db, did: string) {
  const [d] = await db.select().from(dispatches).where(eq(dispatches.did, did));
  const legs = await db
    .select()
    .from(dispatchCartons)
    .where(and(eq(dispatchCartons.did, did)))
    .orderBy(dispatchCartons.cartonId);
  return { d, legs };
}
