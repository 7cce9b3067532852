// Placeholder dashboard: the counts and charts of spec 1 section 2.7 arrive with the reports work.
import { Paper, Text, Title } from '@mantine/core';

export function DashboardPage() {
  return (
    <Paper withBorder p="lg">
      <Title order={2} fz="h3" mb="xs">Dashboard</Title>
      <Text c="dimmed" size="sm">
        Counts and charts (numbers issued, mapped, packed, dispatched and damaged) come with the reports work.
      </Text>
    </Paper>
  );
}
