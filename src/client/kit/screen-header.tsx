// A screen's title and breadcrumb; the first crumb goes home to the dashboard (spec 1 section 2.9).
// The title is the screen's one <h1> (drawn at h3 size), so every screen built on this has exactly one.
import { Anchor, Breadcrumbs, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';

export const HOME_PATH = '/dashboard';

export interface ScreenHeaderProps {
  title: string;
  /** The section the screen sits in, e.g. 'Masters'. */
  breadcrumb: string;
  /** Buttons shown on the right of the title. */
  actions?: ReactNode;
}

export function ScreenHeader({ title, breadcrumb, actions }: ScreenHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" mb="md">
      <div>
        <Title order={1} size="h3">
          {title}
        </Title>
        <Breadcrumbs component="nav" aria-label="Breadcrumb" mt={4} fz="sm">
          <Anchor component={Link} to={HOME_PATH} fz="sm">
            {breadcrumb}
          </Anchor>
          <Text fz="sm" c="dimmed">
            {title}
          </Text>
        </Breadcrumbs>
      </div>
      {actions}
    </Group>
  );
}
