// The sidebar: Dashboard, then each menu group as a collapsible section of links (spec 1 section 2.5).
import { useState } from 'react';
import { NavLink, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import type { MenuEntry } from '@shared/contracts/access-right.js';
import { normalisePath } from '@shared/pages.js';
import { NavIcon } from './nav-icons.js';

interface Props {
  menu: readonly MenuEntry[];
  /** Called after a link is followed, so the handheld drawer closes. */
  onNavigate: () => void;
}

export function SideNav({ menu, onNavigate }: Props) {
  const current = normalisePath(useLocation().pathname);
  const isActive = (path: string) => normalisePath(path) === current;
  // The group holding the current page starts open; the others start closed.
  const [open, setOpen] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(menu.map((e) => [e.path, (e.children ?? []).some((c) => isActive(c.path))])),
  );

  return (
    <ScrollArea type="hover" scrollbarSize={6} style={{ flex: 1 }}>
      {menu.map((entry) =>
        entry.children && entry.children.length > 0 ? (
          <NavLink
            key={entry.path}
            // A button, not an anchor without href, so the section header is reachable by keyboard.
            component="button"
            type="button"
            label={entry.name}
            leftSection={<NavIcon name={entry.icon} />}
            opened={open[entry.path] ?? false}
            onChange={(o) => setOpen((prev) => ({ ...prev, [entry.path]: o }))}
            aria-expanded={open[entry.path] ?? false}
            childrenOffset={28}
          >
            {entry.children.map((c) => (
              <NavLink
                key={c.path}
                component={Link}
                to={c.path}
                label={c.name}
                active={isActive(c.path)}
                onClick={onNavigate}
              />
            ))}
          </NavLink>
        ) : (
          <NavLink
            key={entry.path}
            component={Link}
            to={entry.path}
            label={entry.name}
            leftSection={<NavIcon name={entry.icon} />}
            active={isActive(entry.path) || (entry.path === '/dashboard' && current === '/')}
            onClick={onNavigate}
          />
        ),
      )}
    </ScrollArea>
  );
}
