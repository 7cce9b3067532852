// A master screen from a declaration: the title and breadcrumb over one ResourceSection (search,
// Add and Export, the server-paged table and the add/update dialog). Screens declare; the kit behaves.
import { Stack } from '@mantine/core';
import { GROUPS } from '@shared/pages.js';
import { ResourceSection, type ResourceDef } from './resource-section.js';
import { ScreenHeader } from './screen-header.js';

export type { ResourceDef } from './resource-section.js';

export function ResourcePage<T extends object>({ def }: { def: ResourceDef<T> }) {
  const title = def.title ?? def.page.label;
  const breadcrumb = def.breadcrumb ?? GROUPS.find((g) => g.key === def.page.group)?.label ?? '';
  return (
    <Stack gap="md">
      <ScreenHeader title={title} breadcrumb={breadcrumb} />
      <ResourceSection def={def} />
    </Stack>
  );
}
