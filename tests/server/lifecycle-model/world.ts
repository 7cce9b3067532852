// The real side of the model: one company with a factory (F) and a warehouse (W), each with a signed-in
// user holding every page, a dealer who receives, one product with a farmers' scheme, and slips
// printed far ahead. Each run of a sequence takes a namespace of its own: its own serials, slip
// numbers, batch names, farmer and idempotency keys, so sequences replay side by side in one app.
import { eq } from 'drizzle-orm';
import { makeSlipId, type Series } from '../../../src/shared/codes.js';
import { USER_TYPE } from '../../../src/shared/contracts/auth.js';
import { pidOf } from '../../../src/shared/contracts/tracking.js';
import { PAGE, PAGES } from '../../../src/shared/pages.js';
import { companies, products, sites } from '../../../src/server/db/schema.js';
import type { CodeMac } from '../../../src/server/domain/code-mac.js';
import { insertUser, setPages } from '../../helpers/factories.js';
import { insertSiteUser } from '../../helpers/factories-dispatch-legs.js';
import { BILL } from '../../helpers/factories-dispatch.js';
import { cartonSize, printSlips, YEAR } from '../../helpers/factories-floor.js';
import { masterScheme, saveScheme } from '../../helpers/factories-loyalty.js';
import { appCodes, insertFactory, type Factory } from '../../helpers/factories-pairs.js';
import { nextPrefix } from '../../helpers/factories-sites.js';
import type { TestApp } from '../../helpers/server-app.js';
import { POINTS } from './model.js';
import type { Batch, CartonRef, Party, SiteName } from './ops.js';

export interface World {
  t: TestApp;
  codes: CodeMac;
  f: Factory;
  site: Record<SiteName, { id: number; prefix: string }>;
  token: Record<Party, string>;
  dealerId: number;
  size2: number;
  /** Each party's name as the reports and the journey show it. */
  name: Record<Party, string>;
}

const ALL_PAGES = PAGES.map((p) => p.key);
/** Slip numbers each namespace may use (SIDs, TIDs and DIDs alike). */
const SLIPS_PER_NAMESPACE = 400;

export async function lifecycleWorld(t: TestApp): Promise<World> {
  const f = await insertFactory(t, nextPrefix(), ALL_PAGES);
  await t.db
    .update(companies)
    .set({ address: 'Plot 7, MIDC', city: 'Nashik', pincode: '422007', mobile: '9822000111' })
    .where(eq(companies.id, f.companyId));
  await t.db.update(products).set({ uom: 'kg', bestBeforeDays: 730 }).where(eq(products.id, f.productId));
  const W = await insertSiteUser(t, f.companyId, ALL_PAGES);
  await setPages(t.db, W.userId, ALL_PAGES);
  for (const prefix of [f.prefix, W.prefix]) await printSlips(t.db, prefix, 200_000);
  const dealer = await insertUser(t.db, {
    companyId: f.companyId,
    userType: USER_TYPE.dealer,
    firstName: 'Ravi',
    lastName: 'Traders',
    ...BILL,
    pages: [PAGE.dispatchReceive.key],
  });
  const dealerToken = (await t.signIn(dealer.email, dealer.password)).token;
  const siteName = async (id: number) =>
    (await t.db.select({ name: sites.name }).from(sites).where(eq(sites.id, id)))[0]!.name;
  const saved = await saveScheme(t, f, masterScheme(f, { SchemeName: 'Model farmers', LoyaltyPoints: POINTS }));
  if (saved.ResponseCode !== '200') throw new Error(`scheme: ${saved.ResponseMessage}`);
  return {
    t,
    codes: await appCodes(t),
    f,
    site: { F: { id: f.siteId, prefix: f.prefix }, W: { id: W.siteId, prefix: W.prefix } },
    token: { F: f.token, W: W.token, D: dealerToken },
    dealerId: dealer.id,
    size2: await cartonSize(t.db, 2),
    name: { F: await siteName(f.siteId), W: await siteName(W.siteId), D: 'Ravi Traders' },
  };
}

/** A namespace's real names for the model's codes, cartons, dispatches, batches, farmer and keys. */
export class Names {
  constructor(
    readonly w: World,
    readonly ns: number,
  ) {}
  get series(): Series {
    return { kind: 'S', prefix: this.w.f.prefix };
  }
  serial(i: number) {
    return this.ns * 100 + i + 1;
  }
  uid(i: number) {
    return this.w.codes.make(this.series, this.serial(i));
  }
  pid(i: number) {
    return pidOf(this.series, this.serial(i));
  }
  slip(type: 'SID' | 'TID' | 'DID', s: SiteName, n: number) {
    if (n >= SLIPS_PER_NAMESPACE) throw new Error('a namespace ran out of slip numbers');
    return makeSlipId(type, YEAR, this.w.site[s].prefix, this.ns * SLIPS_PER_NAMESPACE + n);
  }
  carton(r: CartonRef) {
    return this.slip(r.t, r.s, r.n);
  }
  batch(b: Batch) {
    return `${b}-${this.ns}`;
  }
  get mobile() {
    return `9${String(700_000_000 + this.ns)}`;
  }
  key(k: number) {
    return `lifecycle-${this.ns}-${k}`;
  }
}
