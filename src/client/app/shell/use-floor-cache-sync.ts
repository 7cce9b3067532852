// Keeps the floor's device caches fresh for a user who works on the floor (any floor page in their
// menu): from sign-in on, when the network returns and on a timer, whatever screen is open, so a
// device that goes offline later still checks every scan. Loaded once the page is drawn.
import { useEffect } from 'react';
import type { MenuEntry } from '@shared/contracts/access-right.js';
import { FLOOR_PAGES } from '@shared/pages.js';
import { whenIdle } from '../../kit/idle.js';
import { isPathAllowed } from '../path-access.js';

export const worksOnFloor = (menu: readonly MenuEntry[]) => FLOOR_PAGES.some((p) => isPathAllowed(p.path, menu));

export function useFloorCacheSync(menu: readonly MenuEntry[] | null): void {
  const floor = menu !== null && worksOnFloor(menu);
  useEffect(() => {
    if (!floor) return;
    let live = true;
    let stop: (() => void) | undefined;
    whenIdle(() => {
      void import('../../floor/cache/refresh.js').then((m) => {
        if (live) stop = m.startFloorCacheRefresh();
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [floor]);
}
