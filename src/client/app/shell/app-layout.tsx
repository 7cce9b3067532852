// The admin shell (spec 1 section 2.2): header, sidebar from the user's menu, footer, and the page.
// The page waits for the menu so a path outside the user's rights never renders (spec 1 section 2.5).
import { useEffect, useState } from 'react';
import { AppShell, Center, Loader, Text, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { COPYRIGHT } from '../brand.js';
import { useResetPasswordRedirect } from '../guards.js';
import { isPathAllowed } from '../path-access.js';
import { clearSession } from '../../api/session.js';
import { useMenu } from '../use-menu.js';
import { useFloorCacheSync } from './use-floor-cache-sync.js';
import { HeaderBar } from './header-bar.js';
import { SideNav } from './side-nav.js';
import { StoreLossScreen } from './store-loss-screen.js';

/** Below this width the sidebar is a drawer behind the burger. */
const NAV_BREAKPOINT = 'sm';

export function AppLayout() {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menu = useMenu();
  useFloorCacheSync(menu.status === 'ready' ? menu.menu : null);
  useResetPasswordRedirect();
  // On a handheld the sidebar is off-screen until the burger opens it, so its links are drawn only from
  // then on (and kept, so closing slides them out): the first render is the page's alone.
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints[NAV_BREAKPOINT]})`, undefined, {
    getInitialValueInEffect: false,
  });
  const [navDrawn, setNavDrawn] = useState(false);
  if (navOpened && !navDrawn) setNavDrawn(true);
  const drawNav = wide || navDrawn;

  const allowed = menu.status === 'ready' && (!menu.verified || isPathAllowed(pathname, menu.menu));
  useEffect(() => {
    if (menu.status === 'ready' && !allowed) {
      void clearSession().then(() => navigate('/login', { replace: true }));
    }
  }, [menu.status, allowed, navigate]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: NAV_BREAKPOINT, collapsed: { mobile: !navOpened } }}
      footer={{ height: 36 }}
      padding="md"
    >
      <AppShell.Header>
        <HeaderBar navOpened={navOpened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main menu">
        {drawNav &&
          (menu.status === 'ready' ? <SideNav menu={menu.menu} onNavigate={close} /> : <Loader size="sm" m="md" />)}
      </AppShell.Navbar>
      <AppShell.Main>
        {allowed ? (
          <Outlet />
        ) : (
          <Center mih={200}>
            <Loader aria-label="Loading" />
          </Center>
        )}
      </AppShell.Main>
      <StoreLossScreen />
      <AppShell.Footer px="md">
        <Text size="xs" c="dimmed" lh="36px" truncate>
          {COPYRIGHT}
        </Text>
      </AppShell.Footer>
    </AppShell>
  );
}
