// The router's error page: a screen that failed to load (often a chunk not cached while offline)
// gets a plain message and a way back instead of a blank page.
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';

export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="sm" maw={480}>
        <Title order={1} size="h3">
          Something went wrong
        </Title>
        <Text c="dimmed" ta="center">
          This screen could not be shown. Check the network and try again.
        </Text>
        {detail && (
          <Text size="xs" c="dimmed" ta="center">
            {detail}
          </Text>
        )}
        <Group>
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button variant="default" component={Link} to="/dashboard">
            Dashboard
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
