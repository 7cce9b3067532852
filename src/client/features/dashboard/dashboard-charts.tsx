// The dashboard's figures (spec 1 section 2.7): the three totals, the monthly bars and the view's pie
// charts, in a grid that is one column on a 360 px handheld and several on a desktop.
import { Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { BarChart, PieChart } from '@mantine/charts';
// The layered sheets, like every Mantine sheet the app loads (styles-all.ts), so app/theme.css still
// wins; ColorSwatch is what the charts' tooltips draw with.
import '@mantine/charts/styles.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import type { DashboardCount, DashboardData } from '@shared/contracts/dashboard.js';
import {
  formatCount,
  MONTHLY_SERIES,
  monthlyRows,
  piesOf,
  TOTALS,
  type DashboardView,
  type PieDef,
} from './dashboard-view.js';

/** 'green.6' as a CSS colour, for the swatches beside the pies' figures. */
const cssColor = (c: string) => `var(--mantine-color-${c.replace('.', '-')})`;
/** 'Jan 2026' as "Jan '26": twelve ticks fit a handheld's width. */
const shortMonth = (m: string) => m.replace(/ \d\d(\d\d)$/, " '$1");

export function DashboardTotals({ count }: { count: DashboardCount }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      {TOTALS.map((t) => (
        <Paper
          key={t.key}
          withBorder
          radius="md"
          p="md"
          style={{ borderLeft: `4px solid ${cssColor(`${t.color}.6`)}` }}
        >
          <Text size="sm" c="dimmed" fw={600}>
            {t.label}
          </Text>
          <Text fz={28} fw={700} lh={1.3} aria-label={t.label}>
            {formatCount(count[t.key])}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function MonthlyChart({ data }: { data: DashboardData }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} fz="md" mb="sm">
        Monthly Figures
      </Title>
      <BarChart
        h={300}
        data={monthlyRows(data)}
        dataKey="month"
        series={MONTHLY_SERIES.map(({ name, color }) => ({ name, color }))}
        withLegend
        legendProps={{ verticalAlign: 'bottom', height: 40 }}
        valueFormatter={formatCount}
        tickLine="y"
        xAxisProps={{ tickFormatter: shortMonth }}
        yAxisProps={{ width: 56 }}
      />
    </Paper>
  );
}

function PieCard({ def, count }: { def: PieDef; count: DashboardCount }) {
  const cells = def.parts.map((p) => ({ name: p.name, value: count[p.key], color: p.color }));
  // Slices of 0 are left out (a whole circle drawn with a seam otherwise); with nothing to compare
  // yet a grey ring keeps the card's shape. The figures below say what each part holds.
  const slices = cells.filter((c) => c.value > 0);
  const data = slices.length > 0 ? slices : [{ name: 'Nothing yet', value: 1, color: 'gray.3' }];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={def.title}>
      <Title order={3} fz="md" ta="center" mb="sm">
        {def.title}
      </Title>
      <Group justify="center">
        <PieChart
          size={170}
          data={data}
          withTooltip={slices.length > 0}
          strokeWidth={data.length > 1 ? 1 : 0}
          tooltipDataSource="segment"
          valueFormatter={formatCount}
        />
      </Group>
      <Stack gap={4} mt="sm" align="center">
        {cells.map((c) => (
          <Group key={c.name} gap={8} wrap="nowrap">
            <Box w={12} h={12} style={{ borderRadius: 3, background: cssColor(c.color) }} />
            <Text size="sm">
              {c.name}: <b>{formatCount(c.value)}</b>
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

export function DashboardPies({ view, count }: { view: DashboardView; count: DashboardCount }) {
  const pies = piesOf(view);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: pies.length }} spacing="md">
      {pies.map((def) => (
        <PieCard key={def.title} def={def} count={count} />
      ))}
    </SimpleGrid>
  );
}
