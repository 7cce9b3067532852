// Placeholder dashboard: the counts and charts of spec 1 section 2.7 arrive with the reports work.
import { Paper, Text, Title } from '@mantine/core';
import { useSession } from '../../app/session.js';

export function DashboardPage() {
  const session = useSession();
  return (
    <Paper withBorder p="lg">
      <Title order={2} fz="h3" mb="xs">Dashboard</Title>
      <Text>Welcome to Fieldtrace{session ? `, ${session.UserName}` : ''}.</Text>
      <Text c="dimmed" size="sm" mt="xs">
        Counts and charts (numbers issued, mapped, packed, dispatched and damaged) come with the reports work.
      </Text>
    </Paper>
  );
}
