// The lifecycle written once (src/shared/lifecycle): the states derived from stored facts, and the
// rules of DESIGN section 4 that the spec leaves open, each checked with the text a user reads.
import { describe, expect, it } from 'vitest';
import {
  CARTON_OPERATIONS,
  CARTON_STATES,
  cartonRefusal,
  cartonStateOf,
  flagsOfContents,
  isExpired,
  LIFECYCLE_MSG,
  NO_FLAGS,
  PACK_OPERATIONS,
  PACK_STATES,
  packRefusal,
  packStateOf,
  verdictOf,
  type Carton,
  type CartonState,
  type Pack,
} from '../../../src/shared/lifecycle/index.js';
import { DISPATCH_MSG } from '../../../src/shared/contracts/floor/dispatch.js';
import { PACKING_MSG } from '../../../src/shared/contracts/floor/packing.js';
import { VERIFY_MSG } from '../../../src/shared/contracts/public/verify-rules.js';

const recalled = { recalled: 'label misprint', expired: null };
const expired = { recalled: null, expired: '2026-01-31' };
const carton = (state: CartonState, over: Partial<Carton> = {}): Carton => ({
  id: 'SID26KA00001',
  state,
  flags: NO_FLAGS,
  here: true,
  ...over,
});
const pack = (over: Partial<Pack> = {}): Pack => ({ code: 'KA12', state: 'mapped', flags: NO_FLAGS, ...over });

describe('cartonStateOf', () => {
  const row = { state: 'packed' as const, tid: null, dispatchId: null, dealerId: null, locationSiteId: 1, siteId: 1 };
  it('reads where a carton is from its row', () => {
    expect(cartonStateOf(row)).toBe('packed');
    expect(cartonStateOf({ ...row, locationSiteId: 2 })).toBe('at-site');
    expect(cartonStateOf({ ...row, locationSiteId: null, dispatchId: 'DID26KA00001' })).toBe('in-transit');
    expect(cartonStateOf({ ...row, locationSiteId: null, dealerId: 9 })).toBe('with-dealer');
    expect(cartonStateOf({ ...row, locationSiteId: null })).toBe('missing');
    expect(cartonStateOf({ ...row, tid: 'TID26KA00001' })).toBe('in-tid');
    expect(cartonStateOf({ ...row, state: 'damaged', tid: 'TID26KA00001' })).toBe('damaged');
    expect(cartonStateOf({ ...row, state: 'replaced' })).toBe('emptied');
  });
});

describe('packStateOf', () => {
  it('a pack is where its outermost carton is', () => {
    expect(packStateOf({ mapped: false })).toBe('free');
    expect(packStateOf({ mapped: false, demapped: true })).toBe('demapped');
    expect(packStateOf({ mapped: true })).toBe('mapped');
    expect(packStateOf({ mapped: true, damagedRange: true })).toBe('damaged');
    expect(packStateOf({ mapped: true, replaced: true })).toBe('replaced');
    expect(packStateOf({ mapped: false, replaced: true })).toBe('replaced');
    expect(packStateOf({ mapped: true, sid: 'S', carton: 'packed' })).toBe('in-sid');
    expect(packStateOf({ mapped: true, sid: 'S', carton: 'in-tid', outer: 'packed' })).toBe('in-tid');
    expect(packStateOf({ mapped: true, sid: 'S', carton: 'in-tid', outer: 'in-transit' })).toBe('in-transit');
    expect(packStateOf({ mapped: true, sid: 'S', carton: 'in-tid', outer: 'damaged' })).toBe('damaged');
    expect(packStateOf({ mapped: true, sid: 'S', carton: 'at-site' })).toBe('at-site');
    expect(packStateOf({ mapped: true, sid: 'S', carton: 'with-dealer' })).toBe('with-dealer');
    expect(packStateOf({ mapped: true, sid: 'S', carton: 'emptied' })).toBe('replaced');
  });
});

describe('flags', () => {
  it('a carton is what it holds: one recalled content recalls it; the earliest expiry counts', () => {
    expect(flagsOfContents([NO_FLAGS, recalled, { recalled: null, expired: '2026-03-01' }, expired])).toEqual({
      recalled: 'label misprint',
      expired: '2026-01-31',
    });
    expect(flagsOfContents([])).toEqual(NO_FLAGS);
  });
  it('expired is strictly before today (the expiry day itself is still good)', () => {
    expect(isExpired('2026-11-26', '2026-11-27')).toBe(true);
    expect(isExpired('2026-11-27', '2026-11-27')).toBe(false);
    expect(isExpired(null, '2026-11-27')).toBe(false);
  });
});

describe('commercial moves are blocked for recalled stock', () => {
  it('packing refuses a recalled pack and a recalled SID', () => {
    expect(packRefusal('pack-sid', pack({ flags: recalled }))).toBe('This batch is recalled: label misprint');
    expect(cartonRefusal('pack-tid', carton('packed', { flags: recalled }))).toBe(
      LIFECYCLE_MSG.cartonRecalled('SID26KA00001', 'label misprint'),
    );
  });
  it('dispatch: only back to a factory', () => {
    const c = carton('at-site', { flags: recalled });
    expect(cartonRefusal('dispatch-dealer', c)).toBe('SID26KA00001 holds a recalled batch: label misprint');
    expect(cartonRefusal('dispatch-warehouse', c)).toBe('SID26KA00001 holds a recalled batch: label misprint');
    expect(cartonRefusal('dispatch-factory', c)).toBeNull();
  });
  it('expired stock may not go to a dealer, and goes anywhere else', () => {
    const c = carton('packed', { flags: expired });
    expect(cartonRefusal('dispatch-dealer', c)).toBe(
      'SID26KA00001 holds stock that expired on 2026-01-31: it cannot go to a dealer.',
    );
    expect(cartonRefusal('dispatch-warehouse', c)).toBeNull();
    expect(packRefusal('pack-sid', pack({ flags: expired }))).toBeNull();
  });
});

