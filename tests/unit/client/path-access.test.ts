// The route guard's rule: which paths a user's menu lets them open.
import { describe, expect, it } from 'vitest';
import { isPathAllowed } from '../../../src/client/app/path-access.js';
import { buildMenu } from '../../../src/shared/menu.js';
import { PAGE } from '../../../src/shared/pages.js';

const clerkMenu = buildMenu(new Set([PAGE.cartonMaster.key]));

describe('isPathAllowed', () => {
  it('lets a user open the pages of their menu, with or without a trailing slash', () => {
    expect(isPathAllowed('/masters/carton-master', clerkMenu)).toBe(true);
    expect(isPathAllowed('/masters/carton-master/', clerkMenu)).toBe(true);
  });

  it('refuses registry pages missing from the menu', () => {
    expect(isPathAllowed('/masters/access-right', clerkMenu)).toBe(false);
    expect(isPathAllowed('/transaction/Damage-carton', clerkMenu)).toBe(false);
  });

  it('always allows the dashboard, profile and change password', () => {
    for (const p of ['/dashboard', '/profile', '/change-password']) expect(isPathAllowed(p, [])).toBe(true);
  });

  it('leaves paths outside the registry to the router (they fall back to the dashboard)', () => {
    expect(isPathAllowed('/no/such/screen', clerkMenu)).toBe(true);
  });

  it('gives the admin menu every page', () => {
    const all = buildMenu('all');
    for (const p of Object.values(PAGE)) expect(isPathAllowed(p.path, all)).toBe(true);
  });
});
