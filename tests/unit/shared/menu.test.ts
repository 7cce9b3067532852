// The sidebar menu and the Role Management tree, both built from the page registry.
import { describe, expect, it } from 'vitest';
import { buildAccessTree, buildMenu, menuPaths } from '../../../src/shared/menu.js';
import { PAGE, PAGES } from '../../../src/shared/pages.js';

describe('buildMenu', () => {
  it('gives Dashboard alone for a user with no pages', () => {
    expect(buildMenu(new Set())).toEqual([{ name: 'Dashboard', icon: 'dashboard', path: '/dashboard' }]);
  });

  it('shows only ticked pages, under their groups, and leaves empty groups out', () => {
    const menu = buildMenu(new Set(['1', '2', '215', '417']));
    expect(menu).toEqual([
      { name: 'Dashboard', icon: 'dashboard', path: '/dashboard' },
      {
        name: 'Masters',
        icon: 'masters',
        path: '/masters',
        children: [{ name: 'Carton Size Master', path: '/masters/carton-master' }],
      },
      {
        name: 'Reports',
        icon: 'reports',
        path: '/reports',
        children: [{ name: 'QR Code Tracking Report', path: '/reports/qr-code-tracking-report' }],
      },
    ]);
  });

  it('gives every page, hidden ones too, for "all" (admin)', () => {
    const menu = buildMenu('all');
    expect(menu.map((m) => m.name)).toEqual(['Dashboard', 'Masters', 'Transactions', 'Reports']);
    expect(menu.flatMap((m) => m.children ?? [])).toHaveLength(PAGES.length);
  });

  it('menuPaths lists group and child paths for the route guard', () => {
    expect(menuPaths(buildMenu(new Set(['215'])))).toEqual(['/dashboard', '/masters', '/masters/carton-master']);
  });
});

describe('buildAccessTree', () => {
  it('has groups 2-4 with every visible page, hidden Issue Number and Devices left out', () => {
    const tree = buildAccessTree(new Set());
    expect(tree.map((g) => g.label)).toEqual(['Masters', 'Transactions', 'Reports']);
    const keys = tree.flatMap((g) => g.children.map((c) => c.key));
    expect(keys).not.toContain(PAGE.numberIssued.key);
    expect(keys).not.toContain(PAGE.devices.key);
    expect(keys).toHaveLength(PAGES.length - 2);
  });

  it('ticks saved pages, and a group only when all its pages are ticked', () => {
    const reports = PAGES.filter((p) => p.group === '4').map((p) => p.key);
    const tree = buildAccessTree(new Set(['215', ...reports]));
    expect(tree.find((g) => g.key === '2')!.Status).toBe(false);
    expect(tree.find((g) => g.key === '4')!.Status).toBe(true);
    expect(tree.find((g) => g.key === '2')!.children.find((c) => c.key === '215')).toEqual({
      key: '215',
      label: 'Carton Size Master',
      path: '/masters/carton-master',
      Status: true,
    });
  });

  it('treats a transactions group as complete without the hidden page', () => {
    const visible = PAGES.filter((p) => p.group === '3' && !p.hidden).map((p) => p.key);
    expect(buildAccessTree(new Set(visible)).find((g) => g.key === '3')!.Status).toBe(true);
  });
});
