// Which paths a menu lets a user open (spec 1 sections 2.5, 6): pure, so it is easy to test.
import type { MenuEntry } from '@shared/contracts/access-right.js';
import { menuPaths } from '@shared/menu.js';
import { ALWAYS_ALLOWED_PATHS, normalisePath, pageByPath } from '@shared/pages.js';

/**
 * True when the path may be shown. Only registry pages are checked: other shell paths are either
 * always allowed (/dashboard, /profile, /change-password) or fall back to the dashboard.
 */
export function isPathAllowed(path: string, menu: readonly MenuEntry[]): boolean {
  const p = normalisePath(path);
  if ((ALWAYS_ALLOWED_PATHS as readonly string[]).includes(p)) return true;
  if (!pageByPath(p)) return true;
  return menuPaths(menu).some((m) => normalisePath(m) === p);
}
