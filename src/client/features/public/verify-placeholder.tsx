// The public verification page (/P?U=...): no shell, no sign-in. The real check lands in a later release.
import { Container, Paper, Text, Title } from '@mantine/core';
import { APP_NAME, COPYRIGHT } from '../../app/brand.js';

export function VerifyPlaceholder() {
  return (
    <Container size="sm" py="xl">
      <Text fw={800} fz="xl" c="green.8" mb="md">{APP_NAME}</Text>
      <Paper withBorder p="lg">
        <Title order={1} fz="h2" mb="sm">Product Verification Detail</Title>
        <Text>Product verification arrives in a later release.</Text>
      </Paper>
      <Text size="xs" c="dimmed" ta="center" mt="lg">{COPYRIGHT}</Text>
    </Container>
  );
}
