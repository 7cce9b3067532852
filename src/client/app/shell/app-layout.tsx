// The admin shell (spec 1 section 2.2): header, sidebar from the user's menu, footer, and the page.
// The page waits for the menu so a path outside the user's rights never renders (spec 1 section 2.5).
import { useEffect } from 'react';
import { AppShell, Center, Loader, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { COPYRIGHT } from '../brand.js';
import { useResetPasswordRedirect } from '../guards.js';
import { isPathAllowed } from '../path-access.js';
import { clearSession } from '../session.js';
import { useMenu } from '../use-menu.js';
import { HeaderBar } from './header-bar.js';
import { SideNav } from './side-nav.js';

export function AppLayout() {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const menu = useMenu();
  useResetPasswordRedirect();

  const allowed = menu.status === 'ready' && (!menu.verified || isPathAllowed(pathname, menu.menu));
  useEffect(() => {
    if (menu.status === 'ready' && !allowed) {
      void clearSession().then(() => navigate('/login', { replace: true }));
    }
  }, [menu.status, allowed, navigate]);

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      footer={{ height: 36 }}
      padding="md"
    >
      <AppShell.Header>
        <HeaderBar navOpened={navOpened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main menu">
        {menu.status === 'ready' ? <SideNav menu={menu.menu} onNavigate={close} /> : <Loader size="sm" m="md" />}
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
      <AppShell.Footer px="md">
        <Text size="xs" c="dimmed" lh="36px" truncate>
          {COPYRIGHT}
        </Text>
      </AppShell.Footer>
    </AppShell>
  );
}