describe('physical facts are always recorded', () => {
  it('recalled or expired goods on the way are received and may be taken back or damaged', () => {
    for (const flags of [recalled, expired]) {
      expect(cartonRefusal('receive', carton('in-transit', { flags }))).toBeNull();
      expect(cartonRefusal('return-transit', carton('in-transit', { flags, did: 'DID26KA00001' }))).toBeNull();
      expect(cartonRefusal('return-received', carton('at-site', { flags }))).toBeNull();
      expect(cartonRefusal('damage-carton', carton('packed', { flags }))).toBeNull();
    }
  });
  it('a receipt is only of a carton on its way to the caller', () => {
    expect(cartonRefusal('receive', carton('at-site'))).toBe('SID26KA00001 is not on its way to you.');
    expect(cartonRefusal('receive', carton('in-transit', { here: false }))).toBe(
      'SID26KA00001 is not on its way to you.',
    );
  });
});

describe('the public page', () => {
  it('damaged, de-mapped and replaced codes answer -1 with the reason and never pay', () => {
    expect(verdictOf(pack({ state: 'damaged', reason: 'Carton crushed' }))).toEqual({
      refusal: VERIFY_MSG.damaged('Carton crushed'),
      warning: null,
      pays: false,
    });
    expect(verdictOf(pack({ state: 'demapped' })).refusal).toBe(VERIFY_MSG.demapped);
    expect(verdictOf(pack({ state: 'replaced' })).refusal).toBe(VERIFY_MSG.replaced);
    for (const state of ['damaged', 'demapped', 'replaced', 'free'] as const)
      expect(packRefusal('earn', pack({ state }))).not.toBeNull();
  });
  it('a recalled pack is refused with the recall; an expired one is genuine with a warning and pays nothing', () => {
    expect(verdictOf(pack({ state: 'with-dealer', flags: recalled })).refusal).toBe(
      VERIFY_MSG.recalled('label misprint'),
    );
    const v = verdictOf(pack({ state: 'with-dealer', flags: expired }));
    expect(v).toEqual({ refusal: null, warning: LIFECYCLE_MSG.expiredPack('2026-01-31'), pays: false });
    expect(packRefusal('earn', pack({ state: 'with-dealer', flags: expired }))).toBe(
      LIFECYCLE_MSG.expiredPack('2026-01-31'),
    );
    expect(verdictOf(pack({ state: 'with-dealer' }))).toEqual({ refusal: null, warning: null, pays: true });
  });
  it('points already earned stay redeemable whatever the pack became', () => {
    for (const state of PACK_STATES) expect(packRefusal('redeem', pack({ state, flags: recalled }))).toBeNull();
  });
});

describe('states on the floor', () => {
  it('a packed pack is not packed again, and names its carton', () => {
    expect(packRefusal('pack-sid', pack({ state: 'in-tid', sid: 'SID26KA00007' }))).toBe(
      PACKING_MSG.packed('SID26KA00007'),
    );
  });
  it('a void code says why before a recall does', () => {
    expect(packRefusal('pack-sid', pack({ state: 'damaged', reason: 'torn', flags: recalled }))).toBe(
      PACKING_MSG.damaged('torn'),
    );
  });
  it('dispatch names where a carton is instead', () => {
    expect(cartonRefusal('dispatch-dealer', carton('in-tid', { tid: 'TID26KA00002' }))).toBe(
      DISPATCH_MSG.inTertiary('SID26KA00001', 'TID26KA00002'),
    );
    expect(cartonRefusal('dispatch-dealer', carton('in-transit', { did: 'DID26KA00003' }))).toBe(
      DISPATCH_MSG.dispatched('SID26KA00001', 'DID26KA00003'),
    );
    expect(cartonRefusal('dispatch-dealer', carton('damaged'))).toBe(DISPATCH_MSG.damaged('SID26KA00001'));
    expect(cartonRefusal('dispatch-dealer', carton('packed', { here: false }))).toBe(
      DISPATCH_MSG.notHere('SID26KA00001'),
    );
  });
  it('ranges: packed numbers are neither damaged nor de-mapped', () => {
    expect(packRefusal('demap', pack({ state: 'in-sid' }))).toBe(
      'KA12 is already packed: packed numbers cannot be de-mapped.',
    );
    expect(packRefusal('damage-range', pack({ state: 'mapped' }))).toBeNull();
  });
  it('every state and operation has an answer (no state falls through)', () => {
    for (const state of PACK_STATES)
      for (const op of PACK_OPERATIONS) expect(() => packRefusal(op, pack({ state }))).not.toThrow();
    for (const state of CARTON_STATES)
      for (const op of CARTON_OPERATIONS) {
        const r = cartonRefusal(op, carton(state));
        expect(r === null || typeof r === 'string').toBe(true);
      }
  });
});
