// Test data of loyalty: a factory whose user holds the scheme, redemption and lucky-user pages, its
// mapped codes, schemes made through the real save, and the public page's calls.
import { PAGE } from '../../src/shared/pages.js';
import { SCHEME_API, type SchemeDesignSave, type SchemeMasterSave } from '../../src/shared/contracts/loyalty/scheme.js';
import { VERIFY_API } from '../../src/shared/contracts/public/verify.js';
import { addDays } from '../../src/shared/contracts/numbers/fields.js';
import { indiaDate } from '../../src/shared/today.js';
import { send } from './endpoint-call.js';
import { insertFactory, urlOf, type Factory } from './factories-pairs.js';
import type { TestApp } from './server-app.js';

export const LOYALTY_PAGES = [
  PAGE.schemeMaster.key,
  PAGE.schemeConfiguration.key,
  PAGE.redemptionRequests.key,
  PAGE.luckyUsers.key,
];

export const today = () => indiaDate();
export const inDays = (n: number) => addDays(indiaDate(), n);

export const loyaltyFactory = (t: TestApp, prefix: string): Promise<Factory> => insertFactory(t, prefix, LOYALTY_PAGES);

export function masterScheme(f: Factory, extra: Partial<SchemeMasterSave> = {}): SchemeMasterSave {
  return {
    SchemeId: 0,
    ProductId: f.productId,
    Utype: 3,
    SchemeName: `Kharif ${Math.random().toString(36).slice(2, 8)}`,
    Schemedescription: 'Farmer points',
    StartDate: today(),
    EndDate: inDays(30),
    LoyaltyPoints: 10,
    IsActive: true,
    ...extra,
  };
}

export function designScheme(extra: Partial<SchemeDesignSave> = {}): SchemeDesignSave {
  return {
    SchemeId: 0,
    SchemeType: 'PB',
    SchemeBeneficiary: 3,
    DynamicIds: [],
    SchemeName: `Rabi ${Math.random().toString(36).slice(2, 8)}`,
    locationCodes: [],
    ValidFrm: today(),
    ValidTo: inDays(30),
    IsActive: true,
    mappingData: [],
    ...extra,
  };
}

export async function saveScheme(t: TestApp, f: Factory, body: unknown) {
  const res = await send(t, SCHEME_API.save, body, f.token);
  return res.body as { ResponseCode: string; ResponseMessage: string };
}

/** The public page's VerifyProduct, from a state (the page's reverse-geocoded text). */
export const verifyFrom = (t: TestApp, uid: string, state: string | null, more: Record<string, unknown> = {}) =>
  send(t, VERIFY_API.verify, {
    verificationMode: 'Web',
    verificationType: 2,
    qrData: urlOf(t, uid),
    UID: uid,
    ...(state ? { UsrState: state } : {}),
    ...more,
  });

export const farmer = (MobileNo: string, Name = 'Sita Devi') => ({ isFormFilled: true, Name, email: '', MobileNo });
