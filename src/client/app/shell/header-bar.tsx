// The shell header: burger (handheld), app name, online or offline, the outbox's waiting count (a link
// to Pending work), the welcome and the account menu (spec 1 section 2.2). It starts the outbox's
// drainer for the signed-in user and stops it at sign-out (offline/drain-triggers.ts).
import { useEffect, useState, type ReactNode } from 'react';
import { Badge, Box, Burger, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { confirmSignOut } from '../../features/pending-work/confirm-sign-out.js';
import { PENDING_WORK_PATH, PendingLink } from '../../features/pending-work/pending-link.js';
import { SignInPrompt } from '../../features/pending-work/sign-in-prompt.js';
import { whenIdle } from '../../kit/idle.js';
import { useOnline } from '../../offline/network-status.js';
import { APP_NAME } from '../brand.js';
import { useSession } from '../../api/session.js';
import { keptEntries, logout } from './logout.js';
import { LANGS, setFloorLang, useFloorWords, type FloorLang } from '../../floor/words/index.js';

interface Props {
  navOpened: boolean;
  onToggleNav: () => void;
}

/** Marks the welcome as the account menu's opener. */
function Chevron() {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
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

/** The outbox's drainer runs while the shell is up; it (and Dexie) load once the first screen is drawn. */
function useOutboxSync() {
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    whenIdle(() => {
      void import('../../offline/drain-triggers.js').then((m) => {
        if (live) stop = m.startOutboxSync();
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, []);
}

export function HeaderBar({ navOpened, onToggleNav }: Props) {
  const session = useSession();
  const navigate = useNavigate();
  const online = useOnline();
  const { w, lang } = useFloorWords();
  useOutboxSync();

  const signOut = async () => {
    // Work not yet settled stays on the device; the user hears so before leaving.
    const kept = session
      ? await keptEntries(session.UserId).catch(() => ({ waiting: 0, rejected: 0 }))
      : { waiting: 0, rejected: 0 };
    if (kept.waiting + kept.rejected > 0 && !(await confirmSignOut(kept, session?.UserName ?? ''))) return;
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} gap="xs" justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle main menu" />
        <Text
          component={Link}
          to="/dashboard"
          aria-label={APP_NAME}
          fw={700}
          fz="lg"
          c="green.8"
          style={{ textDecoration: 'none', display: 'flex' }}
        >
          {/* On a handheld the mark stands for the name: the status, the waiting count and the welcome need the width. */}
          <Box component="img" src="/icons/icon-192.png" alt="" w={32} h={32} hiddenFrom="sm" />
          <Box component="span" visibleFrom="sm">
            {APP_NAME}
          </Box>
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap" miw={0}>
        {online ? (
          <Box
            component="span"
            role="img"
            aria-label={w.online}
            title={w.online}
            w={10}
            h={10}
            bg="green.8"
            style={{ borderRadius: '50%', flexShrink: 0 }}
          />
        ) : (
          <Badge color="red" variant="filled" role="status" style={{ flexShrink: 0 }}>
            {w.offline}
          </Badge>
        )}
        <PendingLink />
        <SignInPrompt />
        <AccountMenu
          opener={
            <Group gap={6} wrap="nowrap">
              <Text data-testid="welcome" fw={500} truncate maw={{ base: 150, sm: 320 }}>
                {w.welcome(session?.UserName ?? '')}
              </Text>
              <Chevron />
            </Group>
          }
        >
          <Menu.Item component={Link} to="/profile">
            {w.profile}
          </Menu.Item>
          <Menu.Item component={Link} to="/change-password">
            {w.changePassword}
          </Menu.Item>
          <Menu.Item component={Link} to={PENDING_WORK_PATH}>
            {w.pendingWork}
          </Menu.Item>
          <Menu.Divider />
          {/* The floor's language, kept on this device (floor/words): each named in its own script. */}
          <Menu.Label>{w.language}</Menu.Label>
          {(Object.keys(LANGS) as FloorLang[]).map((code) => (
            <Menu.Item
              key={code}
              lang={code}
              aria-current={code === lang || undefined}
              mih={44}
              rightSection={code === lang ? '✓' : null}
              onClick={() => setFloorLang(code)}
            >
              {LANGS[code].name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => void signOut()}>
            {w.logout}
          </Menu.Item>
        </AccountMenu>
      </Group>
    </Group>
  );
}
