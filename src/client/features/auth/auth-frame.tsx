// The centred card the sign-in and reset screens share: app name, a title, the form, the footer line.
// It is the page's main landmark (these screens have no shell).
import type { ReactNode } from 'react';
import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { APP_NAME, COPYRIGHT, TAGLINE } from '../../app/brand.js';

export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md" bg="green.0">
      <Stack w="100%" maw={420} gap="md">
        <Box ta="center">
          <Anchor component={Link} to="/home" fw={800} fz={28} c="green.8" underline="never">
            {APP_NAME}
          </Anchor>
          <Text size="sm" c="dimmed">
            {TAGLINE}
          </Text>
        </Box>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Title order={1} fz="h3" mb="md">
            {title}
          </Title>
          {children}
        </Paper>
        <Text size="xs" c="dimmed" ta="center">
          {COPYRIGHT}
        </Text>
      </Stack>
    </Center>
  );
}
