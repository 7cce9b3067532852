// Builds the sidebar menu and the Role Management tree from the page registry.
import type { AccessRightGroup, MenuEntry } from './contracts/access-right.js';
import { GROUPS, PAGES, type PageDef } from './pages.js';

/** The menu for a set of ticked page keys; `all` gives every page (admin). */
export function buildMenu(keys: ReadonlySet<string> | 'all'): MenuEntry[] {
  const has = (p: PageDef) => keys === 'all' || keys.has(p.key);
  const menu: MenuEntry[] = [];
  for (const g of GROUPS) {
    if (g.key === '1') {
      menu.push({ name: g.label, icon: g.icon, path: g.path });
      continue;
    }
    const children = PAGES.filter((p) => p.group === g.key && has(p)).map((p) => ({ name: p.label, path: p.path }));
    if (children.length > 0) menu.push({ name: g.label, icon: g.icon, path: g.path, children });
  }
  return menu;
}

/** The access-right tree for a user's saved keys (hidden pages are left out). */
export function buildAccessTree(keys: ReadonlySet<string>): AccessRightGroup[] {
  return GROUPS.filter((g) => g.key !== '1').map((g) => {
    const children = PAGES.filter((p) => p.group === g.key && !p.hidden).map((p) => ({
      key: p.key,
      label: p.label,
      path: p.path,
      Status: keys.has(p.key),
    }));
    return { key: g.key, label: g.label, Status: children.length > 0 && children.every((c) => c.Status), children };
  });
}

/** Every child path of a menu: the paths the guard lets through. */
export function menuPaths(menu: readonly MenuEntry[]): string[] {
  return menu.flatMap((m) => [m.path, ...(m.children ?? []).map((c) => c.path)]);
}
