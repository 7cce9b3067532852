// Shown for a registry page whose screen has not been written yet, so every menu link lands somewhere.
import { Paper, Text, Title } from '@mantine/core';

export function NotBuilt({ label }: { label: string }) {
  return (
    <Paper withBorder p="lg" maw={640}>
      <Title order={1} size="h3" mb="xs">
        {label}
      </Title>
      <Text>This screen ({label}) is not built yet.</Text>
    </Paper>
  );
}
