// Category Master (spec 1 section 2.21): three lists on one screen, from the level declarations,
// and one 'Export Categories' file. A change in any list refreshes the others (parent names).
import { useCallback, useMemo, useState } from 'react';
import { Stack } from '@mantine/core';
import { useSession } from '../../../api/session.js';
import { ResourceSection } from '../../../kit/resource-section.js';
import { forWriters } from '../admin-writes.js';
import { ScreenHeader } from '../../../kit/screen-header.js';
import { CategoryExportButton } from './category-export-button.js';
import { mg1Resource, mg2Resource, mg3Resource } from './category-levels.js';

export function CategoryPage() {
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  const session = useSession();
  const mg1 = useMemo(() => forWriters(mg1Resource, session), [session]);
  const mg2 = useMemo(() => forWriters(mg2Resource, session), [session]);
  const mg3 = useMemo(() => forWriters(mg3Resource, session), [session]);
  return (
    <Stack gap="md">
      <ScreenHeader title="Category Master" breadcrumb="Masters" actions={<CategoryExportButton />} />
      <ResourceSection def={mg1} heading="Category" refreshKey={version} onChanged={changed} />
      <ResourceSection def={mg2} heading="Sub Category" refreshKey={version} onChanged={changed} />
      <ResourceSection def={mg3} heading="Sub Division Category" refreshKey={version} onChanged={changed} />
    </Stack>
  );
}
