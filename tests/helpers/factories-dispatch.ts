// Test data of Dispatch: a factory whose user packs and dispatches, with its company's invoice details;
// the targets (a warehouse of the company with a billing address, dealers); cartons packed through the
// real saves; the save's body; and what the database holds of cartons and dispatches.
import { and, eq, sql } from 'drizzle-orm';
import { USER_TYPE } from '../../src/shared/contracts/auth.js';
import type { DispatchSave } from '../../src/shared/contracts/floor/dispatch.js';
import { PACKING_API } from '../../src/shared/contracts/floor/packing.js';
import { PAGE } from '../../src/shared/pages.js';
import type { CodeMac } from '../../src/server/domain/code-mac.js';
import type { Db } from '../../src/server/db/connect.js';
import {
  companies,
  dispatchCartons,
  dispatches,
  events,
  idCounters,
  products,
  secondaryCartons,
  tertiaryCartons,
} from '../../src/server/db/schema.js';
import { insertSite, insertUser, unique } from './factories.js';
import {
  codesOf,
  FLOOR_PAGES,
  floorFactory,
  secondaryBody,
  slip,
  tertiaryBody,
  type FloorFactory,
} from './factories-floor.js';
import { REF } from './factories-sites.js';
import type { TestApp } from './server-app.js';

export const DISPATCH_PAGES = [...FLOOR_PAGES, PAGE.dispatch.key];

/** The billing address every target here has: city A1 of state A, India. */
export const BILL = {
  billCountry: REF.country,
  billState: REF.stateA,
  billCity: REF.cityA1,
  billPincode: '422010',
  billAddress1: 'Shed 4',
  billAddress2: 'MIDC Road',
} as const;
export const BILL_NAMES = {
  bill_CityName: 'Aacity',
  bill_StateName: 'Aalpha Pradesh',
  bill_CountryName: 'India',
} as const;

/** A floor factory that also dispatches; its company has the invoice's details and its product a unit. */
export async function dispatchFactory(t: TestApp, prefix: string): Promise<FloorFactory> {
  const f = await floorFactory(t, prefix, DISPATCH_PAGES);
  await t.db
    .update(companies)
    .set({ address: 'Plot 7, MIDC', city: 'Nashik', pincode: '422007', mobile: '9822000111', logo: 'logo-agro.png' })
    .where(eq(companies.id, f.companyId));
  await t.db.update(products).set({ uom: 'kg' }).where(eq(products.id, f.productId));
  return f;
}

export async function insertWarehouse(db: Db, companyId: number, overrides: Parameters<typeof insertSite>[2] = {}) {
  return insertSite(db, companyId, { isFactory: false, name: unique('Depot '), ...BILL, ...overrides });
}

/** A dealer (user type 1) of the company, with the billing address; its id. */
export async function insertDealer(
  db: Db,
  companyId: number,
  overrides: Parameters<typeof insertUser>[1] = {},
): Promise<number> {
  return (
    await insertUser(db, {
      companyId,
      userType: USER_TYPE.dealer,
      firstName: 'Ravi',
      lastName: unique('Traders '),
      ...BILL,
      ...overrides,
    })
  ).id;
}

export function dispatchBody(
  target: { WareHouseId?: number; SendTo?: number | string },
  ids: string[],
  extra: Partial<DispatchSave> = {},
): DispatchSave {
  return {
    SendTo: 0,
    WareHouseId: 0,
    ...target,
    scanned: ids.map((CartonId) => ({ CartonId })),
    TransportModeId: 1,
    LR: 'LR-1001',
    ...extra,
  };
}

/** Packs cartons through the real saves: a factory's slip numbers and codes, handed out in turn. */
export class Packer {
  private slips = 0;
  private serial = 0;

  constructor(
    private readonly t: TestApp,
    private readonly codes: CodeMac,
    private readonly f: FloorFactory,
    private readonly size2: number,
  ) {}

  /** A secondary carton of two packs (from `from`, else the next free codes of the January mapping). */
  async sid(from?: number): Promise<string> {
    const sid = slip('SID', this.f.prefix, ++this.slips);
    const start = from ?? (this.serial += 2) - 1;
    const res = await this.t.post(
      PACKING_API.secondarySave.path,
      secondaryBody(this.size2, codesOf(this.codes, this.f.prefix, start, start + 1), sid),
      this.f.token,
    );
    if (res.body.ResponseCode !== '200') throw new Error(`packing ${sid}: ${res.body.ResponseMessage}`);
    return sid;
  }

  /** A tertiary carton of two secondary cartons (four packs); `from` as for `sid`, per carton. */
  async tid(from?: [number, number]): Promise<string> {
    const sids = [await this.sid(from?.[0]), await this.sid(from?.[1])];
    const tid = slip('TID', this.f.prefix, ++this.slips);
    const res = await this.t.post(
      PACKING_API.tertiarySave.path,
      tertiaryBody(this.size2, sids, tid, { remark: 'packing for a test' }),
      this.f.token,
    );
    if (res.body.ResponseCode !== '200') throw new Error(`packing ${tid}: ${res.body.ResponseMessage}`);
    return tid;
  }
}

/** Where a carton is: its site and its open leg. */
export async function cartonAt(
  db: Db,
  id: string,
): Promise<{ locationSiteId: number | null; dispatchId: string | null } | null> {
  const [row] = id.startsWith('TID')
    ? await db
        .select({ locationSiteId: tertiaryCartons.locationSiteId, dispatchId: tertiaryCartons.dispatchId })
        .from(tertiaryCartons)
        .where(eq(tertiaryCartons.tid, id))
    : await db
        .select({ locationSiteId: secondaryCartons.locationSiteId, dispatchId: secondaryCartons.dispatchId })
        .from(secondaryCartons)
        .where(eq(secondaryCartons.sid, id));
  return row ?? null;
}

export async function dispatchHeld(db: Db, did: string) {
  const [dispatch] = await db.select().from(dispatches).where(eq(dispatches.did, did));
  const legs = await db
    .select()
    .from(dispatchCartons)
    .where(eq(dispatchCartons.did, did))
    .orderBy(dispatchCartons.cartonId);
  const logged = await db
    .select()
    .from(events)
    .where(and(eq(events.action, 'dispatch'), eq(events.ref, did)));
  return { dispatch, legs, logged };
}

/** What a refused save must leave as it was: the cartons' places, the dispatches, the DID counter, the log. */
export async function dispatchState(db: Db, prefix: string, ids: string[]) {
  const count = async (q: ReturnType<typeof sql>) =>
    Number(((await db.execute(q)) as unknown as { rows: Array<{ n: unknown }> }).rows[0]!.n);
  return {
    cartons: await Promise.all(ids.map((id) => cartonAt(db, id))),
    dispatches: await count(sql`select count(*) as n from dispatches`),
    legs: await count(sql`select count(*) as n from dispatch_cartons`),
    events: await count(sql`select count(*) as n from events where action = 'dispatch'`),
    counter: await didCounter(db, prefix),
  };
}

export async function didCounter(db: Db, prefix: string): Promise<number> {
  const [row] = await db
    .select({ last: idCounters.last })
    .from(idCounters)
    .where(and(eq(idCounters.prefix, prefix), eq(idCounters.type, 'DID')));
  return row?.last ?? 0;
}
