// Dispatch loyalty on a real database (PGlite; PostgreSQL with DATABASE_URL): cartons dispatched to a
// dealer earn it the dealer schemes in force times the packs sent (a tertiary carton by its
// secondary cartons), once per dispatch; a dispatch to a warehouse, or a farmer-only scheme, earns nothing.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISPATCH_API } from '../../../src/shared/contracts/floor/dispatch.js';
import { PAGE } from '../../../src/shared/pages.js';
import { pointEntries } from '../../../src/server/db/schema.js';
import {
  dispatchBody,
  dispatchFactory,
  insertDealer,
  insertWarehouse,
  Packer,
} from '../../helpers/factories-dispatch.js';
import { cartonSize, slip, type FloorFactory } from '../../helpers/factories-floor.js';
import { masterScheme, saveScheme } from '../../helpers/factories-loyalty.js';
import { appCodes, insertColleague } from '../../helpers/factories-pairs.js';
import { insertReference, nextPrefix } from '../../helpers/factories-sites.js';
import { useApp } from '../../helpers/use-app.js';

const t = useApp();
let A: FloorFactory;
let pack: Packer;
let dealer: number;
let depot: number;
let road: number;
let schemer: { token: string; productId: number };
let didNo = 0;

const dispatch = async (target: { SendTo?: number; WareHouseId?: number }, ids: string[]) => {
  const DispatchId = slip('DID', A.prefix, ++didNo);
  const res = await t.post(
    DISPATCH_API.save.path,
    dispatchBody(target, ids, { TransportModeId: road, DispatchId }),
    A.token,
  );
  expect(res.body.ResponseCode).toBe('200');
  return DispatchId;
};
const ledgerOf = (did: string) => t.db.select().from(pointEntries).where(eq(pointEntries.did, did));

beforeAll(async () => {
  await insertReference(t.db);
  A = await dispatchFactory(t, nextPrefix());
  pack = new Packer(t, await appCodes(t), A, await cartonSize(t.db, 2));
  dealer = await insertDealer(t.db, A.companyId);
  depot = (await insertWarehouse(t.db, A.companyId, { prefix: nextPrefix() })).id;
  const modes = await t.get(DISPATCH_API.modes.path, A.token);
  road = (modes.body.ResponseData as Array<{ TransportModeId: number; TransportMode: string }>).find(
    (m) => m.TransportMode === 'By Road',
  )!.TransportModeId;
  schemer = { token: await insertColleague(t, A as never, [PAGE.schemeMaster.key]), productId: A.productId };
  for (const s of [
    masterScheme(schemer as never, { SchemeName: 'Dealer 3 a pack', Utype: 2, LoyaltyPoints: 3 }),
    masterScheme(schemer as never, { SchemeName: 'Everyone 1 a pack', Utype: 9, LoyaltyPoints: 1 }),
    masterScheme(schemer as never, { SchemeName: 'Farmers only', Utype: 3, LoyaltyPoints: 50 }),
  ])
    expect(await saveScheme(t, schemer as never, s)).toMatchObject({ ResponseCode: '200' });
});

describe('a dispatch to a dealer', () => {
  it('earns the dealer (3 + 1) points a pack for a tertiary carton (4 packs) and a secondary (2): 24, once', async () => {
    const did = await dispatch({ SendTo: dealer }, [await pack.tid(), await pack.sid()]);
    const rows = await ledgerOf(did);
    expect(rows).toMatchObject([
      { party: 'dealer', userId: dealer, points: 24, source: 'dispatch', companyId: A.companyId },
    ]);
    expect(rows[0]!.schemeNames.split(', ').sort()).toEqual(['Dealer 3 a pack', 'Everyone 1 a pack']);
  });

  it('a dispatch to a warehouse earns nobody anything', async () => {
    const did = await dispatch({ WareHouseId: depot }, [await pack.sid()]);
    expect(await ledgerOf(did)).toEqual([]);
  });
});
