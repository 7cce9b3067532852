// Mantine, notifications and the modals manager around the whole app.
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { theme } from './theme.js';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="top-center" limit={4} />
      <ModalsProvider>{children}</ModalsProvider>
    </MantineProvider>
  );
}
