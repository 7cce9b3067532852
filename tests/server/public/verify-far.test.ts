// The 'far' risk flag of VerifyProduct, on PGlite and PostgreSQL: a pack verified more than
// VERIFY_RISK.farKm from the city of the site or dealer its carton was last dispatched to is flagged;
// near it, with no position, or never dispatched, it is not. Cartons are packed through the real
// packing saves and sent as Dispatch/save leaves them; the targets' cities are the reference data's.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cities, sites, states, users, verifications } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { VERIFY_API, type VerifyAnswer } from '../../../src/shared/contracts/public/verify.js';
import { send } from '../../helpers/endpoint-call.js';
import {
  CartonPacker,
  insertReceivingDealer,
  insertSiteUser,
  LEG_PAGES,
  nextDid,
  sentDispatch,
} from '../../helpers/factories-dispatch-legs.js';
import { cartonSize, floorFactory, type FloorFactory } from '../../helpers/factories-floor.js';
import { appCodes, staticSeries } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let codes: CodeMac;
let A: FloorFactory;
const NASHIK = { Latitude: 19.9975, Longitude: 73.7898 };
const INDORE = { Latitude: 22.7196, Longitude: 75.8577 }; // 370 km from Nashik
const CHENNAI = { Latitude: 13.0827, Longitude: 80.2707 };
const code = (n: number) => codes.make(staticSeries(A.prefix), n);
const flagsOf = async (n: number, where: object = {}) =>
  ((await send(t, VERIFY_API.verify, { UID: code(n), ...where })).body.ResponseData as VerifyAnswer).Flags;

async function cityId(name: string, state: string): Promise<number> {
  const [c] = await t.db
    .select({ id: cities.id })
    .from(cities)
    .innerJoin(states, eq(states.id, cities.stateId))
    .where(and(eq(cities.name, name), eq(states.name, state)));
  return c!.id;
}

beforeAll(async () => {
  codes = await appCodes(t);
  A = await floorFactory(t, nextPrefix(), LEG_PAGES);
  const depot = await insertSiteUser(t, A.companyId);
  await t.db
    .update(sites)
    .set({ billCity: await cityId('Nashik', 'Maharashtra') })
    .where(eq(sites.id, depot.siteId));
  const dealer = await insertReceivingDealer(t, A.companyId);
  await t.db
    .update(users)
    .set({ billCity: await cityId('Chennai', 'Tamil Nadu') })
    .where(eq(users.id, dealer.userId));
  const pack = new CartonPacker(t, codes, A, await cartonSize(t.db, 2));
  // Codes 1-4 in a tertiary carton to the Nashik depot; 5-8 to the Chennai dealer; 9-10 loose, kept.
  await sentDispatch(t.db, { did: nextDid(A), from: A, cartonIds: [(await pack.tid()).tid], toSiteId: depot.siteId });
  await sentDispatch(t.db, { did: nextDid(A), from: A, cartonIds: [(await pack.tid()).tid], toUserId: dealer.userId });
  await pack.sid();
}, 60_000);

describe('far from where the pack was sent', () => {
  it('flags a pack of the Nashik depot verified in Indore, not one verified in Nashik', async () => {
    expect(await flagsOf(1, NASHIK)).toEqual([]);
    expect(await flagsOf(2, INDORE)).toEqual(['far']);
    const [row] = await t.db.select().from(verifications).where(eq(verifications.serial, 2));
    expect(row).toMatchObject({ city: 'Indore', flags: ['far'] });
  });

  it("follows the dealer's city for a pack sent to a dealer", async () => {
    expect(await flagsOf(5, CHENNAI)).toEqual([]);
    expect(await flagsOf(6, NASHIK)).toEqual(['far']);
  });

  it('cannot tell without a position, or for a pack never dispatched', async () => {
    expect(await flagsOf(3, { UsrCity: 'Indore', UsrState: 'Madhya Pradesh' })).toEqual([]);
    expect(await flagsOf(9, CHENNAI)).toEqual([]);
  });
});
