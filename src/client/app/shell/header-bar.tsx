// The shell header: burger (handheld), app name, the offline badge, the welcome and the account menu
// (spec 1 section 2.2).
import { useState, type ReactNode } from 'react';
import { Badge, Burger, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { useOnline } from '../../offline/network-status.js';
import { APP_NAME } from '../brand.js';
import { useSession } from '../session.js';
import { logout } from './logout.js';

interface Props {
  navOpened: boolean;
  onToggleNav: () => void;
}

/** Marks the welcome as the account menu's opener. */
function Chevron() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

/**
 * The account menu. Its machinery (popover, portal, positioning, ids) updates itself as it mounts,
 * inside the page's first commit; so until first used the opener is the same button alone, and the
 * first click, tap or Enter draws the menu open. Nothing draws it earlier (on hover, say): a button
 * replaced between a press and its release loses the click.
 */
function AccountMenu({ opener, children }: { opener: ReactNode; children: ReactNode }) {
  const [drawn, setDrawn] = useState(false);
  // 44 px tall: a finger's reach on a handheld.
  const button = (extra: object) => (
    <UnstyledButton px="xs" mih={44} miw={0} {...extra}>
      {opener}
    </UnstyledButton>
  );
  if (!drawn) return button({ 'aria-haspopup': 'menu', 'aria-expanded': false, onClick: () => setDrawn(true) });
  return (
    <Menu position="bottom-end" width={200} withinPortal defaultOpened>
      <Menu.Target>{button({})}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

export function HeaderBar({ navOpened, onToggleNav }: Props) {
  const session = useSession();
  const navigate = useNavigate();
  const online = useOnline();

  const signOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle main menu" />
        <Text component={Link} to="/dashboard" fw={700} fz="lg" c="green.8" style={{ textDecoration: 'none' }}>
          {APP_NAME}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap" miw={0}>
        {!online && (
          <Badge color="red" variant="filled" role="status" style={{ flexShrink: 0 }}>
            Offline
          </Badge>
        )}
        <AccountMenu
          opener={
            <Group gap={6} wrap="nowrap">
              <Text data-testid="welcome" fw={500} truncate maw={{ base: online ? 150 : 90, sm: 320 }}>
                Welcome {session?.UserName ?? ''}
              </Text>
              <Chevron />
            </Group>
          }
        >
          <Menu.Item component={Link} to="/profile">Profile</Menu.Item>
          <Menu.Item component={Link} to="/change-password">Change Password</Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => void signOut()}>Logout</Menu.Item>
        </AccountMenu>
      </Group>
    </Group>
  );
}
