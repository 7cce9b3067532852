// A company whose every flow has run once through the real saves, for the report tests: a mapping
// cut by a de-mapping, a print file, secondary and tertiary cartons (one fractional), a dispatch to a
// warehouse that receives one carton and reports one missing, a carton taken back after receipt, a
// damaged carton, a dispatch to a dealer that earns points, and a farmer's verification with feedback.
import { eq } from 'drizzle-orm';
import { CARTON_DAMAGE_API } from '../../src/shared/contracts/floor/carton-damage.js';
import { DISPATCH_API, type DispatchInvoice } from '../../src/shared/contracts/floor/dispatch.js';
import { RECEIVE_API } from '../../src/shared/contracts/floor/dispatch-receive.js';
import { RETURN_API } from '../../src/shared/contracts/floor/carton-return.js';
import { PACKING_API } from '../../src/shared/contracts/floor/packing.js';
import { DEMAP_API } from '../../src/shared/contracts/numbers/demap.js';
import { POINTS_API } from '../../src/shared/contracts/loyalty/points.js';
import { PAGE, PAGES } from '../../src/shared/pages.js';
import { generations, mappings, products, transportModes } from '../../src/server/db/schema.js';
import type { CodeMac } from '../../src/server/domain/code-mac.js';
import { ok } from './api-client.js';
import { send } from './endpoint-call.js';
import { setPages } from './factories.js';
import { CartonPacker, insertSiteUser, type SiteUser } from './factories-dispatch-legs.js';
import { dispatchBody, insertDealer } from './factories-dispatch.js';
import { cartonSize, codesOf, secondaryBody, slip, type FloorFactory, floorFactory } from './factories-floor.js';
import { farmer, masterScheme, saveScheme, verifyFrom } from './factories-loyalty.js';
import type { TestApp } from './server-app.js';

export const REPORT_PAGES = PAGES.filter((p) => p.group === '4').map((p) => p.key);
export const FLOW_PAGES = [
  PAGE.secondaryPacking,
  PAGE.tertiaryPacking,
  PAGE.damageCarton,
  PAGE.dispatch,
  PAGE.dispatchReceive,
  PAGE.cartonReturn,
  PAGE.deMapping,
  PAGE.schemeMaster,
].map((p) => p.key);
export const REMARK = 'Refused at the depot gate';
export const FRACTION = 'Short run at shift end';
export const DAMAGE = 'Crushed by the forklift';
export const FEEDBACK = 'Works well on cotton';
export const MOBILE = '9876500011';

export interface ReportWorld {
  f: FloorFactory;
  W: SiteUser;
  dealerId: number;
  /** The dispatch to W: tertiary cartons received (`got`) and reported missing (`lost`), and a loose SID. */
  toDepot: { did: string; got: string; lost: string; loose: string };
  toDealer: string;
  /** The SID sent to the dealer. */
  forDealer: string;
  fractional: string;
  damaged: string;
  /** A TID packed and still at the factory, and its two SIDs. */
  home: { tid: string; sids: string[] };
  verified: string;
}

const answer = <T>(what: string, p: Promise<{ body: unknown }>) => ok<T>(what, p as never);

export async function reportWorld(t: TestApp, codes: CodeMac, prefix: string): Promise<ReportWorld> {
  const f = await floorFactory(t, prefix, [...FLOW_PAGES, ...REPORT_PAGES]);
  await t.db
    .update(products)
    .set({ config: { IsFeedback: true } })
    .where(eq(products.id, f.productId));
  const W = await insertSiteUser(t, f.companyId);
  await setPages(t.db, W.userId, [...FLOW_PAGES, ...REPORT_PAGES]);
  const dealerId = await insertDealer(t.db, f.companyId);
  const road = (await t.db.select().from(transportModes).where(eq(transportModes.name, 'By Road')))[0]!.id;
  const size2 = await cartonSize(t.db, 2);
  const size3 = await cartonSize(t.db, 3);
  const pack = new CartonPacker(t, codes, f, size2);
  await saveScheme(t, f, masterScheme(f, { SchemeName: `Dealers ${prefix}`, Utype: 2, LoyaltyPoints: 7 }));
  await saveScheme(t, f, masterScheme(f, { SchemeName: `Farmers ${prefix}`, LoyaltyPoints: 10 }));

  // Codes 1..400 are the packer's; 901..1000 are cut off the mapping.
  // Mapped at the factory, as the Mapping screen saves it.
  const [m] = await t.db.update(mappings).set({ siteId: f.siteId }).where(eq(mappings.id, f.mappingId)).returning();
  await answer(
    'demap',
    send(
      t,
      DEMAP_API.create,
      { MappingId: m!.id, ProductId: f.productId, FromNo: 901, ToNo: 1000, Qty: 100, isPreprinted: false },
      f.token,
    ),
  );
  await t.db
    .insert(generations)
    .values({ mappingId: f.mappingId, companyId: f.companyId, prefix, fromNo: 1, toNo: 500, createdBy: f.userId });

  const a = await pack.tid();
  const b = await pack.tid();
  const loose = await pack.sid();
  const home = await pack.tid();
  const forDealer = await pack.sid();
  const fractional = slip('SID', prefix, 400);
  await answer(
    'fractional',
    send(
      t,
      PACKING_API.secondarySave,
      secondaryBody(size3, codesOf(codes, prefix, 801, 802), fractional, FRACTION),
      f.token,
    ),
  );
  const damaged = await pack.sid();
  await answer('damage', send(t, CARTON_DAMAGE_API.damage, { DamageCid: damaged, Reason: DAMAGE }, f.token));

  const sent = answer<DispatchInvoice>(
    'dispatch',
    send(
      t,
      DISPATCH_API.save,
      dispatchBody({ WareHouseId: W.siteId }, [a.tid, b.tid, loose], {
        TransportModeId: road,
        Remark: 'Older stock held for QC',
      }),
      f.token,
    ),
  );
  const did = (await sent).CartonId;
  await answer('receive', send(t, RECEIVE_API.save, { DispatchId: did, Cartons: [a.tid, loose] }, W.token));
  await answer(
    'return',
    send(t, RETURN_API.save, { scanned: [{ CartonId: loose }], IsActive: false, Remark: REMARK }, f.token),
  );
  const toDealer = (
    await answer<DispatchInvoice>(
      'to dealer',
      send(t, DISPATCH_API.save, dispatchBody({ SendTo: dealerId }, [forDealer], { TransportModeId: road }), f.token),
    )
  ).CartonId;

  const verified = codes.make({ kind: 'S', prefix }, 1);
  const v = await verifyFrom(t, verified, 'Aalpha Pradesh', farmer(MOBILE, 'Sita Devi'));
  if (v.body.ResponseCode !== '200') throw new Error(`verify: ${v.body.ResponseMessage}`);
  const FeedbackId = (v.body.ResponseData as { FeedbackId: string }).FeedbackId;
  await answer('feedback', send(t, POINTS_API.feedback, { FeedbackId, UsrFeedback: FEEDBACK }));
  return {
    f,
    W,
    dealerId,
    toDepot: { did, got: a.tid, lost: b.tid, loose },
    toDealer,
    forDealer,
    fractional,
    damaged,
    home,
    verified,
  };
}
