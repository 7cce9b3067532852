// The dashboard of a signed-in user with figures (spec 1 section 2.7): the admin's entity picker,
// the 'Static Qr Mapping' switch, then the totals, the monthly bars and the view's pie charts.
import { useState } from 'react';
import { Alert, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import type { SiteOption } from '@shared/contracts/site.js';
import { DashboardPies, DashboardTotals, MonthlyChart } from './dashboard-charts.js';
import { viewOfUserType, type DashboardView } from './dashboard-view.js';
import { EntityPicker } from './entity-picker.js';
import { useDashboard } from './use-dashboard.js';

export const SWITCH_LABEL = 'Static Qr Mapping';

export function DashboardFigures({ admin, userType }: { admin: boolean; userType: number }) {
  const [entity, setEntity] = useState<SiteOption | null>(null);
  // On means static numbers (isPreprinted false), as on the number screens.
  const [isPreprinted, setPreprinted] = useState(false);
  const { data, message, loading } = useDashboard(admin ? (entity?.ID ?? null) : 0, isPreprinted);
  // Figures of an entity the admin has since left are not shown under the new one's name.
  const shown = data && (!admin || data.Site.ID === entity?.ID) ? data : null;
  // The admin sees the view of the entity's kind; others the view of their user type.
  const view: DashboardView =
    admin && shown ? (shown.Site.IsFactory ? 'factory' : 'warehouse') : viewOfUserType(userType);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz="h3">
            Dashboard
          </Title>
          {shown && (
            <Text size="sm" c="dimmed">
              {shown.Site.FirmName}
            </Text>
          )}
        </div>
        <Group align="flex-end" gap="md">
          {admin && <EntityPicker value={entity} onChange={setEntity} />}
          <Switch
            label={SWITCH_LABEL}
            checked={!isPreprinted}
            onChange={(e) => setPreprinted(!e.currentTarget.checked)}
            mb={8}
          />
          {loading && <Loader size="sm" mb={6} aria-label="Loading figures" />}
        </Group>
      </Group>
      {admin && !entity && <Text c="dimmed">Select a factory or warehouse to see its figures.</Text>}
      {message && (
        <Alert color="yellow" title="No figures">
          {message}
        </Alert>
      )}
      {shown && (
        <>
          <DashboardTotals count={shown.DashboardCount} />
          <MonthlyChart data={shown} />
          <DashboardPies view={view} count={shown.DashboardCount} />
        </>
      )}
    </Stack>
  );
}
