// The page registry and the saved-rights rule (spec 1 sections 2.3-2.4, 4, 9).
import { describe, expect, it } from 'vitest';
import {
  ALWAYS_ALLOWED_PATHS,
  DASHBOARD_KEY,
  GROUPS,
  isKnownPageKey,
  normalisePageList,
  normalisePath,
  PAGE,
  PAGES,
  pageByKey,
  pageByPath,
} from '../../../src/shared/pages.js';

describe('normalisePageList', () => {
  it('always includes the dashboard key 1, even for an empty list', () => {
    expect(normalisePageList([])).toEqual(['1']);
    expect(DASHBOARD_KEY).toBe('1');
  });

  it('adds the parent group of each ticked page, groups first', () => {
    expect(normalisePageList(['215'])).toEqual(['1', '2', '215']);
    expect(normalisePageList(['417', '301', '215'])).toEqual(['1', '2', '3', '4', '215', '301', '417']);
  });

  it('drops unknown keys, bare group keys and the hidden Issue Number page', () => {
    expect(normalisePageList(['999', 'abc', '', '2', '3', '4', PAGE.numberIssued.key])).toEqual(['1']);
    expect(normalisePageList(['304', '306'])).toEqual(['1', '3', '306']);
  });

  it('stores each key once', () => {
    expect(normalisePageList(['215', '215', '1', '1', '207'])).toEqual(['1', '2', '207', '215']);
  });
});

describe('the registry', () => {
  it('has unique keys and paths, every page in a known group', () => {
    expect(new Set(PAGES.map((p) => p.key)).size).toBe(PAGES.length);
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length);
    for (const p of PAGES) expect(GROUPS.map((g) => g.key)).toContain(p.group);
  });

  it('carries the spec labels and routes', () => {
    expect(PAGE.accessRight).toMatchObject({ label: 'Role Management', path: '/masters/access-right' });
    expect(PAGE.dealerMaster).toMatchObject({ label: 'Retailer Master', path: '/masters/dealer-master' });
    expect(PAGE.distributorMaster).toMatchObject({ label: 'Dealer Master', path: '/masters/distributor-master' });
    expect(PAGE.redemptionReport).toMatchObject({ label: 'Loyalty Points Report', path: '/reports/redemption-report' });
    expect(PAGE.cartonMaster).toMatchObject({
      key: '215',
      label: 'Carton Size Master',
      path: '/masters/carton-master',
    });
    expect(PAGE.numberIssued).toMatchObject({ label: 'Issue Number', hidden: true });
    expect(PAGES.filter((p) => p.hidden)).toEqual([PAGE.numberIssued, PAGE.devices]);
  });

  it("has the spec's 15 masters, 18 transactions and 22 reports, and our EPCIS Partners, Recall Trace and Devices", () => {
    const count = (g: string) => PAGES.filter((p) => p.group === g).length;
    expect([count('2'), count('3'), count('4')]).toEqual([16, 18, 24]);
    expect(PAGE.epcisPartners).toMatchObject({ key: '216', path: '/masters/epcis-partners' });
    expect(PAGE.recallTrace).toMatchObject({ key: '423', path: '/reports/recall-trace' });
    expect(PAGE.devices).toMatchObject({ key: '424', path: '/reports/devices', hidden: true });
  });

  it('looks pages up by key and by path (trailing slash ignored)', () => {
    expect(pageByKey('215')).toBe(PAGE.cartonMaster);
    expect(pageByKey('nope')).toBeUndefined();
    expect(pageByPath('/masters/carton-master/')).toBe(PAGE.cartonMaster);
    expect(pageByPath('/transaction/Damage-carton')).toBe(PAGE.damageCarton);
    expect(pageByPath('/transaction/damage-carton')).toBeUndefined();
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('/a//')).toBe('/a');
  });

  it('knows group keys and page keys, nothing else', () => {
    expect(['1', '2', '3', '4', '215', '304'].every(isKnownPageKey)).toBe(true);
    expect(['5', '0', '', '2150'].some(isKnownPageKey)).toBe(false);
  });

  it('always allows dashboard, profile and change password', () => {
    expect([...ALWAYS_ALLOWED_PATHS]).toEqual(['/dashboard', '/profile', '/change-password']);
  });
});
